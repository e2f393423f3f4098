/**
 * Seed 003's tool-call retry (AGENT_TOOL_RETRY, AGENT_TOOL_RETRY_ATTEMPTS), on a real database
 * of this file's own: another connection holds the Task table locked for a while, so the
 * tool's write times out (Postgres cancels it: 57014, "database unavailable"). Off (the
 * default), the model hears of the failure at once and the ERROR line is logged; on, the call
 * runs again and succeeds — and a write that did commit is never repeated (idempotent by its
 * tool-call id).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { ensureDatabase } from "../../../scripts/db/ensure";
import { createDatabase, type TestDatabase } from "../../setup/databases";
import { stepChunks, type ScriptStep } from "../../fakes/scripted-model";
import type { TestUser } from "../helpers";
import { setAgentEnv } from "./env";

let database: TestDatabase;
let ada: TestUser;

beforeAll(async () => {
  database = await createDatabase(undefined, "retry");
  await ensureDatabase({ databaseUrl: database.url, authSecret: false, setEnv: false, log: () => {} });
  // Before this file's pool exists (created on first use): its own database, short statements.
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = "400";
  (globalThis as { __db?: unknown }).__db = undefined;
  setAgentEnv({});
  const { createTestUser } = await import("../helpers");
  ada = await createTestUser("ada-retry");
}, 120_000);
afterEach(async () => {
  const { setModelOverrideForTests } = await import("@/lib/agent/models");
  setModelOverrideForTests(null);
  vi.restoreAllMocks();
});
afterAll(async () => {
  const pool = (globalThis as { __dbPool?: pg.Pool }).__dbPool;
  await pool?.end().catch(() => undefined);
  (globalThis as { __db?: unknown; __dbPool?: unknown }).__db = undefined;
  setAgentEnv({});
  await database?.drop();
});

/** Holds the Task table locked (ACCESS EXCLUSIVE) for `ms` from another connection. */
async function lockTasks(ms: number): Promise<{ done: Promise<void> }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query('LOCK TABLE "Task" IN ACCESS EXCLUSIVE MODE');
  const done = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
    await client.query("COMMIT");
    await client.end();
  });
  return { done };
}

/** Step 1: locks the tasks for `lockMs`, then asks for add_task; step 2: a short reply. */
function addsWhileLocked(title: string, lockMs: number) {
  const prompts: LanguageModelV4Prompt[] = [];
  let released: Promise<void> = Promise.resolve();
  let call = 0;
  const model = new MockLanguageModelV4({
    doStream: async (opts) => {
      prompts.push(opts.prompt);
      const step: ScriptStep = call++ === 0 ? { calls: [{ name: "add_task", input: { title } }] } : { text: "Done." };
      if (call === 1) released = (await lockTasks(lockMs)).done;
      return { stream: simulateReadableStream({ chunks: stepChunks(step) }) };
    },
  });
  return { model, prompts, released: () => released };
}

type Answer = {
  status: string;
  finishReason: string;
  toolCalls: { toolName: string; success: boolean; errorCode: string | null }[];
  messages: { role: string; toolCalls: { success: boolean; state: string }[] }[];
};

async function turn(
  message: string,
  env: Parameters<typeof setAgentEnv>[0],
  model: MockLanguageModelV4,
): Promise<{ answer: Answer; lines: { level: string; event: string; tool?: string }[] }> {
  const { POST } = await import("@/app/api/agent/route");
  const { setModelOverrideForTests } = await import("@/lib/agent/models");
  const { apiRequest } = await import("../helpers");
  setAgentEnv(env);
  setModelOverrideForTests(model);
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const res = await POST(apiRequest("/api/agent", { headers: ada.auth, body: { message } }), undefined);
  const answer = (await res.json()) as Answer;
  const lines = errors.mock.calls.flatMap(([line]) => {
    try {
      return [JSON.parse(String(line)) as { level: string; event: string; tool?: string }];
    } catch {
      return [];
    }
  });
  return { answer, lines };
}

const countTitled = async (title: string) => {
  const { db } = await import("@/lib/db");
  return db.task.count({ where: { userId: ada.user.id, title } });
};

