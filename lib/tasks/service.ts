/**
 * The task service: every query is scoped by `userId` in its `where`, so a task of another
 * user is indistinguishable from a missing one. Knows nothing of the agent or HTTP. Every change
 * is recorded (TaskActivity) in its own transaction, with the caller's ChangeContext.
 */
import "server-only";
import { db as prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordChanges, type ChangeContext } from "@/lib/tasks/activity-log";
import { TASK_PAGE_DEFAULT } from "@/lib/limits";
import { decodeCursor, encodeCursor, type TaskCursor } from "@/lib/tasks/cursor";
import { parseDue } from "@/lib/tasks/due";
import { resolvePlacement, restoreListId, restoreParentId } from "@/lib/tasks/organise";
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
    subtasks: row.subtasks.length ? { done: row.subtasks.filter((t) => t.status === "completed").length, total: row.subtasks.length } : null,
  };
}

/**
 * What every mutation takes: who changes tasks on whose request (recorded with each change, in
 * its transaction), and optionally the caller's transaction to run in; without one, each
 * mutation is a transaction of its own.
 */
type Mutation = { change: ChangeContext; db?: Prisma.TransactionClient };

function inTransaction<T>(given: Prisma.TransactionClient | undefined, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return given ? work(given) : prisma.$transaction(work);
}

/** Runs several service calls in the caller's transaction, or in a new one (e.g. a task and its subtasks). */
export const withTransaction = inTransaction;

/** Locks the user's tasks among `ids` (FOR UPDATE, in id order) and returns them, in list order. */
async function lockTasks(tx: Prisma.TransactionClient, userId: string, ids: string[]): Promise<TaskView[]> {
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
  if (!date) throw new AppError("bad_request:task", "dueAt: must be an ISO-8601 date-time or a YYYY-MM-DD date");
  return date;
}

