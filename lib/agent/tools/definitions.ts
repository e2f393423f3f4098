/**
 * The task tools, defined once: name, description, input schema, annotations, approval rule and
 * execute. The AI SDK tool factory (`createTaskTools`) and the MCP server both consume this list,
 * so the agent and MCP clients see the same names, schemas and results (docs/agent-tools.md).
 */
import type { z } from "zod";
import type { StatementParts } from "@/lib/db";
import { getTasksByIds } from "@/lib/tasks/bulk";
import { deleteTask, deleteTasks, setTasksStatus } from "@/lib/tasks/service";
import { isAppError } from "@/lib/errors";
import {
  addTask,
  addTaskStatement,
  completeTask,
  completeTasksTool,
  deleteTaskTool,
  deleteTasksTool,
  listTasksTool,
  ownedTasks,
  splitIds,
  updateTaskTool,
} from "@/lib/agent/tools/operations";
import { changeOf, resolveTask, type TaskToolContext } from "@/lib/agent/tools/context";
import { ambiguous, invalidInput, notFound, type ToolResult } from "@/lib/agent/tools/results";
import { createListTool, listListsTool, withParentReady } from "@/lib/agent/tools/organise";
import { checkUpdateTasksInput, resolveBulkTargets, updateTasksByIds, updateTasksTool } from "@/lib/agent/tools/bulk-update";
import { proposeUndo, undoApproved, undoLastTurn, undoLastTurnInput } from "@/lib/agent/tools/undo";
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
  type UpdateTasksInput,
} from "@/lib/agent/tools/schemas";

/** A bulk change of more tasks than this waits for the user's approval. */
export const BULK_APPROVAL_THRESHOLD = 3;

/** MCP-style hints. In the agent, `needsApproval` decides which calls wait for the user. */
export type ToolAnnotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };

/** A task a proposed call is bound to; `subtasks`/`parentId`: what a delete takes along (its question says so). */
export type BoundTask = { id: string; title: string; subtasks?: number; parentId?: string };

/**
 * What an agent's call will do, decided once, when the model makes it: answer at once without
 * any effect (nothing or several tasks matched), run on exactly these tasks, or ask the user
 * first and, if approved, run on exactly these tasks — never on what the words match later.
 */
export type Proposal = { kind: "answer"; result: ToolResult } | { kind: "run"; tasks: BoundTask[] } | { kind: "ask"; tasks: BoundTask[] };

export type TaskToolDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  annotations: ToolAnnotations;
  /** In the agent: resolves the call's targets to task ids and decides whether it waits for approval. */
  propose?: (input: z.infer<S>, ctx: TaskToolContext) => Promise<Proposal>;
  /** Runs a proposed call on exactly the bound tasks (a vanished one is reported, never replaced). */
  executeBound?: (input: z.infer<S>, tasks: BoundTask[], ctx: TaskToolContext) => Promise<ToolResult>;
  /** Runs the call from its input alone (MCP, and agent tools without `propose`). */
  execute: (input: z.infer<S>, ctx: TaskToolContext) => Promise<ToolResult>;
  /**
   * The call as one statement's writes and the result they give, where it can be one: the agent
   * records it in that same statement (one round trip). Null: `execute` runs it.
   */
  asStatement?: (input: z.infer<S>, ctx: TaskToolContext) => { parts: StatementParts; output: ToolResult } | null;
};

/** Whether the agent would ask the user before this call (tests and docs; the turn uses `propose`). */
export async function needsApproval(definition: TaskToolDefinition, input: unknown, ctx: TaskToolContext): Promise<boolean> {
  return definition.propose ? (await definition.propose(input, ctx)).kind === "ask" : false;
}

const reader: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const writer: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const deleter: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

function define<S extends z.ZodType>(definition: TaskToolDefinition<S>): TaskToolDefinition<S> {
  return definition;
}

