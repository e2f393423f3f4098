/**
 * The model's words: confirmations of what the tools did, task lists with checkboxes, kind
 * not-found and which-one answers, and the tool-free replies (greeting, help, off-topic).
 * Never shows ids or tool names; titles from tool results are quoted as data.
 */
import { WEEKDAYS, MONTHS, diffDays, weekdayOf } from "@/lib/task-line/calendar";
import type { Clock } from "@/lib/task-line/clock";
import { describeDue, numberedLines, quote, taskLine } from "./format";
import type { AddItem, BulkChanges, ListFilter, SayKind } from "./intents/types";
import type { TurnContext } from "./turn-context";
import { type TaskView, type ToolResultEvent, type ToolCallEvent, toTaskView, toTaskViews } from "./prompt-reader";
import { knownTask, looksLikeId } from "./references";
import { retryTargets } from "./retries";
import { capitalize } from "@/lib/task-line/text";
import { joinAnd } from "./text";
import { movedThing } from "./lexicon";
import { shownOf } from "./windows";

const EXAMPLE = 'Try something like "add buy milk tomorrow".';
const UNCLEAR = `Sorry, I didn't quite get that. I can add, list, complete, update or delete tasks. ${EXAMPLE}`;

export function socialText(kind: SayKind, clock: Clock, detail?: string, verb = "cancel"): string {
  switch (kind) {
    case "greeting":
      return 'Hi! I\'m your to-do assistant. I can add, list, complete, update and delete your tasks — for example "remind me to call mom tomorrow" or "what\'s due today?".';
    case "thanks":
      return "You're welcome! Anything else I can do for your list?";
    case "bye":
      return "Bye! Your tasks will be here when you come back.";
    case "help":
      return [
        "I manage your to-do list by chat. You can:",
        '• add tasks — "remind me to call mom tomorrow", "add a high priority task to pay rent"',
        '• list them — "what\'s due today?", "show my completed tasks", "anything overdue?"',
        '• complete them — "mark the second one done", "I paid the phone bill"',
        '• update them — "move the dentist to Friday", "rename X to Y", "make it urgent"',
        '• delete them — "delete the gym task" (I\'ll ask you to confirm first)',
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
      return `Do you want me to delete the '${what}' task, or add '${capitalize(`${verb} ${what}`)}' as a new task?`;
    }
    case "nothing":
      return "Okay! Let me know if there's anything I can do for your list.";
    case "remark":
      return "Okay! Tell me when something on your list is done, or what to add.";
    case "no-undo":
      return 'I can\'t undo changes here. Tell me what to change back — for example "move the dentist back to Friday" or "reopen buy milk".';
    case "organise":
      return 'I\'m not sure how to organise that. I can create a list ("create a list called Garden"), add to one ("add milk to the groceries list"), or add subtasks ("add pack with subtasks passport and charger"). I haven\'t changed anything.';
    case "too-long":
      return "That's more than I can read in one message. Please send it in shorter pieces — one request at a time. I haven't changed anything.";
    case "unclear":
    default:
      return UNCLEAR;
  }
}

/** "today", "tomorrow", "Friday", "Dec 3", plus " at 3 pm", for a due value the model is about to send. */
export function describeLocalDue(due: string, clock: Clock): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(due);
  if (!m) return due;
  const date = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  const diff = diffDays(clock.today, date);
  let day: string;
  if (diff === 0) day = "today";
  else if (diff === 1) day = "tomorrow";
  else if (diff > 1 && diff < 7) day = capitalize(WEEKDAYS[weekdayOf(date)] ?? "");
  else day = `${capitalize((MONTHS[date.m - 1] ?? "").slice(0, 3))} ${date.d}${date.y === clock.today.y ? "" : `, ${date.y}`}`;
  if (m[4] === undefined) return day;
  const h = Number(m[4]);
  const minutes = Number(m[5]);
  const time = `${h % 12 === 0 ? 12 : h % 12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${h >= 12 ? "pm" : "am"}`;
  return `${day} at ${time}`;
}

