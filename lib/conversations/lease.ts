/**
 * One turn at a time per conversation: a turn takes the conversation's lease with a single
 * conditional UPDATE (atomic in Postgres), so a concurrent turn gets a clean 409. The lease
 * expires on its own if a process dies mid-turn.
 */
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TURN_LEASE_MS } from "@/lib/limits";

export async function acquireTurnLease({ userId, conversationId, turnId, now = new Date() }: { userId: string; conversationId: string; turnId: string; now?: Date }): Promise<void> {
  const { count } = await db.conversation.updateMany({
    where: { id: conversationId, userId, OR: [{ activeTurnId: null }, { activeTurnUntil: null }, { activeTurnUntil: { lt: now } }] },
    data: { activeTurnId: turnId, activeTurnUntil: new Date(now.getTime() + TURN_LEASE_MS) },
  });
  if (count === 0) throw new AppError("conflict:conversation", "A reply is still being written in this conversation. Please wait for it to finish.");
}

/** Gives the lease back (only if it is still ours); also marks the conversation as updated. */
export async function releaseTurnLease({ conversationId, turnId }: { conversationId: string; turnId: string }): Promise<void> {
  await db.conversation.updateMany({ where: { id: conversationId, activeTurnId: turnId }, data: { activeTurnId: null, activeTurnUntil: null } });
}
