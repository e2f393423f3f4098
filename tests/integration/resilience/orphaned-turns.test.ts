/**
 * When a worker dies mid-turn, the supervisor gives the conversation back at once (issue #14:
 * "the conversation accepts the next turn within 5 s") instead of after the lease expires — and
 * never frees a conversation that another turn has taken meanwhile.
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { beginTurn } from "@/lib/conversations/lease";
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

  it("reads only well-formed reports", () => {
    expect(isTurnReport({ type: "talk-todo.turn", running: true, conversationId: "c", turnId: "t" })).toBe(true);
    expect(isTurnReport("ready")).toBe(false);
    expect(isTurnReport({ type: "talk-todo.turn", running: "yes", conversationId: "c", turnId: "t" })).toBe(false);
  });
});
