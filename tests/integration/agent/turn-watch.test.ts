/**
 * The process-wide watch over running turns (lib/agent/turn-watch.ts) on the real database:
 * a Stop reaches exactly the turn it was meant for, a turn whose conversation another turn has
 * taken learns it lost it, and the batched lease statements renew only the leases still held.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { beginTurn, checkTurns, renewTurnLeases, requestTurnStop } from "@/lib/conversations";
import { STOP_POLL_MS, watchTurn } from "@/lib/agent/turn-watch";
import { createTestUser, type TestUser } from "../helpers";

let ada: TestUser;
beforeEach(async () => {
  ada = await createTestUser("ada-watch");
});

async function runningTurn(): Promise<{ conversationId: string; turnId: string }> {
  const conversationId = randomUUID();
  const turnId = randomUUID();
  await beginTurn({ userId: ada.user.id, conversationId, turnId, title: "watched", create: true });
  return { conversationId, turnId };
}

const secondsLeft = async (conversationId: string) =>
  (
    await db.$queryRaw<
      { left: number }[]
    >`SELECT EXTRACT(EPOCH FROM ("activeTurnUntil" - (now() AT TIME ZONE 'UTC')))::float AS "left" FROM "Conversation" WHERE "id" = ${conversationId}::uuid`
  )[0]!.left;

describe("watching running turns", () => {
  it("a Stop reaches the turn it was sent to within a poll, and no other turn", async () => {
    const a = await runningTurn();
    const b = await runningTurn();
    const ended: string[] = [];
    const unwatchA = watchTurn({ ...a, requestId: "test-a" }, (reason) => ended.push(`a:${reason}`));
    const unwatchB = watchTurn({ ...b, requestId: "test-b" }, (reason) => ended.push(`b:${reason}`));
    try {
      expect(await requestTurnStop({ userId: ada.user.id, conversationId: a.conversationId })).toBe(a.turnId);
      const deadline = Date.now() + 3 * STOP_POLL_MS;
      while (!ended.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(ended).toEqual(["a:stop"]);
      // Told once, however many polls follow.
      await new Promise((r) => setTimeout(r, STOP_POLL_MS + 500));
      expect(ended).toEqual(["a:stop"]);
    } finally {
      unwatchA();
      unwatchB();
    }
  });

  it("a turn whose conversation another turn has taken learns that it lost it", async () => {
    const a = await runningTurn();
    const ended: string[] = [];
    const unwatch = watchTurn({ ...a, requestId: "test-lost" }, (reason) => ended.push(reason));
    try {
      await db.$executeRaw`UPDATE "Conversation" SET "activeTurnUntil" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE "id" = ${a.conversationId}::uuid`;
      await beginTurn({ userId: ada.user.id, conversationId: a.conversationId, turnId: randomUUID(), title: "", create: false });
      const deadline = Date.now() + 3 * STOP_POLL_MS;
      while (!ended.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(ended).toEqual(["lost"]);
    } finally {
      unwatch();
    }
  });

  it("renews in one statement the leases still held, and reports each turn's state", async () => {
    const held = await runningTurn();
    const stopped = await runningTurn();
    const taken = await runningTurn();
    await requestTurnStop({ userId: ada.user.id, conversationId: stopped.conversationId });
    await db.$executeRaw`UPDATE "Conversation" SET "activeTurnUntil" = (now() AT TIME ZONE 'UTC') + interval '2 seconds' WHERE "id" IN (${held.conversationId}::uuid, ${stopped.conversationId}::uuid)`;
    await db.$executeRaw`UPDATE "Conversation" SET "activeTurnUntil" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE "id" = ${taken.conversationId}::uuid`;
    await beginTurn({ userId: ada.user.id, conversationId: taken.conversationId, turnId: randomUUID(), title: "", create: false });

    expect(await checkTurns([held, stopped, taken])).toEqual([
      { ...held, held: true, stop: false },
      { ...stopped, held: true, stop: true },
      { ...taken, held: false, stop: false },
    ]);
    const takenLeft = await secondsLeft(taken.conversationId);
    expect(await renewTurnLeases([held, stopped, taken])).toEqual([
      { ...held, held: true, stop: false },
      { ...stopped, held: true, stop: true },
      { ...taken, held: false, stop: false },
    ]);
    expect(await secondsLeft(held.conversationId)).toBeGreaterThan(25);
    expect(await secondsLeft(stopped.conversationId)).toBeGreaterThan(25);
    // The other turn's lease is not touched.
    expect(await secondsLeft(taken.conversationId)).toBeLessThanOrEqual(takenLeft);
    expect(await renewTurnLeases([])).toEqual([]);
  });
});
