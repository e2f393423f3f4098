/**
 * Tool input schemas (docs/agent-tools.md). Gemini-compatible on purpose: strict objects with
 * optional fields, strings, numbers, booleans, enums and string arrays only — no unions, no
 * records — and never a user id: the user is bound by closure in every execute.
 */
import { z } from "zod";
import { DESCRIPTION_MAX, TASK_PAGE_MAX, TITLE_MAX } from "@/lib/limits";

const priority = z.enum(["low", "medium", "high"]).describe("Task priority");
const due = z.string().max(40).describe("Due date: YYYY-MM-DD (a day in the user's time zone) or an ISO-8601 date-time");
const taskRef = z.string().min(1).max(TITLE_MAX).describe("The task: its id, or words from its title");
const listName = z.string().min(1).max(80).describe("A list by name, e.g. 'Groceries' ('inbox' = tasks in no list)");
const labelList = z.array(z.string().max(41)).max(20);
const parentRef = z.string().min(1).max(TITLE_MAX).describe("The parent task (for a subtask): its id or words from its title");
const recurrence = z
  .string()
  .max(300)
  .describe(
    "Repeat rule: an RFC 5545 RRULE without DTSTART, e.g. FREQ=WEEKLY;BYDAY=SU (every Sunday), FREQ=MONTHLY;BYMONTHDAY=1 (the 1st of every month), FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR (every weekday). The time of day comes from `due`",
  );
const remindAt = z
  .string()
  .max(40)
  .describe("When to remind the user: an ISO-8601 date-time (with an offset, or the user's local time without one)");
const ids = z.array(z.string().max(64)).min(1).max(50).describe("Task ids (from a previous list)");

export const addTaskInput = z
  .object({
    title: z.string().max(TITLE_MAX).describe("Short title, e.g. 'Buy milk'"),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    priority: priority.optional(),
    due: due.optional(),
    list: listName
      .optional()
      .describe("Put the task in this list (by name). A list that does not exist is not created: ask the user first"),
    labels: labelList.optional().describe("Labels, e.g. ['errands']; '#errands' in the title works too"),
    parent: parentRef.optional().describe("Make it a subtask of this task (words from its title or its id)"),
    subtasks: z.array(z.string().max(TITLE_MAX)).max(20).optional().describe("Titles of subtasks (steps) to create under the new task"),
    recurrence: recurrence.optional(),
    remindAt: remindAt.optional(),
  })
  .strict();

/** One bound of a time range (lib/tasks/time-range.ts checks what it means). */
const rangeBound = z.string().max(40);

export const listTasksInput = z
  .object({
    status: z.enum(["pending", "completed", "all"]).optional().describe("Default: all"),
    priority: priority.optional(),
    due: z.enum(["today", "overdue", "upcoming", "this_week"]).optional(),
    query: z.string().max(200).optional().describe("Words to search for in titles and descriptions"),
    list: listName.optional().describe("Only tasks in this list (by name); 'inbox' = tasks in no list"),
    label: z.string().max(41).optional().describe("Only tasks with this label, e.g. 'errands'"),
    parent: parentRef.optional().describe("Only the subtasks of this task"),
    dueFrom: rangeBound
      .optional()
      .describe("Only tasks due at or after this: YYYY-MM-DD (from the start of that day, user's time zone) or an ISO-8601 date-time"),
    dueTo: rangeBound
      .optional()
      .describe("Only tasks due at or before this: YYYY-MM-DD (to the end of that day, inclusive) or an ISO-8601 date-time"),
    completedFrom: rangeBound
      .optional()
      .describe("Only tasks completed at or after this (YYYY-MM-DD or date-time); use with status 'completed' or 'all'"),
    completedTo: rangeBound.optional().describe("Only tasks completed at or before this (YYYY-MM-DD, inclusive, or date-time)"),
    limit: z.number().int().min(1).max(TASK_PAGE_MAX).optional().describe("Default 50"),
  })
  .strict();

export const completeTaskInput = z.object({ task: taskRef }).strict();

export const updateTaskInput = z
  .object({
    task: taskRef,
    title: z.string().max(TITLE_MAX).optional(),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    priority: priority.optional(),
    due: due.optional(),
    clearDue: z.boolean().optional().describe("true removes the due date"),
    status: z.enum(["pending", "completed"]).optional().describe("pending reopens a completed task"),
    list: listName.optional().describe("Move the task to this list (by name); 'inbox' takes it out of its list"),
    labels: labelList.optional().describe("Labels to add, e.g. ['urgent']"),
    removeLabels: labelList.optional().describe("Labels to take off"),
    parent: parentRef.optional().describe("Make the task a subtask of this task"),
    recurrence: recurrence.optional(),
    clearRecurrence: z.boolean().optional().describe("true stops the task repeating"),
    skipOccurrence: z.boolean().optional().describe("true moves a repeating task to its next occurrence without completing it"),
    remindAt: remindAt.optional(),
    remindBefore: z
      .number()
      .int()
      .min(1)
      .max(40320)
      .optional()
      .describe("Remind this many minutes before the task's due time (e.g. 30); the task must have a due time. Use instead of remindAt"),
    clearReminder: z.boolean().optional().describe("true removes the reminder"),
  })
  .strict();

export const deleteTaskInput = z.object({ task: taskRef }).strict();
export const completeTasksInput = z.object({ ids }).strict();

/** Which tasks a bulk change applies to (update_tasks): the same filters as list_tasks. */
const bulkFilter = z
  .object({
    status: z.enum(["pending", "completed", "all"]).optional().describe("Default: pending"),
    priority: priority.optional(),
    due: z.enum(["today", "overdue", "upcoming", "this_week"]).optional(),
    query: z.string().max(200).optional().describe("Words to search for in titles and descriptions"),
    list: listName.optional().describe("Only tasks in this list (by name); 'inbox' = tasks in no list"),
    label: z.string().max(41).optional().describe("Only tasks with this label"),
  })
  .strict();

export const updateTasksInput = z
  .object({
    ids: ids.optional().describe("Task ids (from a previous list). Give either ids or filter, not both"),
    filter: bulkFilter.optional().describe("Change every task matching this filter. Give either ids or filter, not both"),
    due: due.optional().describe("New due date for every task: YYYY-MM-DD or an ISO-8601 date-time"),
    shiftDays: z
      .number()
      .int()
      .min(-365)
      .max(365)
      .optional()
      .describe("Move each task's due date by this many days (tasks without one are skipped)"),
    clearDue: z.boolean().optional().describe("true removes the due dates"),
    priority: priority.optional(),
    status: z.enum(["pending", "completed"]).optional().describe("completed marks them done, pending reopens them"),
  })
  .strict();
export const deleteTasksInput = z.object({ ids }).strict();

export const listListsInput = z.object({}).strict();
export const createListInput = z.object({ name: z.string().max(80).describe("The new list's name, e.g. 'Groceries'") }).strict();

export type AddTaskInput = z.infer<typeof addTaskInput>;
export type ListTasksInput = z.infer<typeof listTasksInput>;
export type CompleteTaskInput = z.infer<typeof completeTaskInput>;
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;
export type DeleteTaskInput = z.infer<typeof deleteTaskInput>;
export type TaskIdsInput = z.infer<typeof completeTasksInput>;
export type UpdateTasksInput = z.infer<typeof updateTasksInput>;
export type CreateListInput = z.infer<typeof createListInput>;
