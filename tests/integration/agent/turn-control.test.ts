/**
 * Controlling a turn through the HTTP surface (route handlers, real database, scripted models):
 * Stop, editing the last message and regenerating the last answer (whose task changes are undone
 * first), the tool-call bound, what each AgentRun records, the seed's INFO/WARN log lines, and
 * the lease's clock.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { POST as agentPOST } from "@/app/api/agent/route";
import { POST as stopPOST } from "@/app/api/conversations/[id]/stop/route";
import { db } from "@/lib/db";
import { beginTurn, loadMessages, renewTurnLease, requestTurnStop } from "@/lib/conversations";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { startTurn, type TurnOutcome } from "@/lib/agent/turn";
import { resetEnvForTests } from "@/lib/env";
import { updateTask } from "@/lib/tasks/service";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";
import { scriptedModel, stepChunks, type ScriptStep } from "../../fakes/scripted-model";
import { setAgentEnv } from "./env";

let ada: TestUser;

beforeAll(() => setAgentEnv({}));
beforeEach(async () => {
  ada = await createTestUser("ada-control");
});
afterEach(() => setModelOverrideForTests(null));
afterAll(() => setAgentEnv({}));

type Outcome = TurnOutcome & { code?: string };
async function agent(body: unknown): Promise<Outcome> {
  const res = await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body }), undefined);
  return (await res.json()) as Outcome;
}
const titles = async () => (await db.task.findMany({ where: { userId: ada.user.id }, orderBy: { createdAt: "asc" } })).map((t) => t.title);

/** Step 1 adds `title`; step 2 waits until the turn is aborted (and reports that it saw it). */
function addsThenWaits(title: string) {
  const seen = { reachedSecond: null as null | (() => void), aborted: false };
  const second = new Promise<void>((resolve) => (seen.reachedSecond = resolve));
  let call = 0;
  const model = new MockLanguageModelV4({
    doStream: async (opts) => {
      if (call++ === 0)
        return {
          stream: simulateReadableStream({ chunks: stepChunks({ calls: [{ name: "add_task", input: { title } }] } as ScriptStep) }),
        };
      seen.reachedSecond?.();
      await new Promise<void>((resolve) => opts.abortSignal?.addEventListener("abort", () => resolve(), { once: true }));
      seen.aborted = true;
      // A model that ignores the abort and still asks for a tool: it must not run.
      return {
        stream: simulateReadableStream({
          chunks: stepChunks({ calls: [{ name: "add_task", input: { title: `${title} (after stop)` } }] } as ScriptStep),
        }),
      };
    },
  });
  return { model, seen, second };
}

describe("Stop", () => {
  it("aborts the model call, runs no further tool, keeps what ran, saves the turn as stopped, frees the conversation", async () => {
    const { model, seen, second } = addsThenWaits("Before the stop");
    setModelOverrideForTests(model);
    const conversationId = randomUUID();
    const pending = agent({ conversationId, message: "add before the stop and more" });
    await second;
    const stop = await stopPOST(
      apiRequest(`/api/conversations/${conversationId}/stop`, { headers: ada.auth, method: "POST" }),
      params({ id: conversationId }),
    );
    expect(await stop.json()).toEqual({ stopped: true });
    const out = await pending;
    expect(seen.aborted).toBe(true);
    expect(out).toMatchObject({ status: "stopped", finishReason: "stopped" });
    expect(out.response).toContain("Stopped");
    expect(await titles()).toEqual(["Before the stop"]);
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId } });
    expect(run.status).toBe("aborted");
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    // Nothing is running any more: Stop says so, and the next message is accepted.
    const again = await stopPOST(
      apiRequest(`/api/conversations/${conversationId}/stop`, { headers: ada.auth, method: "POST" }),
      params({ id: conversationId }),
    );
    expect(await again.json()).toEqual({ stopped: false });
    setModelOverrideForTests(scriptedModel([{ text: "Okay." }]));
    expect((await agent({ conversationId, message: "thanks" })).status).toBe("completed");
  });

  it("a Stop that reaches another server process stops the turn within seconds", async () => {
    const { model, seen, second } = addsThenWaits("Remote stop");
    setModelOverrideForTests(model);
    const conversationId = randomUUID();
    const turn = await startTurn({
      user: ada.user,
      conversationId,
      requestId: `test-${randomUUID()}`,
      input: { kind: "message", text: "add remote stop" },
    });
    void turn.stream.cancel();
    await second;
    // Only the database flag, as a Stop handled by another process would leave it.
    expect(await requestTurnStop({ userId: ada.user.id, conversationId })).not.toBeNull();
    const out = await turn.outcome;
    expect(seen.aborted).toBe(true);
    expect(out.status).toBe("stopped");
  });

  it("another user's conversation is a 404", async () => {
    const other = await createTestUser("babbage-control");
    setModelOverrideForTests(scriptedModel([{ text: "Hi." }]));
    const conversationId = (await agent({ message: "hello" })).conversationId;
    const res = await stopPOST(
      apiRequest(`/api/conversations/${conversationId}/stop`, { headers: other.auth, method: "POST" }),
      params({ id: conversationId }),
    );
    expect(res.status).toBe(404);
  });
});

