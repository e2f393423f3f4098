/**
 * Where a task sits: its list (null = the Inbox) and its parent (one level of subtasks). Checks
 * what a create/update asks for against the user's own lists and tasks, inside the change's
 * transaction; every query is scoped by userId, so another user's list or task is not_found.
 */
import "server-only";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { listNameKey, type TaskListRef } from "@/lib/lists/schema";

/** A parent has at most this many subtasks. */
export const SUBTASKS_MAX = 50;

type Current = { id: string; listId: string | null; parentId: string | null };

/** The list id to store, after checking it is the user's (not_found:list otherwise). */
export async function ownListId(tx: Prisma.TransactionClient, userId: string, listId: string | null): Promise<string | null> {
  if (listId === null) return null;
  const list = await tx.taskList.findFirst({ where: { id: listId, userId }, select: { id: true } });
  if (!list) throw new AppError("not_found:list", "listId: no such list.");
  return list.id;
}

/**
 * The list and parent a task gets from `input` (absent fields: unchanged for an update, Inbox and
 * top-level for a new task). A subtask always lives in its parent's list.
 */
export async function resolvePlacement(
  tx: Prisma.TransactionClient,
  userId: string,
  input: { listId?: string | null; parentId?: string | null },
  current: Current | null,
): Promise<{ listId: string | null; parentId: string | null }> {
  const parentId = input.parentId !== undefined ? input.parentId : (current?.parentId ?? null);
  if (parentId === null) {
    const listId = input.listId !== undefined ? await ownListId(tx, userId, input.listId) : (current?.listId ?? null);
    return { listId, parentId: null };
  }
  if (current && parentId === current.id) throw new AppError("bad_request:task", "parentId: a task cannot be its own subtask.");
  const parent = await tx.task.findFirst({ where: { id: parentId, userId }, select: { id: true, listId: true, parentId: true } });
  if (!parent) throw new AppError("not_found:task", "parentId: no such task.");
  if (parent.parentId !== null) throw new AppError("bad_request:task", "parentId: that task is itself a subtask; subtasks have one level.");
  if (input.listId !== undefined && input.listId !== parent.listId) {
    throw new AppError("bad_request:task", "listId: a subtask is always in its parent's list; move the parent instead.");
  }
  if (current && current.parentId !== parent.id) {
    const own = await tx.task.count({ where: { userId, parentId: current.id } });
    if (own > 0) throw new AppError("bad_request:task", "parentId: this task has subtasks of its own, so it cannot become a subtask.");
  }
  if (!current || current.parentId !== parent.id) {
    const siblings = await tx.task.count({ where: { userId, parentId: parent.id } });
    if (siblings >= SUBTASKS_MAX) throw new AppError("bad_request:task", `parentId: a task has at most ${SUBTASKS_MAX} subtasks.`);
  }
  return { listId: parent.listId, parentId: parent.id };
}

/**
 * For undo: the list a task goes back to — the same list, or, if it was deleted since, a list
 * recreated with its id and name (or the user's list of that name, if one exists now).
 */
export async function restoreListId(
  tx: Prisma.TransactionClient,
  userId: string,
  list: TaskListRef | null | undefined,
): Promise<string | null> {
  if (!list) return null;
  const existing = await tx.taskList.findFirst({ where: { id: list.id, userId }, select: { id: true } });
  if (existing) return existing.id;
  const nameKey = listNameKey(list.name);
  const sameName = await tx.taskList.findFirst({ where: { userId, nameKey }, select: { id: true } });
  if (sameName) return sameName.id;
  const taken = await tx.taskList.findFirst({ where: { id: list.id }, select: { id: true } });
  const created = await tx.taskList.create({
    data: { ...(taken ? {} : { id: list.id }), userId, name: list.name, nameKey },
    select: { id: true },
  });
  return created.id;
}

/**
 * For undo: the parent task `taskId` goes back to, if it is still there and top-level, and the
 * task has no subtasks of its own now (either would make a second level of subtasks); else it
 * comes back top-level.
 */
export async function restoreParentId(
  tx: Prisma.TransactionClient,
  userId: string,
  parentId: string | null | undefined,
  taskId: string,
): Promise<string | null> {
  if (!parentId) return null;
  const parent = await tx.task.findFirst({ where: { id: parentId, userId, parentId: null }, select: { id: true } });
  if (!parent) return null;
  const own = await tx.task.count({ where: { userId, parentId: taskId } });
  return own ? null : parent.id;
}
