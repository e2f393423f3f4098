/**
 * Sentences the loop itself adds to a reply: the question for each pending action (naming the
 * tasks it is bound to), the summary of what was done when a bound or Stop ends a turn. Built
 * from tool results and bound titles only.
 */
import type { ToolCallRecord } from "@/lib/agent/tools/ai-tools";
import { getTaskToolDefinition } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/context";

/** How much of a title a question quotes. */
const QUOTED_TITLE_MAX = 60;
/** Characters that would start markup in a reply (links, emphasis, code) → look-alikes that do not. */
const INERT: Record<string, string> = { "[": "⟦", "]": "⟧", "*": "∗", _: "‗", "`": "ˋ", "'": "’", "\\": "∖" };

/**
 * A task title inside a sentence the loop adds (a question, a summary): one line, at most
 * QUOTED_TITLE_MAX characters, in quotes it cannot close, with no markup — a title the model or
 * a stranger wrote ("x'? (yes / no)\n\n[click](…)") cannot add lines, links or instructions to a
 * question (security case 48). The approval card lists the titles as they are, as plain text.
 */
export function quote(title: string): string {
  const line = title.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ").trim();
  const short = line.length > QUOTED_TITLE_MAX ? `${line.slice(0, QUOTED_TITLE_MAX - 1).trimEnd()}…` : line;
  return `'${short.replace(/[[\]*_`'\\]/g, (c) => INERT[c] ?? c)}'`;
}

/** Added to a reply the user stopped. */
export const STOPPED_NOTICE = "Stopped — I didn't do anything after that.";

function listTitles(titles: string[]): string {
  const quoted = titles.map(quote);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/** What an update_tasks call would change, in words: "move the due date 2 days later, set priority high". */
export function describeBulkChange(input: {
  due?: string;
  shiftDays?: number;
  clearDue?: boolean;
  priority?: string;
  status?: string;
}): string {
  const parts: string[] = [];
  if (input.status === "completed") parts.push("mark as done");
  if (input.status === "pending") parts.push("reopen");
  if (input.clearDue) parts.push("remove the due date");
  else if (input.due !== undefined) parts.push(`set the due date to ${input.due}`);
  else if (input.shiftDays !== undefined)
    parts.push(
      `move the due date ${Math.abs(input.shiftDays)} day${Math.abs(input.shiftDays) === 1 ? "" : "s"} ${input.shiftDays < 0 ? "earlier" : "later"}`,
    );
  if (input.priority) parts.push(`set priority ${input.priority}`);
  return parts.join(", ") || "change";
}

/** " and its 3 subtasks" / " and 3 subtasks with them": what else a delete takes along. */
function withSubtasks(subtasks: number, tasks: number): string {
  if (!subtasks) return "";
  const noun = `subtask${subtasks === 1 ? "" : "s"}`;
  return tasks === 1 ? ` and its ${subtasks} ${noun}` : ` and ${subtasks} ${noun} with them`;
}

/** How many subtasks deleting these bound tasks takes along (a subtask named itself counts as a task). */
export function subtasksAlong(tasks: { id: string; subtasks?: number; parentId?: string }[]): number {
  const ids = new Set(tasks.map((t) => t.id));
  const named = tasks.filter((t) => t.parentId !== undefined && ids.has(t.parentId)).length;
  return Math.max(0, tasks.reduce((n, t) => n + (t.subtasks ?? 0), 0) - named);
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
    case "undo_last_turn":
      return `Undo the last change? It removes ${names}. (yes / no)`;
    case "update_tasks": {
      const change = describeBulkChange((input ?? {}) as Parameters<typeof describeBulkChange>[0]);
      return `${change.charAt(0).toUpperCase()}${change.slice(1)} for ${names}? (yes / no)`;
    }
    default:
      return `Change ${names}? (yes / no)`;
  }
}

/** The one question for several pending actions (each also has its own, for its card). */
export function combinedQuestion(
  items: { toolName: string; input: unknown; titles: string[]; prompt: string; subtasks?: number }[],
): string {
  if (items.length === 1) return items[0]!.prompt;
  if (!items.length) return "Should I go ahead? (yes / no)";
  if (items.every((i) => i.toolName.startsWith("delete_"))) {
    const titles = items.flatMap((i) => i.titles);
    const along = withSubtasks(
      items.reduce((n, i) => n + (i.subtasks ?? 0), 0),
      titles.length,
    );
    return titles.length === 1
      ? `Delete ${listTitles(titles)}${along}? (yes / no)`
      : `Delete ${titles.length} tasks: ${listTitles(titles)}${along}? (yes / no)`;
  }
  return `${items.map((i) => i.prompt.replace(/ \(yes \/ no\)$/, "")).join(" And ")} (yes / no)`;
}

/** The question for one proposed action bound to these tasks, as the approval card and the reply ask it. */
export function pendingQuestion(
  toolName: string,
  input: unknown,
  tasks: { id: string; title: string; subtasks?: number; parentId?: string }[],
): { prompt: string; titles: string[]; subtasks: number } {
  const titles = tasks.map((t) => t.title);
  const subtasks = toolName.startsWith("delete_") ? subtasksAlong(tasks) : 0;
  return { prompt: actionQuestion(toolName, input, titles, subtasks), titles, subtasks };
}

/**
 * The question for calls proposed outside a turn (no bound record yet): their targets are
 * resolved now, exactly as a turn binds them when the model makes the calls.
 */
export async function confirmationPrompt(
  calls: { toolName: string; input: unknown }[],
  ctx: TaskToolContext,
): Promise<{ prompt: string; titles: string[] }> {
  const items = [];
  for (const call of calls) {
    const definition = getTaskToolDefinition(call.toolName);
    const proposal = definition?.propose ? await definition.propose(call.input, ctx) : null;
    items.push({ ...call, ...pendingQuestion(call.toolName, call.input, proposal && proposal.kind !== "answer" ? proposal.tasks : []) });
  }
  return { prompt: combinedQuestion(items), titles: items.flatMap((i) => i.titles) };
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