describe("edit and regenerate", () => {
  it("regenerate: the previous answer's changes are undone, its message replaced, the user message kept", async () => {
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Milk" } }] }, { text: "Added 'Milk'." }]));
    const first = await agent({ message: "add milk" });
    expect(await titles()).toEqual(["Milk"]);
    setModelOverrideForTests(
      scriptedModel([{ calls: [{ name: "add_task", input: { title: "Oat milk" } }] }, { text: "Added 'Oat milk'." }]),
    );
    const again = await agent({ conversationId: first.conversationId, regenerate: true });
    expect(again.status).toBe("completed");
    expect(await titles()).toEqual(["Oat milk"]);
    const messages = await loadMessages({ conversationId: first.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(messages[1])).toContain("Oat milk");
    const run = await db.agentRun.findFirstOrThrow({ where: { requestId: again.requestId } });
    expect(run.userMessage).toBe("add milk");
  });

  it("edit: the last user message is replaced and its answer's changes undone", async () => {
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Call mom" } }] }, { text: "Added." }]));
    const first = await agent({ message: "add call mom" });
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Call dad" } }] }, { text: "Added." }]));
    await agent({ conversationId: first.conversationId, message: "add call dad", edit: true });
    expect(await titles()).toEqual(["Call dad"]);
    const messages = await loadMessages({ conversationId: first.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[0]!.parts).toEqual([{ type: "text", text: "add call dad" }]);
  });

  it("a task changed since the replaced answer is left as it is", async () => {
    setModelOverrideForTests(scriptedModel([{ calls: [{ name: "add_task", input: { title: "Bread" } }] }, { text: "Added." }]));
    const first = await agent({ message: "add bread" });
    const bread = await db.task.findFirstOrThrow({ where: { userId: ada.user.id, title: "Bread" } });
    await updateTask({
      userId: ada.user.id,
      id: bread.id,
      timeZone: "UTC",
      patch: { title: "Sourdough bread" },
      change: { actor: "app", requestId: null },
    });
    setModelOverrideForTests(scriptedModel([{ text: "Sure." }]));
    await agent({ conversationId: first.conversationId, regenerate: true });
    expect(await titles()).toEqual(["Sourdough bread"]);
  });

  it("refuses to regenerate where there is nothing to regenerate, changing nothing", async () => {
    const res = await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body: { regenerate: true } }), undefined);
    expect(res.status).toBe(400);
  });
});

describe("bounds and the record of a turn", () => {
  it("stops at AGENT_MAX_TOOL_CALLS with a summary and a warning", async () => {
    setAgentEnv({ AGENT_MAX_TOOL_CALLS: "3" });
    try {
      setModelOverrideForTests(
        scriptedModel([
          {
            calls: [
              { name: "add_task", input: { title: "Loop a" } },
              { name: "add_task", input: { title: "Loop b" } },
            ],
          },
        ]),
      );
      const out = await agent({ message: "add loop a and loop b, forever" });
      expect(out.status).toBe("max_iterations_reached");
      expect(out.warning).toBe("Stopped after 3 tool calls, the limit for one turn.");
      expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(3);
      expect(out.response).toMatch(/^So far I added 'Loop a'; added 'Loop b'; added 'Loop a'\. I stopped here/);
    } finally {
      setAgentEnv({});
    }
  });

  it("each AgentRun records its decision, intent and the user's message", async () => {
    const cases: [string, Parameters<typeof scriptedModel>[0], string, string][] = [
      ["hello", [{ text: "Hi! How can I help?" }], "respond", ""],
      [
        "add egg whites",
        [{ calls: [{ name: "add_task", input: { title: "Egg whites" } }] }, { text: "Added." }],
        "invoke_tools",
        "add_task",
      ],
      ["add egg yolks", [{ calls: [{ name: "add_task", input: { title: "Egg yolks" } }] }, { text: "Added." }], "invoke_tools", "add_task"],
      ["delete egg whites", [{ calls: [{ name: "delete_task", input: { task: "Egg whites" } }] }], "request_confirmation", "delete_task"],
      ["change it", [{ text: "Which task do you mean?" }], "ask_clarification", ""],
      [
        "finish the egg task",
        [{ calls: [{ name: "complete_task", input: { task: "egg" } }] }, { text: "Which one?" }],
        "ask_clarification",
        "complete_task",
      ],
    ];
    for (const [message, script, decision, intent] of cases) {
      setModelOverrideForTests(scriptedModel(script));
      const out = await agent({ message });
      const run = await db.agentRun.findFirstOrThrow({ where: { requestId: out.requestId } });
      expect({ decision: run.decision, intent: run.intent, userMessage: run.userMessage }).toEqual({
        decision,
        intent,
        userMessage: message,
      });
    }
  });
});

