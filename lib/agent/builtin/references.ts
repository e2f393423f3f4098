/**
 * What the conversation has shown so far, for resolving "the second one", "it", "them", and for
 * picking up an action that stopped on an ambiguous or unknown task in the previous turn.
 */
import type { Outcome, TaskView, ToolResultEvent, ConversationEvent } from "./prompt-reader";
import { toTaskView, toTaskViews } from "./prompt-reader";
import type { TaskRef } from "./intents/types";
import type { Clock } from "@/lib/task-line/clock";
import { classify } from "./intents";
import { shownOf } from "./windows";

const UUIDISH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeId(text: string): boolean {
  return UUIDISH.test(text) || /^c[a-z0-9]{20,}$/.test(text);
}

function results(events: ConversationEvent[]): ToolResultEvent[] {
  return events.filter((e): e is ToolResultEvent => e.kind === "result");
}

/** Tasks a result is about (added, changed, deleted, listed). */
export function tasksOf(outcome: Outcome): TaskView[] {
  if (outcome.kind === "fail") return outcome.candidates;
  if (outcome.kind !== "ok") return [];
  const v = outcome.value;
  const one = toTaskView(v.task) ?? toTaskView(v.deleted);
  if (one) return [one];
  if (Array.isArray(v.deleted)) return toTaskViews(v.deleted);
  return toTaskViews(v.tasks);
}

/** The tasks a list reply showed: a day window ("due tomorrow") hides part of the tool's list. */
function shownTasks(events: ConversationEvent[], result: ToolResultEvent, clock: Clock | undefined): TaskView[] {
  const tasks = result.outcome.kind === "ok" ? result.outcome.value.tasks : [];
  if (!clock) return toTaskViews(tasks);
  const at = events.indexOf(result);
  let userText = "";
  for (let i = at; i >= 0; i--) {
    const e = events[i];
    if (e?.kind === "user") {
      userText = e.text;
      break;
    }
  }
  const list = classify(userText, clock).find((i) => i.type === "list");
  return shownOf(tasks, list?.type === "list" ? list.filter : undefined, clock);
}

/** Of the tasks a lookup found, the ones this model's last reply showed as lines of a list ("1. ☐ Title — …"). */
function shownInReply(events: ConversationEvent[], tasks: TaskView[]): TaskView[] {
  const reply = events.findLast((e) => e.kind === "assistant");
  if (reply?.kind !== "assistant") return [];
  const lines = reply.text.split("\n").filter((l) => /^\s*\d+\.\s/.test(l));
  return tasks.filter((t) => lines.some((l) => l.includes(` ${t.title}`)));
}

/** The most recent list the user saw: a list_tasks result or an "ambiguous" candidate list. */
export function latestList(events: ConversationEvent[], clock?: Clock): TaskView[] | null {
  for (const r of results(events).reverse()) {
    if (r.name === "list_tasks" && r.outcome.kind === "ok") return shownTasks(events, r, clock);
    if (r.outcome.kind === "fail" && r.outcome.code === "ambiguous" && r.outcome.candidates.length) return r.outcome.candidates;
  }
  return null;
}

/** The task(s) the conversation just dealt with, most recent result first. */
export function lastTouched(events: ConversationEvent[]): { tasks: TaskView[]; fromList: boolean } {
  for (const r of results(events).reverse()) {
    if (r.outcome.kind !== "ok") continue;
    const tasks = tasksOf(r.outcome);
    if (tasks.length === 0) continue;
    return { tasks, fromList: r.name === "list_tasks" };
  }
  return { tasks: [], fromList: false };
}

/** Every task the last turn's tool results touched ("add bread, jam and butter" then "put them all on groceries"). */
function touchedLastTurn(events: ConversationEvent[]): TaskView[] {
  const start = events.findLastIndex((e) => e.kind === "user");
  const seen = new Map<string, TaskView>();
  // Lookups (list_tasks, list_lists) are how the turn found its task, never what it touched.
  for (const r of results(events.slice(start + 1)))
    if (r.outcome.kind === "ok" && !r.name.startsWith("list_")) for (const t of tasksOf(r.outcome)) seen.set(t.id, t);
  return [...seen.values()];
}

/** A task seen anywhere in the conversation, by id (latest version). */
export function knownTask(events: ConversationEvent[], id: string): TaskView | null {
  for (const r of results(events).reverse()) {
    const found = tasksOf(r.outcome).find((t) => t.id === id);
    if (found) return found;
  }
  return null;
}

/** A task seen in the conversation whose title contains the phrase (for "postpone X by a day"). */
export function knownByPhrase(events: ConversationEvent[], phrase: string): TaskView | null {
  const p = phrase.toLowerCase();
  for (const r of results(events).reverse()) {
    const found = tasksOf(r.outcome).find((t) => t.title.toLowerCase().includes(p));
    if (found) return found;
  }
  return null;
}

