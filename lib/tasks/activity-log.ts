/**
 * Writing the activity log: one TaskActivity row per changed task, in the change's transaction,
 * with the task as the API shows it before and after. Reading and undoing it is lib/activity.
 */
import "server-only";
import type { Prisma } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";

export type ChangeActor = "agent" | "app" | "api" | "mcp";
export type ActivityAction = "created" | "updated" | "completed" | "reopened" | "deleted";

/** Who changes tasks, on whose request. `undoOf`: the request id this change reverts (undo only). */
export type ChangeContext = { actor: ChangeActor; requestId: string | null; undoOf?: string };

export type TaskChange = { before: TaskView | null; after: TaskView | null };

/** JSON with object keys sorted at every level (jsonb does not keep key order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    // An absent field and a null one are the same state (rows written before a field existed).
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A task's own state for comparisons: every field but `updatedAt` (which every write bumps), the
 * subtasks' progress (their changes are their own) and its list's current name (a rename is not
 * a change of the task): the list counts by id. Changes recorded before lists, labels and
 * subtasks existed compare as in the Inbox, unlabelled and top-level.
 */
function ownState(task: TaskView): Record<string, unknown> {
  const { updatedAt: _updated, subtasks: _subtasks, list, ...rest } = task;
  void _updated;
  void _subtasks;
  return { ...rest, list: list?.id ?? null, labels: rest.labels ?? [], parentId: rest.parentId ?? null };
}

/** Whether two states of a task are the same (see ownState). */
export function sameTaskState(a: TaskView | null, b: TaskView | null): boolean {
  if (a === null || b === null) return a === b;
  return canonical(ownState(a)) === canonical(ownState(b));
}

export function actionOf({ before, after }: TaskChange): ActivityAction {
  if (!before) return "created";
  if (!after) return "deleted";
  if (before.status !== after.status) return after.status === "completed" ? "completed" : "reopened";
  // Completing a repeating task moves it to its next occurrence (it stays pending); undoing that moves it back.
  if (after.lastCompletedAt !== before.lastCompletedAt) {
    if (after.lastCompletedAt && (!before.lastCompletedAt || after.lastCompletedAt > before.lastCompletedAt)) return "completed";
    return "reopened";
  }
  return "updated";
}

/** The TaskActivity row of one change (its `seq` comes from the database). */
export function activityRow(userId: string, change: ChangeContext, c: TaskChange) {
  return {
    userId,
    actor: change.actor,
    requestId: change.requestId,
    undoOf: change.undoOf ?? null,
    taskId: (c.after ?? c.before)!.id,
    action: actionOf(c),
    before: c.before ?? undefined,
    after: c.after ?? undefined,
  };
}

/** Records the changes that changed something (a write that left a task as it was is not one). */
export async function recordChanges(
  tx: Prisma.TransactionClient,
  userId: string,
  change: ChangeContext,
  changes: TaskChange[],
): Promise<void> {
  const rows = changes.filter((c) => !sameTaskState(c.before, c.after)).map((c) => activityRow(userId, change, c));
  if (rows.length) await tx.taskActivity.createMany({ data: rows });
}
