/**
 * Turns that died before they finished (their worker was killed, or they lost their lease):
 * their runs are closed as `interrupted`, and the conversation gets a reply that says so and
 * shows what their tools did, so every user message ends with an answer or a visible mark and
 * the model's history matches the tasks. One implementation for both callers:
 * - the next turn of the conversation (lib/agent/turn.ts), which holds the lease, through `sql`;
 * - the supervisor, the moment a worker dies (scripts/db/orphaned-turns.ts), in a transaction
 *   that holds the conversation's row while it is still leased to the dead turn.
 * No server-only import: the supervisor's bundle includes this module.
 */
import { randomUUID } from "node:crypto";
import { jsonParam } from "@/lib/db/json-param";

/** `sql` of lib/db, or a pg client's query wrapped to the same shape. */
export type Query = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/** The reply a turn never finished, after what its tools did. */
export const INTERRUPTED_TEXT = "This reply was interrupted before it finished. What is shown above did happen.";
/** The reply to a message whose turn died before it did anything (not even record its run). */
export const INTERRUPTED_EARLY_TEXT = "This reply was interrupted before anything was done. Please send your message again.";

export type InterruptedRun = { id: string; requestId: string };

const CLOSE_RUNS = `
  WITH closed AS (
    UPDATE "AgentRun" SET "status" = 'interrupted', "errorCode" = 'interrupted', "finishedAt" = (now() AT TIME ZONE 'UTC')::timestamp(3)
    WHERE "conversationId" = $1::uuid AND "status" = 'running'
    RETURNING "id", "requestId", "createdAt")
  SELECT (SELECT coalesce(json_agg(json_build_object('id', "id", 'requestId', "requestId") ORDER BY "createdAt"), '[]'::json) FROM closed) AS "runs",
         (SELECT "role"::text FROM "Message" WHERE "conversationId" = $1::uuid ORDER BY "position" DESC LIMIT 1) AS "lastRole"`;

const CALLS_OF_RUN = `
  SELECT "toolCallId", "toolName", "input", "output" FROM "ToolInvocation"
  WHERE "runId" = $1::uuid AND "status" IN ('executed', 'failed') ORDER BY "createdAt" ASC`;

const APPEND_REPLY = `
  INSERT INTO "Message" ("id", "conversationId", "role", "parts", "metadata", "position", "createdAt", "updatedAt")
  SELECT $1, $2::uuid, 'assistant', $3::jsonb, $4::jsonb, COALESCE(MAX("position"), -1) + 1, (now() AT TIME ZONE 'UTC')::timestamp(3), (now() AT TIME ZONE 'UTC')::timestamp(3)
  FROM "Message" WHERE "conversationId" = $2::uuid`;

type Call = { toolCallId: string; toolName: string; input: unknown; output: unknown };

/**
 * Closes the conversation's runs still `running` and answers for them; also answers a last user
 * message whose turn died before its run was recorded. The caller makes sure no turn of this
 * conversation is alive (it holds the lease, or the row of a lease held by a dead turn).
 * Returns the runs it closed and how many replies it added. Usually one round trip.
 */
export async function answerInterruptedTurns(query: Query, conversationId: string): Promise<{ runs: InterruptedRun[]; replies: number }> {
  const [state] = await query<{ runs: InterruptedRun[]; lastRole: string | null }>("turns_interrupted", CLOSE_RUNS, [conversationId]);
  const runs = state?.runs ?? [];
  return { runs, replies: await answerClosedRuns(query, conversationId, runs, state?.lastRole ?? null) };
}

/**
 * Answers runs already closed as interrupted (a turn's `beginTurn` closes them with its lease),
 * and a last user message (`lastRole`) whose turn died before its run was recorded. No query at
 * all when there is nothing to answer. Returns how many replies it added.
 */
export async function answerClosedRuns(
  query: Query,
  conversationId: string,
  runs: InterruptedRun[],
  lastRoleBefore: string | null,
): Promise<number> {
  let lastRole = lastRoleBefore;
  let replies = 0;
  const reply = async (parts: unknown[], requestId: string | null) => {
    const metadata = requestId ? { interrupted: true, requestId } : { interrupted: true };
    await query("reply_interrupted", APPEND_REPLY, [randomUUID(), conversationId, jsonParam(parts), jsonParam(metadata)]);
    lastRole = "assistant";
    replies++;
  };
  for (const run of runs) {
    const calls = await query<Call>("calls_of_run", CALLS_OF_RUN, [run.id]);
    if (!calls.length && lastRole !== "user") continue;
    const tools = calls.map((c) => ({
      type: `tool-${c.toolName}`,
      toolCallId: c.toolCallId,
      state: "output-available",
      input: c.input,
      output: c.output,
    }));
    await reply(
      [{ type: "step-start" }, ...tools, { type: "text", text: calls.length ? INTERRUPTED_TEXT : INTERRUPTED_EARLY_TEXT, state: "done" }],
      run.requestId,
    );
  }
  if (lastRole === "user") await reply([{ type: "step-start" }, { type: "text", text: INTERRUPTED_EARLY_TEXT, state: "done" }], null);
  return replies;
}
