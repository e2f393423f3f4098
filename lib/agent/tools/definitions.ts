/**
 * The task tools, defined once: name, description, input schema, annotations, approval rule and
 * execute. The AI SDK tool factory (`createTaskTools`) and the MCP server both consume this list,
 * so the agent and MCP clients see the same names, schemas and results (docs/agent-tools.md).
 */
import type { z } from "zod";
import {
  addTask,
  completeTask,
  completeTasksTool,
  deleteTaskTool,
  deleteTasksTool,
  listTasksTool,
  ownedTasks,
  resolveTask,
  updateTaskTool,
  type TaskToolContext,
} from "@/lib/agent/tools/operations";
import type { ToolResult } from "@/lib/agent/tools/results";
import { createListTool, listListsTool } from "@/lib/agent/tools/organise";
import { checkUpdateTasksInput, resolveBulkTargets, updateTasksTool } from "@/lib/agent/tools/bulk-update";
import { undoLastTurn, undoLastTurnInput } from "@/lib/agent/tools/undo";
import {
  addTaskInput,
  completeTaskInput,
  completeTasksInput,
  createListInput,
  deleteTaskInput,
  listListsInput,
  deleteTasksInput,
  listTasksInput,
  updateTaskInput,
  updateTasksInput,
} from "@/lib/agent/tools/schemas";

/** A bulk change of more tasks than this waits for the user's approval. */
export const BULK_APPROVAL_THRESHOLD = 3;

/** MCP-style hints. In the agent, `needsApproval` decides which calls wait for the user. */
export type ToolAnnotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };

export type TaskToolDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  annotations: ToolAnnotations;
  /** Whether this call must wait for the user's approval (only destructive tools have one). */
  needsApproval?: (input: z.infer<S>, ctx: TaskToolContext) => Promise<boolean>;
  execute: (input: z.infer<S>, ctx: TaskToolContext) => Promise<ToolResult>;
};

const reader: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const writer: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const deleter: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

function define<S extends z.ZodType>(definition: TaskToolDefinition<S>): TaskToolDefinition<S> {
  return definition;
}

export const taskToolDefinitions = [
  define({
    name: "add_task",
    title: "Add a task",
    description: "Create a task for the user. `due` is YYYY-MM-DD or an ISO-8601 date-time resolved from the clock line.",
    inputSchema: addTaskInput,
    annotations: writer,
    execute: addTask,
  }),
  define({
    name: "list_tasks",
    title: "List tasks",
    description: "List the user's tasks, optionally filtered by status, priority, due window or words. Use before acting on 'the first one', 'all of them', etc.",
    inputSchema: listTasksInput,
    annotations: reader,
    execute: listTasksTool,
  }),
  define({
    name: "complete_task",
    title: "Complete a task",
    description: "Mark one task as done. `task` is its id or words from its title.",
    inputSchema: completeTaskInput,
    annotations: { ...writer, idempotentHint: true },
    execute: completeTask,
  }),
  define({
    name: "update_task",
    title: "Change a task",
    description: "Rename, re-describe, re-prioritise, re-schedule (or clear the due date), or reopen/complete one task.",
    inputSchema: updateTaskInput,
    annotations: writer,
    execute: updateTaskTool,
  }),
  define({
    name: "delete_task",
    title: "Delete a task",
    description: "Delete one task. The user is asked to approve before anything is deleted.",
    inputSchema: deleteTaskInput,
    annotations: deleter,
    // Ask only when the reference names exactly one task; otherwise execute answers not_found/ambiguous at once.
    needsApproval: async (input, ctx) => (await resolveTask(ctx, input.task)).kind === "one",
    execute: deleteTaskTool,
  }),
  define({
    name: "complete_tasks",
    title: "Complete several tasks",
    description: "Mark several tasks as done at once, by id (ids come from list_tasks). More than 3 tasks wait for the user's approval.",
    inputSchema: completeTasksInput,
    annotations: { ...writer, idempotentHint: true },
    needsApproval: async (input, ctx) => (await ownedTasks(ctx, input.ids)).length > BULK_APPROVAL_THRESHOLD,
    execute: completeTasksTool,
  }),
  define({
    name: "delete_tasks",
    title: "Delete several tasks",
    description: "Delete several tasks at once, by id (ids come from list_tasks). The user is asked to approve first.",
    inputSchema: deleteTasksInput,
    annotations: deleter,
    needsApproval: async (input, ctx) => (await ownedTasks(ctx, input.ids)).length > 0,
    execute: deleteTasksTool,
  }),
  define({
    name: "update_tasks",
    title: "Change several tasks",
    description:
      "Apply one change to several tasks at once: a new due date (`due`), moving due dates by `shiftDays` days, clearing due dates (`clearDue`), a new `priority`, or `status` (completed / pending = reopen). Name the tasks by `ids` (from list_tasks) or by a `filter` (same fields as list_tasks; status defaults to pending) — exactly one of the two. More than 3 tasks wait for the user's approval.",
    inputSchema: updateTasksInput,
    annotations: writer,
    needsApproval: async (input, ctx) => {
      if (checkUpdateTasksInput(input, ctx.timeZone)) return false;
      const targets = await resolveBulkTargets(input, ctx);
      return targets.ok && targets.tasks.length > BULK_APPROVAL_THRESHOLD;
    },
    execute: updateTasksTool,
  }),
  define({
    name: "undo_last_turn",
    title: "Undo the last change",
    description: "Undo the task changes of the previous turn that changed tasks ('undo', 'undo that', 'take that back'). Never overwrites a task changed since; the result says what was reverted and skipped.",
    inputSchema: undoLastTurnInput,
    annotations: writer,
    execute: undoLastTurn,
  }),
  define({
    name: "list_lists",
    title: "List the lists",
    description: "The user's task lists with their pending-task counts (the Inbox holds tasks in no list).",
    inputSchema: listListsInput,
    annotations: reader,
    execute: listListsTool,
  }),
  define({
    name: "create_list",
    title: "Create a list",
    description: "Create a task list. Only when the user asked for it or agreed to it: never invent a list on the side.",
    inputSchema: createListInput,
    annotations: { ...writer, idempotentHint: true },
    execute: createListTool,
  }),
] as const;

export type TaskToolName = (typeof taskToolDefinitions)[number]["name"];

export const taskToolNames: readonly TaskToolName[] = taskToolDefinitions.map((d) => d.name);

export function getTaskToolDefinition(name: string): TaskToolDefinition | undefined {
  return (taskToolDefinitions as readonly TaskToolDefinition[]).find((d) => d.name === name);
}
