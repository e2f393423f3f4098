/**
 * Issue 11's problems, each reproduced through /api/agent (route handler, real database, real
 * tool definitions, a scripted model): confirmations are bound to task ids, a two-call step
 * cannot skip the question, a failed final save never repeats an effect, a turn whose process
 * died is shown as interrupted and frees the conversation, an answer cannot be given twice, and
 * each pending action gets its own answer.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { simulateReadableStream, isToolUIPart } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { POST as agentPOST } from "@/app/api/agent/route";
import { db } from "@/lib/db";
import { loadMessages, saveMessage } from "@/lib/conversations";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { startTurn, type TurnOutcome } from "@/lib/agent/turn";
import { INTERRUPTED_EARLY_TEXT, INTERRUPTED_TEXT } from "@/lib/conversations/interrupted";
import { createTask, updateTask, deleteTask } from "@/lib/tasks/service";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { scriptedModel, stepChunks, toolResultsIn, type ScriptStep } from "../../fakes/scripted-model";
import { setAgentEnv } from "./env";

/** Each test acts as a user of its own, so the words it uses match only its own tasks. */
let ada: TestUser;

beforeAll(() => setAgentEnv({}));
beforeEach(async () => {
  ada = await createTestUser("ada-trust");
});
afterEach(() => setModelOverrideForTests(null));
afterAll(() => setAgentEnv({}));

type Outcome = TurnOutcome & { code?: string };
const agent = async (user: TestUser, body: unknown): Promise<{ status: number; body: Outcome }> => {
  const res = await agentPOST(apiRequest("/api/agent", { headers: user.auth, body }), undefined);
  return { status: res.status, body: (await res.json()) as Outcome };
};
const confirm = (conversationId: string, id: string, approved: boolean) => agent(ada, { conversationId, confirmation: { id, approved } });
const app = { change: { actor: "app" as const, requestId: null } };
const task = (title: string) => createTask({ userId: ada.user.id, timeZone: "UTC", input: { title }, ...app });
const exists = async (id: string) => (await db.task.count({ where: { id } })) === 1;

/** The model proposes these calls, then reports the tool results it was given. */
function proposing(calls: { name: string; input: unknown }[]) {
  return scriptedModel([
    { calls },
    (prompt) => {
      const results = toolResultsIn(prompt).map((r) => (r.output as { type: string; value?: { ok?: boolean } }).value?.ok);
      return { text: results.every(Boolean) ? "All done." : "Some of that didn't happen." };
    },
  ]);
}

/**
 * While installed, saving the end of any turn of this conversation fails (a real database error;
 * with `sqlstate` 57P03, "cannot connect now", it looks like the database being away).
 */
async function failFinalSaves(conversationId: string, sqlstate = "P0001"): Promise<() => Promise<void>> {
  return failRunWrites({
    conversationId,
    sqlstate,
    what: "final save",
    on: "UPDATE",
    when: `OLD."conversationId" = '${conversationId}'::uuid AND NEW."status" <> 'running'`,
  });
}

/** Makes writing a new run of this conversation fail with `sqlstate` until the returned function is called. */
async function failRunStarts(conversationId: string, sqlstate: string): Promise<() => Promise<void>> {
  return failRunWrites({
    conversationId,
    sqlstate,
    what: "run start",
    on: "INSERT",
    when: `NEW."conversationId" = '${conversationId}'::uuid`,
  });
}

