/**
 * The task service: every query is scoped by `userId` in its `where`, so a task of another
 * user is indistinguishable from a missing one. Knows nothing of the agent or HTTP. Every change
 * is recorded (TaskActivity) in its own transaction, with the caller's ChangeContext.
 */
import type { InstantRange } from "@/lib/tasks/time-range";
import "server-only";
import { randomUUID } from "node:crypto";
import { db as prisma, jsonParam, type Prisma, type StatementParts } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { activityRow, recordChanges, type ChangeContext } from "@/lib/tasks/activity-log";
import { TASK_PAGE_DEFAULT, TASKS_PER_USER_MAX } from "@/lib/limits";
import { decodeCursor, encodeCursor, type TaskCursor } from "@/lib/tasks/cursor";
import { DUE_YEAR_MAX, DUE_YEAR_MIN, parseDue } from "@/lib/tasks/due";
import { resolvePlacement, restoreListId, restoreParentId } from "@/lib/tasks/organise";
import { significantWords, spellingsOf } from "@/lib/tasks/match";
import { checkRule, firstOccurrence, moveReminder, nextOccurrence, toRecurrence } from "@/lib/tasks/recurrence";
import type { DueFilter, TaskCreateInput, TaskPriority, TaskStatus, TaskUpdateInput, TaskView } from "@/lib/tasks/schema";
import { startOfLocalDay } from "@/lib/tasks/time-zone";

type TaskRow = {
  id: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  list: { id: string; name: string } | null;
  labels: string[];
  parentId: string | null;
  subtasks: { status: TaskStatus }[];
  recurrence: string | null;
  lastCompletedAt: Date | null;
  remindAt: Date | null;
  reminderDismissedAt: Date | null;
};

export const taskSelect = {
  id: true,
  title: true,
  description: true,
  status: true,
  priority: true,
  dueAt: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
  list: { select: { id: true, name: true } },
  labels: true,
  parentId: true,
  // One level of subtasks, at most SUBTASKS_MAX each: their statuses give the parent's progress.
  subtasks: { select: { status: true } },
  recurrence: true,
  lastCompletedAt: true,
  remindAt: true,
  reminderDismissedAt: true,
} as const;

const listOrder: Prisma.TaskOrderByWithRelationInput[] = [
  { status: "asc" },
  { dueAt: { sort: "asc", nulls: "last" } },
  { createdAt: "asc" },
  { id: "asc" },
];

export type { ChangeContext } from "@/lib/tasks/activity-log";

export function toTaskView(row: TaskRow): TaskView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueAt: row.dueAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    list: row.list ? { id: row.list.id, name: row.list.name } : null,
    labels: row.labels,
    parentId: row.parentId,
    subtasks: row.subtasks.length
      ? { done: row.subtasks.filter((t) => t.status === "completed").length, total: row.subtasks.length }
      : null,
    recurrence: toRecurrence(row.recurrence),
    lastCompletedAt: row.lastCompletedAt?.toISOString() ?? null,
    remindAt: row.remindAt?.toISOString() ?? null,
    reminderDismissedAt: row.reminderDismissedAt?.toISOString() ?? null,
  };
}

/**
 * What every mutation takes: who changes tasks on whose request (recorded with each change, in
 * its transaction), and optionally the caller's transaction to run in; without one, each
 * mutation is a transaction of its own.
 */
export type Mutation = { change: ChangeContext; db?: Prisma.TransactionClient };

/** Prisma's defaults (2 s to get a connection, 5 s in all) are short for a bulk change on a busy machine. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

/** Runs several service calls in the caller's transaction, or in a new one (e.g. a task and its subtasks). */
export function inTransaction<T>(
  given: Prisma.TransactionClient | undefined,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return given ? work(given) : prisma.$transaction(work, TRANSACTION_OPTIONS);
}