/** "Do you want me to add 'Call the bank' for today?" — read back by the follow-up reader. */
/** rule question-names-task: the tasks a question names, with their notes; nothing changed. */
export function askedAboutText(tasks: TaskView[], clock: Clock): string {
  const lines = tasks.map((t, i) => {
    const where = t.list ? ` (${t.list} list)` : "";
    const note = t.description ? `\n   Notes: ${t.description}` : "";
    return `${i + 1}. ${taskLine(t, clock)}${where}${note}`;
  });
  const head = tasks.length === 1 ? "Here's what I have on that:" : "Here's what I have on those:";
  return `${head}\n${lines.join("\n")}\nI haven't changed anything — tell me if you'd like it moved, changed or ticked off.`;
}

export function offerText(item: AddItem, clock: Clock): string {
  return `Do you want me to add ${quote(item.title)}${item.due ? ` for ${describeLocalDue(item.due, clock)}` : ""}?`;
}

/** "You already have 'Book flights'. Do you want me to move it to Sunday?" — read back by the follow-up reader (MOVE_OFFER). */
export function moveOfferText(title: string, due: string, clock: Clock): string {
  return `You already have ${quote(title)}. Do you want me to move it to ${describeLocalDue(due, clock)}?`;
}

/** A message nothing understood: offer to add a short chore, otherwise ask. */
export function unknownText(text: string, original: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  // "the garage is a mess", "it's raining": a remark with a subject is not a chore to add.
  const remark =
    /\b(?:i|i'm|im|i've|we|we're|you|he|she|they|it|it's|its|is|are|was|were|am|has|have|had|been|there|there's|here|here's)\b|'s\b/.test(
      text,
    );
  if (!remark && words.length > 0 && words.length <= 6 && !/\?\s*$/.test(original)) {
    return `Do you want me to add '${capitalize(original.trim().replace(/(?<![.!])[.!]+$/, ""))}' as a new task?`;
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
  if (filter?.repeating) adj.push("repeating");
  if (input.due === "today") suffix += " due today";
  if (input.due === "this_week") suffix += " due this week";
  if (filter?.window) suffix += filter.window.on === "completed" ? ` finished ${filter.window.label}` : ` due ${filter.window.label}`;
  if (typeof input.query === "string") suffix += ` matching '${input.query}'`;
  if (filter?.noDue) suffix += " without a due date";
  if (filter?.after) suffix += ` after '${filter.after}'`;
  if (typeof input.label === "string") suffix += ` tagged '${input.label}'`;
  if (filter?.scope) suffix += ` in or tagged '${filter.scope}'`;
  if (filter?.except) suffix += ` besides '${filter.except}'`;
  const plain = adj.length === 0 && suffix === "";
  return { adj: adj.length ? `${adj.join(" ")} ` : "", suffix, plain };
}

/** "what was X about?": each task's line, then what it holds (note, list, labels, reminder). */
function aboutReply(tasks: TaskView[], clock: Clock): string {
  const lines = tasks.flatMap((t, i) => {
    const held = [
      t.description ? `Note: ${t.description}` : null,
      t.list ? `List: ${t.list}` : null,
      t.labels?.length ? `Labels: ${t.labels.join(", ")}` : null,
      t.remindAt ? `Reminder: ${describeDue(t.remindAt, clock)}` : null,
    ].filter((x): x is string => x !== null);
    return [numberedLines([t], clock)[0]!.replace(/^1\./, `${i + 1}.`), ...(held.length ? held : ["No note on it."]).map((h) => `   ${h}`)];
  });
  return [tasks.length === 1 ? "Here's what I have on it:" : "Here's what I have on those:", ...lines].join("\n");
}

