/**
 * The model's words: confirmations of what the tools did, task lists with checkboxes, kind
 * not-found and which-one answers, and the tool-free replies (greeting, help, off-topic).
 * Never shows ids or tool names; titles from tool results are quoted as data.
 */
import { WEEKDAYS, MONTHS } from "./calendar";
import type { Clock } from "./clock";
import { describeDue, quote, taskLine } from "./format";
import type { ListFilter, SayKind } from "./intents/types";
import type { TurnContext } from "./planner";
import { type TaskView, type ToolResultEvent, type ToolCallEvent, toTaskView, toTaskViews } from "./prompt-reader";
import { knownTask, looksLikeId } from "./references";
import { retryTargets } from "./retries";
import { capitalize, joinAnd } from "./text";
import { applyWindow } from "./windows";

const EXAMPLE = "Try something like \"add buy milk tomorrow\".";
const UNCLEAR = `Sorry, I didn't quite get that. I can add, list, complete, update or delete tasks. ${EXAMPLE}`;

export function socialText(kind: SayKind, clock: Clock, detail?: string): string {
  switch (kind) {
    case "greeting":
      return "Hi! I'm your to-do assistant. I can add, list, complete, update and delete your tasks — for example \"remind me to call mom tomorrow\" or \"what's due today?\".";
    case "thanks":
      return "You're welcome! Anything else I can do for your list?";
    case "bye":
      return "Bye! Your tasks will be here when you come back.";
    case "help":
      return [
        "I manage your to-do list by chat. You can:",
        "• add tasks — \"remind me to call mom tomorrow\", \"add a high priority task to pay rent\"",
        "• list them — \"what's due today?\", \"show my completed tasks\", \"anything overdue?\"",
        "• complete them — \"mark the second one done\", \"I paid the phone bill\"",
        "• update them — \"move the dentist to Friday\", \"rename X to Y\", \"make it urgent\"",
        "• delete them — \"delete the gym task\" (I'll ask you to confirm first)",
      ].join("\n");
    case "offtopic":
      return "Sorry, I can only help with your to-do list — adding, listing, completing, updating and deleting tasks. Is there something on your list I can help with?";
    case "clock": {
      const day = capitalize(WEEKDAYS[clock.weekday] ?? "");
      const month = capitalize(MONTHS[clock.today.m - 1] ?? "");
      const time = `${String(Math.floor(clock.minutes / 60)).padStart(2, "0")}:${String(clock.minutes % 60).padStart(2, "0")}`;
      return `It's ${day}, ${month} ${clock.today.d}, ${time} (${clock.timeZone}). Anything to add to your list?`;
    }
    case "ask-title":
      return "Sure — what should the new task be?";
    case "cancel-ambiguous": {
      const what = detail ?? "that";
      return `Do you want me to delete the '${what}' task, or add '${capitalize(`cancel ${what}`)}' as a new task?`;
    }
    case "nothing":
      return "Okay! Let me know if there's anything I can do for your list.";
    case "unclear":
    default:
      return UNCLEAR;
  }
}

/** A message nothing understood: offer to add a short phrase, otherwise ask. */
export function unknownText(text: string, original: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > 0 && words.length <= 6 && !/\?\s*$/.test(original)) {
    return `Do you want me to add '${capitalize(original.trim().replace(/[.!]+$/, ""))}' as a new task?`;
  }
  return UNCLEAR;
}

function describeFilter(input: Record<string, unknown>, filter: ListFilter | undefined): { adj: string; suffix: string; plain: boolean } {
  const adj: string[] = [];
  let suffix = "";
  if (input.due === "overdue") adj.push("overdue");
  else if (input.status === "pending") adj.push("pending");
  else if (input.status === "completed") adj.push("completed");
  if (input.due === "upcoming") adj.push("upcoming");
  if (typeof input.priority === "string") adj.push(`${input.priority}-priority`);
  if (input.due === "today") suffix += " due today";
  if (input.due === "this_week") suffix += " due this week";
  if (filter?.window) suffix += ` due ${filter.window.label}`;
  if (typeof input.query === "string") suffix += ` matching '${input.query}'`;
  const plain = adj.length === 0 && suffix === "";
  return { adj: adj.length ? `${adj.join(" ")} ` : "", suffix, plain };
}