export async function createTask({
  userId,
  timeZone,
  input,
  change,
  db,
}: { userId: string; timeZone: string; input: TaskCreateInput } & Mutation): Promise<TaskView> {
  const dueAt = dueValue(input.dueAt, timeZone) ?? null;
  return inTransaction(db, async (tx) => {
    const placement = await resolvePlacement(tx, userId, input, null);
    const row = await tx.task.create({
      data: {
        userId,
        title: input.title,
        description: input.description ?? "",
        priority: input.priority ?? "medium",
        dueAt,
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

export async function getTaskById({ userId, id, db = prisma }: { userId: string; id: string; db?: Prisma.TransactionClient }): Promise<TaskView | null> {
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
  const dueAt = dueValue(patch.dueAt, timeZone);
  return inTransaction(db, async (tx) => {
    const [before] = await lockTasks(tx, userId, [id]);
    if (!before) throw new AppError("not_found:task");
    const data: Prisma.TaskUncheckedUpdateInput = { title: patch.title, description: patch.description, priority: patch.priority, dueAt, labels: patch.labels };
    // Completing an already completed task keeps its original completion time.
    if (patch.status && patch.status !== before.status) {
      data.status = patch.status;
      data.completedAt = patch.status === "completed" ? new Date() : null;
    }
    let moved: TaskView[] = [];
    if (patch.listId !== undefined || patch.parentId !== undefined) {
      const placement = await resolvePlacement(tx, userId, patch, { id: before.id, listId: before.list?.id ?? null, parentId: before.parentId });
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
    const subtasks = await lockSubtasks(tx, userId, [before.id]);
    await tx.task.delete({ where: { id: before.id } });
    await recordChanges(tx, userId, change, [...subtasks, before].map((t) => ({ before: t, after: null })));
    return before;
  });
}

/** Sets the status of several of the user's tasks; ids that are not the user's are reported back. */
export async function setTasksStatus({
  userId,
  ids,
  status,
  change,
  db,
}: { userId: string; ids: string[]; status: TaskStatus } & Mutation): Promise<{ tasks: TaskView[]; notFound: string[] }> {
  return inTransaction(db, async (tx) => {
    const owned = await lockTasks(tx, userId, ids);
    const ownedIds = new Set(owned.map((t) => t.id));
    const changing = owned.filter((t) => t.status !== status);
    if (changing.length) {
      await tx.task.updateMany({
        where: { userId, id: { in: changing.map((t) => t.id) } },
        data: { status, completedAt: status === "completed" ? new Date() : null },
      });
    }
    const rows = await tx.task.findMany({ where: { userId, id: { in: [...ownedIds] } }, orderBy: listOrder, select: taskSelect });
    const tasks = rows.map(toTaskView);
    const afterById = new Map(tasks.map((t) => [t.id, t]));
    await recordChanges(tx, userId, change, changing.map((before) => ({ before, after: afterById.get(before.id) ?? null })));
    return { tasks, notFound: ids.filter((id) => !ownedIds.has(id)) };
  });
}

export async function deleteTasks({ userId, ids, change, db }: { userId: string; ids: string[] } & Mutation): Promise<{ deleted: TaskView[]; notFound: string[] }> {
  return inTransaction(db, async (tx) => {
    const deleted = await lockTasks(tx, userId, ids);
    const found = new Set(deleted.map((t) => t.id));
    const subtasks = (await lockSubtasks(tx, userId, [...found])).filter((t) => !found.has(t.id));
    if (deleted.length) await tx.task.deleteMany({ where: { userId, id: { in: [...found] } } });
    // Subtasks first and parents last, so undo (newest first) brings a parent back before its subtasks.
    const order = [...subtasks, ...deleted.filter((t) => t.parentId !== null), ...deleted.filter((t) => t.parentId === null)];
    await recordChanges(tx, userId, change, order.map((before) => ({ before, after: null })));
    return { deleted, notFound: ids.filter((id) => !found.has(id)) };
  });
}

/**
 * Puts one of the user's tasks into `state` (null: deleted), recreating a deleted task with its
 * id and creation time — for undo (lib/activity). Recorded like any other change. A new task
 * field must be restored here too.
 */
export async function setTaskState({ userId, id, state, change, db }: { userId: string; id: string; state: TaskView | null } & Mutation): Promise<TaskView | null> {
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
        parentId: await restoreParentId(tx, userId, state.parentId),
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
export async function getTasksForUpdate({ userId, ids, db }: { userId: string; ids: string[]; db: Prisma.TransactionClient }): Promise<TaskView[]> {
  return lockTasks(db, userId, ids);
}

/** The user's tasks for reference matching (titles), most relevant first, bounded. */
export async function listTasksForMatching({ userId, limit = 500, db = prisma }: { userId: string; limit?: number; db?: Prisma.TransactionClient }): Promise<TaskView[]> {
  const rows = await db.task.findMany({ where: { userId }, orderBy: listOrder, take: limit, select: taskSelect });
  return rows.map(toTaskView);
}

/** Locks the subtasks of these parents (FOR UPDATE, in id order) and returns them. */
async function lockSubtasks(tx: Prisma.TransactionClient, userId: string, parentIds: string[]): Promise<TaskView[]> {
  if (!parentIds.length) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Task" WHERE "userId" = ${userId}::uuid AND "parentId" = ANY(${parentIds}::uuid[]) ORDER BY id FOR UPDATE`;
  return lockTasks(tx, userId, rows.map((r) => r.id));
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
export async function moveListTasksToInbox({ userId, listId, change, db }: { userId: string; listId: string } & Mutation): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Task" WHERE "userId" = ${userId}::uuid AND "listId" = ${listId}::uuid ORDER BY id FOR UPDATE`;
    const before = await lockTasks(tx, userId, rows.map((r) => r.id));
    if (!before.length) return 0;
    await tx.task.updateMany({ where: { userId, listId }, data: { listId: null } });
    const after = await tx.task.findMany({ where: { userId, id: { in: before.map((t) => t.id) } }, select: taskSelect });
    const afterById = new Map(after.map((row) => [row.id, toTaskView(row)]));
    await recordChanges(tx, userId, change, before.map((t) => ({ before: t, after: afterById.get(t.id) ?? null })));
    return before.length;
  });
}