/** "did I put down X?", "is X done?": yes or no first, then the tasks it is about. */
function lookupReply(tasks: TaskView[], filter: ListFilter, clock: Clock): string {
  const what = quote(filter.query ?? "that");
  if (tasks.length === 0) {
    // "is the boiler service on my list?" — no: offer it, so a "go on then" adds exactly that (followups.ts).
    const offer = filter.ask === "exists" && filter.query ? ` Do you want me to add ${quote(capitalize(filter.query))}?` : "";
    return `No — I can't find anything about ${what} on your list.${offer}`;
  }
  const open = tasks.filter((t) => t.status !== "completed");
  const shown = tasks.slice(0, 10);
  if (filter.ask === "about") return aboutReply(tasks.slice(0, 5), clock);
  if (filter.ask === "exists") {
    if (open.length === 0) return [`Yes — and it's already done:`, ...numberedLines(shown, clock)].join("\n");
    return [
      open.length === 1 && tasks.length === 1 ? "Yes — it's on your list:" : "Yes — these are on your list:",
      ...numberedLines(shown, clock),
    ].join("\n");
  }
  const only = tasks.length === 1 ? tasks[0] : undefined;
  if (only)
    return only.status === "completed"
      ? `Yes — ${quote(only.title)} is done.`
      : `Not yet — ${quote(only.title)} is still open:\n${numberedLines([only], clock)[0]}`;
  const head =
    open.length === 0
      ? "Yes — they're all done:"
      : open.length === tasks.length
        ? "Not yet — these are still open:"
        : "Some of them are done:";
  return [head, ...numberedLines(shown, clock)].join("\n");
}

function listReply(result: ToolResultEvent, filter: ListFilter | undefined, clock: Clock): string {
  if (result.outcome.kind !== "ok") return "";
  const tasks = shownOf(result.outcome.value.tasks, filter, clock);
  const total =
    filter?.window || filter?.noDue || filter?.repeating || filter?.after
      ? tasks.length
      : Math.max(Number(result.outcome.value.total ?? tasks.length) || tasks.length, tasks.length);
  if (filter?.ask) return lookupReply(tasks, filter, clock);
  const { adj, suffix, plain } = describeFilter(result.input, filter);
  const finished = filter?.window?.on === "completed" ? filter.window.label : null;
  if (tasks.length === 0) {
    if (plain) return `You don't have any tasks yet. Want to add one? ${EXAMPLE}`;
    if (finished !== null) return `You didn't finish any tasks ${finished}.`;
    if (adj.startsWith("overdue")) return "You don't have any overdue tasks — nice work!";
    if (filter?.count) return `None — you don't have any ${adj}tasks${suffix}.`;
    // "anything about the gym membership?" — nothing: offer it (two words or more), so a yes adds exactly that (followups.ts).
    const query = typeof result.input.query === "string" ? result.input.query : "";
    if (adj === "" && suffix === ` matching '${query}'` && !filter?.list && query.split(" ").length >= 2)
      return `You don't have any tasks${suffix}. Do you want me to add ${quote(capitalize(query))}?`;
    return `You don't have any ${adj}tasks${suffix}. You can say "show my tasks" to see everything, or add one — ${EXAMPLE.toLowerCase()}`;
  }
  const noun = total === 1 ? "task" : "tasks";
  let header: string;
  if (finished !== null) header = filter?.count ? `You finished ${total} ${noun} ${finished}:` : `Here's what you finished ${finished}:`;
  else if (filter?.count) header = `You have ${total} ${adj}${noun}${suffix}:`;
  else header = `Here ${total === 1 ? "is" : "are"} your ${adj}${noun}${suffix}:`;
  const more = total > tasks.length ? [`…and ${total - tasks.length} more.`] : [];
  // "what did i write about the boiler": a search that finds a task or three shows their notes too.
  const lines =
    typeof result.input.query === "string" && tasks.length <= 3
      ? numberedLines(tasks, clock).map((line, i) => (tasks[i]?.description ? `${line}\n   Notes: ${tasks[i]?.description}` : line))
      : numberedLines(tasks, clock);
  return [header, ...lines, ...more].join("\n");
}

