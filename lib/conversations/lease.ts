/**
 * One turn at a time per conversation: a turn takes the conversation's lease with a single
 * conditional statement (atomic in Postgres), so a concurrent turn gets a clean 409. The lease
 * is short (TURN_LEASE_MS) and renewed while the turn runs (`renewTurnLease`), so a turn whose
 * process died stops holding the conversation within seconds. Expiry is always compared with
 * the database's clock, never a server's. Raw statements: every chat turn runs them.
 */
import "server-only";
import { sql } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TURN_LEASE_MS } from "@/lib/limits";
import type { InterruptedRun } from "@/lib/conversations/interrupted";

const BUSY_MESSAGE = "A reply is still being written in this conversation. Please wait for it to finish.";

/** The database's clock as Prisma stores timestamps (UTC, without a zone). */
const DB_NOW = `(now() AT TIME ZONE 'UTC')::timestamp(3)`;
/** The lease's end: the database's clock plus `ms` (a parameter placeholder). */
const until = (ms: string) => `(${DB_NOW} + ${ms}::int * interval '1 millisecond')`;

/** The lease is free: never taken, given back, or expired by the database's clock. */
const LEASE_FREE = `("Conversation"."activeTurnId" IS NULL OR "Conversation"."activeTurnUntil" IS NULL OR "Conversation"."activeTurnUntil" < ${DB_NOW})`;

/**
 * Wraps a lease statement (its RETURNING "created") so that, when it took the lease, the same
 * statement closes the conversation's runs left `running` by turns that died (now safe: this turn
 * holds the conversation) and returns them. Their rows are locked and re-checked by the update, so
 * a run that a finishing turn closed meanwhile stays as it finished.
 */
const closingRuns = (lease: string) => `
  WITH lease AS (${lease}),
  closed AS (
    UPDATE "AgentRun" SET "status" = 'interrupted', "errorCode" = 'interrupted', "finishedAt" = ${DB_NOW}
    WHERE "conversationId" = $1::uuid AND "status" = 'running' AND EXISTS (SELECT 1 FROM lease)
    RETURNING "id", "requestId", "createdAt")
  SELECT "created", (SELECT coalesce(json_agg(json_build_object('id', "id", 'requestId', "requestId") ORDER BY "createdAt"), '[]'::json) FROM closed) AS "interrupted"
  FROM lease`;

/** Creates the user's conversation or takes its lease. $1 id, $2 user, $3 title, $4 turn, $5 now, $6 lease ms. */
const CREATE_OR_LEASE = closingRuns(`
  INSERT INTO "Conversation" ("id", "userId", "title", "activeTurnId", "activeTurnUntil", "createdAt", "updatedAt")
  VALUES ($1::uuid, $2::uuid, $3, $4, ${until("$6")}, $5::timestamp(3), $5::timestamp(3))
  ON CONFLICT ("id") DO UPDATE
    SET "activeTurnId" = EXCLUDED."activeTurnId", "activeTurnUntil" = EXCLUDED."activeTurnUntil", "updatedAt" = EXCLUDED."updatedAt", "stopTurnId" = NULL
    WHERE "Conversation"."userId" = EXCLUDED."userId" AND ${LEASE_FREE}
  RETURNING (xmax = 0) AS "created"`);

/** Takes the lease of the user's existing conversation. $1 id, $2 user, $3 turn, $4 lease ms. */
const LEASE = closingRuns(`
  UPDATE "Conversation" SET "activeTurnId" = $3, "activeTurnUntil" = ${until("$4")}, "stopTurnId" = NULL
  WHERE "id" = $1::uuid AND "userId" = $2::uuid AND ${LEASE_FREE}
  RETURNING false AS "created"`);

/** Extends the lease if this turn still holds it; says whether a Stop was asked for. $1 conversation, $2 turn, $3 lease ms. */
const RENEW = `
  UPDATE "Conversation" SET "activeTurnUntil" = ${until("$3")}
  WHERE "id" = $1::uuid AND "activeTurnId" = $2
  RETURNING ("stopTurnId" IS NOT DISTINCT FROM $2) AS "stop"`;

/** Asks the turn running in the user's conversation to stop. $1 conversation, $2 user. */
const REQUEST_STOP = `
  UPDATE "Conversation" SET "stopTurnId" = "activeTurnId"
  WHERE "id" = $1::uuid AND "userId" = $2::uuid AND "activeTurnId" IS NOT NULL AND "activeTurnUntil" >= ${DB_NOW}
  RETURNING "activeTurnId"`;

/** How often a running turn renews its lease (a third of its length). */
export const LEASE_RENEW_MS = Math.floor(TURN_LEASE_MS / 3);

/**
 * Extends this turn's lease. `held: false` means another turn has taken the conversation (this
 * one outlived its lease): it must stop. `stop: true` means the user pressed Stop.
 */
export async function renewTurnLease({
  conversationId,
  turnId,
}: {
  conversationId: string;
  turnId: string;
}): Promise<{ held: boolean; stop: boolean }> {
  const rows = await sql<{ stop: boolean }>("lease_renew", RENEW, [conversationId, turnId, TURN_LEASE_MS]);
  return { held: rows.length > 0, stop: rows[0]?.stop === true };
}