/** A trigger on "AgentRun" that raises `sqlstate` for the matching writes; the returned function removes it. */
async function failRunWrites({
  conversationId,
  sqlstate,
  what,
  on,
  when,
}: {
  conversationId: string;
  sqlstate: string;
  what: string;
  on: "INSERT" | "UPDATE";
  when: string;
}): Promise<() => Promise<void>> {
  const name = `test_fail_${on.toLowerCase()}_${conversationId.replace(/-/g, "")}`;
  await db.$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated failure of the ${what}' USING ERRCODE = '${sqlstate}'; END $$ LANGUAGE plpgsql`,
  );
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE ${on} ON "AgentRun" FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON "AgentRun"`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  };
}

describe("1. a confirmation is bound to the task it named", () => {
  it("names the task's id and title in pendingConfirmation(s).input and the prompt", async () => {
    const quarterly = await task("Quarterly report 1");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "Quarterly report 1" } }]));
    const { body } = await agent(ada, { message: "delete the quarterly report" });
    expect(body.status).toBe("awaiting_confirmation");
    expect(body.pendingConfirmation).toMatchObject({
      toolName: "delete_task",
      input: { task: "Quarterly report 1", taskIds: [quarterly.id], titles: ["Quarterly report 1"] },
      prompt: "Delete 'Quarterly report 1'? (yes / no)",
    });
    expect(body.pendingConfirmations).toEqual([body.pendingConfirmation]);
  });

  it("rename-then-confirm: the task deleted meanwhile is reported, and the new look-alike is never deleted", async () => {
    const quarterly = await task("Quarterly report");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "report" } }]));
    const first = (await agent(ada, { message: "delete the report" })).body;
    expect(first.pendingConfirmation?.prompt).toBe("Delete 'Quarterly report'? (yes / no)");
    // In the panel: the user deletes it and adds another "report".
    await deleteTask({ userId: ada.user.id, id: quarterly.id, ...app });
    const expense = await task("Expense report");
    const out = (await confirm(first.conversationId, first.pendingConfirmation!.id, true)).body;
    expect(out.status).toBe("completed");
    expect(await exists(expense.id)).toBe(true);
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_task", success: false, errorCode: "not_found" }]);
    expect((out.toolCalls[0]!.output as { message: string }).message).toBe("'Quarterly report' no longer exists, so nothing was deleted.");
  });

  it("rename-then-confirm: a renamed task is still the one approved; nothing else is touched", async () => {
    const quarterly = await task("Quarterly summary");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "summary" } }]));
    const first = (await agent(ada, { message: "delete the summary" })).body;
    await updateTask({ userId: ada.user.id, id: quarterly.id, timeZone: "UTC", patch: { title: "Q3 numbers" }, ...app });
    const other = await task("Weekly summary");
    const out = (await confirm(first.conversationId, first.pendingConfirmation!.id, true)).body;
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_task", success: true, output: { deleted: { id: quarterly.id } } }]);
    expect(await exists(quarterly.id)).toBe(false);
    expect(await exists(other.id)).toBe(true);
  });
});

describe("the two-call bypass", () => {
  it("renaming and deleting in one step never deletes without the user's answer", async () => {
    const tax = await task("Tax return");
    setModelOverrideForTests(
      proposing([
        { name: "update_task", input: { task: "Tax return", title: "zq" } },
        { name: "delete_task", input: { task: "zq" } },
      ]),
    );
    const out = (await agent(ada, { message: "rename tax return to zq and delete it" })).body;
    expect(await exists(tax.id)).toBe(true);
    // Either the delete saw the old name (nothing matched: not_found) or the new one (it asks, bound to the same task).
    if (out.status === "awaiting_confirmation") expect(out.pendingConfirmation?.input).toMatchObject({ taskIds: [tax.id] });
    else expect(out.toolCalls.find((c) => c.toolName === "delete_task")).toMatchObject({ success: false, errorCode: "not_found" });
  });
});

describe("2. an approved action runs once", () => {
  it("a failed final save, then the same confirmation again: the stored result, not a second delete", async () => {
    const quarterly = await task("Annual report");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "report" } }]));
    const first = (await agent(ada, { message: "delete the report" })).body;
    const conversationId = first.conversationId;
    const restore = await failFinalSaves(conversationId);
    let failed: Outcome;
    try {
      failed = (await confirm(conversationId, first.pendingConfirmation!.id, true)).body;
    } finally {
      await restore();
    }
    expect(failed.status).toBe("error");
    expect(await exists(quarterly.id)).toBe(false);
    // The saved conversation still shows the question; meanwhile another "report" appears.
    const expense = await task("Travel report");
    const retry = await confirm(conversationId, first.pendingConfirmation!.id, true);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe("completed");
    expect(retry.body.toolCalls).toMatchObject([{ toolName: "delete_task", success: true, output: { deleted: { id: quarterly.id } } }]);
    expect(await exists(expense.id)).toBe(true);
    const rows = await db.toolInvocation.findMany({ where: { conversationId, toolName: "delete_task" } });
    expect(rows.map((r) => r.status)).toEqual(["executed"]);
    const part = (await loadMessages({ conversationId }))[1]!.parts.find(isToolUIPart);
    expect(part).toMatchObject({ state: "output-available" });
  });

  it("a second, different answer to an answered confirmation cannot undo or repeat it", async () => {
    const t = await task("Old bank statement");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "bank statement" } }]));
    const first = (await agent(ada, { message: "delete the bank statement" })).body;
    const restore = await failFinalSaves(first.conversationId);
    try {
      await confirm(first.conversationId, first.pendingConfirmation!.id, true);
    } finally {
      await restore();
    }
    const denied = (await confirm(first.conversationId, first.pendingConfirmation!.id, false)).body;
    expect(await exists(t.id)).toBe(false);
    // The answer on record stands: the reply reports the delete that happened.
    expect(denied.toolCalls).toMatchObject([{ toolName: "delete_task", success: true }]);
    const part = (await loadMessages({ conversationId: first.conversationId }))[1]!.parts.find(isToolUIPart);
    expect(part).toMatchObject({ state: "output-available" });
  });

  it("an approval recorded just before a crash runs once when answered again, and never after the user moves on", async () => {
    const kept = await task("Crash kept");
    const gone = await task("Crash gone");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "Crash gone" } }]));
    const first = (await agent(ada, { message: "delete crash gone" })).body;
    // The process recorded the answer and died before running it.
    await db.toolInvocation.updateMany({
      where: { conversationId: first.conversationId, status: "proposed" },
      data: { status: "approved" },
    });
    const out = (await confirm(first.conversationId, first.pendingConfirmation!.id, false)).body;
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_task", success: true }]);
    expect(await exists(gone.id)).toBe(false);

    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "Crash kept" } }]));
    const second = (await agent(ada, { conversationId: first.conversationId, message: "delete crash kept" })).body;
    await db.toolInvocation.updateMany({
      where: { conversationId: first.conversationId, status: "proposed" },
      data: { status: "approved" },
    });
    setModelOverrideForTests(scriptedModel([{ text: "Sure." }]));
    await agent(ada, { conversationId: second.conversationId, message: "what's the weather" });
    expect(await exists(kept.id)).toBe(true);
    const rows = await db.toolInvocation.findMany({
      where: { conversationId: first.conversationId, toolName: "delete_task" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => r.status)).toEqual(["executed", "denied"]);
  });

  it("two approvals of the same id at once: one runs, the other is refused; one delete", async () => {
    const t = await task("Double click me");
    setModelOverrideForTests(proposing([{ name: "delete_task", input: { task: "Double click me" } }]));
    const first = (await agent(ada, { message: "delete double click me" })).body;
    const both = await Promise.all([
      confirm(first.conversationId, first.pendingConfirmation!.id, true),
      confirm(first.conversationId, first.pendingConfirmation!.id, true),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409].sort());
    expect(await exists(t.id)).toBe(false);
    const rows = await db.toolInvocation.findMany({ where: { conversationId: first.conversationId, toolName: "delete_task" } });
    expect(rows.map((r) => r.status)).toEqual(["executed"]);
  });
});

describe("a turn whose process died", () => {
  it("is shown as interrupted, keeps what its tools did in the history, and frees the conversation at once", async () => {
    const conversationId = randomUUID();
    let reached!: () => void;
    const atSecondStep = new Promise<void>((resolve) => (reached = resolve));
    let call = 0;
    // Adds a task, then hangs in its second model call (the process is about to die).
    const hanging = new MockLanguageModelV4({
      doStream: async (opts) => {
        if (call++ === 0)
          return {
            stream: simulateReadableStream({
              chunks: stepChunks({ calls: [{ name: "add_task", input: { title: "Water the ferns" } }] } as ScriptStep),
            }),
          };
        reached();
        await new Promise((_, reject) => opts.abortSignal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
        throw new Error("unreachable");
      },
    });
    setModelOverrideForTests(hanging);
    const killed = new AbortController();
    const zombie = await startTurn({
      user: ada.user,
      conversationId,
      requestId: `test-${randomUUID()}`,
      input: { kind: "message", text: "add water the ferns" },
      abortSignal: killed.signal,
    });
    void zombie.stream.cancel();
    await atSecondStep;
    expect(await db.task.count({ where: { userId: ada.user.id, title: "Water the ferns" } })).toBe(1);
    // The process dies: nothing renews its lease any more, so it runs out (by the database's clock).
    await db.$executeRaw`UPDATE "Conversation" SET "activeTurnUntil" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE "id" = ${conversationId}::uuid`;

    const model = scriptedModel([{ text: "Here is what I know." }]);
    setModelOverrideForTests(model);
    const next = await agent(ada, { conversationId, message: "what did you just do?" });
    expect(next.status).toBe(200);
    expect(next.body.status).toBe("completed");
    const runs = await db.agentRun.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" } });
    expect(runs.map((r) => r.status)).toEqual(["interrupted", "completed"]);
    // The model saw the call that happened.
    expect(toolResultsIn(model.prompts[0]).map((r) => r.toolName)).toEqual(["add_task"]);
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages[1]!.parts.some((p) => p.type === "text" && p.text === INTERRUPTED_TEXT)).toBe(true);

    // The old turn, if it ever wakes up, writes nothing and does not free the conversation.
    killed.abort();
    await zombie.outcome;
    expect((await loadMessages({ conversationId })).length).toBe(4);
    expect(await db.task.count({ where: { userId: ada.user.id, title: "Water the ferns" } })).toBe(1);
  });
});

describe("a turn that died before its run was recorded", () => {
  it("leaves a message that the next turn answers as interrupted before anything was done", async () => {
    const conversationId = randomUUID();
    setModelOverrideForTests(scriptedModel([{ text: "Hello again." }]));
    const first = await agent(ada, { conversationId, message: "hi" });
    expect(first.body.status).toBe("completed");
    // The process saved the user's next message and died before writing its run.
    await saveMessage({
      conversationId,
      message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "add call the bank" }] },
    });

    setModelOverrideForTests(scriptedModel([{ text: "Sure." }]));
    const next = await agent(ada, { conversationId, message: "are you there?" });
    expect(next.body.status).toBe("completed");
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(messages[3]!.parts.at(-1)).toMatchObject({ type: "text", text: INTERRUPTED_EARLY_TEXT });
    expect(messages[3]!.metadata).toMatchObject({ interrupted: true });
  });
});

describe("3. each pending action gets its own answer", () => {
  it("approving one of two deletes deletes only that one and asks the other again", async () => {
    const a = await task("First of two");
    const b = await task("Second of two");
    const model = proposing([
      { name: "delete_task", input: { task: "First of two" } },
      { name: "delete_task", input: { task: "Second of two" } },
    ]);
    setModelOverrideForTests(model);
    const first = (await agent(ada, { message: "delete both" })).body;
    expect(first.pendingConfirmations.map((p) => (p.input as { titles: string[] }).titles)).toEqual([["First of two"], ["Second of two"]]);
    const [pa, pb] = first.pendingConfirmations;
    const afterA = (await confirm(first.conversationId, pa!.id, true)).body;
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(true);
    expect(afterA.status).toBe("awaiting_confirmation");
    expect(afterA.pendingConfirmation).toMatchObject({ id: pb!.id, input: { taskIds: [b.id] } });
    expect(afterA.pendingConfirmations).toHaveLength(1);
    expect(afterA.response).toContain("Delete 'Second of two'? (yes / no)");
    // The model is not asked anything until every action of its step has an answer.
    expect(model.prompts).toHaveLength(1);
    const afterB = (await confirm(first.conversationId, pb!.id, false)).body;
    expect(afterB.status).toBe("completed");
    expect(await exists(b.id)).toBe(true);
    expect(model.prompts).toHaveLength(2);
    const parts = (await loadMessages({ conversationId: first.conversationId }))[1]!.parts.filter(isToolUIPart);
    expect(parts.map((p) => p.state)).toEqual(["output-available", "output-denied"]);
  });
});

describe("what asks first", () => {
  it("a bulk change of more than 3 tasks asks, bound to those tasks; at most 3 runs at once", async () => {
    const four = [];
    for (const title of ["Bulk a", "Bulk b", "Bulk c", "Bulk d"]) four.push(await task(title));
    setModelOverrideForTests(proposing([{ name: "update_tasks", input: { ids: four.map((t) => t.id), priority: "high" } }]));
    const first = (await agent(ada, { message: "make those high priority" })).body;
    expect(first.status).toBe("awaiting_confirmation");
    expect([...(first.pendingConfirmation?.input as { taskIds: string[] }).taskIds].sort()).toEqual(four.map((t) => t.id).sort());
    expect(first.pendingConfirmation?.prompt).toBe("Set priority high for 4 tasks: 'Bulk a', 'Bulk b', 'Bulk c' and 'Bulk d'? (yes / no)");
    expect(await db.task.count({ where: { id: { in: four.map((t) => t.id) }, priority: "high" } })).toBe(0);
    const out = (await agent(ada, { conversationId: first.conversationId, message: "yes" })).body;
    expect(out.status).toBe("completed");
    expect(await db.task.count({ where: { id: { in: four.map((t) => t.id) }, priority: "high" } })).toBe(4);

    setModelOverrideForTests(proposing([{ name: "complete_tasks", input: { ids: four.slice(0, 3).map((t) => t.id) } }]));
    const three = (await agent(ada, { message: "complete three" })).body;
    expect(three.status).toBe("completed");
    expect(await db.task.count({ where: { id: { in: four.map((t) => t.id) }, status: "completed" } })).toBe(3);
  });
});

describe("a final save while the database is away", () => {
  it("is saved once the database is back, and the conversation is free again", async () => {
    setModelOverrideForTests(proposing([{ name: "add_task", input: { title: "Saved after the outage" } }]));
    const conversationId = randomUUID();
    const restore = await failFinalSaves(conversationId, "57P03");
    let failed: Outcome;
    try {
      failed = (await agent(ada, { conversationId, message: "add saved after the outage" })).body;
      expect(failed.status).toBe("error");
      // Still away: the turn keeps the conversation (its reply is not saved yet).
      expect((await db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).activeTurnId).not.toBeNull();
    } finally {
      await restore();
    }
    // Back: within a few seconds the reply is saved, the run closed and the lease given back.
    await expect
      .poll(async () => (await db.agentRun.findFirstOrThrow({ where: { requestId: failed.requestId } })).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe("completed");
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(conversation.activeTurnId).toBeNull();
    expect((await loadMessages({ conversationId })).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(await db.task.count({ where: { userId: ada.user.id, title: "Saved after the outage" } })).toBe(1);
    setModelOverrideForTests(scriptedModel([{ text: "Hello again." }]));
    expect((await agent(ada, { conversationId, message: "hello" })).status).toBe(200);
  });
  it("a run whose first write failed is written with the reply once the database is back", async () => {
    const conversationId = randomUUID();
    setModelOverrideForTests(scriptedModel([{ text: "First." }]));
    expect((await agent(ada, { conversationId, message: "hi" })).status).toBe(200);
    setModelOverrideForTests(scriptedModel([{ text: "Still here." }]));
    const restore = await failRunStarts(conversationId, "57P03");
    let failed: Outcome;
    try {
      failed = (await agent(ada, { conversationId, message: "are you there?" })).body;
      expect(failed.status).toBe("error");
      expect((await db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).activeTurnId).not.toBeNull();
    } finally {
      await restore();
    }
    await expect
      .poll(async () => (await db.agentRun.findFirst({ where: { requestId: failed.requestId } }))?.status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe("completed");
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).activeTurnId).toBeNull();
    expect((await loadMessages({ conversationId })).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});
