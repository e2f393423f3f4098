/**
 * Cost control through the production path (the real Gemini client against a fake server, no
 * test override of the model): SECURITY.md 5 — a model outside the operator's allow-list is 400
 * with no provider call; the daily token budget counted from the audit trail; history cut to a
 * size in characters; and refused turns (404) use no quota.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as agentRoute } from "@/app/api/agent/route";
import { POST as chatRoute } from "@/app/api/chat/route";
import { POST as stopRoute } from "@/app/api/conversations/[id]/stop/route";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { db } from "@/lib/db";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { startFakeGemini, type FakeProvider } from "../../fakes/provider-server";
import { setAgentEnv } from "./env";

let fake: FakeProvider;

function gemini(extra: Record<string, string> = {}): void {
  setAgentEnv({
    AI_PROVIDER: "google",
    GOOGLE_GENERATIVE_AI_API_KEY: "fake-key-for-tests",
    GOOGLE_GENERATIVE_AI_BASE_URL: fake.baseUrl,
    AI_MAX_RETRIES: "0",
    ...extra,
  });
}

function ask(user: TestUser, body: Record<string, unknown>): Promise<Response> {
  return agentRoute(apiRequest("/api/agent", { headers: user.auth, body }), undefined);
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

beforeAll(async () => {
  setModelOverrideForTests(null);
  fake = await startFakeGemini([{ text: "Done." }]);
});
afterAll(async () => {
  setAgentEnv({});
  await fake.close();
});
beforeEach(() => {
  fake.script = [{ text: "Done." }];
  fake.requests.length = 0;
});

describe("model allow-list (SECURITY 5)", () => {
  it("refuses a model the operator did not allow: 400, no provider call, nothing saved", async () => {
    gemini();
    const ada = await createTestUser("picky");
    const conversationId = randomUUID();
    const res = await ask(ada, { message: "hello", model: "gemini-2.5-pro", conversationId });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe("bad_request:model");
    const chat = await chatRoute(
      apiRequest("/api/chat", {
        headers: ada.auth,
        body: { id: conversationId, message: { role: "user", parts: [{ type: "text", text: "hi" }] }, model: "gemini-2.5-pro" },
      }),
      undefined,
    );
    expect(chat.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
    expect(await db.conversation.count({ where: { userId: ada.user.id } })).toBe(0);
  });

  it("uses a model from AI_ALLOWED_MODELS when asked, and the configured one by default", async () => {
    gemini({ AI_ALLOWED_MODELS: "gemini-2.5-pro, gemini-2.0-flash" });
    const ada = await createTestUser("allowed");
    expect((await ask(ada, { message: "hello", model: "gemini-2.5-pro" })).status).toBe(200);
    expect((await ask(ada, { message: "hello again" })).status).toBe(200);
    expect(fake.requests.map((r) => /models\/([^:]+):/.exec(r.path)?.[1])).toEqual(["gemini-2.5-pro", "gemini-2.5-flash"]);
    expect((await ask(ada, { message: "hello", model: "gemini-2.5-flash-lite" })).status).toBe(400);
  });
});

describe("daily token budget", () => {
  it("stops a user's turns once the day's reported tokens reach the budget, before the model is called", async () => {
    gemini({ AI_DAILY_TOKEN_BUDGET: "40" });
    const ada = await createTestUser("spender");
    // The fake reports 17 tokens per call: 17, 34 are under 40; the third turn brings it to 51.
    for (let i = 0; i < 3; i++) expect((await ask(ada, { message: `turn ${i}` })).status).toBe(200);
    fake.requests.length = 0;
    const refused = await ask(ada, { message: "one more" });
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("rate_limit:budget");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(0);
    // Another user has a budget of their own.
    const babbage = await createTestUser("saver");
    expect((await ask(babbage, { message: "hello" })).status).toBe(200);
  });
});

describe("a stopped turn", () => {
  it("counts the tokens its unfinished model call used against the budget (the provider never reported them)", async () => {
    gemini({ AI_DAILY_TOKEN_BUDGET: "300" });
    const ada = await createTestUser("stopper");
    fake.script = [{ hang: true }];
    const conversationId = randomUUID();
    // ~1,500 characters of message: the call it started costs a few hundred input tokens.
    const message = `plan my week: ${"meetings, errands and chores ".repeat(50)}`;
    const pending = ask(ada, { conversationId, message });
    const deadline = Date.now() + 10_000;
    while (fake.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(fake.requests).toHaveLength(1);
    const stop = await stopRoute(apiRequest(`/api/conversations/${conversationId}/stop`, { headers: ada.auth, method: "POST" }), {
      params: Promise.resolve({ id: conversationId }),
    });
    expect(await stop.json()).toEqual({ stopped: true });
    expect(((await (await pending).json()) as { status: string }).status).toBe("stopped");
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId } });
    expect(run.status).toBe("aborted");
    // An estimate at ~4 characters a token: more than the message alone, less than the whole request.
    expect(run.inputTokens).toBeGreaterThan(message.length / 4);
    expect(run.inputTokens).toBeLessThan(JSON.stringify(fake.requests[0]!.body).length / 2);
    expect(run.totalTokens).toBeGreaterThanOrEqual(run.inputTokens!);
    fake.script = [{ text: "Done." }];
    const refused = await ask(ada, { message: "one more" });
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("rate_limit:budget");
  });
});

describe("history size", () => {
  it("sends at most AGENT_HISTORY_CHARS characters of history, the newest messages", async () => {
    gemini({ AGENT_HISTORY_CHARS: "3000" });
    const ada = await createTestUser("chatty");
    const conversationId = randomUUID();
    for (let i = 0; i < 6; i++) {
      const res = await ask(ada, { conversationId, message: `message ${i} ${"x".repeat(900)}` });
      expect(res.status).toBe(200);
    }
    const last = JSON.stringify(fake.requests.at(-1)!.body);
    expect(last).toContain("message 5 ");
    expect(last).toContain("message 4 ");
    expect(last).not.toContain("message 0 ");
    expect(last).not.toContain("message 1 ");
  });
});

describe("refused turns use no quota", () => {
  it("404s on another user's conversation do not count against the rate limit", async () => {
    gemini();
    process.env.RATE_LIMIT_PER_MINUTE = "2";
    (await import("@/lib/env")).resetEnvForTests();
    const ada = await createTestUser("owner");
    const babbage = await createTestUser("prober");
    const own = await ask(ada, { message: "mine" });
    const { conversationId } = (await own.json()) as { conversationId: string };
    for (let i = 0; i < 5; i++) {
      const res = await ask(babbage, { conversationId, message: "let me in" });
      expect(res.status).toBe(404);
    }
    const forged = await ask(babbage, { conversationId: randomUUID(), confirmation: { id: "never-issued", approved: true } });
    expect(forged.status).toBe(404);
    expect((await ask(babbage, { message: "my own chat" })).status).toBe(200);
    expect((await ask(babbage, { message: "and another" })).status).toBe(200);
    expect((await ask(babbage, { message: "one too many" })).status).toBe(429);
  });
});