/** Locks the user's tasks among `ids` (FOR UPDATE, in id order) and returns them, in list order. */
export async function lockTasks(tx: Prisma.TransactionClient, userId: string, ids: string[]): Promise<TaskView[]> {
  const unique = [...new Set(ids)].sort();
  if (!unique.length) return [];
  await tx.$queryRaw`SELECT id FROM "Task" WHERE "userId" = ${userId}::uuid AND id = ANY(${unique}::uuid[]) ORDER BY id FOR UPDATE`;
  const rows = await tx.task.findMany({ where: { userId, id: { in: unique } }, orderBy: listOrder, select: taskSelect });
  return rows.map(toTaskView);
}

function dueValue(value: string | null | undefined, timeZone: string): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const date = parseDue(value, timeZone);
  if (!date)
    throw new AppError(
      "bad_request:task",
      `dueAt: must be an ISO-8601 date-time or a YYYY-MM-DD date in the years ${DUE_YEAR_MIN}–${DUE_YEAR_MAX}`,
    );
  return date;
}

function ruleValue(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const checked = checkRule(value);
  if (!checked.ok) throw new AppError("bad_request:task", checked.message);
  return checked.rule;
}

function remindValue(value: string | null | undefined, timeZone: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = /T|\s/.test(value.trim()) ? parseDue(value, timeZone) : null;
  if (!date) throw new AppError("bad_request:task", "remindAt: must be an ISO-8601 date-time");
  return date;
}

/** A repeating task always has a due date: without one, its first occurrence from today. */
function dueForRule(rule: string | null, dueAt: Date | null, timeZone: string, now: Date): Date | null {
  if (!rule || dueAt) return dueAt;
  const first = firstOccurrence(rule, { now, timeZone });
  if (!first) throw new AppError("bad_request:task", "recurrence: the rule has no occurrence from today on (see UNTIL)");
  return first;
}

type TaskData = Prisma.TaskUncheckedUpdateInput & { dueAt?: Date | null; remindAt?: Date | null };

/**
 * What a change does to a task, as data for one `update`: the patch, plus the rules of
 * repeating tasks and reminders. Completing a repeating task (or skipping an occurrence) moves
 * it to its next occurrence instead, with its reminder; a moved or new reminder is undismissed.
 */
function changeData(before: TaskView, patch: TaskUpdateInput, timeZone: string, now: Date): TaskData {
  const rule = ruleValue(patch.recurrence);
  const remindAt = remindValue(patch.remindAt, timeZone);
  const data: TaskData = {
    title: patch.title,
    description: patch.description,
    priority: patch.priority,
    dueAt: dueValue(patch.dueAt, timeZone),
  };
  if (rule !== undefined) data.recurrence = rule;
  if (remindAt !== undefined) {
    data.remindAt = remindAt;
    data.reminderDismissedAt = null;
  }
  const effectiveRule = rule !== undefined ? rule : (before.recurrence?.rule ?? null);
  const currentDue = data.dueAt !== undefined ? data.dueAt : before.dueAt ? new Date(before.dueAt) : null;
  const effectiveDue = dueForRule(effectiveRule, currentDue, timeZone, now);
  if (effectiveDue !== currentDue) data.dueAt = effectiveDue;
  const completing = patch.status === "completed" && before.status === "pending";
  if ((completing || patch.skipOccurrence) && effectiveRule && effectiveDue) {
    const next = nextOccurrence(effectiveRule, { dueAt: effectiveDue, after: now, timeZone });
    if (next) {
      data.dueAt = next;
      const reminder = data.remindAt !== undefined ? data.remindAt : before.remindAt ? new Date(before.remindAt) : null;
      if (reminder) {
        data.remindAt = moveReminder(reminder, { from: effectiveDue, to: next, timeZone });
        data.reminderDismissedAt = null;
      }
      if (completing) data.lastCompletedAt = now;
      return data;
    }
    if (patch.skipOccurrence)
      throw new AppError("bad_request:task", "skipOccurrence: the repetition has ended (UNTIL), there is no next occurrence");
  } else if (patch.skipOccurrence) {
    throw new AppError("bad_request:task", "skipOccurrence: only a repeating task can skip an occurrence");
  }
  // Completing an already completed task keeps its original completion time.
  if (patch.status && patch.status !== before.status) {
    data.status = patch.status;
    data.completedAt = patch.status === "completed" ? now : null;
    if (patch.status === "completed" && effectiveRule) data.lastCompletedAt = now;
  }
  return data;
}

