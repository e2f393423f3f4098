/**
 * Task lists: the user's named lists with their pending-task counts (the Inbox is implicit: tasks
 * without a list). Every query is scoped by userId, so another user's list is not_found.
 * Deleting a list moves its tasks, so it is the task service's job (deleteList in
 * lib/tasks/service.ts): lib/tasks depends on lib/lists, never the other way round.
 */
import "server-only";
import { db as prisma, type Prisma } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { listNameKey, type ListView } from "@/lib/lists/schema";

/** A user has at most this many lists. */
export const LISTS_MAX = 200;

async function pendingCounts(userId: string, listIds: (string | null)[] | "all"): Promise<Map<string | null, number>> {
  const groups = await prisma.task.groupBy({
    by: ["listId"],
    where: {
      userId,
      status: "pending",
      ...(listIds === "all" ? {} : { listId: { in: listIds.filter((id): id is string => id !== null) } }),
    },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.listId, g._count._all]));
}

/** The user's lists by name, each with its pending tasks; `inboxCount`: pending tasks in no list. */
export async function listLists({ userId }: { userId: string }): Promise<{ lists: ListView[]; inboxCount: number }> {
  const [rows, counts] = await Promise.all([
    prisma.taskList.findMany({ where: { userId }, orderBy: [{ nameKey: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
    pendingCounts(userId, "all"),
  ]);
  return { lists: rows.map((r) => ({ ...r, taskCount: counts.get(r.id) ?? 0 })), inboxCount: counts.get(null) ?? 0 };
}

async function toView(userId: string, row: { id: string; name: string }): Promise<ListView> {
  const counts = await pendingCounts(userId, [row.id]);
  return { id: row.id, name: row.name, taskCount: counts.get(row.id) ?? 0 };
}

function nameTaken(name: string): AppError {
  return new AppError("conflict:list", `There is already a list called '${name}'.`);
}

export async function createList({ userId, name }: { userId: string; name: string }): Promise<ListView> {
  const count = await prisma.taskList.count({ where: { userId } });
  if (count >= LISTS_MAX) throw new AppError("bad_request:list", `You can have at most ${LISTS_MAX} lists.`);
  try {
    const row = await prisma.taskList.create({ data: { userId, name, nameKey: listNameKey(name) }, select: { id: true, name: true } });
    return { ...row, taskCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export async function getList({ userId, id }: { userId: string; id: string }): Promise<ListView | null> {
  const row = await prisma.taskList.findFirst({ where: { id, userId }, select: { id: true, name: true } });
  return row ? toView(userId, row) : null;
}

/** The user's list called `name` (case and spacing ignored), or null. */
export async function findListByName({
  userId,
  name,
  db = prisma,
}: {
  userId: string;
  name: string;
  db?: Prisma.TransactionClient;
}): Promise<{ id: string; name: string } | null> {
  return db.taskList.findFirst({ where: { userId, nameKey: listNameKey(name) }, select: { id: true, name: true } });
}

/** The user's list called `name`, created if there is none (for imports; in the caller's transaction). */
export async function ensureList({
  userId,
  name,
  db = prisma,
}: {
  userId: string;
  name: string;
  db?: Prisma.TransactionClient;
}): Promise<{ id: string; name: string }> {
  const existing = await findListByName({ userId, name, db });
  if (existing) return existing;
  return db.taskList.create({ data: { userId, name, nameKey: listNameKey(name) }, select: { id: true, name: true } });
}

export async function renameList({ userId, id, name }: { userId: string; id: string; name: string }): Promise<ListView> {
  try {
    const { count } = await prisma.taskList.updateMany({ where: { id, userId }, data: { name, nameKey: listNameKey(name) } });
    if (count === 0) throw new AppError("not_found:list");
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  const list = await getList({ userId, id });
  if (!list) throw new AppError("not_found:list");
  return list;
}
