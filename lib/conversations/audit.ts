/**
 * The audit trail of the agent: one AgentRun per turn, one ToolInvocation per tool call (most
 * are written with their effect, lib/conversations/tool-calls.ts). A turn starts its run with
 * one statement and ends with one (`finishTurn`): the reply, the run's outcome, the calls not
 * yet recorded and the conversation's lease, atomically — and only while the run is still
 * `running` (a turn that outlived its lease was closed as interrupted; its late reply is dropped).
 */
import "server-only";
import type { UIMessage } from "ai";
import { jsonParam, sql } from "@/lib/db";
import { MESSAGE_UPSERT, messageParams } from "@/lib/conversations/messages";

export type RunStatus = "running" | "completed" | "awaiting_confirmation" | "max_iterations_reached" | "error" | "aborted" | "interrupted";

/** What the agent decided in a turn (the seed contract's decision types). */
export type AgentDecision = "respond" | "invoke_tools" | "ask_clarification" | "request_confirmation";

export type ToolInvocationRecord = {
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: unknown;
  success: boolean;
  errorCode: string | null;
  durationMs: number;
  /** Already written (with its effect); `finishTurn` writes only the others. */
  persisted?: boolean;
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
  decision: AgentDecision;
  /** The tool names called, in order, comma-separated. */
  intent: string;
};

/** A turn's AgentRun as it starts (status running), under an id chosen by the caller. */
export type RunStart = { id: string; requestId: string; userId: string; conversationId: string; model: string; userMessage: string | null };

/** The AgentRun insert; `$${first}`… are `runParams`. Idempotent: a second write changes nothing. */
const runInsert = (first: number) => {
  const p = (i: number) => `$${first + i}`;
  return `INSERT INTO "AgentRun" ("id", "requestId", "userId", "conversationId", "model", "status", "userMessage", "createdAt")
     VALUES (${p(0)}::uuid, ${p(1)}, ${p(2)}::uuid, ${p(3)}::uuid, ${p(4)}, 'running', ${p(5)}, ${p(6)}::timestamp(3))
     ON CONFLICT ("id") DO NOTHING`;
};

const runParams = (data: RunStart, now: Date) => [
  data.id,
  data.requestId.slice(0, 128),
  data.userId,
  data.conversationId,
  data.model.slice(0, 128),
  data.userMessage?.slice(0, 4000) ?? null,
  now.toISOString(),
];

/**
 * Writes the turn's AgentRun (status running), so it can be written in the background.
 * Idempotent: writing it again (its first write failed, or its answer was lost) changes nothing.
 */
export async function startAgentRun(data: RunStart, now = new Date()): Promise<string> {
  await sql("run_start", runInsert(1), runParams(data, now));
  return data.id;
}

// $1–$6: the message (messageParams); $7–$13: the run (runParams).
const MESSAGE_AND_RUN = `WITH saved AS (${MESSAGE_UPSERT} RETURNING 1), run AS (${runInsert(7)} RETURNING 1) SELECT 1`;

/**
 * Saves the user's message and starts the turn's run in one statement (one round trip, one
 * transaction): `saveMessage` and `startAgentRun` together.
 */
export async function saveMessageAndStartRun({
  conversationId,
  message,
  run,
  now = new Date(),
}: {
  conversationId: string;
  message: UIMessage;
  run: RunStart;
  now?: Date;
}): Promise<void> {
  await sql("message_run_start", MESSAGE_AND_RUN, [...messageParams(conversationId, message, now), ...runParams(run, now)]);
}

