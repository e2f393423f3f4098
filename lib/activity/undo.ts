/**
 * Undo by request id: every task change recorded under it is reverted, newest first, in one
 * transaction. A task whose current state is not what that change left (changed or deleted
 * again since) is skipped and reported, never overwritten. Reverted changes are marked
 * (`undoneBy`), so undoing twice reverts nothing; the undo is itself recorded (`undoOf`) and can
 * be undone in turn.
 */
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { UndoResult } from "@/lib/activity/schema";
import { actionOf, sameTaskState, type ChangeContext } from "@/lib/tasks/activity-log";
import type { TaskView } from "@/lib/tasks/schema";
import { getTasksForUpdate, setTaskState, TRANSACTION_OPTIONS } from "@/lib/tasks/service";

function skipReason(current: TaskView | null, expected: TaskView | null): string {
  if (!current) return "It was deleted after that change, so there is nothing to put back.";
  if (!expected) return "It exists again after that deletion, so it was left as it is.";
  return "It was changed again after that, so it was left as it is.";
}

export async function undoRequest({
  userId,
  requestId,
  change,
  db: given,
}: {
  userId: string;
  requestId: string;
  /** Who undoes, under which (new) request id. */
  change: ChangeContext & { requestId: string };
  db?: Prisma.TransactionClient;
}): Promise<UndoResult> {
  const work = async (tx: Prisma.TransactionClient): Promise<UndoResult> => {
    // One undo of a request at a time: the second waits and then sees the first's marks.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "TaskActivity" WHERE "userId" = ${userId}::uuid AND "requestId" = ${requestId} ORDER BY seq FOR UPDATE`;
    if (!locked.length) throw new AppError("not_found:activity", "Nothing was recorded under that request id.");
    const rows = await tx.taskActivity.findMany({ where: { userId, requestId, undoneBy: null }, orderBy: { seq: "desc" } });
    const ids = [...new Set(rows.map((r) => r.taskId))];
    const current = new Map<string, TaskView | null>(ids.map((id) => [id, null]));
    for (const task of await getTasksForUpdate({ userId, ids, db: tx })) current.set(task.id, task);

    const skipped: UndoResult["skipped"] = [];
    const changes = new Map<string, UndoResult["changes"][number]>();
    // Each task's state before the undo touched it, for the action of the undo as a whole.
    const first = new Map(current);
    const undone: string[] = [];
    for (const row of rows) {
      if (skipped.some((s) => s.taskId === row.taskId)) continue;
      const before = (row.before as TaskView | null) ?? null;
      const after = (row.after as TaskView | null) ?? null;
      const now = current.get(row.taskId) ?? null;
      if (!sameTaskState(now, after)) {
        skipped.push({ taskId: row.taskId, title: (now ?? after ?? before)?.title ?? "", reason: skipReason(now, after) });
        continue;
      }
      const restored = await setTaskState({ userId, id: row.taskId, state: before, change: { ...change, undoOf: requestId }, db: tx });
      current.set(row.taskId, restored);
      const title = (restored ?? after ?? before)?.title ?? "";
      changes.set(row.taskId, { taskId: row.taskId, title, action: actionOf({ before: first.get(row.taskId) ?? null, after: restored }) });
      undone.push(row.id);
    }
    if (undone.length) await tx.taskActivity.updateMany({ where: { userId, id: { in: undone } }, data: { undoneBy: change.requestId } });
    return { reverted: changes.size, changes: [...changes.values()], skipped, alreadyUndone: rows.length === 0 };
  };
  return given ? work(given) : db.$transaction(work, TRANSACTION_OPTIONS);
}

/**
 * The request whose changes "undo" in a conversation reverts: the newest agent turn of that
 * conversation that changed tasks and is not itself an undo or undone already (so saying "undo"
 * again goes one turn further back). Without a conversation (MCP): the newest such request of
 * the same actor. `exclude`: the current request.
 */
export async function lastUndoableRequest({
  userId,
  conversationId,
  actor,
  exclude,
}: {
  userId: string;
  conversationId?: string;
  actor: ChangeContext["actor"];
  exclude: string | null;
}): Promise<string | null> {
  const where: Prisma.TaskActivityWhereInput = { userId, undoOf: null, undoneBy: null, requestId: { not: null } };
  if (conversationId) {
    const runs = await db.agentRun.findMany({ where: { userId, conversationId }, select: { requestId: true } });
    const requestIds = [...new Set(runs.map((r) => r.requestId))].filter((id) => id !== exclude);
    if (!requestIds.length) return null;
    where.requestId = { in: requestIds };
  } else {
    where.actor = actor;
    if (exclude) where.requestId = { not: exclude };
  }
  const row = await db.taskActivity.findFirst({ where, orderBy: { seq: "desc" }, select: { requestId: true } });
  return row?.requestId ?? null;
}

/**
 * The tasks undoing `requestId` would remove: those the request created (their first change
 * under it starts from nothing) that still exist. Undo skips one changed since, so this may name
 * more than the undo removes, never fewer: the agent asks before such an undo (security case 48).
 */
export async function undoRemovals({
  userId,
  requestId,
  db: given = db,
}: {
  userId: string;
  requestId: string;
  db?: Prisma.TransactionClient;
}): Promise<{ id: string; title: string }[]> {
  const rows = await given.taskActivity.findMany({
    where: { userId, requestId, undoneBy: null },
    orderBy: { seq: "asc" },
    select: { taskId: true, before: true },
  });
  const first = new Map<string, unknown>();
  for (const row of rows) if (!first.has(row.taskId)) first.set(row.taskId, row.before);
  const created = [...first].filter(([, before]) => before === null || before === undefined).map(([taskId]) => taskId);
  if (!created.length) return [];
  return given.task.findMany({
    where: { userId, id: { in: created } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, title: true },
  });
}
