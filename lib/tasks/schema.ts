/** The task domain's shapes: what clients may send and what they get back. */
import { z } from "zod";
import { DESCRIPTION_MAX, TASK_PAGE_MAX, TITLE_MAX } from "@/lib/limits";
import type { TaskListRef } from "@/lib/lists/schema";
import { labelSchema, labelsSchema } from "@/lib/tasks/label-schema";
import { isValidTimeZone, canonicalTimeZone } from "@/lib/tasks/time-zone";

export const taskStatusSchema = z.enum(["pending", "completed"]);
export const taskPrioritySchema = z.enum(["low", "medium", "high"]);
export const dueFilterSchema = z.enum(["today", "overdue", "upcoming", "this_week"]);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export type TaskPriority = z.infer<typeof taskPrioritySchema>;
export type DueFilter = z.infer<typeof dueFilterSchema>;

export const titleSchema = z.string().trim().min(1, "must not be empty").max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`);
export const descriptionSchema = z.string().trim().max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`);
/** ISO-8601 date-time, or a bare YYYY-MM-DD day; checked precisely by parseDue. */
export const dueInputSchema = z.string().trim().min(10, "must be an ISO-8601 date or date-time").max(40);
/** An RFC 5545 RRULE without DTSTART, checked precisely by checkRule (lib/tasks/recurrence.ts). */
export const recurrenceInputSchema = z.string().trim().min(1, "must be an RRULE like FREQ=WEEKLY;BYDAY=MO").max(300);
/** When to remind: an ISO-8601 date-time (without an offset: the user's local time). */
export const remindAtInputSchema = z.string().trim().min(16, "must be an ISO-8601 date-time").max(40);
/** An IANA zone, in its canonical spelling ("europe/berlin" is stored as "Europe/Berlin"). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, "must be an IANA time zone like Europe/Berlin")
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

const uuidSchema = z.uuid({ message: "must be a UUID" });

export const taskCreateSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema.optional(),
    priority: taskPrioritySchema.optional(),
    dueAt: dueInputSchema.nullable().optional(),
    /** A list of the user's; null or absent: the Inbox (a subtask is always in its parent's list). */
    listId: uuidSchema.nullable().optional(),
    labels: labelsSchema.optional(),
    /** Makes this a subtask of one of the user's top-level tasks. */
    parentId: uuidSchema.nullable().optional(),
    recurrence: recurrenceInputSchema.nullable().optional(),
    remindAt: remindAtInputSchema.nullable().optional(),
  })
  .strict();
export type TaskCreateInput = z.infer<typeof taskCreateSchema>;

export const taskUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    priority: taskPrioritySchema.optional(),
    dueAt: dueInputSchema.nullable().optional(),
    status: taskStatusSchema.optional(),
    /** null moves the task to the Inbox. */
    listId: uuidSchema.nullable().optional(),
    /** Replaces the task's labels. */
    labels: labelsSchema.optional(),
    /** null makes a subtask a top-level task again. */
    parentId: uuidSchema.nullable().optional(),
    recurrence: recurrenceInputSchema.nullable().optional(),
    remindAt: remindAtInputSchema.nullable().optional(),
    /** `true` moves a repeating task to its next occurrence without completing it ("skip this one"). */
    skipOccurrence: z.literal(true).optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), "send at least one field to change");
export type TaskUpdateInput = z.infer<typeof taskUpdateSchema>;

/** One bound of a time range as sent; its meaning is checked by resolveTimeRanges. */
export const rangeBoundSchema = z.string().trim().min(10, "must be an ISO-8601 date or date-time").max(40);

export const taskListQuerySchema = z
  .object({
    status: z.enum(["pending", "completed", "all"]).default("all"),
    priority: taskPrioritySchema.optional(),
    due: dueFilterSchema.optional(),
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX).optional(),
    cursor: z.string().max(512).optional(),
    tz: timeZoneSchema.optional(),
    /** A list id, or "inbox" for tasks without a list. */
    list: z.union([z.literal("inbox"), uuidSchema]).optional(),
    label: labelSchema.optional(),
    /** The subtasks of this task. */
    parent: uuidSchema.optional(),
    /** Time ranges (lib/tasks/time-range.ts): ISO dates (the user's local day, `…To` inclusive) or date-times. */
    dueFrom: rangeBoundSchema.optional(),
    dueTo: rangeBoundSchema.optional(),
    completedFrom: rangeBoundSchema.optional(),
    completedTo: rangeBoundSchema.optional(),
  })
  .strict();

/** A task as every client sees it (API, UI, agent tools, MCP). */
export type TaskView = {
  id: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The task's list; null: the Inbox. */
  list: TaskListRef | null;
  labels: string[];
  /** The parent task of a subtask; null for a top-level task. */
  parentId: string | null;
  /** A parent's progress: how many of its subtasks are done; null when it has none. */
  subtasks: { done: number; total: number } | null;
  /** A repeating task's rule and its plain-English text; null when it does not repeat. */
  recurrence: { rule: string; text: string } | null;
  /** When the last occurrence of a repeating task was completed. */
  lastCompletedAt: string | null;
  remindAt: string | null;
  /** Set when the reminder was dismissed; cleared when the reminder moves. */
  reminderDismissedAt: string | null;
};