/**
 * Refuses to create `adding` tasks that would take the user past TASKS_PER_USER_MAX. Not exact
 * under concurrent creations (a few may pass together): a bound on storage, not a quota.
 */
export async function ensureTaskRoom({
  userId,
  adding,
  db = prisma,
}: {
  userId: string;
  adding: number;
  db?: Prisma.TransactionClient;
}): Promise<void> {
  const rows = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Task" WHERE "userId" = ${userId}::uuid`;
  const count = rows[0]?.count ?? 0;
  if (count + adding > TASKS_PER_USER_MAX) {
    throw new AppError(
      "bad_request:task_limit",
      `An account can hold at most ${TASKS_PER_USER_MAX} tasks; this one has ${count}. Delete some tasks first.`,
    );
  }
}

export async function createTask({
  userId,
  timeZone,
  input,
  change,
  db,
  roomChecked = false,
}: {
  userId: string;
  timeZone: string;
  input: TaskCreateInput /** The caller has checked ensureTaskRoom for everything it creates (an import). */;
  roomChecked?: boolean;
} & Mutation): Promise<TaskView> {
  const recurrence = ruleValue(input.recurrence) ?? null;
  const dueAt = dueForRule(recurrence, dueValue(input.dueAt, timeZone) ?? null, timeZone, new Date());
  const remindAt = remindValue(input.remindAt, timeZone) ?? null;
  return inTransaction(db, async (tx) => {
    if (!roomChecked) await ensureTaskRoom({ userId, adding: 1, db: tx });
    const placement = await resolvePlacement(tx, userId, input, null);
    const row = await tx.task.create({
      data: {
        userId,
        title: input.title,
        description: input.description ?? "",
        priority: input.priority ?? "medium",
        dueAt,
        recurrence,
        remindAt,
        labels: input.labels ?? [],
        ...placement,
      },
      select: taskSelect,
    });
    const task = toTaskView(row);
    await recordChanges(tx, userId, change, [{ before: null, after: task }]);
    return task;
  });
}

/** Columns of a new top-level task written by `createTaskStatement`, and of its activity row. */
const NEW_TASK_COLUMNS = `"id", "userId", "title", "description", "status", "priority", "dueAt", "createdAt", "updatedAt", "labels", "recurrence", "remindAt"`;
const NEW_ACTIVITY_COLUMNS = `"id", "userId", "at", "actor", "requestId", "taskId", "action", "after", "undoOf"`;
const CREATE_TASK_CTES = [
  `room AS (SELECT count(*)::int AS "n" FROM "Task" WHERE "userId" = $1::uuid)`,
  `done AS (INSERT INTO "Task" (${NEW_TASK_COLUMNS})
     SELECT ${NEW_TASK_COLUMNS} FROM jsonb_populate_record(NULL::"Task", $2::jsonb) WHERE (SELECT "n" FROM room) < $3
     RETURNING "id")`,
  `activity AS (INSERT INTO "TaskActivity" (${NEW_ACTIVITY_COLUMNS})
     SELECT ${NEW_ACTIVITY_COLUMNS} FROM jsonb_populate_record(NULL::"TaskActivity", $4::jsonb) WHERE EXISTS (SELECT 1 FROM done))`,
];

/**
 * `createTask` of a top-level task in the Inbox as parts of one statement, for a caller that
 * writes its own record in the same statement (the agent's tool-call record): the room check
 * (TASKS_PER_USER_MAX, as ensureTaskRoom), the task and its activity row. Ids and times are
 * chosen here, so the task is known before the statement runs. Nothing is written when the
 * account is full (`done` is then empty: the caller takes `createTask`, which says so). Null for
 * a task in a list or under a parent (`createTask` places those).
 */
