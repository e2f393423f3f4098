/**
 * One turn at a time per conversation: a turn takes the conversation's lease with a single
 * conditional statement (atomic in Postgres), so a concurrent turn gets a clean 409. The lease
 * expires on its own if a process dies mid-turn. Raw statements: every chat turn runs them.
 */
import "server-only";
import { sql } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TURN_LEASE_MS } from "@/lib/limits";

const BUSY_MESSAGE = "A reply is still being written in this conversation. Please wait for it to finish.";

/** The lease is free: never taken, given back, or expired (`now` is a parameter placeholder). */
const leaseFree = (now: string) => `("Conversation"."activeTurnId" IS NULL OR "Conversation"."activeTurnUntil" IS NULL OR "Conversation"."activeTurnUntil" < ${now}::timestamp(3))`;

/** Creates the user's conversation or takes its lease. $1 id, $2 user, $3 title, $4 turn, $5 now, $6 until. */
const CREATE_OR_LEASE = `
  INSERT INTO "Conversation" ("id", "userId", "title", "activeTurnId", "activeTurnUntil", "createdAt", "updatedAt")
  VALUES ($1::uuid, $2::uuid, $3, $4, $6::timestamp(3), $5::timestamp(3), $5::timestamp(3))
  ON CONFLICT ("id") DO UPDATE
    SET "activeTurnId" = EXCLUDED."activeTurnId", "activeTurnUntil" = EXCLUDED."activeTurnUntil", "updatedAt" = EXCLUDED."updatedAt"
    WHERE "Conversation"."userId" = EXCLUDED."userId" AND ${leaseFree("$5")}
  RETURNING (xmax = 0) AS "created"`;

/** Takes the lease of the user's existing conversation. $1 id, $2 user, $3 turn, $4 now, $5 until. */
const LEASE = `
  UPDATE "Conversation" SET "activeTurnId" = $3, "activeTurnUntil" = $5::timestamp(3)
  WHERE "id" = $1::uuid AND "userId" = $2::uuid AND ${leaseFree("$4")}
  RETURNING false AS "created"`;

/** Gives the lease back (only if it is still this turn's). $1 conversation, $2 turn, $3 now. */
export const RELEASE_LEASE = `
  UPDATE "Conversation" SET "activeTurnId" = NULL, "activeTurnUntil" = NULL, "updatedAt" = $3::timestamp(3)
  WHERE "id" = $1::uuid AND "activeTurnId" = $2`;

/** Gives the lease back (only if it is still ours); also marks the conversation as updated. */
export async function releaseTurnLease({ conversationId, turnId, now = new Date() }: { conversationId: string; turnId: string; now?: Date }): Promise<void> {
  await sql("lease_release", RELEASE_LEASE, [conversationId, turnId, now.toISOString()]);
}

/**
 * Opens a turn with one statement in the common case: takes the lease of the user's
 * conversation, creating the conversation (with `title`) first when `create` and the id is new.
 * Only a refusal costs a second query, to tell the two apart: an id that belongs to someone
 * else → 404 (never hijacked), a turn already running → 409.
 */
export async function beginTurn({ userId, conversationId, turnId, title, create, now = new Date() }: { userId: string; conversationId: string; turnId: string; title: string; create: boolean; now?: Date }): Promise<{ created: boolean }> {
  const until = new Date(now.getTime() + TURN_LEASE_MS);
  const [at, expires] = [now.toISOString(), until.toISOString()];
  const rows = create
    ? await sql<{ created: boolean }>("lease_create", CREATE_OR_LEASE, [conversationId, userId, title, turnId, at, expires])
    : await sql<{ created: boolean }>("lease_take", LEASE, [conversationId, userId, turnId, at, expires]);
  if (rows[0]) return { created: rows[0].created === true };
  const owner = await sql<{ userId: string }>("conversation_owner", `SELECT "userId" FROM "Conversation" WHERE "id" = $1::uuid`, [conversationId]);
  if (owner[0]?.userId !== userId) throw new AppError("not_found:conversation");
  throw new AppError("conflict:conversation", BUSY_MESSAGE);
}