/** Closes runs of any conversation left `running` for longer than `olderThanMs` whose conversation is not leased. */
export async function closeStaleRuns({ olderThanMs }: { olderThanMs: number }): Promise<number> {
  const rows = await sql<{ id: string }>(
    "runs_stale",
    `UPDATE "AgentRun" r SET "status" = 'interrupted', "errorCode" = 'interrupted', "finishedAt" = (now() AT TIME ZONE 'UTC')::timestamp(3)
     WHERE r."status" = 'running' AND r."createdAt" < (now() AT TIME ZONE 'UTC')::timestamp(3) - $1::int * interval '1 millisecond'
       AND NOT EXISTS (SELECT 1 FROM "Conversation" c WHERE c."id" = r."conversationId" AND c."activeTurnUntil" >= (now() AT TIME ZONE 'UTC')::timestamp(3))
     RETURNING r."id"`,
    [olderThanMs],
  );
  return rows.length;
}

// $1–$6: the message (id, conversation, role, parts, metadata, now). Saved only with the run.
const FINISH_TURN = `
  WITH run AS (
    UPDATE "AgentRun" SET "status" = $8::"AgentRunStatus", "finishReason" = $9, "steps" = $10, "inputTokens" = $11, "outputTokens" = $12,
      "totalTokens" = $13, "durationMs" = $14, "errorCode" = $15, "finishedAt" = $6::timestamp(3), "decision" = $18::"AgentDecision", "intent" = $19
    WHERE "id" = $7::uuid AND "status" = 'running'
    RETURNING "id"),
  saved AS (
    INSERT INTO "Message" ("id", "conversationId", "role", "parts", "metadata", "position", "createdAt", "updatedAt")
    SELECT $1, $2::uuid, $3::"MessageRole", $4::jsonb, $5::jsonb, COALESCE(MAX("position"), -1) + 1, $6::timestamp(3), $6::timestamp(3)
    FROM "Message" WHERE "conversationId" = $2::uuid
    HAVING EXISTS (SELECT 1 FROM run)
    ON CONFLICT ("id") DO UPDATE SET "parts" = EXCLUDED."parts", "metadata" = EXCLUDED."metadata", "updatedAt" = EXCLUDED."updatedAt"
    WHERE "Message"."conversationId" = EXCLUDED."conversationId"
    RETURNING 1),
  tools AS (
    INSERT INTO "ToolInvocation" ("id", "runId", "conversationId", "toolCallId", "toolName", "status", "input", "output", "success", "errorCode", "durationMs", "createdAt")
    SELECT gen_random_uuid(), run."id", $2::uuid, t."toolCallId", t."toolName", CASE WHEN t."success" THEN 'executed' ELSE 'failed' END::"ToolCallStatus",
      COALESCE(t."input", 'null'::jsonb), t."output", t."success", t."errorCode", t."durationMs", $6::timestamp(3)
    FROM run, jsonb_to_recordset($16::jsonb) AS t("toolCallId" varchar(128), "toolName" varchar(64), "input" jsonb, "output" jsonb, "success" boolean, "errorCode" varchar(64), "durationMs" int)
    ON CONFLICT ("runId", "toolCallId") DO NOTHING),
  lease AS (
    UPDATE "Conversation" SET "activeTurnId" = NULL, "activeTurnUntil" = NULL, "stopTurnId" = NULL, "updatedAt" = $6::timestamp(3)
    WHERE "id" = $2::uuid AND "activeTurnId" = $17)
  SELECT (SELECT count(*) FROM saved)::int AS "saved", (SELECT count(*) FROM run)::int AS "runs"`;

/**
 * Ends a turn in one statement (one transaction): saves the reply, records the run's outcome and
 * the tool calls not yet recorded, and gives the conversation's lease back. If it fails, nothing
 * of it is written (retrying is safe). `superseded`: the run was no longer running (closed as
 * interrupted by a later turn, or finished by an earlier attempt): nothing was written.
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
}): Promise<"saved" | "superseded"> {
  const calls = toolCalls
    .filter((call) => !call.persisted)
    .map((call) => ({
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
    run.decision,
    run.intent.slice(0, 500),
  ]);
  if (rows[0]?.runs === 0) return "superseded";
  if (rows[0]?.saved !== 1 || rows[0]?.runs !== 1)
    throw new Error(`turn not recorded (message saved: ${rows[0]?.saved}, run: ${rows[0]?.runs})`);
  return "saved";
}