export function createTaskStatement({
  userId,
  timeZone,
  input,
  change,
  now = new Date(),
}: {
  userId: string;
  timeZone: string;
  input: TaskCreateInput;
  change: ChangeContext;
  now?: Date;
}): { parts: StatementParts; task: TaskView } | null {
  if (input.listId || input.parentId) return null;
  const recurrence = ruleValue(input.recurrence) ?? null;
  const dueAt = dueForRule(recurrence, dueValue(input.dueAt, timeZone) ?? null, timeZone, now);
  const remindAt = remindValue(input.remindAt, timeZone) ?? null;
  const at = now.toISOString();
  const task: TaskView = {
    id: randomUUID(),
    title: input.title,
    description: input.description ?? "",
    status: "pending",
    priority: input.priority ?? "medium",
    dueAt: dueAt?.toISOString() ?? null,
    completedAt: null,
    createdAt: at,
    updatedAt: at,
    list: null,
    labels: input.labels ?? [],
    parentId: null,
    subtasks: null,
    recurrence: toRecurrence(recurrence),
    lastCompletedAt: null,
    remindAt: remindAt?.toISOString() ?? null,
    reminderDismissedAt: null,
  };
  const row = { ...task, userId, recurrence, list: undefined, subtasks: undefined };
  const activity = { id: randomUUID(), at, ...activityRow(userId, change, { before: null, after: task }) };
  return {
    parts: { ctes: CREATE_TASK_CTES, values: [userId, jsonParam(row), TASKS_PER_USER_MAX, jsonParam(activity)], done: "done" },
    task,
  };
}

export type ListTasksOptions = {
  userId: string;
  timeZone: string;
  status?: TaskStatus | "all";
  priority?: TaskPriority;
  due?: DueFilter;
  q?: string;
  /** A list id, or null for the Inbox (tasks without a list). */
  listId?: string | null;
  label?: string;
  /** The subtasks of this task. */
  parentId?: string;
  /** Only these tasks (e.g. the candidates of a search by words). */
  ids?: string[];
  /** Due / completed within these instants (lib/tasks/time-range.ts resolves what a client sent). */
  dueRange?: InstantRange;
  completedRange?: InstantRange;
  limit?: number;
  cursor?: string;
  now?: Date;
};

export function dueWhere(due: DueFilter, timeZone: string, now: Date): Prisma.TaskWhereInput {
  const today = startOfLocalDay(now, timeZone);
  const tomorrow = startOfLocalDay(now, timeZone, 1);
  switch (due) {
    case "today":
      return { dueAt: { gte: today, lt: tomorrow } };
    case "overdue":
      return { status: "pending", dueAt: { lt: today } };
    case "upcoming":
      return { dueAt: { gte: tomorrow } };
    case "this_week":
      return { dueAt: { gte: today, lt: startOfLocalDay(now, timeZone, 7) } };
  }
}

function afterCursor(cursor: TaskCursor): Prisma.TaskWhereInput {
  const c = new Date(cursor.c);
  const sameDueLater: Prisma.TaskWhereInput = { OR: [{ createdAt: { gt: c } }, { createdAt: c, id: { gt: cursor.i } }] };
  const withinStatus: Prisma.TaskWhereInput =
    cursor.d === null
      ? { dueAt: null, ...sameDueLater }
      : { OR: [{ dueAt: { gt: new Date(cursor.d) } }, { dueAt: null }, { dueAt: new Date(cursor.d), ...sameDueLater }] };
  const laterStatus: Prisma.TaskWhereInput[] = cursor.s === "pending" ? [{ status: "completed" }] : [];
  return { OR: [...laterStatus, { status: cursor.s, ...withinStatus }] };
}

export function buildTaskFilter(options: Omit<ListTasksOptions, "limit" | "cursor">): Prisma.TaskWhereInput[] {
  const and: Prisma.TaskWhereInput[] = [{ userId: options.userId }];
  if (options.status && options.status !== "all") and.push({ status: options.status });
  if (options.priority) and.push({ priority: options.priority });
  if (options.due) and.push(dueWhere(options.due, options.timeZone, options.now ?? new Date()));
  if (options.listId !== undefined) and.push({ listId: options.listId });
  if (options.label) and.push({ labels: { has: options.label } });
  if (options.parentId) and.push({ parentId: options.parentId });
  if (options.ids) and.push({ id: { in: options.ids } });
  if (options.dueRange) and.push({ dueAt: { not: null, ...options.dueRange } });
  if (options.completedRange) and.push({ completedAt: { not: null, ...options.completedRange } });
  if (options.q) {
    const words = options.q.split(/\s+/).filter(Boolean).slice(0, 8);
    for (const word of words) {
      and.push({ OR: [{ title: { contains: word, mode: "insensitive" } }, { description: { contains: word, mode: "insensitive" } }] });
    }
  }
  return and;
}