describe("the seed's log lines", () => {
  let lines: Record<string, unknown>[] = [];
  beforeEach(() => {
    lines = [];
    process.env.LOG_LEVEL = "info";
    resetEnvForTests();
    const capture = (line: unknown) => {
      try {
        lines.push(JSON.parse(String(line)) as Record<string, unknown>);
      } catch {
        // not one of ours
      }
    };
    vi.spyOn(console, "log").mockImplementation(capture);
    vi.spyOn(console, "error").mockImplementation(capture);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.env.LOG_LEVEL = "warn";
    resetEnvForTests();
  });

  it("INFO for each iteration (n of max) and each tool executed; WARN at the bound", async () => {
    setAgentEnv({ AGENT_MAX_STEPS: "2", LOG_LEVEL: "info" } as Record<string, string>);
    try {
      setModelOverrideForTests(scriptedModel([{ calls: [{ name: "list_tasks", input: {} }] }]));
      const out = await agent({ message: "look forever" });
      const mine = lines.filter((l) => l.requestId === out.requestId);
      expect(mine.filter((l) => l.event === "agent.step").map((l) => [l.level, l.step, l.maxSteps])).toEqual([
        ["info", 1, 2],
        ["info", 2, 2],
      ]);
      expect(mine.filter((l) => l.event === "agent.tool.start").map((l) => [l.level, l.tool])).toEqual([
        ["info", "list_tasks"],
        ["info", "list_tasks"],
      ]);
      expect(mine.find((l) => l.event === "agent.step_bound")).toMatchObject({ level: "warn", steps: 2, maxSteps: 2 });
      // Never the user's words or task text in INFO lines.
      expect(JSON.stringify(mine)).not.toContain("look forever");
    } finally {
      setAgentEnv({});
    }
  });

  it("WARN when a rate limit is hit", async () => {
    setAgentEnv({ RATE_LIMIT_PER_MINUTE: "1" });
    try {
      setModelOverrideForTests(scriptedModel([{ text: "Hi." }]));
      await agent({ message: "one" });
      const res = await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body: { message: "two" } }), undefined);
      expect(res.status).toBe(429);
      expect(lines.find((l) => l.event === "agent.rate_limited" && l.userId === ada.user.id)).toMatchObject({ level: "warn" });
    } finally {
      setAgentEnv({});
    }
  });
});

describe("the lease", () => {
  it("runs on the database's clock, whatever the server's clock says, and renews only while held", async () => {
    setModelOverrideForTests(scriptedModel([{ text: "Hi." }]));
    const conversationId = (await agent({ message: "hello" })).conversationId;
    const turnId = randomUUID();
    // A server whose clock is 26 years behind still gets a lease that ends 30 s after the database's now.
    await beginTurn({ userId: ada.user.id, conversationId, turnId, title: "", create: false, now: new Date("2000-01-01T00:00:00Z") });
    const [row] = await db.$queryRaw<
      { left: number }[]
    >`SELECT EXTRACT(EPOCH FROM ("activeTurnUntil" - (now() AT TIME ZONE 'UTC')))::float AS "left" FROM "Conversation" WHERE "id" = ${conversationId}::uuid`;
    expect(row!.left).toBeGreaterThan(25);
    expect(row!.left).toBeLessThanOrEqual(30);
    await expect(
      beginTurn({
        userId: ada.user.id,
        conversationId,
        turnId: randomUUID(),
        title: "",
        create: false,
        now: new Date("2100-01-01T00:00:00Z"),
      }),
    ).rejects.toMatchObject({ code: "conflict:conversation" });
    expect(await renewTurnLease({ conversationId, turnId })).toEqual({ held: true, stop: false });
    // Expired by the database's clock: the next turn takes it, and the old one learns it lost it.
    await db.$executeRaw`UPDATE "Conversation" SET "activeTurnUntil" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE "id" = ${conversationId}::uuid`;
    const next = randomUUID();
    await beginTurn({ userId: ada.user.id, conversationId, turnId: next, title: "", create: false });
    expect(await renewTurnLease({ conversationId, turnId })).toEqual({ held: false, stop: false });
    expect(await renewTurnLease({ conversationId, turnId: next })).toEqual({ held: true, stop: false });
  });
});
