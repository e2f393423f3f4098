/**
 * Sentences the loop itself adds to a reply: the question for a pending delete, and the
 * summary of what was done when the step bound stops a turn. Built from tool results only.
 */
import { resolveBulkTargets } from "@/lib/agent/tools/bulk-update";
import { ownedTasks, resolveTask, type TaskToolContext } from "@/lib/agent/tools/operations";
import type { UpdateTasksInput } from "@/lib/agent/tools/schemas";
import type { ToolCallRecord } from "@/lib/agent/tools/ai-tools";

const quote = (title: string) => `'${title}'`;

function listTitles(titles: string[]): string {
  const quoted = titles.map(quote);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/** What an update_tasks call would change, in words: "move the due date 2 days later, set priority high". */
export function describeBulkChange(input: { due?: string; shiftDays?: number; clearDue?: boolean; priority?: string; status?: string }): string {
  const parts: string[] = [];
  if (input.status === "completed") parts.push("mark as done");
  if (input.status === "pending") parts.push("reopen");
  if (input.clearDue) parts.push("remove the due date");
  else if (input.due !== undefined) parts.push(`set the due date to ${input.due}`);
  else if (input.shiftDays !== undefined) parts.push(`move the due date ${Math.abs(input.shiftDays)} day${Math.abs(input.shiftDays) === 1 ? "" : "s"} ${input.shiftDays < 0 ? "earlier" : "later"}`);
  if (input.priority) parts.push(`set priority ${input.priority}`);
  return parts.join(", ") || "change";
}

/** " and its 3 subtasks" / " and 3 subtasks with them": what else a delete takes along. */
function withSubtasks(subtasks: number, tasks: number): string {
  if (!subtasks) return "";
  const noun = `subtask${subtasks === 1 ? "" : "s"}`;
  return tasks === 1 ? ` and its ${subtasks} ${noun}` : ` and ${subtasks} ${noun} with them`;
}

/** The yes/no question for one proposed action on exactly these tasks (`subtasks`: how many a delete takes along). */
export function actionQuestion(toolName: string, input: unknown, titles: string[], subtasks = 0): string {
  const names = titles.length === 1 ? listTitles(titles) : `${titles.length} tasks: ${listTitles(titles)}`;
  if (!titles.length) return "Should I go ahead? (yes / no)";
  switch (toolName) {
    case "delete_task":
    case "delete_tasks":
      return `Delete ${names}${withSubtasks(subtasks, titles.length)}? (yes / no)`;
    case "complete_tasks":
      return `Mark ${names} as done? (yes / no)`;
    case "update_tasks": {
      const change = describeBulkChange((input ?? {}) as Parameters<typeof describeBulkChange>[0]);
      return `${change.charAt(0).toUpperCase()}${change.slice(1)} for ${names}? (yes / no)`;
    }
    default:
      return `Change ${names}? (yes / no)`;
  }
}

/** The titles of the tasks a proposed call would act on (as they are now), and how many subtasks they have. */
async function targetTitles(call: { toolName: string; input: unknown }, ctx: TaskToolContext): Promise<{ titles: string[]; subtasks: number }> {
  const input = (call.input ?? {}) as { task?: unknown; ids?: unknown };
  if (call.toolName === "delete_task" && typeof input.task === "string") {
    const found = await resolveTask(ctx, input.task);
    return found.kind === "one" ? { titles: [found.task.title], subtasks: found.task.subtasks?.total ?? 0 } : { titles: [input.task], subtasks: 0 };
  }
  if (call.toolName === "update_tasks") {
    const targets = await resolveBulkTargets(call.input as UpdateTasksInput, ctx);
    return { titles: targets.ok ? targets.tasks.map((t) => t.title) : [], subtasks: 0 };
  }
  if (Array.isArray(input.ids)) {
    const tasks = await ownedTasks(ctx, input.ids.filter((id): id is string => typeof id === "string"));
    const ids = new Set(tasks.map((t) => t.id));
    // Subtasks named themselves are counted as tasks, not again as subtasks.
    const named = tasks.filter((t) => t.parentId && ids.has(t.parentId)).length;
    return { titles: tasks.map((t) => t.title), subtasks: Math.max(0, tasks.reduce((n, t) => n + (t.subtasks?.total ?? 0), 0) - named) };
  }
  return { titles: [], subtasks: 0 };
}

/** The question for pending actions, and the titles of the tasks they act on (for the UI's card). */
export async function confirmationPrompt(calls: { toolName: string; input: unknown }[], ctx: TaskToolContext): Promise<{ prompt: string; titles: string[] }> {
  const titles: string[] = [];
  const questions: string[] = [];
  let subtasks = 0;
  for (const call of calls) {
    const own = await targetTitles(call, ctx);
    titles.push(...own.titles);
    subtasks += own.subtasks;
    questions.push(actionQuestion(call.toolName, call.input, own.titles, own.subtasks));
  }
  if (!questions.length) return { prompt: "Should I go ahead? (yes / no)", titles };
  if (questions.length === 1 || calls.every((c) => c.toolName.startsWith("delete_"))) {
    const names = titles.length === 1 ? listTitles(titles) : `${titles.length} tasks: ${listTitles(titles)}`;
    const prompt = `Delete ${names}${withSubtasks(subtasks, titles.length)}? (yes / no)`;
    return { prompt: questions.length === 1 ? questions[0]! : prompt, titles };
  }
  return { prompt: `${questions.map((q) => q.replace(/ \(yes \/ no\)$/, "")).join(" And ")} (yes / no)`, titles };
}

type Output = { ok?: boolean; task?: { title?: string }; deleted?: { title?: string } | unknown[]; tasks?: unknown[] };

/** What the successful tool calls of a turn did, in one short paragraph. */
export function summarizeToolCalls(records: ToolCallRecord[]): string {
  const done: string[] = [];
  let looked = false;
  for (const r of records) {
    const out = (r.output ?? {}) as Output;
    if (!r.success || out.ok !== true) continue;
    const title = out.task?.title;
    switch (r.toolName) {
      case "add_task":
        if (title) done.push(`added ${quote(title)}`);
        break;
      case "complete_task":
        if (title) done.push(`completed ${quote(title)}`);
        break;
      case "update_task":
        if (title) done.push(`updated ${quote(title)}`);
        break;
      case "delete_task": {
        const deleted = out.deleted as { title?: string } | undefined;
        if (deleted?.title) done.push(`deleted ${quote(deleted.title)}`);
        break;
      }
      case "complete_tasks":
        done.push(`completed ${out.tasks?.length ?? 0} tasks`);
        break;
      case "delete_tasks":
        done.push(`deleted ${Array.isArray(out.deleted) ? out.deleted.length : 0} tasks`);
        break;
      case "update_tasks":
        done.push(`updated ${out.tasks?.length ?? 0} tasks`);
        break;
      case "list_tasks":
        looked = true;
        break;
    }
  }
  if (done.length) {
    const text = done.join("; ");
    return `So far I ${text}.`;
  }
  return looked ? "I looked through your tasks but haven't changed anything." : "I haven't changed anything yet.";
}