/** A filter naming another user's (or no) list or parent task is not_found, like any other lookup. */
async function checkFilterOwnership(options: Pick<ListTasksOptions, "userId" | "listId" | "parentId">): Promise<void> {
  if (options.listId) {
    const list = await prisma.taskList.findFirst({ where: { id: options.listId, userId: options.userId }, select: { id: true } });
    if (!list) throw new AppError("not_found:list", "list: no such list.");
  }
  if (options.parentId) {
    const parent = await prisma.task.findFirst({ where: { id: options.parentId, userId: options.userId }, select: { id: true } });
    if (!parent) throw new AppError("not_found:task", "parent: no such task.");
  }
}

export async function listTasks(options: ListTasksOptions): Promise<{ tasks: TaskView[]; nextCursor: string | null }> {
  await checkFilterOwnership(options);
  const limit = options.limit ?? TASK_PAGE_DEFAULT;
  const and = buildTaskFilter(options);
  if (options.cursor) and.push(afterCursor(decodeCursor(options.cursor)));
  const rows = await prisma.task.findMany({ where: { AND: and }, orderBy: listOrder, take: limit + 1, select: taskSelect });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ s: last.status, d: last.dueAt?.toISOString() ?? null, c: last.createdAt.toISOString(), i: last.id })
      : null;
  return { tasks: page.map(toTaskView), nextCursor };
}

export async function countTasks(options: Omit<ListTasksOptions, "limit" | "cursor">): Promise<number> {
  return prisma.task.count({ where: { AND: buildTaskFilter(options) } });
}

export async function getTaskById({
  userId,
  id,
  db = prisma,
}: {
  userId: string;
  id: string;
  db?: Prisma.TransactionClient;
}): Promise<TaskView | null> {
  const row = await db.task.findFirst({ where: { id, userId }, select: taskSelect });
  return row ? toTaskView(row) : null;
}

export async function updateTask({
  userId,
  id,
  timeZone,
  patch,
  change,
  db,
}: { userId: string; id: string; timeZone: string; patch: TaskUpdateInput } & Mutation): Promise<TaskView> {
  // Input errors surface before anything is locked.
  dueValue(patch.dueAt, timeZone);
  ruleValue(patch.recurrence);
  remindValue(patch.remindAt, timeZone);
  return inTransaction(db, async (tx) => {
    const [before] = await lockTasks(tx, userId, [id]);
    if (!before) throw new AppError("not_found:task");
    const data = changeData(before, patch, timeZone, new Date());
    if (patch.labels !== undefined) data.labels = patch.labels;
    let moved: TaskView[] = [];
    if (patch.listId !== undefined || patch.parentId !== undefined) {
      const placement = await resolvePlacement(tx, userId, patch, {
        id: before.id,
        listId: before.list?.id ?? null,
        parentId: before.parentId,
      });
      Object.assign(data, placement);
      // A parent's subtasks move to its new list with it.
      if (placement.listId !== (before.list?.id ?? null)) moved = await moveSubtasks(tx, userId, before.id, placement.listId);
    }
    const after = toTaskView(await tx.task.update({ where: { id: before.id }, data, select: taskSelect }));
    const movedAfter = moved.length ? await tx.task.findMany({ where: { userId, parentId: before.id }, select: taskSelect }) : [];
    const afterById = new Map(movedAfter.map((row) => [row.id, toTaskView(row)]));
    await recordChanges(tx, userId, change, [{ before, after }, ...moved.map((m) => ({ before: m, after: afterById.get(m.id) ?? null }))]);
    return after;
  });
}

