/**
 * Reminders: a task's `remindAt` comes due; the user snoozes it (a new `remindAt`) or dismisses
 * it (`reminderDismissedAt`). Both are task changes, recorded like any other.
 */
import "server-only";
import { z } from "zod";
import { db as prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordChanges } from "@/lib/tasks/activity-log";
import type { TaskView } from "@/lib/tasks/schema";
import { inTransaction, lockTasks, taskSelect, toTaskView, type Mutation } from "@/lib/tasks/service";

export const REMINDERS_MAX = 100;

const instant = z.iso.datetime({ offset: true, message: "must be an ISO-8601 date-time with an offset, e.g. 2026-11-27T17:00:00Z" });
export const remindersQuerySchema = z.object({ until: instant.optional() }).strict();
export const snoozeSchema = z.object({ until: instant }).strict();

/** Pending tasks whose reminder is due by `until` and not dismissed, soonest first. */
export async function listDueReminders({ userId, until }: { userId: string; until: Date }): Promise<TaskView[]> {
  const rows = await prisma.task.findMany({
    where: { userId, status: "pending", reminderDismissedAt: null, remindAt: { lte: until } },
    orderBy: [{ remindAt: "asc" }, { id: "asc" }],
    take: REMINDERS_MAX,
    select: taskSelect,
  });
  return rows.map(toTaskView);
}

async function changeReminder(
  { userId, taskId, change, db }: { userId: string; taskId: string } & Mutation,
  data: { remindAt?: Date; reminderDismissedAt: Date | null },
): Promise<TaskView> {
  return inTransaction(db, async (tx) => {
    const [before] = await lockTasks(tx, userId, [taskId]);
    if (!before) throw new AppError("not_found:task");
    if (!before.remindAt) throw new AppError("not_found:reminder", "This task has no reminder.");
    const after = toTaskView(await tx.task.update({ where: { id: before.id }, data, select: taskSelect }));
    await recordChanges(tx, userId, change, [{ before, after }]);
    return after;
  });
}

export function dismissReminder(args: { userId: string; taskId: string } & Mutation): Promise<TaskView> {
  return changeReminder(args, { reminderDismissedAt: new Date() });
}

export function snoozeReminder({ until, ...args }: { userId: string; taskId: string; until: Date } & Mutation): Promise<TaskView> {
  return changeReminder(args, { remindAt: until, reminderDismissedAt: null });
}