function failureReply(ctx: TurnContext, r: ToolResultEvent): string {
  if (r.outcome.kind === "denied") {
    if (r.name === "delete_tasks") return "Okay — I didn't delete anything. Your tasks are unchanged.";
    if (r.name !== "delete_task") return "Okay — I didn't change anything.";
    const known = typeof r.input.task === "string" && looksLikeId(r.input.task) ? knownTask(ctx.history, r.input.task)?.title : undefined;
    return known
      ? `Okay — nothing was deleted. ${quote(known)} is still on your list.`
      : "Okay — nothing was deleted. The task is still on your list.";
  }
  if (r.outcome.kind === "error") return "Something went wrong on my side while doing that. Please try again.";
  if (r.outcome.kind !== "fail") return "";
  const asked = r.outcome.query ?? (typeof r.input.task === "string" ? r.input.task : "");
  // An id we resolved from "the second one" is never shown; the task may have been deleted since.
  const query = looksLikeId(asked) ? "" : asked;
  if (r.outcome.code === "not_found" && (r.name === "update_tasks" || r.name === "complete_tasks" || r.name === "delete_tasks")) {
    const filter = r.input.filter && typeof r.input.filter === "object" ? (r.input.filter as Record<string, unknown>) : {};
    const { adj, suffix } = describeFilter({ ...filter, status: undefined }, undefined);
    return `You don't have any ${adj}tasks${suffix} to change, so nothing was changed.`;
  }
  // "add milk to the groceries list" without such a list: it is never created on the side.
  if (r.outcome.code === "not_found" && /\blist yet\b/.test(r.outcome.message)) {
    const list = r.outcome.query ?? "that";
    const title = r.name === "add_task" && typeof r.input.title === "string" ? r.input.title : "";
    // Read back by the follow-up reader: a "yes" creates the list and adds the task to it.
    if (title && r.outcome.query) return `There's no '${list}' list yet — do you want me to create it and add '${title}' to it?`;
    return `There's no '${list}' list yet, so nothing was changed. Create it with "New list" in the task panel, then ask me again.`;
  }
  if (r.outcome.code === "not_found") {
    if (!query) return 'I couldn\'t find that task — it may have been deleted already. Say "show my tasks" to see your list.';
    return `I couldn't find a task matching '${query}'. Say "show my tasks" to see what's on your list.`;
  }
  if (r.outcome.code === "ambiguous") {
    const lines = numberedLines(r.outcome.candidates, ctx.clock);
    const head = query ? `I found several tasks matching '${query}':` : "I found several matching tasks:";
    return [head, ...lines, "Which one did you mean?"].join("\n");
  }
  if (r.outcome.code === "invalid_input") {
    const m = r.outcome.message.toLowerCase();
    // remindBefore on a task without a due time: say so and ask, nothing was changed.
    const untimed = /^remindBefore: '(.+)' (?:has no due time|is due on (\d{4}-\d{2}-\d{2}) without a time)/.exec(r.outcome.message);
    if (untimed?.[1]) {
      // Read back by the follow-up reader: the answer ("friday at 3pm") sets the due time and the reminder.
      return noDueForReminder(
        untimed[1],
        typeof r.input.remindBefore === "number" ? r.input.remindBefore : 0,
        untimed[2] ?? null,
        ctx.clock,
      );
    }
    // "push the bird seed back half an hour" of a task with no due time: the planner wrote nothing (shiftMinutes).
    if (m.startsWith("nothing to change") && Object.keys(r.input).every((k) => k === "task"))
      return "I didn't change anything: that task has no due time to move. What time is it due?";
    if (m.includes("due")) return 'I couldn\'t use that date. Could you say it another way, like "tomorrow", "Friday" or "Dec 3"?';
    if (m.includes("title")) return "A task needs a title. What should it be called?";
    if (m.includes("skip") || m.includes("repeat") || m.includes("recurrence")) return `I couldn't do that: ${r.outcome.message}`;
    if (m.includes("remind"))
      return 'I couldn\'t use that reminder time. Could you say it another way, like "at 5pm" or "30 minutes before"?';
    return "I couldn't make that change — something in the request wasn't valid. Could you rephrase it?";
  }
  return "Something went wrong on my side while doing that. Please try again.";
}

/** A reminder before a task that has no due time (or none at a time of day) to count from; `followups.ts` reads the answer. */
export function noDueForReminder(title: string, minutes: number, day: string | null, clock: Clock): string {
  const offset = minutesText(minutes);
  return day
    ? `${quote(title)} is due ${describeLocalDue(day.slice(0, 10), clock)} but not at a time, so I can't remind you ${offset} before it. What time is it due?`
    : `${quote(title)} has no due time yet, so I can't remind you ${offset} before it. When is it due?`;
}