/** Marks the running turn of the user's conversation as to be stopped; its id, or null when none runs. */
export async function requestTurnStop({ userId, conversationId }: { userId: string; conversationId: string }): Promise<string | null> {
  const rows = await sql<{ activeTurnId: string }>("lease_stop", REQUEST_STOP, [conversationId, userId]);
  return rows[0]?.activeTurnId ?? null;
}

/** Gives the lease back (only if it is still this turn's). $1 conversation, $2 turn, $3 now. */
export const RELEASE_LEASE = `
  UPDATE "Conversation" SET "activeTurnId" = NULL, "activeTurnUntil" = NULL, "updatedAt" = $3::timestamp(3)
  WHERE "id" = $1::uuid AND "activeTurnId" = $2`;

/** Gives the lease back (only if it is still ours); also marks the conversation as updated. */
export async function releaseTurnLease({
  conversationId,
  turnId,
  now = new Date(),
}: {
  conversationId: string;
  turnId: string;
  now?: Date;
}): Promise<void> {
  await sql("lease_release", RELEASE_LEASE, [conversationId, turnId, now.toISOString()]);
}

/**
 * Opens a turn with one statement in the common case: takes the lease of the user's
 * conversation, creating the conversation (with `title`) first when `create` and the id is new,
 * and closes the runs of turns that died in it as `interrupted` (`interrupted`: those runs; the
 * caller answers them, lib/conversations/interrupted.ts). Only a refusal costs a second query,
 * to tell the two apart: an id that belongs to someone else → 404 (never hijacked), a turn
 * already running → 409.
 */
export async function beginTurn({
  userId,
  conversationId,
  turnId,
  title,
  create,
  now = new Date(),
}: {
  userId: string;
  conversationId: string;
  turnId: string;
  title: string;
  create: boolean;
  now?: Date;
}): Promise<{ created: boolean; interrupted: InterruptedRun[] }> {
  const rows = create
    ? await sql<{ created: boolean; interrupted: InterruptedRun[] }>("lease_create", CREATE_OR_LEASE, [
        conversationId,
        userId,
        title,
        turnId,
        now.toISOString(),
        TURN_LEASE_MS,
      ])
    : await sql<{ created: boolean; interrupted: InterruptedRun[] }>("lease_take", LEASE, [conversationId, userId, turnId, TURN_LEASE_MS]);
  if (rows[0]) return { created: rows[0].created === true, interrupted: rows[0].interrupted ?? [] };
  const owner = await sql<{ userId: string }>("conversation_owner", `SELECT "userId" FROM "Conversation" WHERE "id" = $1::uuid`, [
    conversationId,
  ]);
  if (owner[0]?.userId !== userId) throw new AppError("not_found:conversation");
  throw new AppError("conflict:conversation", BUSY_MESSAGE);
}

/** One running turn of this process, for the batched statements below. */
export type RunningTurn = { conversationId: string; turnId: string };
export type TurnState = RunningTurn & { held: boolean; stop: boolean };

/** $1 conversation ids, $2 their turn ids (same order). */
const TURNS = `unnest($1::uuid[], $2::text[]) AS t("id", "turn")`;

/** Extends the leases these turns still hold; for each, whether a Stop was asked for. $3 lease ms. */
const RENEW_MANY = `
  UPDATE "Conversation" c SET "activeTurnUntil" = ${until("$3")}
  FROM ${TURNS}
  WHERE c."id" = t."id" AND c."activeTurnId" = t."turn"
  RETURNING t."turn" AS "turnId", (c."stopTurnId" IS NOT DISTINCT FROM t."turn") AS "stop"`;

/** For each turn: does it still hold its conversation, and was a Stop asked for? */
const CHECK_MANY = `
  SELECT t."turn" AS "turnId", (c."activeTurnId" IS NOT DISTINCT FROM t."turn") AS "held", (c."stopTurnId" IS NOT DISTINCT FROM t."turn") AS "stop"
  FROM ${TURNS} LEFT JOIN "Conversation" c ON c."id" = t."id"`;

const args = (turns: RunningTurn[]) => [turns.map((t) => t.conversationId), turns.map((t) => t.turnId)];

/** `renewTurnLease` for many turns in one statement (a process's running turns). */
export async function renewTurnLeases(turns: RunningTurn[]): Promise<TurnState[]> {
  if (!turns.length) return [];
  const rows = await sql<{ turnId: string; stop: boolean }>("lease_renew_many", RENEW_MANY, [...args(turns), TURN_LEASE_MS]);
  const renewed = new Map(rows.map((r) => [r.turnId, r.stop === true]));
  return turns.map((t) => ({
    conversationId: t.conversationId,
    turnId: t.turnId,
    held: renewed.has(t.turnId),
    stop: renewed.get(t.turnId) === true,
  }));
}

/** Whether each turn still holds its conversation and whether a Stop was asked for, in one statement. */
export async function checkTurns(turns: RunningTurn[]): Promise<TurnState[]> {
  if (!turns.length) return [];
  const rows = await sql<{ turnId: string; held: boolean; stop: boolean }>("lease_check_many", CHECK_MANY, args(turns));
  const byTurn = new Map(rows.map((r) => [r.turnId, r]));
  return turns.map((t) => ({
    conversationId: t.conversationId,
    turnId: t.turnId,
    held: byTurn.get(t.turnId)?.held === true,
    stop: byTurn.get(t.turnId)?.stop === true,
  }));
}
