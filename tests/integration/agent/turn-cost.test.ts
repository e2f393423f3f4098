/**
 * What one chat turn costs the database: every statement the server sends while POST /api/chat
 * runs a turn with the built-in model (signed in with a session cookie, as the chat page is),
 * counted where every statement leaves the process — pg's `Client#query`, under both Prisma's
 * adapter and `sql` — from the request until the turn is saved. Goal (issue 23): ≤ 8 for a
 * tool turn ("add …"). Left out: the process-wide timers that serve every running turn at
 * once (the lease poll of lib/agent/turn-watch.ts, the counters' prune), which may tick by chance.
 */
import pg from "pg";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chatPOST } from "@/app/api/chat/route";
import { inFlightTurns } from "@/lib/agent/in-flight";
import { loadMessages } from "@/lib/conversations";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { getTaskById } from "@/lib/tasks/service";
import { apiRequest, createTestUser, sessionCookie, type TestUser } from "../helpers";
import { setAgentEnv } from "./env";

/** Statements that serve all running turns of a process together, not one turn. */
const PROCESS_WIDE = /^(lease_check_many|lease_renew_many|prune_)/;

type Sent = { name: string | null; text: string };
const sent: Sent[] = [];
let counting = false;
const query = pg.Client.prototype.query;

beforeAll(() => {
  // Every statement of the pool goes through Client#query (pool.query and Prisma's adapter too).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string };
    if (counting) {
      const text = typeof config === "string" ? config : config.text;
      const name = typeof config === "string" ? null : (config.name ?? null);
      if (!name || !PROCESS_WIDE.test(name)) sent.push({ name, text: text.replace(/\s+/g, " ").trim().slice(0, 120) });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(() => {
  pg.Client.prototype.query = query;
});

let ada: TestUser;
let cookie: Record<string, string>;

beforeAll(async () => {
  setAgentEnv({ AI_PROVIDER: "builtin" });
  ada = await createTestUser("ada");
  cookie = await sessionCookie(ada.user.id);
});
afterAll(() => setAgentEnv({}));

/** Runs one turn through POST /api/chat; resolves once it is saved. Returns the statements sent. */
async function countTurn(conversationId: string, text: string): Promise<Sent[]> {
  sent.length = 0;
  counting = true;
  try {
    const res = await chatPOST(
      apiRequest("/api/chat", {
        headers: { ...cookie, origin: "http://localhost:3000", host: "localhost:3000" },
        body: { id: conversationId, message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] }, timezone: "UTC" },
      }),
      undefined,
    );
    expect(res.status).toBe(200);
    await res.text();
    for (let i = 0; inFlightTurns() > 0; i++) {
      if (i > 500) throw new Error("the turn did not finish");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return [...sent];
  } finally {
    counting = false;
  }
}

const list = (statements: Sent[]) => statements.map((s, i) => `${i + 1}. ${s.name ?? "(prisma)"}: ${s.text}`).join("\n");

describe("database statements per chat turn (built-in model, POST /api/chat)", () => {
  it("a tool turn sends at most 8, a text turn fewer", async () => {
    const conversationId = randomUUID();
    // The first turn of a process also starts its once-in-a-while sweeps; not counted.
    await countTurn(randomUUID(), "hi");

    const text = await countTurn(conversationId, "hi");
    const tool = await countTurn(conversationId, "add buy oat milk tomorrow");

    const tasks = await db.task.findMany({ where: { userId: ada.user.id }, select: { title: true } });
    expect(tasks.map((t) => t.title)).toContain("Buy oat milk");
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const activity = await db.taskActivity.count({ where: { userId: ada.user.id, action: "created" } });
    expect(activity).toBe(1);
    const calls = await db.toolInvocation.findMany({ where: { conversationId }, select: { toolName: true, status: true, output: true } });
    expect(calls.map(({ toolName, status }) => ({ toolName, status }))).toEqual([{ toolName: "add_task", status: "executed" }]);
    // What the model was told is the task as stored.
    const output = calls[0]!.output as { ok: boolean; task: TaskView };
    expect(output.ok).toBe(true);
    expect(output.task).toEqual(await getTaskById({ userId: ada.user.id, id: output.task.id }));

    console.info(
      `statements: text turn ${text.length}, tool turn ${tool.length}\n-- text turn\n${list(text)}\n-- tool turn\n${list(tool)}`,
    );
    expect(tool.length, list(tool)).toBeLessThanOrEqual(8);
    expect(text.length, list(text)).toBeLessThan(tool.length);
  });
});
