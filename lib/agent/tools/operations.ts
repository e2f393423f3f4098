/**
 * What each task tool does, through the task service only (every query scoped by the bound
 * user). Expected failures come back as data; only infrastructure errors throw.
 */
import { resolveTimeRanges, TimeRangeError, type TimeRanges } from "@/lib/tasks/time-range";
import { isAppError } from "@/lib/errors";
import type { StatementParts } from "@/lib/db";
import { getTasksByIds } from "@/lib/tasks/bulk";
import { isEndOfLocalDay, parseDue } from "@/lib/tasks/due";
import { localDateString, localParts, zonedToInstant } from "@/lib/tasks/time-zone";
import { scoreTitle, type ReferenceResult } from "@/lib/tasks/match";
import { checkRule } from "@/lib/tasks/recurrence";
import { descriptionSchema, titleSchema, type TaskUpdateInput, type TaskView } from "@/lib/tasks/schema";
import {
  countTasks,
  createTask,
  createTaskStatement,
  getTaskById,
  inTransaction,
  deleteTask,
  deleteTasks,
  findTaskIdsByWords,
  listTasks,
  setTasksStatus,
  updateTask,
} from "@/lib/tasks/service";
import { ambiguous, invalidInput, notFound, type ToolResult } from "@/lib/agent/tools/results";
import { changeOf, resolveTask, type TaskToolContext } from "@/lib/agent/tools/context";
import { normalizeLabels, resolveListName, resolveParent, titleAndLabels, withParentReady } from "@/lib/agent/tools/organise";
import { mergeLabels, normalizeLabel } from "@/lib/tasks/labels";
import type {
  AddTaskInput,
  CompleteTaskInput,
  DeleteTaskInput,
  ListTasksInput,
  TaskIdsInput,
  UpdateTaskInput,
} from "@/lib/agent/tools/schemas";

/** How many of the likeliest titles list_tasks weighs when no title contains the words literally. */
const FUZZY_CANDIDATES = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function referenceFailure(reference: string, result: ReferenceResult): ToolResult | null {
  if (result.kind === "none") return notFound(reference);
  if (result.kind === "ambiguous") return ambiguous(reference, result.candidates);
  return null;
}

function checkDue(due: string | undefined, timeZone: string): string | null {
  if (due === undefined) return null;
  return parseDue(due, timeZone) ? null : "due: must be YYYY-MM-DD or an ISO-8601 date-time";
}

function checkRecurrence(value: string | undefined): { problem: string } | { rule: string | undefined } {
  if (value === undefined) return { rule: undefined };
  const checked = checkRule(value);
  return checked.ok ? { rule: checked.rule } : { problem: `${checked.message}` };
}

function checkRemindAt(value: string | undefined, timeZone: string): string | null {
  if (value === undefined) return null;
  return /T|\s/.test(value.trim()) && parseDue(value, timeZone) ? null : "remindAt: must be an ISO-8601 date-time";
}

/** Completing a repeating task moves it to its next occurrence; the result says so. */
function completionResult(task: TaskView): ToolResult {
  return task.status === "pending" && task.recurrence ? { ok: true, task, movedToNextOccurrence: true } : { ok: true, task };
}

/** The service reports a task that vanished meanwhile as not_found:task; the model gets data. */
async function orNotFound(reference: string, run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && error.type === "not_found") return notFound(reference);
    if (isAppError(error) && error.type === "bad_request") return invalidInput(error.message);
    throw error;
  }
}

export async function addTask(input: AddTaskInput, ctx: TaskToolContext): Promise<ToolResult> {
  const organised = titleAndLabels(input.title, input.labels);
  if (!organised.ok) return organised;
  const title = titleSchema.safeParse(organised.title);
  if (!title.success) return invalidInput(`title: ${title.error.issues[0]?.message ?? "is not valid"}`);
  const description = descriptionSchema.safeParse(input.description ?? "");
  if (!description.success) return invalidInput(`description: ${description.error.issues[0]?.message ?? "is not valid"}`);
  const dueProblem = checkDue(input.due, ctx.timeZone) ?? checkRemindAt(input.remindAt, ctx.timeZone);
  if (dueProblem) return invalidInput(dueProblem);
  const recurrence = checkRecurrence(input.recurrence);
  if ("problem" in recurrence) return invalidInput(recurrence.problem);
  const subtaskTitles: string[] = [];
  for (const text of input.subtasks ?? []) {
    const sub = titleSchema.safeParse(text);
    if (!sub.success) return invalidInput(`subtasks: ${sub.error.issues[0]?.message ?? "a title is not valid"}`);
    subtaskTitles.push(sub.data);
  }
  // A list the user does not have is never created on the side: the model asks first.
  const list = input.list === undefined ? null : await resolveListName(ctx, input.list);
  if (list && !list.ok) return list;
  const parent = input.parent === undefined ? null : await resolveParent(ctx, input.parent);
  if (parent && !parent.ok) return parent;
  if (parent && subtaskTitles.length) return invalidInput("subtasks: a subtask cannot have subtasks of its own (one level)");
  return orNotFound(input.parent ?? input.title, () =>
    inTransaction(ctx.db, async (tx) => {
      const change = { change: changeOf(ctx).change, db: tx };
      const base = { userId: ctx.userId, timeZone: ctx.timeZone };
      const created = await createTask({
        ...base,
        input: {
          title: title.data,
          description: description.data,
          priority: input.priority,
          dueAt: input.due,
          recurrence: recurrence.rule,
          remindAt: input.remindAt,
          labels: organised.labels,
          ...(list ? { listId: list.list?.id ?? null } : {}),
          ...(parent ? { parentId: parent.parent.id } : {}),
        },
        ...change,
      });
      if (!subtaskTitles.length) return { ok: true, task: created };
      const subtasks = [];
      for (const sub of subtaskTitles) subtasks.push(await createTask({ ...base, input: { title: sub, parentId: created.id }, ...change }));
      const task = (await getTaskById({ userId: ctx.userId, id: created.id, db: tx })) ?? created;
      return { ok: true, task, subtasks };
    }),
  );
}