export async function deleteTask({ userId, id, change, db }: { userId: string; id: string } & Mutation): Promise<TaskView> {
  return inTransaction(db, async (tx) => {
    const [before] = await lockTasks(tx, userId, [id]);
    if (!before) throw new AppError("not_found:task");
    // Its subtasks go with it (cascade); they are recorded first, so undo brings the parent back first.
    const subtasks = await lockDescendants(tx, userId, [before.id]);
    await tx.task.delete({ where: { id: before.id } });
    await recordChanges(
      tx,
      userId,
      change,
      [...subtasks, before].map((t) => ({ before: t, after: null })),
    );
    return before;
  });
}

/**
 * Sets the status of several of the user's tasks; ids that are not the user's are reported back.
 * A repeating task that is completed moves to its next occurrence (see changeData).
 */
export async function setTasksStatus({
  userId,
  ids,
  status,
  timeZone,
  change,
  db,
}: { userId: string; ids: string[]; status: TaskStatus; timeZone: string } & Mutation): Promise<{ tasks: TaskView[]; notFound: string[] }> {
  return inTransaction(db, async (tx) => {
    const owned = await lockTasks(tx, userId, ids);
    const ownedIds = new Set(owned.map((t) => t.id));
    const changing = owned.filter((t) => t.status !== status);
    const now = new Date();
    for (const task of changing) {
      await tx.task.update({ where: { id: task.id }, data: changeData(task, { status }, timeZone, now) });
    }
    const rows = await tx.task.findMany({ where: { userId, id: { in: [...ownedIds] } }, orderBy: listOrder, select: taskSelect });
    const tasks = rows.map(toTaskView);
    const afterById = new Map(tasks.map((t) => [t.id, t]));
    await recordChanges(
      tx,
      userId,
      change,
      changing.map((before) => ({ before, after: afterById.get(before.id) ?? null })),
    );
    return { tasks, notFound: ids.filter((id) => !ownedIds.has(id)) };
  });
}

export async function deleteTasks({
  userId,
  ids,
  change,
  db,
}: { userId: string; ids: string[] } & Mutation): Promise<{ deleted: TaskView[]; notFound: string[] }> {
  return inTransaction(db, async (tx) => {
    const deleted = await lockTasks(tx, userId, ids);
    const found = new Set(deleted.map((t) => t.id));
    const subtasks = (await lockDescendants(tx, userId, [...found])).filter((t) => !found.has(t.id));
    if (deleted.length) await tx.task.deleteMany({ where: { userId, id: { in: [...found] } } });
    // Subtasks first and parents last, so undo (newest first) brings a parent back before its subtasks.
    const order = [...subtasks, ...deleted.filter((t) => t.parentId !== null), ...deleted.filter((t) => t.parentId === null)];
    await recordChanges(
      tx,
      userId,
      change,
      order.map((before) => ({ before, after: null })),
    );
    return { deleted, notFound: ids.filter((id) => !found.has(id)) };
  });
}

/**
 * Puts one of the user's tasks into `state` (null: deleted), recreating a deleted task with its
 * id and creation time — for undo (lib/activity). Recorded like any other change. A new task
 * field must be restored here too.
 */
export async function setTaskState({
  userId,
  id,
  state,
  change,
  db,
}: { userId: string; id: string; state: TaskView | null } & Mutation): Promise<TaskView | null> {
  return inTransaction(db, async (tx) => {
    const [before] = await lockTasks(tx, userId, [id]);
    let after: TaskView | null = null;
    if (state) {
      const data = {
        title: state.title,
        description: state.description,
        status: state.status,
        priority: state.priority,
        dueAt: state.dueAt ? new Date(state.dueAt) : null,
        completedAt: state.completedAt ? new Date(state.completedAt) : null,
        // Changes recorded before lists, labels and subtasks existed carry none of them.
        listId: await restoreListId(tx, userId, state.list),
        labels: state.labels ?? [],
        parentId: await restoreParentId(tx, userId, state.parentId, id),
        recurrence: state.recurrence?.rule ?? null,
        lastCompletedAt: state.lastCompletedAt ? new Date(state.lastCompletedAt) : null,
        remindAt: state.remindAt ? new Date(state.remindAt) : null,
        reminderDismissedAt: state.reminderDismissedAt ? new Date(state.reminderDismissedAt) : null,
      };
      const row = before
        ? await tx.task.update({ where: { id }, data, select: taskSelect })
        : await tx.task.create({ data: { ...data, id, userId, createdAt: new Date(state.createdAt) }, select: taskSelect });
      after = toTaskView(row);
    } else if (before) {
      await tx.task.delete({ where: { id } });
    }
    await recordChanges(tx, userId, change, [{ before: before ?? null, after }]);
    return after;
  });
}