function listReply(result: ToolResultEvent, filter: ListFilter | undefined, clock: Clock): string {
  if (result.outcome.kind !== "ok") return "";
  const all = toTaskViews(result.outcome.value.tasks);
  const tasks = filter?.window ? applyWindow(result.outcome.value.tasks, filter, clock) : all;
  const total = filter?.window ? tasks.length : Math.max(Number(result.outcome.value.total ?? tasks.length) || tasks.length, tasks.length);
  const { adj, suffix, plain } = describeFilter(result.input, filter);
  if (tasks.length === 0) {
    if (plain) return `You don't have any tasks yet. Want to add one? ${EXAMPLE}`;
    if (adj.startsWith("overdue")) return "You don't have any overdue tasks — nice work!";
    return `You don't have any ${adj}tasks${suffix}. You can say "show my tasks" to see everything, or add one — ${EXAMPLE.toLowerCase()}`;
  }
  const noun = total === 1 ? "task" : "tasks";
  const header = filter?.count
    ? `You have ${total} ${adj}${noun}${suffix}:`
    : `Here ${total === 1 ? "is" : "are"} your ${adj}${noun}${suffix}:`;
  const lines = tasks.map((t) => taskLine(t, clock));
  const more = total > tasks.length ? [`…and ${total - tasks.length} more.`] : [];
  return [header, ...lines, ...more].join("\n");
}

function failureReply(ctx: TurnContext, r: ToolResultEvent): string {
  if (r.outcome.kind === "denied") {
    if (r.name === "delete_tasks") return "Okay — I didn't delete anything. Your tasks are unchanged.";
    const known = typeof r.input.task === "string" && looksLikeId(r.input.task) ? knownTask(ctx.history, r.input.task)?.title : undefined;
    return known ? `Okay — nothing was deleted. ${quote(known)} is still on your list.` : "Okay — nothing was deleted. The task is still on your list.";
  }
  if (r.outcome.kind === "error") return "Something went wrong on my side while doing that. Please try again.";
  if (r.outcome.kind !== "fail") return "";
  const asked = r.outcome.query ?? (typeof r.input.task === "string" ? r.input.task : "");
  // An id we resolved from "the second one" is never shown; the task may have been deleted since.
  const query = looksLikeId(asked) ? "" : asked;
  if (r.outcome.code === "not_found") {
    if (!query) return "I couldn't find that task — it may have been deleted already. Say \"show my tasks\" to see your list.";
    return `I couldn't find a task matching '${query}'. Say "show my tasks" to see what's on your list.`;
  }
  if (r.outcome.code === "ambiguous") {
    const lines = r.outcome.candidates.map((c) => taskLine(c, ctx.clock));
    const head = query ? `I found several tasks matching '${query}':` : "I found several matching tasks:";
    return [head, ...lines, "Which one did you mean?"].join("\n");
  }
  if (r.outcome.code === "invalid_input") {
    const m = r.outcome.message.toLowerCase();
    if (m.includes("due")) return "I couldn't use that date. Could you say it another way, like \"tomorrow\", \"Friday\" or \"Dec 3\"?";
    if (m.includes("title")) return "A task needs a title. What should it be called?";
    return "I couldn't make that change — something in the request wasn't valid. Could you rephrase it?";
  }
  return "Something went wrong on my side while doing that. Please try again.";
}

function updateReply(ctx: TurnContext, r: ToolResultEvent): string {
  if (r.outcome.kind !== "ok") return "";
  const task = toTaskView(r.outcome.value.task);
  if (!task) return "Done.";
  const changed = Array.isArray(r.outcome.value.changed) ? (r.outcome.value.changed as unknown[]).map(String) : Object.keys(r.input).filter((k) => k !== "task");
  const name = quote(task.title);
  const parts: string[] = [];
  if (changed.includes("title")) {
    const before = typeof r.input.task === "string" && looksLikeId(r.input.task) ? knownTask(ctx.history, r.input.task)?.title : undefined;
    parts.push(before && before !== task.title ? `Renamed ${quote(before)} to ${name}.` : `Renamed it to ${name}.`);
  }
  if (changed.includes("status")) parts.push(task.status === "completed" ? `Marked ${name} as complete.` : `Marked ${name} as pending again.`);
  if (changed.includes("priority")) parts.push(`Set ${name} to ${task.priority} priority.`);
  if (changed.includes("dueAt") || changed.includes("due") || changed.includes("clearDue")) {
    parts.push(task.dueAt ? `${capitalize(name)} is now due ${describeDue(task.dueAt, ctx.clock)}.` : `Removed the due date from ${name}.`);
  }
  if (changed.includes("description")) parts.push(task.description ? `Updated the description of ${name}.` : `Removed the description from ${name}.`);
  return parts.length ? parts.join(" ") : `${capitalize(name)} already looks like that — nothing needed changing.`;
}