/**
 * `addTask` as one statement's writes, for the agent's turn to record together with the call
 * (lib/conversations/tool-calls.ts, runRecordedStatement): a plain task — no list, parent or
 * subtasks — whose input is valid. Null otherwise: `addTask` runs it (and explains any problem).
 */
export function addTaskStatement(input: AddTaskInput, ctx: TaskToolContext): { parts: StatementParts; output: ToolResult } | null {
  if (input.list !== undefined || input.parent !== undefined || input.subtasks?.length) return null;
  const organised = titleAndLabels(input.title, input.labels);
  const title = organised.ok ? titleSchema.safeParse(organised.title) : null;
  const description = descriptionSchema.safeParse(input.description ?? "");
  if (!organised.ok || !title?.success || !description.success) return null;
  if (checkDue(input.due, ctx.timeZone) ?? checkRemindAt(input.remindAt, ctx.timeZone)) return null;
  const recurrence = checkRecurrence(input.recurrence);
  if ("problem" in recurrence) return null;
  try {
    const statement = createTaskStatement({
      userId: ctx.userId,
      timeZone: ctx.timeZone,
      input: {
        title: title.data,
        description: description.data,
        priority: input.priority,
        dueAt: input.due,
        recurrence: recurrence.rule,
        remindAt: input.remindAt,
        labels: organised.labels,
      },
      change: changeOf(ctx).change,
    });
    return statement && { parts: statement.parts, output: { ok: true, task: statement.task } };
  } catch (error) {
    if (isAppError(error) && error.type === "bad_request") return null;
    throw error;
  }
}

export async function listTasksTool(input: ListTasksInput, ctx: TaskToolContext): Promise<ToolResult> {
  const filter = {
    status: input.status ?? "all",
    priority: input.priority,
    due: input.due,
    query: input.query?.trim() || undefined,
    dueFrom: input.dueFrom,
    dueTo: input.dueTo,
    completedFrom: input.completedFrom,
    completedTo: input.completedTo,
    limit: input.limit ?? 50,
  } as const;
  const list = input.list === undefined ? null : await resolveListName(ctx, input.list);
  if (list && !list.ok) return list;
  const label = input.label === undefined ? undefined : normalizeLabel(input.label);
  if (label === null) return invalidInput(`label: '${input.label}' is not a label (one word, 1..40 characters)`);
  const parent = input.parent === undefined ? null : await resolveParent(ctx, input.parent);
  if (parent && !parent.ok) return parent;
  const rangeInput = { dueFrom: input.dueFrom, dueTo: input.dueTo, completedFrom: input.completedFrom, completedTo: input.completedTo };
  let ranges: TimeRanges;
  try {
    ranges = resolveTimeRanges(rangeInput, ctx.timeZone);
  } catch (error) {
    if (error instanceof TimeRangeError) return invalidInput(error.message);
    throw error;
  }
  const base = {
    userId: ctx.userId,
    timeZone: ctx.timeZone,
    status: filter.status,
    priority: filter.priority,
    due: filter.due,
    now: ctx.now?.(),
    ...(list ? { listId: list.list?.id ?? null } : {}),
    label,
    parentId: parent?.parent.id,
    dueRange: ranges.due,
    completedRange: ranges.completed,
  };
  const { tasks } = await listTasks({ ...base, q: filter.query, limit: filter.limit });
  if (tasks.length || !filter.query) {
    const total = tasks.length < filter.limit ? tasks.length : await countTasks({ ...base, q: filter.query });
    return { ok: true, tasks, total, filter: { ...filter, ...organisedFilter(list, label, parent) } };
  }
  // Nothing contains the words literally: fall back to forgiving title matching (typos, spelling)
  // among the likeliest titles of all the user's tasks, found in the database.
  const query = filter.query;
  const candidates = await findTaskIdsByWords({ userId: ctx.userId, reference: query, limit: FUZZY_CANDIDATES, db: ctx.db });
  const { tasks: close } = candidates.length ? await listTasks({ ...base, ids: candidates, limit: FUZZY_CANDIDATES }) : { tasks: [] };
  const fuzzy = close.filter((t) => scoreTitle(query, t.title).coverage >= 0.66);
  return {
    ok: true,
    tasks: fuzzy.slice(0, filter.limit),
    total: fuzzy.length,
    filter: { ...filter, ...organisedFilter(list, label, parent) },
  };
}