/** The user's tasks among `ids`, locked until the end of the caller's transaction `db`. */
export async function getTasksForUpdate({
  userId,
  ids,
  db,
}: {
  userId: string;
  ids: string[];
  db: Prisma.TransactionClient;
}): Promise<TaskView[]> {
  return lockTasks(db, userId, ids);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many candidates a lookup by words weighs at most (lib/tasks/match.ts), the likeliest first. */
export const MATCH_CANDIDATES = 50;

/**
 * One case-insensitive regular expression per word of a reference, matching the titles that may
 * contain the word or a small variant of it: its first and last four letters (a typo in the
 * middle, another ending), or the whole word when it is short. Words are [a-z0-9] only
 * (normalizeWords), so nothing needs escaping; at most 8 words.
 */
function wordPatterns(reference: string): string[] {
  // A title may spell a word any of its everyday ways ("present" for "gift"): search for each.
  const base = significantWords(reference);
  const words = [...base, ...base.flatMap((w) => spellingsOf(w).slice(1))];
  const long = words.filter((w) => w.length >= 3);
  const patterns = long.length ? long.map((w) => (w.length > 4 ? `${w.slice(0, 4)}|${w.slice(-4)}` : w)) : words.map((w) => `\\m${w}\\M`); // only one- or two-letter words: as whole words
  return [...new Set(patterns)].slice(0, 8);
}

/**
 * The ids of the user's tasks whose titles may match a person's words, the likeliest first: a
 * title that contains a piece of every word before one that contains fewer, then the closest
 * title as a whole (pg_trgm similarity: an exact title comes first), then list order. A title
 * close to the words as a whole (pg_trgm word similarity, a typo or two) is a candidate too.
 * Both conditions are served by the trigram index on (userId, title), so the cost follows the
 * matches, not the number of tasks.
 */
export async function findTaskIdsByWords({
  userId,
  reference,
  limit = MATCH_CANDIDATES,
  db = prisma,
}: {
  userId: string;
  reference: string;
  limit?: number;
  db?: Prisma.TransactionClient;
}): Promise<string[]> {
  const patterns = wordPatterns(reference);
  if (!patterns.length) return [];
  const phrase = significantWords(reference).join(" ");
  // Fixed text with one $n per word (at most 8); every value is a parameter.
  const hits = patterns.map((_, i) => `(t.title ~* $${i + 5})::int`).join(" + ");
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT t.id FROM "Task" t
     WHERE t."userId" = $1::uuid AND (t.title ~* $2 OR $3 <% t.title)
     ORDER BY ${hits} DESC, similarity(t.title, $3) DESC, t.status ASC, t."dueAt" ASC NULLS LAST, t."createdAt" ASC, t.id ASC
     LIMIT $4`,
    userId,
    patterns.join("|"),
    phrase,
    limit,
    ...patterns,
  );
  return rows.map((r) => r.id);
}

/**
 * The candidates for matching a person's words to one of their tasks (lib/tasks/match.ts): the
 * task with that id, or the `limit` likeliest tasks by their titles (findTaskIdsByWords) —
 * searched in the database, so a task is found however many the user has and however old it
 * is. `db`: the caller's transaction, if any.
 */
export async function listTasksForMatching({
  userId,
  reference,
  limit = MATCH_CANDIDATES,
  db = prisma,
}: {
  userId: string;
  reference: string;
  limit?: number;
  db?: Prisma.TransactionClient;
}): Promise<TaskView[]> {
  const ref = reference.trim();
  if (UUID_PATTERN.test(ref)) {
    const rows = await db.task.findMany({ where: { userId, id: ref.toLowerCase() }, select: taskSelect });
    return rows.map(toTaskView);
  }
  const ids = await findTaskIdsByWords({ userId, reference: ref, limit, db });
  if (!ids.length) return [];
  // In list order, as the person sees them: "the second one" of several that fit is the panel's second.
  const rows = await db.task.findMany({ where: { userId, id: { in: ids } }, orderBy: listOrder, select: taskSelect });
  return rows.map(toTaskView);
}

/** Locks the subtasks of these parents (FOR UPDATE, in id order) and returns them. */
async function lockSubtasks(tx: Prisma.TransactionClient, userId: string, parentIds: string[]): Promise<TaskView[]> {
  if (!parentIds.length) return [];
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "Task" WHERE "userId" = ${userId}::uuid AND "parentId" = ANY(${parentIds}::uuid[]) ORDER BY id FOR UPDATE`;
  return lockTasks(
    tx,
    userId,
    rows.map((r) => r.id),
  );
}

/**
 * Every task below these parents, deepest first, locked: what a delete takes along (cascade) and
 * must record, so that undo brings each back. Subtasks have one level, but a second one made
 * before undo kept to it (restoreParentId) must not be lost without a record.
 */
async function lockDescendants(tx: Prisma.TransactionClient, userId: string, parentIds: string[]): Promise<TaskView[]> {
  const levels: TaskView[][] = [];
  const seen = new Set(parentIds);
  let frontier = parentIds;
  while (frontier.length) {
    const level = (await lockSubtasks(tx, userId, frontier)).filter((t) => !seen.has(t.id));
    for (const t of level) seen.add(t.id);
    if (level.length) levels.push(level);
    frontier = level.map((t) => t.id);
  }
  return levels.reverse().flat();
}

/** Moves a parent's subtasks to `listId` (they live in their parent's list); returns them as they were. */
async function moveSubtasks(tx: Prisma.TransactionClient, userId: string, parentId: string, listId: string | null): Promise<TaskView[]> {
  const subtasks = await lockSubtasks(tx, userId, [parentId]);
  if (subtasks.length) await tx.task.updateMany({ where: { userId, parentId }, data: { listId } });
  return subtasks;
}

/**
 * Moves every task of one of the user's lists to the Inbox, recording each change (so deleting a
 * list can be undone: undo puts the tasks back and recreates the list). Returns how many moved.
 */
async function moveListTasksToInbox({ userId, listId, change, db }: { userId: string; listId: string } & Mutation): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM "Task" WHERE "userId" = ${userId}::uuid AND "listId" = ${listId}::uuid ORDER BY id FOR UPDATE`;
    const before = await lockTasks(
      tx,
      userId,
      rows.map((r) => r.id),
    );
    if (!before.length) return 0;
    await tx.task.updateMany({ where: { userId, listId }, data: { listId: null } });
    const after = await tx.task.findMany({ where: { userId, id: { in: before.map((t) => t.id) } }, select: taskSelect });
    const afterById = new Map(after.map((row) => [row.id, toTaskView(row)]));
    await recordChanges(
      tx,
      userId,
      change,
      before.map((t) => ({ before: t, after: afterById.get(t.id) ?? null })),
    );
    return before.length;
  });
}

/**
 * Deletes one of the user's lists; its tasks move to the Inbox (recorded, so undo restores both).
 * Here rather than in lib/lists: lists know nothing of tasks, tasks know which list they are in.
 */
export async function deleteList({
  userId,
  id,
  change,
}: {
  userId: string;
  id: string;
  change: ChangeContext;
}): Promise<{ list: { id: string; name: string }; movedToInbox: number }> {
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string; name: string }[]
    >`SELECT id, name FROM "TaskList" WHERE id = ${id}::uuid AND "userId" = ${userId}::uuid FOR UPDATE`;
    const list = locked[0];
    if (!list) throw new AppError("not_found:list");
    const movedToInbox = await moveListTasksToInbox({ userId, listId: list.id, change, db: tx });
    await tx.taskList.delete({ where: { id: list.id } });
    return { list, movedToInbox };
  });
}
