/**
 * What must be true in the database after a scenario, whatever the responses said: read with
 * plain SQL from the suite's own connection, for the scenario's users only.
 *
 * - no AgentRun left `running` (a turn ends completed/error/… or is marked interrupted);
 * - every user message is answered by an assistant message, or its turn is visibly marked
 *   interrupted (a run with status `interrupted`, or the word in the message's parts/metadata);
 * - no effect twice: the suite never uses a title twice, so no user has two tasks with one title;
 * - tool calls vs. task changes: in every conversation, the agent's task changes recorded in
 *   the TaskActivity log equal the successful task tool calls recorded for it (an effect without
 *   its tool call, or a recorded call without its effect, is a half-saved turn);
 * - what clients were told: every task a client saw created exists (or was deleted by the
 *   client's own approved delete), every answered turn has its run and both its messages.
 */
import type pg from "pg";
import type { Op } from "./load";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const MUTATING = ["add_task", "update_task", "complete_task", "delete_task"];

export async function databaseInvariants(
  admin: pg.Pool,
  userIds: string[],
  ops: Op[],
): Promise<{ checks: Check[]; figures: Record<string, number> }> {
  const checks: Check[] = [];
  const figures: Record<string, number> = {};
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const running = await admin.query<{ n: string }>(
    `SELECT count(*) AS n FROM "AgentRun" WHERE "userId" = ANY($1::uuid[]) AND status::text = 'running'`,
    [userIds],
  );
  figures.runsLeftRunning = Number(running.rows[0]!.n);
  check("no agent run left running", figures.runsLeftRunning === 0, `${figures.runsLeftRunning} runs still 'running'`);

  // Messages per turn: a user message must be followed by an assistant message, or be marked.
  const rows = await admin.query<{ conversationId: string; roles: string[]; marks: boolean[] }>(
    `SELECT m."conversationId", array_agg(m.role::text ORDER BY m.position) AS roles,
            array_agg((m.parts::text ILIKE '%interrupted%' OR coalesce(m.metadata::text, '') ILIKE '%interrupted%') ORDER BY m.position) AS marks
     FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
     WHERE c."userId" = ANY($1::uuid[]) GROUP BY m."conversationId"`,
    [userIds],
  );
  const interrupted = await admin.query<{ conversationId: string; n: string }>(
    `SELECT "conversationId", count(*) AS n FROM "AgentRun" WHERE "userId" = ANY($1::uuid[]) AND status::text = 'interrupted' GROUP BY "conversationId"`,
    [userIds],
  );
  const interruptedRuns = new Map(interrupted.rows.map((r) => [r.conversationId, Number(r.n)]));
  let unanswered = 0;
  let marked = 0;
  let userMessages = 0;
  for (const row of rows.rows) {
    let open = 0;
    row.roles.forEach((role, i) => {
      if (role !== "user") return;
      userMessages++;
      // Answered by the next message: a reply, or a reply that says the turn was interrupted.
      if (row.roles[i + 1] === "assistant") {
        if (row.marks[i + 1]) marked++;
        return;
      }
      if (row.marks[i]) marked++;
      else open++;
    });
    const excused = Math.min(open, interruptedRuns.get(row.conversationId) ?? 0);
    marked += excused;
    unanswered += open - excused;
  }
  figures.userMessages = userMessages;
  figures.unansweredMessages = unanswered;
  figures.interruptedMarked = marked;
  check(
    "every user message answered or marked interrupted",
    unanswered === 0,
    `${unanswered} of ${userMessages} user messages have no reply and no interruption mark (${marked} marked interrupted)`,
  );

  const dupes = await admin.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM "Task" WHERE "userId" = ANY($1::uuid[]) GROUP BY "userId", lower(title) HAVING count(*) > 1) d`,
    [userIds],
  );
  figures.duplicateTasks = Number(dupes.rows[0]!.n);
  check("no effect twice (no duplicate task)", figures.duplicateTasks === 0, `${figures.duplicateTasks} titles exist more than once`);

  // Tool calls vs. the activity log, per conversation: an approved call is recorded with the run
  // that proposed it, its change with the request id of the turn that approved it.
  const mismatch = await admin.query<{ conversationId: string | null; calls: string; changes: string }>(
    `WITH runs AS (SELECT DISTINCT "requestId", "conversationId" FROM "AgentRun" WHERE "userId" = ANY($1::uuid[])),
     calls AS (
       SELECT r."conversationId", count(*) AS n FROM "ToolInvocation" t JOIN "AgentRun" r ON r.id = t."runId"
       WHERE r."userId" = ANY($1::uuid[]) AND t.success AND t."toolName" = ANY($2::text[]) GROUP BY r."conversationId"),
     changes AS (
       SELECT runs."conversationId", count(*) AS n FROM "TaskActivity" a LEFT JOIN runs ON runs."requestId" = a."requestId"
       WHERE a."userId" = ANY($1::uuid[]) AND a.actor = 'agent' GROUP BY runs."conversationId")
     SELECT coalesce(calls."conversationId", changes."conversationId") AS "conversationId", coalesce(calls.n, 0) AS calls, coalesce(changes.n, 0) AS changes
     FROM calls FULL JOIN changes ON calls."conversationId" = changes."conversationId"
     WHERE coalesce(calls.n, 0) <> coalesce(changes.n, 0)`,
    [userIds, MUTATING],
  );
  const effectsWithoutCall = mismatch.rows.filter((r) => Number(r.changes) > Number(r.calls)).length;
  const callsWithoutEffect = mismatch.rows.filter((r) => Number(r.changes) < Number(r.calls)).length;
  figures.effectsWithoutToolCall = effectsWithoutCall;
  figures.toolCallsWithoutEffect = callsWithoutEffect;
  check(
    "agent task changes = recorded tool calls",
    mismatch.rows.length === 0,
    `${effectsWithoutCall} conversations have task changes without a recorded tool call, ${callsWithoutEffect} recorded calls without their change`,
  );

  // What clients were told.
  const told = ops.flatMap((op) => op.confirmed.tasks);
  const deleted = ops.flatMap((op) => op.confirmed.deleted);
  const existing = await admin.query<{ id: string }>(`SELECT id FROM "Task" WHERE id = ANY($1::uuid[])`, [[...told, ...deleted]]);
  const present = new Set(existing.rows.map((r) => r.id));
  // A task created and later removed by the same user's approved delete is not lost; nor is
  // one whose deletion is in the activity log (an approval whose answer the kill cut off).
  const missing = told.filter((id) => !present.has(id) && !deleted.includes(id));
  const recordedDeletes = await admin.query<{ taskId: string }>(
    `SELECT DISTINCT "taskId" FROM "TaskActivity" WHERE "taskId" = ANY($1::uuid[]) AND action = 'deleted'`,
    [missing],
  );
  const explained = new Set(recordedDeletes.rows.map((r) => r.taskId));
  const lostTasks = missing.filter((id) => !explained.has(id)).length;
  const undeleted = deleted.filter((id) => present.has(id)).length;
  figures.tasksConfirmed = told.length;
  figures.lostTasks = lostTasks;
  check("every task a client saw created exists", lostTasks === 0, `${lostTasks} of ${told.length} confirmed tasks are missing`);
  check("every approved delete happened", undeleted === 0, `${undeleted} of ${deleted.length} approved deletes left the task`);

  const turns = ops.flatMap((op) => op.confirmed.turns);
  const turnRows = await admin.query<{ requestId: string; status: string }>(
    `SELECT "requestId", status::text AS status FROM "AgentRun" WHERE "requestId" = ANY($1::text[])`,
    [turns.map((t) => t.requestId)],
  );
  const runs = new Map(turnRows.rows.map((r) => [r.requestId, r.status]));
  const lostTurns = turns.filter((t) => !runs.has(t.requestId) || runs.get(t.requestId) === "running").length;
  figures.turnsConfirmed = turns.length;
  figures.lostTurns = lostTurns;
  check(
    "every answered turn is saved (run + messages)",
    lostTurns === 0,
    `${lostTurns} of ${turns.length} answered turns have no finished run`,
  );
  return { checks, figures };
}

/** The panel's and MCP's changes are in the activity log with their actor. */
export async function activityActors(admin: pg.Pool, ops: Op[]): Promise<Check[]> {
  const out: Check[] = [];
  for (const [kind, actor] of [
    ["panel", "app"],
    ["mcp", "mcp"],
  ] as const) {
    const ids = ops.filter((op) => op.kind === kind && op.ok).flatMap((op) => op.confirmed.tasks);
    if (!ids.length) continue;
    const r = await admin.query<{ n: string }>(
      `SELECT count(DISTINCT "taskId") AS n FROM "TaskActivity" WHERE "taskId" = ANY($1::uuid[]) AND actor::text = $2 AND action = 'created'`,
      [ids, actor],
    );
    const n = Number(r.rows[0]!.n);
    out.push({ name: `${kind} changes recorded with actor ${actor}`, ok: n === ids.length, detail: `${n} of ${ids.length}` });
  }
  return out;
}
