/**
 * update_tasks: one change (re-schedule, shift due dates, re-prioritise, complete, reopen)
 * applied to several tasks, named by ids or by a list filter. The targets are resolved first
 * (`resolveBulkTargets`), so the approval question and the change name the same tasks.
 */
import { parseDue } from "@/lib/tasks/due";
import type { TaskUpdateInput, TaskView } from "@/lib/tasks/schema";
import { listTasks, updateTask } from "@/lib/tasks/service";
import { localParts, zonedToInstant } from "@/lib/tasks/time-zone";
import { isAppError } from "@/lib/errors";
import { ownedTasks, splitIds } from "@/lib/agent/tools/operations";
import { changeOf, type TaskToolContext } from "@/lib/agent/tools/context";
import { invalidInput, notFound, type ToolFailure, type ToolResult } from "@/lib/agent/tools/results";
import type { UpdateTasksInput } from "@/lib/agent/tools/schemas";
import { resolveListName } from "@/lib/agent/tools/organise";
import { normalizeLabel } from "@/lib/tasks/labels";

/** A filter may reach at most this many tasks in one call; more must be narrowed first. */
export const BULK_FILTER_MAX = 100;

export type BulkTargets = { ok: true; tasks: TaskView[]; notFound: string[] } | ToolFailure;

/** The input's problem, or null: exactly one of ids/filter, at least one change, a readable due. */
export function checkUpdateTasksInput(input: UpdateTasksInput, timeZone: string): string | null {
  if ((input.ids === undefined) === (input.filter === undefined)) return "give exactly one of ids or filter";
  const changes = [
    input.due !== undefined,
    input.shiftDays !== undefined,
    input.clearDue === true,
    input.priority !== undefined,
    input.status !== undefined,
  ];
  if (!changes.some(Boolean)) return "nothing to change: give at least one of due, shiftDays, clearDue, priority, status";
  if ([input.due !== undefined, input.shiftDays !== undefined, input.clearDue === true].filter(Boolean).length > 1)
    return "give only one of due, shiftDays, clearDue";
  if (input.due !== undefined && !parseDue(input.due, timeZone)) return "due: must be YYYY-MM-DD or an ISO-8601 date-time";
  return null;
}

/** The user's tasks an update_tasks call would change, in list order. */
export async function resolveBulkTargets(input: UpdateTasksInput, ctx: TaskToolContext): Promise<BulkTargets> {
  if (input.ids) {
    const { invalid } = splitIds(input.ids);
    const tasks = await ownedTasks(ctx, input.ids);
    const found = new Set(tasks.map((t) => t.id));
    const missing = [...new Set(input.ids.map((id) => id.trim()))].filter((id) => !found.has(id) && !invalid.includes(id));
    if (!tasks.length) return notFound(input.ids.join(", "), "None of these ids is one of the user's tasks. List the tasks first.");
    return { ok: true, tasks, notFound: [...missing, ...invalid] };
  }
  const filter = input.filter ?? {};
  // The list and label narrow a filter like list_tasks' (an unknown list is reported, never created).
  const list = filter.list === undefined ? null : await resolveListName(ctx, filter.list);
  if (list && !list.ok) return list;
  const label = filter.label === undefined ? undefined : normalizeLabel(filter.label);
  if (label === null) return invalidInput(`filter.label: '${filter.label}' is not a label`);
  const { tasks } = await listTasks({
    userId: ctx.userId,
    timeZone: ctx.timeZone,
    status: filter.status ?? "pending",
    priority: filter.priority,
    due: filter.due,
    q: filter.query?.trim() || undefined,
    ...(list ? { listId: list.list?.id ?? null } : {}),
    label,
    limit: BULK_FILTER_MAX + 1,
    now: ctx.now?.(),
  });
  if (tasks.length > BULK_FILTER_MAX) return invalidInput(`filter: matches more than ${BULK_FILTER_MAX} tasks; narrow it down`);
  if (!tasks.length) return notFound(filter.query ?? "the filter", "No task matches this filter.");
  return { ok: true, tasks, notFound: [] };
}

/** The task's due instant moved by whole days on the user's calendar, keeping its local time. */
export function shiftDue(dueAt: string, days: number, timeZone: string): string {
  const at = new Date(dueAt);
  const p = localParts(at, timeZone);
  return zonedToInstant(p.year, p.month, p.day + days, p.hour, p.minute, p.second, at.getUTCMilliseconds(), timeZone).toISOString();
}

function patchFor(input: UpdateTasksInput, task: TaskView, timeZone: string): TaskUpdateInput | null {
  const patch: TaskUpdateInput = {};
  if (input.priority !== undefined) patch.priority = input.priority;
  if (input.status !== undefined) patch.status = input.status;
  if (input.clearDue) patch.dueAt = null;
  else if (input.due !== undefined) patch.dueAt = input.due;
  else if (input.shiftDays !== undefined) {
    if (task.dueAt) patch.dueAt = shiftDue(task.dueAt, input.shiftDays, timeZone);
    else if (!Object.keys(patch).length) return null;
  }
  return patch;
}

/** Applies the change to exactly these tasks (ids resolved earlier); vanished ones are reported. */
export async function updateTasksByIds(input: UpdateTasksInput, taskList: TaskView[], ctx: TaskToolContext): Promise<ToolResult> {
  const changed: TaskView[] = [];
  const skipped: { id: string; title: string; reason: string }[] = [];
  const vanished: { id: string; title: string }[] = [];
  for (const task of taskList) {
    const patch = patchFor(input, task, ctx.timeZone);
    if (!patch) {
      skipped.push({ id: task.id, title: task.title, reason: "no due date to move" });
      continue;
    }
    try {
      changed.push(await updateTask({ userId: ctx.userId, id: task.id, timeZone: ctx.timeZone, patch, ...changeOf(ctx) }));
    } catch (error) {
      if (isAppError(error) && error.type === "not_found") vanished.push({ id: task.id, title: task.title });
      else throw error;
    }
  }
  if (!changed.length && vanished.length)
    return notFound(vanished.map((t) => t.title).join(", "), "These tasks no longer exist, so nothing was changed.");
  return { ok: true, tasks: changed, ...(skipped.length ? { skipped } : {}), ...(vanished.length ? { vanished } : {}) };
}

export async function updateTasksTool(input: UpdateTasksInput, ctx: TaskToolContext): Promise<ToolResult> {
  const problem = checkUpdateTasksInput(input, ctx.timeZone);
  if (problem) return invalidInput(problem);
  const targets = await resolveBulkTargets(input, ctx);
  if (!targets.ok) return targets;
  const result = await updateTasksByIds(input, targets.tasks, ctx);
  return result.ok && targets.notFound.length ? { ...result, notFound: targets.notFound } : result;
}
