/**
 * The durable record of the agent's tool calls (ToolInvocation rows), the ground truth for
 * "did this already happen?":
 * - a call that waits for approval is written as `proposed` with the task ids it is bound to;
 * - the user's answer moves it to `approved`/`denied` once (a later, different answer loses);
 * - a call's effect and its `executed`/`failed` row commit in one transaction, so a retry, a
 *   crash or a failed final save finds the row and gets the stored output instead of a repeat.
 */
import "server-only";
import { createHash } from "node:crypto";
import { db, jsonParam, sql, type Prisma, type StatementParts } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";

export type ToolCallStatus = "proposed" | "approved" | "denied" | "executed" | "failed";
export type Tx = Prisma.TransactionClient;
export type BoundTasks = { tasks: { id: string; title: string }[] };

export type StoredToolCall = {
  id: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  status: ToolCallStatus;
  input: unknown;
  bound: BoundTasks | null;
  output: unknown;
  success: boolean;
  errorCode: string | null;
};

/** What running a call produced (the effect's result, as it is stored). */
export type CallResult = { output: unknown; success: boolean; errorCode: string | null; durationMs: number };

/** A transaction long enough for one tool's effect (Prisma's default is 5 s). */
const TX_OPTIONS = { timeout: 20_000, maxWait: 10_000 } as const;

const select = {
  id: true,
  runId: true,
  toolCallId: true,
  toolName: true,
  status: true,
  input: true,
  bound: true,
  output: true,
  success: true,
  errorCode: true,
} as const;

type Row = {
  id: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  status: ToolCallStatus;
  input: unknown;
  bound: unknown;
  output: unknown;
  success: boolean;
  errorCode: string | null;
};

function toStored(row: Row): StoredToolCall {
  const bound = row.bound as BoundTasks | null;
  return { ...row, bound: bound && Array.isArray(bound.tasks) ? bound : null };
}

const json = (value: unknown) => (value ?? null) as Prisma.InputJsonValue;