/** "30 minutes", "1 hour", "2 days" (as the reminder readers read them back). */
function minutesText(minutes: number): string {
  const [n, unit] = minutes % 1440 === 0 ? [minutes / 1440, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function updateReply(ctx: TurnContext, r: ToolResultEvent): string {
  if (r.outcome.kind !== "ok") return "";
  const task = toTaskView(r.outcome.value.task);
  if (!task) return "Done.";
  const changed = Array.isArray(r.outcome.value.changed)
    ? (r.outcome.value.changed as unknown[]).map(String)
    : Object.keys(r.input).filter((k) => k !== "task");
  const name = quote(task.title);
  const parts: string[] = [];
  if (changed.includes("title")) {
    const before = typeof r.input.task === "string" && looksLikeId(r.input.task) ? knownTask(ctx.history, r.input.task)?.title : undefined;
    parts.push(before && before !== task.title ? `Renamed ${quote(before)} to ${name}.` : `Renamed it to ${name}.`);
  }
  if (changed.includes("status"))
    parts.push(task.status === "completed" ? `Marked ${name} as complete.` : `Marked ${name} as pending again.`);
  if (changed.includes("priority")) parts.push(`Set ${name} to ${task.priority} priority.`);
  if (changed.includes("dueAt") || changed.includes("due") || changed.includes("clearDue")) {
    parts.push(task.dueAt ? `${capitalize(name)} is now due ${describeDue(task.dueAt, ctx.clock)}.` : `Removed the due date from ${name}.`);
  }
  if (changed.includes("description"))
    parts.push(task.description ? `Updated the description of ${name}.` : `Removed the description from ${name}.`);
  if (r.input.skipOccurrence === true)
    parts.push(
      task.dueAt ? `Skipped this one: ${name} is next due ${describeDue(task.dueAt, ctx.clock)}.` : `Skipped this one of ${name}.`,
    );
  else if (changed.includes("recurrence"))
    parts.push(task.repeats ? `${capitalize(name)} now repeats ${task.repeats}.` : `${capitalize(name)} no longer repeats.`);
  if (changed.includes("remindAt") || changed.includes("clearReminder")) {
    parts.push(task.remindAt ? `I'll remind you ${describeDue(task.remindAt, ctx.clock)}.` : `Removed the reminder from ${name}.`);
  }
  if (changed.includes("list")) parts.push(task.list ? `Moved ${name} to ${quote(task.list)}.` : `Moved ${name} to the Inbox.`);
  if (changed.includes("labels"))
    parts.push(
      task.labels?.length
        ? `${capitalize(name)} is now tagged ${task.labels.map((l) => `#${l}`).join(", ")}.`
        : `Removed the labels from ${name}.`,
    );
  if (changed.includes("parent")) {
    const parent = typeof r.input.parent === "string" && !looksLikeId(r.input.parent) ? ` of ${quote(r.input.parent)}` : "";
    parts.push(`Made ${name} a subtask${parent}.`);
  }
  return parts.length ? parts.join(" ") : `${capitalize(name)} already looks like that — nothing needed changing.`;
}

function bulkUpdateReply(ctx: TurnContext, r: ToolResultEvent): string {
  if (r.outcome.kind !== "ok") return "";
  const tasks = toTaskViews(r.outcome.value.tasks);
  if (tasks.length === 0) return "No tasks matched that, so nothing changed.";
  const changes = r.input as BulkChanges & { status?: string };
  const what = tasks.length === 1 ? quote(tasks[0]?.title ?? "") : `${tasks.length} tasks`;
  let head: string;
  if (changes.priority) head = `Set ${what} to ${changes.priority} priority`;
  else if (changes.clearDue) head = `Removed the due date from ${what}`;
  else if (changes.shiftDays !== undefined)
    head = `Moved ${what} ${changes.shiftDays < 0 ? "earlier" : "later"} by ${Math.abs(changes.shiftDays)} day${Math.abs(changes.shiftDays) === 1 ? "" : "s"}`;
  else if (changes.due) head = `Moved ${what} to ${describeLocalDue(changes.due, ctx.clock)}`;
  else head = `Updated ${what}`;
  return tasks.length === 1 ? `${head}.` : [`${head}:`, ...numberedLines(tasks, ctx.clock)].join("\n");
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function undoReply(r: ToolResultEvent): string {
  if (r.outcome.kind !== "ok") return "There's nothing I can undo right now.";
  const v = r.outcome.value;
  // undo_last_turn answers `reverted` as a count (and `changes` as the list).
  const reverted = typeof v.reverted === "number" ? v.reverted : asArray(v.changes).length;
  const skipped = asArray(v.skipped).length;
  if (reverted === 0 && skipped === 0) return "There was nothing to undo.";
  // Otherwise the tool describes what it put back and what it skipped; that sentence is the answer.
  if (typeof v.message === "string" && v.message.trim()) return v.message.trim();
  const done =
    reverted === 0 ? "I couldn't undo anything" : `Undone — I reverted ${reverted === 1 ? "your last change" : `${reverted} changes`}`;
  return skipped
    ? `${done}; ${skipped === 1 ? "one task has" : `${skipped} tasks have`} changed since, so I left ${skipped === 1 ? "it" : "them"} as ${skipped === 1 ? "it is" : "they are"}.`
    : `${done}.`;
}

/** "do I need to buy milk?": yes, with the tasks found, or an offer to add it. */
function checkReply(r: ToolResultEvent, item: AddItem, clock: Clock): string {
  if (r.outcome.kind !== "ok") return "";
  const found = toTaskViews(r.outcome.value.tasks).filter((t) => t.status !== "completed");
  const moved = movedThing(item.title);
  if (moved) {
    if (found.length !== 1) return `I can't find just one task about '${moved}' on your list. Say "show my tasks" to see them.`;
    const task = found[0]!;
    if (item.due) return moveOfferText(task.title, item.due, clock);
    return `${quote(task.title)} is ${task.dueAt ? `due ${describeDue(task.dueAt, clock)}` : "not due on any day yet"}. Tell me the day you'd like it moved to.`;
  }
  if (found.length === 0) return `It's not on your list. ${offerText(item, clock)}`;
  return [
    found.length === 1 ? "Yes — it's on your list:" : "Yes — these are on your list:",
    ...numberedLines(found.slice(0, 10), clock),
  ].join("\n");
}

function addedLine(task: TaskView, clock: Clock): string {
  const bits: string[] = [];
  if (task.dueAt) bits.push(`due ${describeDue(task.dueAt, clock)}`);
  if (task.priority === "high" || task.priority === "low") bits.push(`${task.priority} priority`);
  if (task.repeats) bits.push(`repeats ${task.repeats}`);
  if (task.remindAt) bits.push(`reminder ${describeDue(task.remindAt, clock)}`);
  if (task.list) bits.push(`in ${quote(task.list)}`);
  if (task.labels?.length) bits.push(task.labels.map((l) => `#${l}`).join(" "));
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
    if (e.name === "list_tasks" && e.outcome.kind === "fail" && later.some((c) => c.name === "list_tasks")) return;
    // "show work stuff": an empty look under a label of that name, before the search for it.
    const emptyLabel = e.outcome.kind === "ok" && e.input.label !== undefined && toTaskViews(e.outcome.value.tasks).length === 0;
    if (
      e.name === "list_tasks" &&
      emptyLabel &&
      later.some((c) => c.name === "list_tasks" && (c.input.query !== undefined || c.input.label !== undefined))
    )
      return;
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
  if (ctx.intents.length === 1 && intent?.type === "bulkUpdate") {
    const acted = ctx.turn.some((e) => e.kind === "call" && e.name !== "list_tasks");
    if (acted) return null;
    const { adj, suffix } = describeFilter({ ...intent.filter, status: undefined }, intent.filter);
    return `You don't have any ${adj}tasks${suffix} to change.`;
  }
  if (ctx.intents.length !== 1 || intent?.type !== "bulk") return null;
  const acted = ctx.turn.some((e) => e.kind === "call" && e.name !== "list_tasks");
  if (acted) return null;
  const { adj, suffix } = describeFilter(
    { ...intent.filter, status: intent.action === "delete" ? intent.filter.status : undefined },
    intent.filter,
  );
  const verb = intent.action === "complete" ? "to complete" : intent.action === "delete" ? "to delete" : "to reopen";
  return `You don't have any ${adj}tasks${suffix} ${verb}.`;
}

function readyParents(value: unknown): string[] {
  return Array.isArray(value)
    ? value.flatMap((p) => (typeof (p as { title?: unknown })?.title === "string" ? [(p as { title: string }).title] : []))
    : [];
}

/** The question after a parent's last open step was completed; `followups.ts` reads the answer. */
export function parentOffer(title: string): string {
  return `That was the last open step of ${quote(title)} — do you want me to mark it as complete too?`;
}

export function composeReply(ctx: TurnContext, notes: string[]): string {
  const nothing = bulkNothing(ctx);
  if (nothing) return nothing;
  const sections: string[] = [];
  const added: TaskView[] = [];
  const completed: TaskView[] = [];
  const deleted: TaskView[] = [];
  // Parents whose last open step this turn completed (the tool's `parentReady`): offered, never done unasked.
  const ready: string[] = [];
  // Which request each list result answers: a list, a plan, or a "do I need to …?" check.
  const listOwners = ctx.intents.filter((i) => i.type === "list" || i.type === "plan" || i.type === "check" || i.type === "bulkUpdate");
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
        ready.push(...readyParents(v.parentReady));
        break;
      }
      case "complete_tasks":
        completed.push(...toTaskViews(v.tasks));
        ready.push(...readyParents(v.parentReady));
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
      case "list_tasks": {
        const owner = listOwners[listIndex++];
        if (owner?.type === "check") sections.push(checkReply(r, owner.item, ctx.clock));
        else
          sections.push(
            listReply(
              r,
              owner?.type === "list" || owner?.type === "plan" || owner?.type === "bulkUpdate" ? owner.filter : undefined,
              ctx.clock,
            ),
          );
        break;
      }
      case "update_tasks":
        sections.push(bulkUpdateReply(ctx, r));
        break;
      case "undo_last_turn":
        sections.push(undoReply(r));
        break;
      case "create_list": {
        const name = String((v.list as { name?: unknown } | undefined)?.name ?? "");
        sections.push(v.alreadyExisted ? `You already have a list called '${name}'.` : `Created the list '${name}'.`);
        break;
      }
      case "list_lists": {
        const lists = (Array.isArray(v.lists) ? v.lists : []) as Array<{ name?: unknown; taskCount?: unknown }>;
        sections.push(
          lists.length === 0
            ? "You don't have any lists yet — everything is in the Inbox."
            : [`Your lists:`, ...lists.map((l) => `• ${String(l.name)}${typeof l.taskCount === "number" ? ` (${l.taskCount})` : ""}`)].join(
                "\n",
              ),
        );
        break;
      }
      default:
        sections.push("Done.");
    }
  }
  if (added.length === 1 && added[0]) sections.unshift(`Added ${addedLine(added[0], ctx.clock)}.`);
  else if (added.length > 1) sections.unshift([`Added ${added.length} tasks:`, ...numberedLines(added, ctx.clock)].join("\n"));
  if (completed.length > 0 && completed.length <= 3) sections.push(`Marked ${joinAnd(completed.map((t) => quote(t.title)))} as complete.`);
  else if (completed.length > 3)
    sections.push([`Marked ${completed.length} tasks as complete:`, ...numberedLines(completed, ctx.clock)].join("\n"));
  const offered = [...new Set(ready)].filter((title) => !completed.some((t) => t.title === title));
  if (offered.length === 1) sections.push(parentOffer(offered[0]!));
  else if (offered.length > 1)
    sections.push(`Every step of ${joinAnd(offered.map(quote))} is done now — say so if you want me to mark them as complete too.`);
  if (deleted.length > 0 && deleted.length <= 3) sections.push(`Deleted ${joinAnd(deleted.map((t) => quote(t.title)))}.`);
  else if (deleted.length > 3) sections.push([`Deleted ${deleted.length} tasks:`, ...deleted.map((t) => `• ${t.title}`)].join("\n"));
  const body = [...sections.filter(Boolean), ...notes].join(sections.some((s) => s.includes("\n")) ? "\n\n" : " ");
  return body || "Done.";
}
