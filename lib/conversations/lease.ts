/**
 * One turn at a time per conversation: a turn takes the conversation's lease with a single
 * conditional UPDATE (atomic in Postgres), so a concurrent turn gets a clean 409. The lease
 * expires on its own if a process dies mid-turn.
 */
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TURN_LEASE_MS } from "@/lib/limits";

const BUSY_MESSAGE = "A reply is still being written in this conversation. Please wait for it to finish.";

async function tryLease({ userId, conversationId, turnId, now }: { userId: string; conversationId: string; turnId: string; now: Date }): Promise<boolean> {
  const { count } = await db.conversation.updateMany({
    where: { id: conversationId, userId, OR: [{ activeTurnId: null }, { activeTurnUntil: null }, { activeTurnUntil: { lt: now } }] },
    data: { activeTurnId: turnId, activeTurnUntil: new Date(now.getTime() + TURN_LEASE_MS) },
  });
  return count > 0;
}

export async function acquireTurnLease({ userId, conversationId, turnId, now = new Date() }: { userId: string; conversationId: string; turnId: string; now?: Date }): Promise<void> {
  if (!(await tryLease({ userId, conversationId, turnId, now }))) throw new AppError("conflict:conversation", BUSY_MESSAGE);
}

/** Gives the lease back (only if it is still ours); also marks the conversation as updated. */
export async function releaseTurnLease({ conversationId, turnId }: { conversationId: string; turnId: string }): Promise<void> {
  await db.conversation.updateMany({ where: { id: conversationId, activeTurnId: turnId }, data: { activeTurnId: null, activeTurnUntil: null } });
}

/**
 * Opens a turn with one statement in the common case: takes the lease of the user's
 * conversation, creating the conversation (with `title`) first when `create` and the id is new.
 * Only a refusal costs a second query, to tell the two apart: an id that belongs to someone
 * else → 404 (never hijacked), a turn already running → 409.
 * Same outcome as ensureConversation + acquireTurnLease, in one round trip instead of two or three.
 */
export async function beginTurn({ userId, conversationId, turnId, title, create, now = new Date() }: { userId: string; conversationId: string; turnId: string; title: string; create: boolean; now?: Date }): Promise<{ created: boolean }> {
  const until = new Date(now.getTime() + TURN_LEASE_MS);
  if (create) {
    const rows = await db.$queryRaw<{ created: boolean }[]>`
      INSERT INTO "Conversation" ("id", "userId", "title", "activeTurnId", "activeTurnUntil", "createdAt", "updatedAt")
      VALUES (${conversationId}::uuid, ${userId}::uuid, ${title}, ${turnId}, ${until}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3))
      ON CONFLICT ("id") DO UPDATE
        SET "activeTurnId" = EXCLUDED."activeTurnId", "activeTurnUntil" = EXCLUDED."activeTurnUntil", "updatedAt" = EXCLUDED."updatedAt"
        WHERE "Conversation"."userId" = EXCLUDED."userId"
          AND ("Conversation"."activeTurnId" IS NULL OR "Conversation"."activeTurnUntil" IS NULL OR "Conversation"."activeTurnUntil" < ${now}::timestamp(3))
      RETURNING (xmax = 0) AS "created"`;
    if (rows[0]) return { created: rows[0].created === true };
  } else if (await tryLease({ userId, conversationId, turnId, now })) {
    return { created: false };
  }
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: { userId: true } });
  if (row?.userId !== userId) throw new AppError("not_found:conversation");
  throw new AppError("conflict:conversation", BUSY_MESSAGE);
}