const bind = (tasks: { id: string; title: string; subtasks?: { total: number } | null; parentId?: string | null }[]): BoundTask[] =>
  tasks.map((t) => ({
    id: t.id,
    title: t.title,
    ...(t.subtasks?.total ? { subtasks: t.subtasks.total } : {}),
    ...(t.parentId ? { parentId: t.parentId } : {}),
  }));
const quoted = (tasks: BoundTask[]) => tasks.map((t) => `'${t.title}'`).join(", ");
const NO_IDS = "None of these ids is one of the user's tasks. List the tasks first.";

/** Asks above the bulk threshold, runs at or below it. */
const bulkProposal = (tasks: BoundTask[]): Proposal =>
  tasks.length > BULK_APPROVAL_THRESHOLD ? { kind: "ask", tasks } : { kind: "run", tasks };

/** Input ids that were never among the bound tasks (not the user's, or not ids at all). */
function unboundIds(ids: string[], tasks: BoundTask[]): string[] {
  const bound = new Set(tasks.map((t) => t.id));
  return [...new Set(ids.map((id) => id.trim()))].filter((id) => !bound.has(id));
}

async function deleteBound(ids: string[], tasks: BoundTask[], ctx: TaskToolContext): Promise<ToolResult> {
  const { deleted, notFound: vanished } = await deleteTasks({ userId: ctx.userId, ids: tasks.map((t) => t.id), ...changeOf(ctx) });
  if (!deleted.length)
    return notFound(quoted(tasks), `${quoted(tasks)} no longer exist${tasks.length === 1 ? "s" : ""}, so nothing was deleted.`);
  const gone = tasks.filter((t) => vanished.includes(t.id));
  return { ok: true, deleted, notFound: [...vanished, ...unboundIds(ids, tasks)], ...(gone.length ? { vanished: gone } : {}) };
}

