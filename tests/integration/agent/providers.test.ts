/**
 * The real Gemini and OpenAI-compatible providers against fake servers over HTTP: a full tool
 * turn, and provider failures (429, 500, 401, timeout) answered with docs/agent.md's friendly
 * sentences while the user's message is saved and a later retry works (SECURITY 18).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/agent/route";
import { db } from "@/lib/db";
import { loadMessages } from "@/lib/conversations";
import { FRIENDLY_MESSAGES } from "@/lib/agent/friendly-errors";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { startFakeGemini, startFakeOpenAICompatible, type FakeProvider } from "../../fakes/provider-server";
import { setAgentEnv } from "./env";

type Answer = {
  status: string;
  response: string;
  error: string | null;
  conversationId: string;
  toolCalls: { toolName: string; success: boolean }[];
};

let ada: TestUser;
beforeAll(async () => {
  setModelOverrideForTests(null);
  ada = await createTestUser("ada");
});
afterAll(() => setAgentEnv({}));

async function ask(message: string, conversationId?: string): Promise<Answer> {
  const res = await POST(
    apiRequest("/api/agent", { headers: ada.auth, body: { message, conversationId, timezone: "Europe/Berlin" } }),
    undefined,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

const providers: [
  string,
  (script: Parameters<typeof startFakeGemini>[0]) => Promise<FakeProvider>,
  (url: string) => Record<string, string>,
][] = [
  [
    "gemini",
    startFakeGemini,
    (url) => ({ AI_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: "fake-key-for-tests", GOOGLE_GENERATIVE_AI_BASE_URL: url }),
  ],
  [
    "openai-compatible",
    startFakeOpenAICompatible,
    (url) => ({
      AI_PROVIDER: "openai-compatible",
      AI_MODEL: "fake-model",
      OPENAI_COMPATIBLE_BASE_URL: url,
      OPENAI_COMPATIBLE_API_KEY: "fake-key-for-tests",
    }),
  ],
];

describe.each(providers)("%s provider over HTTP", (name, startFake, envFor) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFake([]);
    setAgentEnv({ ...envFor(fake.baseUrl), AI_MAX_RETRIES: "0", AI_STEP_TIMEOUT_MS: "4000" }); // a cold first step (provider client, tool transaction, audit) takes over a second on a busy machine
  });
  afterAll(async () => fake.close());
  afterEach(() => vi.restoreAllMocks());

  it("runs a full tool turn", async () => {
    const title = `Water the plants (${name})`;
    fake.script = [
      { calls: [{ name: "add_task", input: { title, due: "2026-12-01" } }] },
      { text: "Added 'Water the plants', due December 1." },
    ];
    fake.requests.length = 0;
    const answer = await ask("remind me to water the plants on dec 1");
    expect(answer).toMatchObject({ status: "completed", response: "Added 'Water the plants', due December 1.", error: null });
    expect(answer.toolCalls).toMatchObject([{ toolName: "add_task", success: true }]);
    expect(await db.task.count({ where: { userId: ada.user.id, title } })).toBe(1);
    expect(fake.requests).toHaveLength(2);
    // The provider got the tool result back as data, and never a user id.
    const second = JSON.stringify(fake.requests[1]!.body);
    expect(second).toContain(title);
    expect(second).not.toContain(ada.user.id);
    expect(JSON.stringify(fake.requests[0]!.body)).toContain("Current time: ");
  });

  it("runs the delete approval flow (proposal, then approved continuation)", async () => {
    const title = `Throw out old mail (${name})`;
    await db.task.create({ data: { userId: ada.user.id, title } });
    fake.script = [{ calls: [{ name: "delete_task", input: { task: title } }] }];
    const first = (await (
      await POST(apiRequest("/api/agent", { headers: ada.auth, body: { message: "delete the old mail task" } }), undefined)
    ).json()) as {
      status: string;
      conversationId: string;
      pendingConfirmation: { id: string };
    };
    expect(first.status).toBe("awaiting_confirmation");
    fake.script = [{ text: "Deleted it." }];
    fake.requests.length = 0;
    const res = await POST(
      apiRequest("/api/agent", {
        headers: ada.auth,
        body: { conversationId: first.conversationId, confirmation: { id: first.pendingConfirmation.id, approved: true } },
      }),
      undefined,
    );
    expect(await res.json()).toMatchObject({ status: "completed", response: "Deleted it." });
    expect(await db.task.count({ where: { userId: ada.user.id, title } })).toBe(0);
    // The provider saw the call and its result, a well-formed request after an approval.
    const sent = JSON.stringify(fake.requests[0]!.body);
    expect(sent).toContain("delete_task");
    expect(sent).toContain("deleted");
  });

  it.each([
    [{ status: 429 }, "provider_rate_limited"],
    [{ status: 500 }, "provider_unavailable"],
    [{ status: 401 }, "provider_unavailable"],
    [{ hang: true as const }, "provider_timeout"],
  ])("%o → the friendly message; the user message saved; a retry works", async (reply, code) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.script = [reply];
    const failed = await ask(`a message that fails with ${code}`);
    expect(failed.status).toBe("error");
    expect(failed.error).toBe(code);
    expect(failed.response).toBe(FRIENDLY_MESSAGES[code as keyof typeof FRIENDLY_MESSAGES]);
    expect(failed.response).not.toMatch(/fake provider|raw text/);
    const messages = await loadMessages({ conversationId: failed.conversationId });
    expect(messages[0]).toMatchObject({ role: "user", parts: [{ type: "text", text: `a message that fails with ${code}` }] });
    // The raw error went to the log only.
    expect(errors.mock.calls.some(([line]) => String(line).includes("agent.provider_error"))).toBe(true);
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId: failed.conversationId } });
    expect(run).toMatchObject({ status: "error", errorCode: code });

    fake.script = [{ text: "Here I am again." }];
    const retry = await ask("try again", failed.conversationId);
    expect(retry).toMatchObject({ status: "completed", response: "Here I am again." });
  });
});