/** The list/label/parent a list_tasks call was narrowed to, as the result's `filter` names them. */
function organisedFilter(
  list: { list: { name: string } | null } | null,
  label: string | undefined,
  parent: { parent: TaskView } | null,
): Record<string, string> {
  return {
    ...(list ? { list: list.list?.name ?? "Inbox" } : {}),
    ...(label ? { label } : {}),
    ...(parent ? { parent: parent.parent.title } : {}),
  };
}

export async function completeTask(input: CompleteTaskInput, ctx: TaskToolContext): Promise<ToolResult> {
  const found = await resolveTask(ctx, input.task, "pending");
  const failure = referenceFailure(input.task, found);
  if (failure || found.kind !== "one") return failure ?? notFound(input.task);
  return orNotFound(input.task, async () => {
    const task = await updateTask({
      userId: ctx.userId,
      id: found.task.id,
      timeZone: ctx.timeZone,
      patch: { status: "completed" },
      ...changeOf(ctx),
    });
    return withParentReady(ctx, completionResult(task), [task]);
  });
}

export async function updateTaskTool(input: UpdateTaskInput, ctx: TaskToolContext): Promise<ToolResult> {
  const patch: TaskUpdateInput = {};
  const organised = titleAndLabels(input.title, input.labels);
  if (!organised.ok) return organised;
  if (organised.title !== undefined) {
    const title = titleSchema.safeParse(organised.title);
    if (!title.success) return invalidInput(`title: ${title.error.issues[0]?.message ?? "is not valid"}`);
    patch.title = title.data;
  }
  const removed = normalizeLabels(input.removeLabels ?? []);
  if (!removed.ok) return removed;
  if (input.description !== undefined) patch.description = input.description.trim();
  if (input.priority !== undefined) patch.priority = input.priority;
  if (input.status !== undefined) patch.status = input.status;
  if (input.clearDue) patch.dueAt = null;
  else if (input.due !== undefined) {
    const dueProblem = checkDue(input.due, ctx.timeZone);
    if (dueProblem) return invalidInput(dueProblem);
    patch.dueAt = input.due;
  }
  if (input.clearRecurrence) patch.recurrence = null;
  else if (input.recurrence !== undefined) {
    const recurrence = checkRecurrence(input.recurrence);
    if ("problem" in recurrence) return invalidInput(recurrence.problem);
    patch.recurrence = recurrence.rule;
  }
  if ([input.clearReminder === true, input.remindAt !== undefined, input.remindBefore !== undefined].filter(Boolean).length > 1) {
    return invalidInput("give only one of remindAt, remindBefore and clearReminder");
  }
  if (input.clearReminder) patch.remindAt = null;
  else if (input.remindAt !== undefined) {
    const problem = checkRemindAt(input.remindAt, ctx.timeZone);
    if (problem) return invalidInput(problem);
    patch.remindAt = input.remindAt;
  }
  if (input.skipOccurrence) patch.skipOccurrence = true;
  const list = input.list === undefined ? null : await resolveListName(ctx, input.list);
  if (list && !list.ok) return list;
  if (list) patch.listId = list.list?.id ?? null;
  const parent = input.parent === undefined ? null : await resolveParent(ctx, input.parent);
  if (parent && !parent.ok) return parent;
  if (parent) patch.parentId = parent.parent.id;
  const labelsChange = organised.labels.length > 0 || removed.labels.length > 0;
  const changed = [
    ...Object.keys(patch),
    ...(labelsChange ? ["labels"] : []),
    ...(input.remindBefore !== undefined ? ["remindAt"] : []),
  ].map((k) => ({ dueAt: "due", listId: "list", parentId: "parent" })[k] ?? k);
  if (!changed.length) {
    return invalidInput(
      "nothing to change: give at least one of title, description, priority, due, clearDue, status, recurrence, clearRecurrence, skipOccurrence, remindAt, clearReminder, list, labels, removeLabels, parent",
    );
  }
  const prefer = input.status === "pending" ? "completed" : input.status === "completed" ? "pending" : undefined;
  const found = await resolveTask(ctx, input.task, prefer);
  const failure = referenceFailure(input.task, found);
  if (failure || found.kind !== "one") return failure ?? notFound(input.task);
  if (labelsChange) patch.labels = mergeLabels(found.task.labels, organised.labels, removed.labels);
  if (parent && parent.parent.id === found.task.id) return invalidInput("parent: a task cannot be its own subtask");
  if (input.remindBefore !== undefined) {
    const due =
      patch.dueAt !== undefined
        ? patch.dueAt === null
          ? null
          : parseDue(patch.dueAt, ctx.timeZone)
        : found.task.dueAt
          ? new Date(found.task.dueAt)
          : null;
    const remindAt = remindBeforeDue(due, input.remindBefore, ctx.timeZone);
    if (remindAt === "no_due") return invalidInput(`remindBefore: '${found.task.title}' has no due time; ask the user when it is due`);
    if (remindAt === "no_time")
      return invalidInput(
        `remindBefore: '${found.task.title}' is due on ${localDateString(due!, ctx.timeZone)} without a time; ask the user what time`,
      );
    patch.remindAt = remindAt.toISOString();
  }
  return orNotFound(input.task, async () => {
    const task = await updateTask({ userId: ctx.userId, id: found.task.id, timeZone: ctx.timeZone, patch, ...changeOf(ctx) });
    const result = patch.status === "completed" ? completionResult(task) : { ok: true as const, task };
    return withParentReady(ctx, result.ok ? { ...result, changed } : result, patch.status === "completed" ? [task] : []);
  });
}

