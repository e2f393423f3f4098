/**
 * When a worker dies mid-turn, the supervisor gives the conversation back at once (issue #14:
 * "the conversation accepts the next turn within 5 s") instead of after the lease expires — and
 * never frees a conversation that another turn has taken meanwhile.
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { beginTurn } from "@/lib/conversations/lease";
import { loadMessages, saveMessage } from "@/lib/conversations/messages";
import { startAgentRun } from "@/lib/conversations/audit";
import { INTERRUPTED_EARLY_TEXT, INTERRUPTED_TEXT } from "@/lib/conversations/interrupted";
import { db } from "@/lib/db";
import { isTurnReport, OrphanedTurns } from "../../../scripts/db/orphaned-turns";
import { createTestUser } from "../helpers";

const orphans = new OrphanedTurns(process.env.DATABASE_URL);
afterAll(() => orphans.close());

async function leased(userId: string) {
  const conversationId = randomUUID();
  const turnId = randomUUID();
  await beginTurn({ userId, conversationId, turnId, title: "t", create: true });
  return { conversationId, turnId };
}

const nextTurn = (userId: string, conversationId: string) =>
  beginTurn({ userId, conversationId, turnId: randomUUID(), title: "t", create: false }).then(
    () => "accepted",
    (error: { type?: string }) => error.type ?? "error",
  );

describe("turns of a dead worker", () => {
  it("frees exactly the conversations whose turns died with the worker", async () => {
    const { user } = await createTestUser("orphans");
    const dead = await leased(user.id);
    const finished = await leased(user.id);
    const elsewhere = await leased(user.id);
    // Worker 1 ran `dead` (still running) and `finished` (ended); worker 2 runs `elsewhere`.
    orphans.onReport(1, { type: "talk-todo.turn", running: true, ...dead });
    orphans.onReport(1, { type: "talk-todo.turn", running: true, ...finished });
    orphans.onReport(1, { type: "talk-todo.turn", running: false, ...finished });
    orphans.onReport(2, { type: "talk-todo.turn", running: true, ...elsewhere });

    expect(await nextTurn(user.id, dead.conversationId)).toBe("conflict");
    expect(await orphans.release(1)).toBe(1);
    expect(await nextTurn(user.id, dead.conversationId)).toBe("accepted");
    // The live worker's turn keeps its conversation; releasing twice frees nothing more.
    expect(await nextTurn(user.id, elsewhere.conversationId)).toBe("conflict");
    expect(await orphans.release(1)).toBe(0);
  });

  it("leaves a conversation another turn has taken over since", async () => {
    const { user } = await createTestUser("orphans-taken");
    const old = await leased(user.id);
    orphans.onReport(3, { type: "talk-todo.turn", running: true, ...old });
    // The old lease expired and a new turn (on another worker) holds the conversation now.
    await db.conversation.update({ where: { id: old.conversationId }, data: { activeTurnUntil: new Date(Date.now() - 60_000) } });
    expect(await nextTurn(user.id, old.conversationId)).toBe("accepted");
    expect(await orphans.release(3)).toBe(0);
    expect(await nextTurn(user.id, old.conversationId)).toBe("conflict");
  });

  it("answers the message of a turn that died after its tools ran, and closes its run", async () => {
    const { user } = await createTestUser("orphans-answer");
    const dead = await leased(user.id);
    await saveMessage({
      conversationId: dead.conversationId,
      message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "add milk" }] },
    });
    const runId = await startAgentRun({
      id: randomUUID(),
      requestId: "req-dead",
      userId: user.id,
      conversationId: dead.conversationId,
      model: "builtin",
      userMessage: "add milk",
    });
    await db.toolInvocation.create({
      data: {
        runId,
        conversationId: dead.conversationId,
        toolCallId: "call-1",
        toolName: "add_task",
        status: "executed",
        input: { title: "milk" },
        output: { ok: true },
        success: true,
        durationMs: 3,
      },
    });
    orphans.onReport(4, { type: "talk-todo.turn", running: true, ...dead });

    expect(await orphans.release(4)).toBe(1);
    expect((await db.agentRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("interrupted");
    const messages = await loadMessages({ conversationId: dead.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.parts.map((p) => p.type)).toEqual(["step-start", "tool-add_task", "text"]);
    expect(messages[1]!.parts.at(-1)).toMatchObject({ type: "text", text: INTERRUPTED_TEXT });
    expect(messages[1]!.metadata).toEqual({ interrupted: true, requestId: "req-dead" });
    // The next turn finds nothing more to answer: no second reply.
    expect(await nextTurn(user.id, dead.conversationId)).toBe("accepted");
    expect(await loadMessages({ conversationId: dead.conversationId })).toHaveLength(2);
  });

  it("marks a message whose turn died before its run was recorded", async () => {
    const { user } = await createTestUser("orphans-early");
    const dead = await leased(user.id);
    await saveMessage({
      conversationId: dead.conversationId,
      message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "hello" }] },
    });
    orphans.onReport(5, { type: "talk-todo.turn", running: true, ...dead });

    expect(await orphans.release(5)).toBe(1);
    const messages = await loadMessages({ conversationId: dead.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.parts.at(-1)).toMatchObject({ type: "text", text: INTERRUPTED_EARLY_TEXT });
  });

  it("adds nothing when the turn died before the message was saved", async () => {
    const { user } = await createTestUser("orphans-nothing");
    const dead = await leased(user.id);
    orphans.onReport(6, { type: "talk-todo.turn", running: true, ...dead });
    expect(await orphans.release(6)).toBe(1);
    expect(await loadMessages({ conversationId: dead.conversationId })).toEqual([]);
  });

  it("never touches the run or messages of a turn that took the conversation over", async () => {
    const { user } = await createTestUser("orphans-live");
    const old = await leased(user.id);
    orphans.onReport(7, { type: "talk-todo.turn", running: true, ...old });
    await db.conversation.update({ where: { id: old.conversationId }, data: { activeTurnUntil: new Date(Date.now() - 60_000) } });
    expect(await nextTurn(user.id, old.conversationId)).toBe("accepted");
    // The new turn has saved its message and started its run when the old worker's death is seen.
    await saveMessage({
      conversationId: old.conversationId,
      message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "hi" }] },
    });
    const liveRun = await startAgentRun({
      id: randomUUID(),
      requestId: "req-live",
      userId: user.id,
      conversationId: old.conversationId,
      model: "builtin",
      userMessage: "hi",
    });

    expect(await orphans.release(7)).toBe(0);
    expect((await db.agentRun.findUniqueOrThrow({ where: { id: liveRun } })).status).toBe("running");
    expect(await loadMessages({ conversationId: old.conversationId })).toHaveLength(1);
  });

  it("reads only well-formed reports", () => {
    expect(isTurnReport({ type: "talk-todo.turn", running: true, conversationId: "c", turnId: "t" })).toBe(true);
    expect(isTurnReport("ready")).toBe(false);
    expect(isTurnReport({ type: "talk-todo.turn", running: "yes", conversationId: "c", turnId: "t" })).toBe(false);
  });
});
