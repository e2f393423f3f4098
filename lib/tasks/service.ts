/**
 * The task service: every query is scoped by `userId` in its `where`, so a task of another
 * user is indistinguishable from a missing one. Knows nothing of the agent or HTTP.
 */
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TASK_PAGE_DEFAULT } from "@/lib/limits";
import { decodeCursor, encodeCursor, type TaskCursor } from "@/lib/tasks/cursor";
import { parseDue } from "@/lib/tasks/due";
import { normalizeWords } from "@/lib/tasks/match";
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
};

const taskSelect = {
  id: true,
  title: true,
  description: true,
  status: true,
  priority: true,
  dueAt: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

const listOrder: Prisma.TaskOrderByWithRelationInput[] = [
  { status: "asc" },
  { dueAt: { sort: "asc", nulls: "last" } },
  { createdAt: "asc" },
  { id: "asc" },
];

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
  };
}

function dueValue(value: string | null | undefined, timeZone: string): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const date = parseDue(value, timeZone);
  if (!date) throw new AppError("bad_request:task", "dueAt: must be an ISO-8601 date-time or a YYYY-MM-DD date");
  return date;
}

export async function createTask({ userId, timeZone, input }: { userId: string; timeZone: string; input: TaskCreateInput }): Promise<TaskView> {
  const row = await db.task.create({
    data: {
      userId,
      title: input.title,
      description: input.description ?? "",
      priority: input.priority ?? "medium",
      dueAt: dueValue(input.dueAt, timeZone) ?? null,
    },
    select: taskSelect,
  });
  return toTaskView(row);
}

export type ListTasksOptions = {
  userId: string;
  timeZone: string;
  status?: TaskStatus | "all";
  priority?: TaskPriority;
  due?: DueFilter;
  q?: string;
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
  if (options.q) {
    const words = options.q.split(/\s+/).filter(Boolean).slice(0, 8);
    for (const word of words) {
      and.push({ OR: [{ title: { contains: word, mode: "insensitive" } }, { description: { contains: word, mode: "insensitive" } }] });
    }
  }
  return and;
}

export async function listTasks(options: ListTasksOptions): Promise<{ tasks: TaskView[]; nextCursor: string | null }> {
  const limit = options.limit ?? TASK_PAGE_DEFAULT;
  const and = buildTaskFilter(options);
  if (options.cursor) and.push(afterCursor(decodeCursor(options.cursor)));
  const rows = await db.task.findMany({ where: { AND: and }, orderBy: listOrder, take: limit + 1, select: taskSelect });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ s: last.status, d: last.dueAt?.toISOString() ?? null, c: last.createdAt.toISOString(), i: last.id })
      : null;
  return { tasks: page.map(toTaskView), nextCursor };
}

export async function countTasks(options: Omit<ListTasksOptions, "limit" | "cursor">): Promise<number> {
  return db.task.count({ where: { AND: buildTaskFilter(options) } });
}

export async function getTaskById({ userId, id }: { userId: string; id: string }): Promise<TaskView | null> {
  const row = await db.task.findFirst({ where: { id, userId }, select: taskSelect });
  return row ? toTaskView(row) : null;
}

export async function updateTask({ userId, id, timeZone, patch }: { userId: string; id: string; timeZone: string; patch: TaskUpdateInput }): Promise<TaskView> {
  const data: Prisma.TaskUpdateManyMutationInput = {
    title: patch.title,
    description: patch.description,
    priority: patch.priority,
    dueAt: dueValue(patch.dueAt, timeZone),
  };
  if (patch.status) {
    data.status = patch.status;
    data.completedAt = patch.status === "completed" ? new Date() : null;
  }
  // Completing an already completed task keeps its original completion time.
  const where: Prisma.TaskWhereInput = { id, userId };
  const { count } =
    patch.status === "completed"
      ? await db.$transaction(async (tx) => {
          const updated = await tx.task.updateMany({ where: { ...where, status: "pending" }, data });
          if (updated.count > 0) return updated;
          const { completedAt: _keep, ...rest } = data;
          void _keep;
          return tx.task.updateMany({ where, data: rest });
        })
      : await db.task.updateMany({ where, data });
  if (count === 0) throw new AppError("not_found:task");
  const task = await getTaskById({ userId, id });
  if (!task) throw new AppError("not_found:task");
  return task;
}

export async function deleteTask({ userId, id }: { userId: string; id: string }): Promise<TaskView> {
  const task = await getTaskById({ userId, id });
  if (!task) throw new AppError("not_found:task");
  const { count } = await db.task.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found:task");
  return task;
}

/** Sets the status of several of the user's tasks; ids that are not the user's are reported back. */
export async function setTasksStatus({ userId, ids, status }: { userId: string; ids: string[]; status: TaskStatus }): Promise<{ tasks: TaskView[]; notFound: string[] }> {
  const owned = await db.task.findMany({ where: { userId, id: { in: ids } }, select: { id: true, status: true } });
  const ownedIds = owned.map((t) => t.id);
  const changing = owned.filter((t) => t.status !== status).map((t) => t.id);
  if (changing.length) {
    await db.task.updateMany({
      where: { userId, id: { in: changing } },
      data: { status, completedAt: status === "completed" ? new Date() : null },
    });
  }
  const rows = await db.task.findMany({ where: { userId, id: { in: ownedIds } }, orderBy: listOrder, select: taskSelect });
  return { tasks: rows.map(toTaskView), notFound: ids.filter((id) => !ownedIds.includes(id)) };
}

export async function deleteTasks({ userId, ids }: { userId: string; ids: string[] }): Promise<{ deleted: TaskView[]; notFound: string[] }> {
  const rows = await db.task.findMany({ where: { userId, id: { in: ids } }, orderBy: listOrder, select: taskSelect });
  if (rows.length) await db.task.deleteMany({ where: { userId, id: { in: rows.map((r) => r.id) } } });
  const found = new Set(rows.map((r) => r.id));
  return { deleted: rows.map(toTaskView), notFound: ids.filter((id) => !found.has(id)) };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Word pieces a title containing the word (or a small variant of it) contains too: its first and last four letters. */
function searchStems(reference: string): string[] {
  const stems = normalizeWords(reference)
    .filter((w) => w.length >= 3)
    .flatMap((w) => (w.length > 4 ? [w.slice(0, 4), w.slice(-4)] : [w]));
  return [...new Set(stems)].slice(0, 16);
}

/**
 * The candidates for matching a person's words to one of their tasks (lib/tasks/match.ts): the
 * task with that id, or the tasks whose titles share a word piece with the words — searched in
 * the database, so a task is found however many the user has — together with the first ones
 * in list order. Bounded by `limit` each.
 */
export async function listTasksForMatching({ userId, reference, limit = 500 }: { userId: string; reference?: string; limit?: number }): Promise<TaskView[]> {
  const ref = reference?.trim() ?? "";
  if (UUID_PATTERN.test(ref)) {
    const rows = await db.task.findMany({ where: { userId, id: ref.toLowerCase() }, select: taskSelect });
    return rows.map(toTaskView);
  }
  const stems = searchStems(ref);
  const [listed, matching] = await Promise.all([
    db.task.findMany({ where: { userId }, orderBy: listOrder, take: limit, select: taskSelect }),
    stems.length
      ? db.task.findMany({ where: { userId, OR: stems.map((stem) => ({ title: { contains: stem, mode: "insensitive" as const } })) }, orderBy: listOrder, take: limit, select: taskSelect })
      : Promise.resolve([]),
  ]);
  const byId = new Map([...matching, ...listed].map((row) => [row.id, row]));
  return [...byId.values()].map(toTaskView);
}