/** The failed single-task call that ended the previous turn, if the user is answering it. */
export function pendingFailure(history: ConversationEvent[]): ToolResultEvent | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i];
    if (!e || e.kind === "user") return null;
    if (e.kind !== "result") continue;
    if (e.outcome.kind === "fail" && (e.outcome.code === "ambiguous" || e.outcome.code === "not_found") && typeof e.input.task === "string")
      return e;
    return null;
  }
  return null;
}

export function lastAssistantText(history: ConversationEvent[]): string {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i];
    if (e?.kind === "user") return "";
    if (e?.kind === "assistant") return e.text;
  }
  return "";
}

/** The task named by this model's last question, when nothing happened after it. */
function offeredTask(events: ConversationEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.kind === "result" || e?.kind === "call") return null;
    if (e?.kind === "assistant") return /^What would you like me to do with '(.+)'\? /.exec(e.text)?.[1] ?? null;
  }
  return null;
}

/** "both" after a list of three, "all four" after two: never guess which, ask. */
function countMismatch(ref: Extract<TaskRef, { kind: "listed" }>, shown: number): Resolved | null {
  if (ref.count === undefined || ref.count === shown) return null;
  const count = shown === 1 ? "only one task" : `${shown} tasks`;
  return { problem: `The list I showed has ${count}, so I'm not sure which ${ref.count} you mean. Could you tell me their names?` };
}

/** Every task of the list shown but the ordinals named ("all of them except the first"); an ordinal past the list asks. */
function allBut(list: TaskView[], except: Array<{ n: number; fromEnd: boolean }>): Resolved {
  const skip = new Set(except.map((e) => (e.fromEnd ? list.length - e.n : e.n - 1)));
  if ([...skip].some((i) => i < 0 || i >= list.length))
    return { problem: `The list I showed has ${list.length} tasks, so I'm not sure which ones you mean. Could you tell me their names?` };
  const ids = list.filter((_, i) => !skip.has(i)).map((t) => t.id);
  return ids.length ? { ids } : { problem: "That leaves none of the tasks I showed. Which ones do you mean?" };
}

export type Resolved = { ids: string[] } | { task: string } | { problem: string };

/** Resolves a reference against the conversation: ids for ordinals/pronouns/"them", else the phrase. */
export function resolveRef(ref: TaskRef, events: ConversationEvent[], clock?: Clock): Resolved {
  if (ref.kind === "phrase") return { task: ref.text };
  if (ref.kind === "pronoun") {
    // "What would you like me to do with 'X'?" → "mark it done" means X.
    const offered = offeredTask(events);
    if (offered) return { task: offered };
    const { tasks, fromList } = lastTouched(events);
    if (tasks.length === 0) return { problem: 'Which task do you mean? Tell me its name, for example "mark buy milk as done".' };
    // "did i ever order that cable from cef?" looked every task up and showed one: "tick it off" means that one.
    const shown = fromList && tasks.length > 1 ? shownInReply(events, tasks) : [];
    if (shown.length === 1 && shown[0]) return { ids: [shown[0].id] };
    if (fromList && tasks.length > 1) return { problem: 'Which one do you mean? You can say "the first one" or use the task\'s name.' };
    const last = tasks[tasks.length - 1];
    return last ? { ids: [last.id] } : { problem: "Which task do you mean?" };
  }
  const list = latestList(events, clock);
  if (!list || list.length === 0) {
    const touched = touchedLastTurn(events);
    const tasks = touched.length > 0 ? touched : lastTouched(events).tasks;
    if (ref.kind === "listed" && ref.except)
      return { problem: "I'm not sure which tasks you mean. Ask me to show your tasks first, then tell me which ones." };
    if (ref.kind === "listed" && tasks.length) return countMismatch(ref, tasks.length) ?? { ids: tasks.map((t) => t.id) };
    return { problem: "I'm not sure which tasks you mean. Ask me to show your tasks first, then tell me which one." };
  }
  if (ref.kind === "listed" && ref.except) return allBut(list, ref.except);
  if (ref.kind === "listed") return countMismatch(ref, list.length) ?? { ids: list.map((t) => t.id) };
  const index = ref.fromEnd ? list.length - ref.n : ref.n - 1;
  const task = list[index];
  if (!task) {
    const count = list.length === 1 ? "only one task" : `${list.length} tasks`;
    return { problem: `The list I showed has ${count}, so I'm not sure which one you mean. Could you tell me its name?` };
  }
  return { ids: [task.id] };
}