/** Writes a call that waits for the user's approval, bound to these tasks. */
export async function recordProposal(data: {
  runId: string;
  conversationId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
  bound: BoundTasks;
}): Promise<void> {
  try {
    await db.toolInvocation.create({
      data: {
        ...data,
        toolCallId: data.toolCallId.slice(0, 128),
        status: "proposed",
        input: json(data.input),
        bound: json(data.bound),
        success: false,
        durationMs: 0,
      },
      select: { id: true },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The latest record of this call in this conversation (a model may reuse ids across turns). */
export async function findToolCall({
  conversationId,
  toolCallId,
}: {
  conversationId: string;
  toolCallId: string;
}): Promise<StoredToolCall | null> {
  const row = await db.toolInvocation.findFirst({ where: { conversationId, toolCallId }, orderBy: { createdAt: "desc" }, select });
  return row ? toStored(row as Row) : null;
}

/**
 * Records the user's answer to a proposed call. Only the first answer counts: the call comes
 * back with the status it has afterwards (an earlier approval stays approved or executed).
 */
export async function decideToolCall({ id, approved }: { id: string; approved: boolean }): Promise<StoredToolCall | null> {
  await db.toolInvocation.updateMany({
    where: { id, status: "proposed" },
    data: { status: approved ? "approved" : "denied", decidedAt: new Date() },
  });
  const row = await db.toolInvocation.findUnique({ where: { id }, select });
  return row ? toStored(row as Row) : null;
}

/**
 * Proposals the user moved on from are denied, so nothing will run them — also one approved
 * whose run was cut short (a crash) and never happened.
 */
export async function denyProposals({ conversationId, toolCallIds }: { conversationId: string; toolCallIds: string[] }): Promise<void> {
  if (!toolCallIds.length) return;
  await db.toolInvocation.updateMany({
    where: { conversationId, toolCallId: { in: toolCallIds }, status: { in: ["proposed", "approved"] } },
    data: { status: "denied", decidedAt: new Date() },
  });
}

function resultData(result: CallResult) {
  return {
    status: result.success ? ("executed" as const) : ("failed" as const),
    output: json(result.output),
    success: result.success,
    errorCode: result.errorCode?.slice(0, 64) ?? null,
    durationMs: Math.round(result.durationMs),
  };
}

/**
 * Runs a new call's effect and records it in one transaction (the effect gets `tx`). A call
 * already recorded for this run (a replay) rolls the effect back and returns the stored result.
 */
export async function runRecorded(
  key: { runId: string; conversationId: string; toolCallId: string; toolName: string; input: unknown },
  effect: (tx: Tx) => Promise<CallResult>,
): Promise<CallResult & { replayed: boolean }> {
  try {
    return await db.$transaction(async (tx) => {
      const result = await effect(tx);
      await tx.toolInvocation.create({
        data: {
          runId: key.runId,
          conversationId: key.conversationId,
          toolCallId: key.toolCallId.slice(0, 128),
          toolName: key.toolName.slice(0, 64),
          input: json(key.input),
          ...resultData(result),
        },
        select: { id: true },
      });
      return { ...result, replayed: false };
    }, TX_OPTIONS);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await storedResult(key);
    if (!stored) throw error;
    return stored;
  }
}

/** A prepared statement's name for each text (a name must always mean the same text). */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `tool_recorded_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`));
  return name;
}

/** A replay: the call's stored result (its first run committed; this one must not repeat it). */
async function storedResult(key: { runId: string; toolCallId: string }): Promise<(CallResult & { replayed: boolean }) | null> {
  const row = await db.toolInvocation.findUnique({
    where: { runId_toolCallId: { runId: key.runId, toolCallId: key.toolCallId.slice(0, 128) } },
    select,
  });
  return row ? { output: row.output, success: row.success, errorCode: row.errorCode, durationMs: 0, replayed: true } : null;
}

/**
 * `runRecorded` for an effect that is one statement's writes (`parts`, whose result is known
 * before it runs): the effect and the call's ToolInvocation row are one statement — one round
 * trip, atomic without BEGIN/COMMIT. A call already recorded for this run fails the whole
 * statement (nothing of it is written) and returns the stored result. Null when the effect did
 * not happen (its `done` is empty): nothing was written, the caller runs it the ordinary way.
 */
export async function runRecordedStatement(
  key: { runId: string; conversationId: string; toolCallId: string; toolName: string; input: unknown },
  parts: StatementParts,
  result: CallResult,
  now = new Date(),
): Promise<(CallResult & { replayed: boolean }) | null> {
  const p = (i: number) => `$${parts.values.length + i}`;
  const text = `WITH ${parts.ctes.join(",\n")},
    recorded AS (
      INSERT INTO "ToolInvocation" ("id", "runId", "conversationId", "toolCallId", "toolName", "status", "input", "output", "success", "errorCode", "durationMs", "createdAt")
      SELECT gen_random_uuid(), ${p(1)}::uuid, ${p(2)}::uuid, ${p(3)}, ${p(4)}, ${p(5)}::"ToolCallStatus", ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}::timestamp(3)
      WHERE EXISTS (SELECT 1 FROM ${parts.done})
      RETURNING 1)
    SELECT count(*)::int AS "recorded" FROM recorded`;
  const data = resultData(result);
  try {
    const rows = await sql<{ recorded: number }>(statementName(text), text, [
      ...parts.values,
      key.runId,
      key.conversationId,
      key.toolCallId.slice(0, 128),
      key.toolName.slice(0, 64),
      data.status,
      jsonParam(key.input ?? null),
      jsonParam(result.output ?? null),
      data.success,
      data.errorCode,
      data.durationMs,
      now.toISOString(),
    ]);
    return rows[0]?.recorded === 1 ? { ...result, replayed: false } : null;
  } catch (error) {
    if ((error as { code?: unknown }).code !== "23505") throw error;
    const stored = await storedResult(key);
    if (!stored) throw error;
    return stored;
  }
}

/**
 * Runs an approved call once: locks its row, and runs the effect only while it is `approved`;
 * an executed (or failed) call returns its stored result, a denied one `null`.
 */
export async function runApproved(
  id: string,
  effect: (tx: Tx) => Promise<CallResult>,
): Promise<(CallResult & { replayed: boolean }) | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: ToolCallStatus; output: unknown; success: boolean; errorCode: string | null }[]>`
      SELECT "status", "output", "success", "errorCode" FROM "ToolInvocation" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const row = rows[0];
    if (!row) return null;
    if (row.status === "executed" || row.status === "failed")
      return { output: row.output, success: row.success, errorCode: row.errorCode, durationMs: 0, replayed: true };
    if (row.status !== "approved") return null;
    const result = await effect(tx);
    await tx.toolInvocation.update({ where: { id }, data: resultData(result), select: { id: true } });
    return { ...result, replayed: false };
  }, TX_OPTIONS);
}
