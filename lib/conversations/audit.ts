/**
 * The audit trail of the agent: one AgentRun per turn, one ToolInvocation per tool call. A turn
 * starts its run with one statement and ends with one (`finishTurn`): the reply, the run's
 * outcome, its tool calls and the conversation's lease, atomically.
 */
import "server-only";
import type { UIMessage } from "ai";
import { jsonParam, sql } from "@/lib/db";
import { MESSAGE_UPSERT, messageParams } from "@/lib/conversations/messages";

export type RunStatus = "running" | "completed" | "awaiting_confirmation" | "max_iterations_reached" | "error" | "aborted";

export type ToolInvocationRecord = {
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: unknown;
  success: boolean;
  errorCode: string | null;
  durationMs: number;
};

export type RunOutcome = {
  status: RunStatus;
  finishReason: string | null;
  steps: number;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  durationMs: number;
  errorCode: string | null;
};

/** Writes the turn's AgentRun (status running) under an id chosen by the caller, so it can be written in the background. */
export async function startAgentRun(data: { id: string; requestId: string; userId: string; conversationId: string; model: string }, now = new Date()): Promise<string> {
  await sql(
    "run_start",
    `INSERT INTO "AgentRun" ("id", "requestId", "userId", "conversationId", "model", "status", "createdAt")
     VALUES ($1::uuid, $2, $3::uuid, $4::uuid, $5, 'running', $6::timestamp(3))`,
    [data.id, data.requestId.slice(0, 128), data.userId, data.conversationId, data.model.slice(0, 128), now.toISOString()],
  );
  return data.id;
}

// $1–$6: MESSAGE_UPSERT's (message id, conversation, role, parts, metadata, now).
const FINISH_TURN = `
  WITH saved AS (${MESSAGE_UPSERT} RETURNING 1),
  run AS (
    UPDATE "AgentRun" SET "status" = $8::"AgentRunStatus", "finishReason" = $9, "steps" = $10, "inputTokens" = $11, "outputTokens" = $12,
      "totalTokens" = $13, "durationMs" = $14, "errorCode" = $15, "finishedAt" = $6::timestamp(3)
    WHERE "id" = $7::uuid
    RETURNING "id"),
  tools AS (
    INSERT INTO "ToolInvocation" ("id", "runId", "toolCallId", "toolName", "input", "output", "success", "errorCode", "durationMs", "createdAt")
    SELECT gen_random_uuid(), run."id", t."toolCallId", t."toolName", COALESCE(t."input", 'null'::jsonb), t."output", t."success", t."errorCode", t."durationMs", $6::timestamp(3)
    FROM run, jsonb_to_recordset($16::jsonb) AS t("toolCallId" varchar(128), "toolName" varchar(64), "input" jsonb, "output" jsonb, "success" boolean, "errorCode" varchar(64), "durationMs" int)),
  lease AS (
    UPDATE "Conversation" SET "activeTurnId" = NULL, "activeTurnUntil" = NULL, "updatedAt" = $6::timestamp(3)
    WHERE "id" = $2::uuid AND "activeTurnId" = $17)
  SELECT (SELECT count(*) FROM saved)::int AS "saved", (SELECT count(*) FROM run)::int AS "runs"`;

/**
 * Ends a turn in one statement (one transaction): saves the reply, records the run's outcome and
 * its tool calls, and gives the conversation's lease back. If it fails, nothing of it is written
 * and the caller still has to release the lease.
 */
export async function finishTurn({
  conversationId,
  turnId,
  message,
  runId,
  run,
  toolCalls,
  now = new Date(),
}: {
  conversationId: string;
  turnId: string;
  message: UIMessage;
  runId: string;
  run: RunOutcome;
  toolCalls: ToolInvocationRecord[];
  now?: Date;
}): Promise<void> {
  const calls = toolCalls.map((call) => ({
    toolCallId: call.toolCallId.slice(0, 128),
    toolName: call.toolName.slice(0, 64),
    input: call.input ?? null,
    output: call.output ?? null,
    success: call.success,
    errorCode: call.errorCode?.slice(0, 64) ?? null,
    durationMs: Math.round(call.durationMs),
  }));
  const rows = await sql<{ saved: number; runs: number }>("turn_finish", FINISH_TURN, [
    ...messageParams(conversationId, message, now),
    runId,
    run.status,
    run.finishReason?.slice(0, 64) ?? null,
    run.steps,
    run.inputTokens ?? null,
    run.outputTokens ?? null,
    run.totalTokens ?? null,
    Math.round(run.durationMs),
    run.errorCode?.slice(0, 64) ?? null,
    jsonParam(calls),
    turnId,
  ]);
  if (rows[0]?.saved !== 1 || rows[0]?.runs !== 1) throw new Error(`turn not recorded (message saved: ${rows[0]?.saved}, run: ${rows[0]?.runs})`);
}