describe("a tool call failing because the database is unavailable", () => {
  it("retry off (the default): the model hears of it, the call reads success=false, the ERROR line is logged, nothing written", async () => {
    const { model, prompts, released } = addsWhileLocked("Water the ferns", 1500);
    const { answer, lines } = await turn("add water the ferns", {}, model);
    await released();
    expect(answer.status).toBe("completed");
    expect(answer.toolCalls).toEqual([expect.objectContaining({ toolName: "add_task", success: false, errorCode: "tool_failed" })]);
    expect(answer.messages.at(-1)!.toolCalls).toEqual([expect.objectContaining({ success: false, state: "failed" })]);
    expect(JSON.stringify(prompts[1])).toContain("The task service is unavailable right now");
    expect(lines).toContainEqual(expect.objectContaining({ level: "error", event: "agent.tool.failed", tool: "add_task" }));
    expect(lines.filter((l) => l.event === "agent.tool.retry")).toEqual([]);
    expect(await countTitled("Water the ferns")).toBe(0);
  });

  it("AGENT_TOOL_RETRY=true with AGENT_TOOL_RETRY_ATTEMPTS=6: retried until the database answers; the model never hears of it", async () => {
    const { model, prompts, released } = addsWhileLocked("Feed the cat", 1200);
    const { answer, lines } = await turn("add feed the cat", { AGENT_TOOL_RETRY: "true", AGENT_TOOL_RETRY_ATTEMPTS: "6" }, model);
    await released();
    expect(answer.toolCalls).toEqual([expect.objectContaining({ toolName: "add_task", success: true, errorCode: null })]);
    expect(JSON.stringify(prompts[1])).not.toContain("unavailable");
    expect(lines.filter((l) => l.event === "agent.tool.retry").length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.event === "agent.tool.failed")).toEqual([]);
    expect(await countTitled("Feed the cat")).toBe(1);
  });

  it("AGENT_TOOL_RETRY_ATTEMPTS=0 with retry on is the same as off", async () => {
    const { getAgentConfig } = await import("@/lib/agent/config");
    const { loadEnv } = await import("@/lib/env");
    setAgentEnv({ AGENT_TOOL_RETRY: "true", AGENT_TOOL_RETRY_ATTEMPTS: "0" });
    expect(getAgentConfig(loadEnv()).toolRetryAttempts).toBe(0);
    setAgentEnv({ AGENT_TOOL_RETRY_ATTEMPTS: "3" });
    expect(getAgentConfig(loadEnv()).toolRetryAttempts).toBe(0);
    setAgentEnv({ AGENT_TOOL_RETRY: "true" });
    expect(getAgentConfig(loadEnv()).toolRetryAttempts).toBe(1);
    const { parseEnv } = await import("@/lib/env");
    expect(() => parseEnv({ NODE_ENV: "test", AGENT_TOOL_RETRY_ATTEMPTS: "-1" })).toThrow(/AGENT_TOOL_RETRY_ATTEMPTS/);
    expect(() => parseEnv({ NODE_ENV: "test", AGENT_TOOL_RETRY: "yes" })).toThrow(/AGENT_TOOL_RETRY/);
  });

  it("a write that committed but whose answer was lost is not repeated: the retry gets the stored result", async () => {
    const { db } = await import("@/lib/db");
    const { runRecorded } = await import("@/lib/conversations/tool-calls");
    const { retryWhenUnavailable } = await import("@/lib/agent/tools/retry");
    const { getTaskToolDefinition } = await import("@/lib/agent/tools/definitions");
    const { runDefinition, withTransaction } = await import("@/lib/agent/tools/ai-tools");
    const run = await db.agentRun.findFirstOrThrow({ where: { userId: ada.user.id }, orderBy: { createdAt: "desc" } });
    const definition = getTaskToolDefinition("add_task")!;
    const input = { title: "Lost answer" };
    const ctx = {
      userId: ada.user.id,
      timeZone: "UTC",
      actor: "agent" as const,
      requestId: "req-lost",
      conversationId: run.conversationId,
    };
    let attempts = 0;
    const result = await retryWhenUnavailable(
      2,
      async () => {
        const stored = await runRecorded(
          { runId: run.id, conversationId: run.conversationId, toolCallId: "call-lost-answer", toolName: "add_task", input },
          async (tx) => {
            const output = await runDefinition(definition, input, undefined, withTransaction(ctx, tx));
            return { output, success: output.ok, errorCode: null, durationMs: 1 };
          },
        );
        // The transaction committed; the connection then dropped before the answer arrived.
        if (++attempts === 1) throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "08006" });
        return stored;
      },
      () => undefined,
    );
    expect(attempts).toBe(2);
    expect(result.replayed).toBe(true);
    expect(await countTitled("Lost answer")).toBe(1);
  });
});