function addedLine(task: TaskView, clock: Clock): string {
  const bits: string[] = [];
  if (task.dueAt) bits.push(`due ${describeDue(task.dueAt, clock)}`);
  if (task.priority === "high" || task.priority === "low") bits.push(`${task.priority} priority`);
  return bits.length ? `${quote(task.title)}, ${bits.join(", ")}` : quote(task.title);
}

/** Results the user should hear about: retried failures and the list behind a bulk action are internal. */
function visibleResults(ctx: TurnContext): ToolResultEvent[] {
  const events = ctx.turn;
  const out: ToolResultEvent[] = [];
  events.forEach((e, i) => {
    if (e.kind !== "result") return;
    const later = events.slice(i + 1).filter((x): x is ToolCallEvent => x.kind === "call");
    if (e.name === "list_tasks" && later.some((c) => c.name !== "list_tasks")) return;
    if (e.outcome.kind === "fail") {
      const targets = retryTargets(e);
      if (later.some((c) => c.name === e.name && targets.has(String(c.input.task ?? "")))) return;
    }
    out.push(e);
  });
  return out;
}

function bulkNothing(ctx: TurnContext): string | null {
  const intent = ctx.intents[0];
  if (ctx.intents.length !== 1 || intent?.type !== "bulk") return null;
  const acted = ctx.turn.some((e) => e.kind === "call" && e.name !== "list_tasks");
  if (acted) return null;
  const { adj, suffix } = describeFilter({ ...intent.filter, status: intent.action === "delete" ? intent.filter.status : undefined }, intent.filter);
  const verb = intent.action === "complete" ? "to complete" : intent.action === "delete" ? "to delete" : "to reopen";
  return `You don't have any ${adj}tasks${suffix} ${verb}.`;
}

export function composeReply(ctx: TurnContext, notes: string[]): string {
  const nothing = bulkNothing(ctx);
  if (nothing) return nothing;
  const sections: string[] = [];
  const added: TaskView[] = [];
  const completed: TaskView[] = [];
  const deleted: TaskView[] = [];
  const listFilters = ctx.intents.filter((i) => i.type === "list").map((i) => i.filter);
  let listIndex = 0;
  for (const r of visibleResults(ctx)) {
    if (r.outcome.kind !== "ok") {
      sections.push(failureReply(ctx, r));
      continue;
    }
    const v = r.outcome.value;
    switch (r.name) {
      case "add_task": {
        const t = toTaskView(v.task);
        if (t) added.push(t);
        break;
      }
      case "complete_task": {
        const t = toTaskView(v.task);
        if (t) completed.push(t);
        break;
      }
      case "complete_tasks":
        completed.push(...toTaskViews(v.tasks));
        break;
      case "delete_task": {
        const t = toTaskView(v.deleted) ?? toTaskView(v.task);
        if (t) deleted.push(t);
        break;
      }
      case "delete_tasks":
        deleted.push(...toTaskViews(v.deleted));
        break;
      case "update_task":
        sections.push(updateReply(ctx, r));
        break;
      case "list_tasks":
        sections.push(listReply(r, listFilters[listIndex++], ctx.clock));
        break;
      default:
        sections.push("Done.");
    }
  }
  if (added.length === 1 && added[0]) sections.unshift(`Added ${addedLine(added[0], ctx.clock)}.`);
  else if (added.length > 1) sections.unshift([`Added ${added.length} tasks:`, ...added.map((t) => taskLine(t, ctx.clock))].join("\n"));
  if (completed.length > 0 && completed.length <= 3) sections.push(`Marked ${joinAnd(completed.map((t) => quote(t.title)))} as complete.`);
  else if (completed.length > 3) sections.push([`Marked ${completed.length} tasks as complete:`, ...completed.map((t) => taskLine(t, ctx.clock))].join("\n"));
  if (deleted.length > 0 && deleted.length <= 3) sections.push(`Deleted ${joinAnd(deleted.map((t) => quote(t.title)))}.`);
  else if (deleted.length > 3) sections.push([`Deleted ${deleted.length} tasks:`, ...deleted.map((t) => `• ${t.title}`)].join("\n"));
  const body = [...sections.filter(Boolean), ...notes].join(sections.some((s) => s.includes("\n")) ? "\n\n" : " ");
  return body || "Done.";
}