/**
 * A reminder `minutes` before a due time. A task due on a day without a time ("by Friday") is
 * reminded whole days before at 9:00 local time; other offsets need a time.
 */
function remindBeforeDue(due: Date | null, minutes: number, timeZone: string): Date | "no_due" | "no_time" {
  if (!due) return "no_due";
  const local = localParts(due, timeZone);
  if (!isEndOfLocalDay(local)) return new Date(due.getTime() - minutes * 60_000);
  if (minutes % 1440 !== 0) return "no_time";
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day - minutes / 1440));
  return zonedToInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 9, 0, 0, 0, timeZone);
}

export async function deleteTaskTool(input: DeleteTaskInput, ctx: TaskToolContext): Promise<ToolResult> {
  const found = await resolveTask(ctx, input.task);
  const failure = referenceFailure(input.task, found);
  if (failure || found.kind !== "one") return failure ?? notFound(input.task);
  return orNotFound(input.task, async () => {
    const deleted = await deleteTask({ userId: ctx.userId, id: found.task.id, ...changeOf(ctx) });
    // Its subtasks went with it.
    return { ok: true, deleted, subtasksDeleted: deleted.subtasks?.total ?? 0 };
  });
}

/** Ids that are not UUIDs can never be the user's tasks (and would upset Postgres' uuid type). */
export function splitIds(ids: string[]): { valid: string[]; invalid: string[] } {
  const unique = [...new Set(ids.map((id) => id.trim()))];
  return { valid: unique.filter((id) => UUID.test(id)), invalid: unique.filter((id) => !UUID.test(id)) };
}

export async function completeTasksTool(input: TaskIdsInput, ctx: TaskToolContext): Promise<ToolResult> {
  const { valid, invalid } = splitIds(input.ids);
  const { tasks, notFound: missing } = valid.length
    ? await setTasksStatus({ userId: ctx.userId, ids: valid, status: "completed", timeZone: ctx.timeZone, ...changeOf(ctx) })
    : { tasks: [], notFound: [] };
  if (!tasks.length) return notFound(input.ids.join(", "), "None of these ids is one of the user's tasks. List the tasks first.");
  return withParentReady(ctx, { ok: true, tasks, notFound: [...missing, ...invalid] }, tasks);
}

export async function deleteTasksTool(input: TaskIdsInput, ctx: TaskToolContext): Promise<ToolResult> {
  const { valid, invalid } = splitIds(input.ids);
  const { deleted, notFound: missing } = valid.length
    ? await deleteTasks({ userId: ctx.userId, ids: valid, ...changeOf(ctx) })
    : { deleted: [], notFound: [] };
  if (!deleted.length) return notFound(input.ids.join(", "), "None of these ids is one of the user's tasks. List the tasks first.");
  return { ok: true, deleted, notFound: [...missing, ...invalid] };
}

/** The user's own tasks among `ids` (for approval decisions and confirmation prompts). */
export async function ownedTasks(ctx: TaskToolContext, ids: string[]): Promise<TaskView[]> {
  const { valid } = splitIds(ids);
  if (!valid.length) return [];
  return getTasksByIds({ userId: ctx.userId, ids: valid, db: ctx.db });
}