export const taskToolDefinitions = [
  define({
    name: "add_task",
    title: "Add a task",
    description: "Create a task for the user. `due` is YYYY-MM-DD or an ISO-8601 date-time resolved from the clock line.",
    inputSchema: addTaskInput,
    annotations: writer,
    execute: addTask,
    asStatement: addTaskStatement,
  }),
  define({
    name: "list_tasks",
    title: "List tasks",
    description:
      "List the user's tasks, optionally filtered by status, priority, due window or words. Use before acting on 'the first one', 'all of them', etc.",
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
    // Asks whenever the words name one task; nothing or several → not_found/ambiguous at once, without asking.
    propose: async (input, ctx) => {
      const found = await resolveTask(ctx, input.task);
      if (found.kind === "none") return { kind: "answer", result: notFound(input.task) };
      if (found.kind === "ambiguous") return { kind: "answer", result: ambiguous(input.task, found.candidates) };
      return { kind: "ask", tasks: bind([found.task]) };
    },
    executeBound: async (_input, tasks, ctx) => {
      const [task] = tasks;
      if (!task) return invalidInput("no task was bound to this call");
      try {
        const deleted = await deleteTask({ userId: ctx.userId, id: task.id, ...changeOf(ctx) });
        // Its subtasks went with it.
        return { ok: true, deleted, subtasksDeleted: deleted.subtasks?.total ?? 0 };
      } catch (error) {
        if (isAppError(error) && error.type === "not_found")
          return notFound(task.title, `'${task.title}' no longer exists, so nothing was deleted.`);
        throw error;
      }
    },
    execute: deleteTaskTool,
  }),
  define({
    name: "complete_tasks",
    title: "Complete several tasks",
    description: "Mark several tasks as done at once, by id (ids come from list_tasks). More than 3 tasks wait for the user's approval.",
    inputSchema: completeTasksInput,
    annotations: { ...writer, idempotentHint: true },
    propose: async (input, ctx) => {
      const tasks = bind(await ownedTasks(ctx, input.ids));
      return tasks.length ? bulkProposal(tasks) : { kind: "answer", result: notFound(input.ids.join(", "), NO_IDS) };
    },
    executeBound: async (input, tasks, ctx) => {
      const { tasks: done, notFound: vanished } = await setTasksStatus({
        userId: ctx.userId,
        ids: tasks.map((t) => t.id),
        status: "completed",
        timeZone: ctx.timeZone,
        ...changeOf(ctx),
      });
      if (!done.length) return notFound(quoted(tasks), `${quoted(tasks)} no longer exist, so nothing was completed.`);
      return withParentReady(ctx, { ok: true, tasks: done, notFound: [...vanished, ...unboundIds(input.ids, tasks)] }, done);
    },
    execute: completeTasksTool,
  }),
  define({
    name: "delete_tasks",
    title: "Delete several tasks",
    description: "Delete several tasks at once, by id (ids come from list_tasks). The user is asked to approve first.",
    inputSchema: deleteTasksInput,
    annotations: deleter,
    propose: async (input, ctx) => {
      const tasks = bind(await ownedTasks(ctx, input.ids));
      return tasks.length ? { kind: "ask", tasks } : { kind: "answer", result: notFound(input.ids.join(", "), NO_IDS) };
    },
    executeBound: (input, tasks, ctx) => deleteBound(input.ids, tasks, ctx),
    execute: deleteTasksTool,
  }),
  define({
    name: "update_tasks",
    title: "Change several tasks",
    description:
      "Apply one change to several tasks at once: a new due date (`due`), moving due dates by `shiftDays` days, clearing due dates (`clearDue`), a new `priority`, or `status` (completed / pending = reopen). Name the tasks by `ids` (from list_tasks) or by a `filter` (same fields as list_tasks; status defaults to pending) — exactly one of the two. More than 3 tasks wait for the user's approval.",
    inputSchema: updateTasksInput,
    annotations: writer,
    propose: async (input, ctx) => {
      const problem = checkUpdateTasksInput(input, ctx.timeZone);
      if (problem) return { kind: "answer", result: invalidInput(problem) };
      const targets = await resolveBulkTargets(input, ctx);
      return targets.ok ? bulkProposal(bind(targets.tasks)) : { kind: "answer", result: targets };
    },
    executeBound: (input, tasks, ctx) => updateBound(input, tasks, ctx),
    execute: updateTasksTool,
  }),
  define({
    name: "undo_last_turn",
    title: "Undo the last change",
    description:
      "Undo the task changes of the previous turn that changed tasks ('undo', 'undo that', 'take that back'). Never overwrites a task changed since; the result says what was reverted and skipped.",
    inputSchema: undoLastTurnInput,
    // It may remove tasks the turn created: like a delete, the user approves that first.
    annotations: { ...writer, destructiveHint: true },
    propose: async (_input, ctx) => {
      const removed = bind(await proposeUndo(ctx));
      return removed.length ? { kind: "ask", tasks: removed } : { kind: "run", tasks: [] };
    },
    executeBound: (_input, tasks, ctx) => undoApproved(tasks, ctx),
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

/** update_tasks on exactly the bound tasks, as they are now (a shift moves today's due date). */
async function updateBound(input: UpdateTasksInput, tasks: BoundTask[], ctx: TaskToolContext): Promise<ToolResult> {
  const current = await getTasksByIds({ userId: ctx.userId, ids: splitIds(tasks.map((t) => t.id)).valid });
  const gone = tasks.filter((t) => !current.some((c) => c.id === t.id));
  if (!current.length) return notFound(quoted(tasks), `${quoted(tasks)} no longer exist, so nothing was changed.`);
  const result = await updateTasksByIds(input, current, ctx);
  return result.ok && gone.length ? { ...result, vanished: gone } : result;
}

export function getTaskToolDefinition(name: string): TaskToolDefinition | undefined {
  return (taskToolDefinitions as readonly TaskToolDefinition[]).find((d) => d.name === name);
}
