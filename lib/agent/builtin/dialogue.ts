/**
 * Short replies that lean on what the previous turn did (docs/agent.md "Dialogue"):
 * - ellipsis: "oh and batteries too" after an add adds batteries; "same for the water bill",
 *   "the dry cleaning too", "and the other one" after a change makes the same change there;
 * - corrections: "no i meant the dentist not the doctor", "not that one, the drawer" after a
 *   change undoes it and makes it on the task meant; after an add, "sorry i meant tim not tom"
 *   renames the new task and "i meant friday not tomorrow" moves it;
 * - "make that every week" (read as an add of 'Make that'): the change, on the task just touched.
 * Everything is read word by word; when the words do not fit one of these forms, nothing here acts.
 */
import { findDue, dueToString } from "@/lib/task-line/dates";
import { capitalize } from "@/lib/task-line/text";
import { type Clock, localParts } from "@/lib/task-line/clock";
import { addDays, formatIsoDate, formatIsoLocalDateTime } from "@/lib/task-line/calendar";
import { numberFrom } from "@/lib/task-line/numbers";
import { classify } from "./intents";
import type { Intent } from "./intents/types";
import type { TaskView, ToolCallEvent, ToolResultEvent } from "./prompt-reader";
import { isListedRef, isPronoun, ordinalRef } from "./intents/refs";
import { knownTask, latestList, resolveRef, tasksOf } from "./references";
import { describeDue, taskLine } from "./format";
import { listsOfTurn, type TurnContext } from "./turn-context";

type Call = { toolName: string; input: Record<string, unknown> };
type Mapped = { calls: Call[]; notes: string[] };

const WRITES = new Set(["add_task", "update_task", "complete_task", "delete_task"]);

/** One write of the previous turn: the call, and the task it was about when it succeeded. */
type Act = { name: string; input: Record<string, unknown>; task: TaskView | null; done: boolean };

/** The writes of the previous turn (the events after the last user message of the history). */
function previousActs(ctx: TurnContext): Act[] {
  let u = ctx.history.length - 1;
  while (u >= 0 && ctx.history[u]?.kind !== "user") u--;
  const tail = ctx.history.slice(u + 1);
  const calls = tail.filter((e): e is ToolCallEvent => e.kind === "call" && WRITES.has(e.name));
  return calls.map((c) => {
    const r = tail.find((e): e is ToolResultEvent => e.kind === "result" && e.id === c.id);
    const ok = r?.outcome.kind === "ok";
    return { name: c.name, input: c.input, task: ok && r ? (tasksOf(r.outcome)[0] ?? null) : null, done: ok };
  });
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** Drops words from the front while they are in `set`; returns whether any was dropped. */
function dropFront(w: string[], set: Set<string>): boolean {
  let dropped = false;
  while (w.length && set.has(w[0] ?? "")) {
    w.shift();
    dropped = true;
  }
  return dropped;
}

function dropBack(w: string[], set: Set<string>): boolean {
  let dropped = false;
  while (w.length && set.has(w.at(-1) ?? "")) {
    w.pop();
    dropped = true;
  }
  return dropped;
}

const FILLER_FRONT = new Set(["oh", "ah", "ooh", "oops", "ok", "okay", "right", "yeah", "yes", "um", "erm", "hmm"]);
const JOINERS = new Set(["and", "n", "&", "also", "plus"]);
const FILLER_BACK = new Set(["pls", "please", "plz", "thanks", "ta", "x", "lol", "thx", "cheers"]);
const TOO = new Set(["too", "also", "aswell"]);
const ARTICLES = new Set(["the", "my", "a", "an"]);

/** A task phrase as the tools match it: no article in front, no "one"/"task" behind. */
function taskPhrase(w: string[]): string {
  const p = [...w];
  dropFront(p, ARTICLES);
  dropBack(p, new Set(["one", "task", "thing", "instead"]));
  return p.join(" ");
}

const OTHER = "\u0000other";

/**
 * "oh and batteries too", "and the dusting", "same for the water bill", "that too, the shoes",
 * "the cat as well", "and the other one": the words of the new target (OTHER for "the other
 * one"), or null when the message is not an ellipsis.
 */
/** Asides at the end that ask for nothing ("while i think of it", "before i forget"). */
const ASIDES = [
  "while i think of it",
  "whilst i think of it",
  "while i remember",
  "whilst i remember",
  "before i forget",
  "now i think of it",
  "come to think of it",
  "if you can",
  "if poss",
].map((a) => a.split(" "));

function dropAside(w: string[]): void {
  for (const a of ASIDES) if (w.length > a.length && a.every((x, i) => w[w.length - a.length + i] === x)) w.splice(-a.length);
}

export function readEllipsis(text: string): string | null {
  const w = words(text);
  dropAside(w);
  dropFront(w, FILLER_FRONT);
  let marked = dropFront(w, JOINERS);
  dropFront(w, FILLER_FRONT);
  dropBack(w, FILLER_BACK);
  // "do the same for the report", "same again for the vet"
  if (w[0] === "do" && w[1] === "the" && w[2] === "same") w.splice(0, 2);
  if (w[0] === "same" && w[1] === "again") w.splice(1, 1);
  if ((w[0] === "same" && (w[1] === "for" || w[1] === "with")) || (w[0] === "same" && w[1] === "goes" && w[2] === "for")) {
    w.splice(0, w[1] === "goes" ? 3 : 2);
    marked = true;
  }
  if (w[0] === "that" && w[1] === "too") {
    w.splice(0, 2);
    marked = true;
  }
  if (w.at(-2) === "that" && w.at(-1) === "too") {
    w.splice(-2, 2);
    marked = true;
  } else if (w.at(-2) === "as" && w.at(-1) === "well") {
    w.splice(-2, 2);
    marked = true;
  } else if (TOO.has(w.at(-1) ?? "")) {
    w.pop();
    marked = true;
  }
  dropBack(w, FILLER_BACK);
  if (!marked || w.length === 0 || w.length > 6) return null;
  if (w.join(" ") === "the other one" || w.join(" ") === "the other") return OTHER;
  return w.join(" ");
}

const CORRECTION_FRONT = new Set([
  "no",
  "nope",
  "nah",
  "sorry",
  "soz",
  "oops",
  "whoops",
  "wait",
  "ugh",
  "argh",
  "hmm",
  "oh",
  "actually",
  "ah",
  "my",
  "bad",
  "hang",
  "hold",
  "on",
]);

/** "no i meant the dentist not the doctor" → { meant: "the dentist", not: "the doctor" }; "not that one, the other one" → { meant: OTHER }. */
export function readCorrection(text: string): { meant: string; not: string | null } | null {
  const comma = notThenMeant(text);
  if (comma) return comma;
  const w = words(text);
  const led = dropFront(w, CORRECTION_FRONT);
  dropBack(w, new Set([...FILLER_BACK, "sorry", "instead"]));
  let meant: string[] | null = null;
  let not: string[] | null = null;
  const m = w.findIndex((x) => x === "meant" || x === "mean");
  if (m >= 0 && m <= 1 && (m === 0 || w[0] === "i")) {
    const rest = w.slice(m + 1);
    const n = rest.indexOf("not");
    meant = n > 0 ? rest.slice(0, n) : rest;
    not = n > 0 ? rest.slice(n + 1) : null;
  } else if ((w[0] === "not" && w[1] === "that" && w[2] === "one") || (w[0] === "wrong" && w[1] === "one")) {
    const rest = w.slice(w[0] === "not" ? 3 : 2);
    dropFront(rest, new Set(["i", "meant", "mean", "its", "it's", "it", "was"]));
    meant = rest.length ? rest : null;
  } else if (led) {
    // "no the cake, not the balloons", "beth not ben"
    const n = w.indexOf("not");
    if (n > 0 && n < w.length - 1) {
      meant = w.slice(0, n);
      not = w.slice(n + 1);
    }
  }
  if (!meant || meant.length === 0 || meant.length > 6 || (not && not.length > 6)) return null;
  const phrase = meant.join(" ");
  return { meant: phrase === "the other one" || phrase === "the other" ? OTHER : phrase, not: not ? not.join(" ") : null };
}

/** Words before the task meant, after the comma of "not X, Y": "i did the compost", "it was the vet". */
const MEANT_FRONT = new Set(["i", "meant", "mean", "did", "its", "it's", "it", "was", "is", "sorry", "actually"]);

/**
 * Rule NOT-X-COMMA-Y: "no wait not the gas bill, the water bill", "oops not the dentist, the vet",
 * "hang on not the recycling, i did the compost": the task meant after the comma, the one not
 * meant before it. Exactly two pieces; the first is "not" and a task after the correction words.
 */
function notThenMeant(text: string): { meant: string; not: string | null } | null {
  const pieces = text.split(",");
  if (pieces.length !== 2) return null;
  const first = words(pieces[0] ?? "");
  dropFront(first, CORRECTION_FRONT);
  if (first[0] !== "not" || first.length < 2 || first.length > 7) return null;
  const meant = words(pieces[1] ?? "");
  dropFront(meant, MEANT_FRONT);
  dropBack(meant, new Set([...FILLER_BACK, "sorry", "instead"]));
  if (meant.length === 0 || meant.length > 6) return null;
  const not = first.slice(1).join(" ");
  const phrase = meant.join(" ");
  return {
    meant: phrase === "the other one" || phrase === "the other" ? OTHER : phrase,
    not: ["that", "that one", "it", "this"].includes(not) ? null : not,
  };
}

/** The task of the list the user last saw that is not `task`, when that list had just two. */
function otherOf(ctx: TurnContext, task: TaskView | null): string | null {
  const list = latestList(ctx.history, ctx.clock) ?? [];
  if (!task || list.length !== 2 || !list.some((t) => t.id === task.id)) return null;
  return list.find((t) => t.id !== task.id)?.id ?? null;
}

/** Words that make a phrase a change of its own ("its not urgent, low priority", "remind me at 9"), never a new target. */
const NOT_A_TARGET = new Set(
  "it its it's that that's thats this they them make set change move put remind reminder mark priority urgent important due done".split(
    " ",
  ),
);

/** Whether the phrase can name a task to act on (not a request of its own: "remind me at 9"). */
function plainTarget(phrase: string, ctx: TurnContext): boolean {
  if (words(phrase).some((w) => NOT_A_TARGET.has(w))) return false;
  const read = classify(phrase, ctx.clock);
  return read.length === 1 && (read[0]?.type === "unknown" || read[0]?.type === "offer" || read[0]?.type === "add");
}

/** Verbs that ask for a new task outright: "and add milk", "put bread on too". */
const ADD_VERBS = new Set(["add", "put", "stick", "chuck", "pop", "create", "new", "include"]);

/**
 * Rule ELLIPSIS-NOT-ADD: after a change, an ellipsis whose target reads as an add ("phone bill as
 * well", "water bill too" — "phone", "water" are verbs too) is the same change on that task,
 * unless a joiner opens it ("oh and buy bread too") or an add verb starts it ("add milk too"):
 * then it is a request of its own, read as before.
 */
function newRequest(ctx: TurnContext, target: string): boolean {
  if (classify(target, ctx.clock)[0]?.type !== "add") return false;
  const w = words(ctx.userText);
  dropFront(w, FILLER_FRONT);
  return JOINERS.has(w[0] ?? "") || ADD_VERBS.has(words(target)[0] ?? "");
}

function sameWordIn(title: string, phrase: string): boolean {
  const t = words(title);
  const p = words(taskPhrase(words(phrase)));
  return p.length > 0 && p.every((x) => t.includes(x));
}

function ellipsisCalls(ctx: TurnContext, acts: Act[], target: string): Call[] | null {
  const done = acts.filter((a) => a.done || a.name === "delete_task");
  if (done.length === 0) return null;
  if (done.every((a) => a.name === "add_task")) {
    if (target === OTHER || !plainTarget(target, ctx)) return null;
    const read = classify(target, ctx.clock)[0];
    const items = read?.type === "add" ? read.items : [{ title: capitalize(target) }];
    return items.map((item) => ({ toolName: "add_task", input: { ...item } }));
  }
  if (done.length !== 1) return null;
  const act = done[0]!;
  if (act.name === "add_task" || (act.name === "update_task" && "title" in act.input)) return null;
  let task: string | null;
  if (target === OTHER) task = otherOf(ctx, act.task);
  // "and add milk" after a change is a new request, not the same change on 'add milk'.
  else
    task =
      plainTarget(target, ctx) && !newRequest(ctx, target) && !(act.task && sameWordIn(act.task.title, target))
        ? taskPhrase(words(target))
        : null;
  return task ? [{ toolName: act.name, input: { ...act.input, task } }] : null;
}

function correctionCalls(ctx: TurnContext, acts: Act[], c: { meant: string; not: string | null }): Call[] | null {
  if (acts.length !== 1) return null;
  const act = acts[0]!;
  if (act.name === "add_task") {
    if (!act.done || !act.task || c.meant === OTHER) return null;
    const due = findDue(c.meant, ctx.clock);
    const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
    if (due && covered >= c.meant.replace(/^(?:on|for|at) /, "").length)
      return [{ toolName: "update_task", input: { task: act.task.id, due: dueToString(due.due) } }];
    if (!c.not) return null;
    const title = act.task.title;
    const at = title.toLowerCase().indexOf(c.not);
    const old = at >= 0 ? c.not : taskPhrase(words(c.not));
    const from = title.toLowerCase().indexOf(old);
    if (!old || from < 0) return null;
    const renamed = `${title.slice(0, from)}${from === 0 ? capitalize(c.meant) : c.meant}${title.slice(from + old.length)}`;
    return [{ toolName: "update_task", input: { task: act.task.id, title: renamed } }];
  }
  // "sorry, thursday not wednesday" after a move: the day meant, on the same task (rule DAY-NOT-DAY).
  if (act.name === "update_task" && act.done && act.task && "due" in act.input && c.meant !== OTHER) {
    const due = findDue(c.meant, ctx.clock);
    const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
    if (due && covered >= c.meant.replace(/^(?:on|for|to) /, "").length)
      return [{ toolName: "update_task", input: { task: act.task.id, due: dueToString(due.due) } }];
  }
  const target = c.meant === OTHER ? otherOf(ctx, act.task) : taskPhrase(words(c.meant));
  if (!target || (act.task && c.meant !== OTHER && sameWordIn(act.task.title, c.meant))) return null;
  const redo = { toolName: act.name, input: { ...act.input, task: target } };
  // A delete that was asked about and not run needs no undo; a change that ran is undone first.
  if (!act.done) return act.name === "delete_task" ? [redo] : null;
  if (act.name === "delete_task") return null;
  return ctx.available.size === 0 || ctx.available.has("undo_last_turn") ? [{ toolName: "undo_last_turn", input: {} }, redo] : null;
}

/** Words after a change of the task just added that add nothing: "make it fri actually". */
const AMEND_BACK = new Set([...FILLER_BACK, "actually", "instead", "then", "now"]);

/** A word without the commas and stops typed after it ("no,", "wait!"). */
function withoutEndPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && ",.!".includes(word[end - 1] ?? "")) end--;
  return word.slice(0, end);
}

/** Words before "make it …" that take back what was just set ("actually", "no wait", "on second thought"). */
const AMEND_FRONT = new Set([...CORRECTION_FRONT, ...FILLER_FRONT, "second", "thought", "thoughts", "then", "instead"]);

/** Titles the add reader makes of "make that every week": a change verb and a pronoun. */
const PRONOUN_TITLE = /^(?:make|set|put|change|switch|turn|have) (?:it|that|this)$/i;

/** "make that every week", "set it for 3pm": the change verb and pronoun, then only slots. */
const PRONOUN_LEAD = /^(?:make|set|put|change|switch|turn|have) (?:it|that|this) /;

function pronounChange(ctx: TurnContext, acts: Act[], intent: Intent | undefined): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  if (!act?.done || !act.task || act.name === "delete_task") return null;
  // The add readers no longer make a title of "make that …": read its slots on a placeholder title.
  const asWords = ctx.userText
    .toLowerCase()
    .trim()
    .replace(/(?<![.!])[.!]+$/, "")
    .split(/\s+/)
    .map(withoutEndPunctuation);
  // "actually make it every two weeks", "on second thought make it monthly": the words before the change say nothing more.
  dropFront(asWords, AMEND_FRONT);
  dropBack(asWords, AMEND_BACK);
  // "make it repeat every week": the repeat is said by "every week".
  if (asWords[2] === "repeat" || asWords[2] === "recur") asWords.splice(2, 1);
  const lower = asWords.join(" ");
  const lead = PRONOUN_LEAD.exec(lower);
  const read = lead ? classify(`add x ${lower.slice(lead[0].length)}`, ctx.clock) : null;
  const placeholder = read?.length === 1 && read[0]?.type === "add" && read[0].items.length === 1 ? read[0].items[0] : undefined;
  const item = placeholder ? { ...placeholder, title: placeholder.title === "X" ? "Make that" : placeholder.title } : undefined;
  const said = item ? { type: "add" as const, items: [item] } : intent;
  if (said?.type !== "add" || said.items.length !== 1) return null;
  const { title, ...changes } = said.items[0]!;
  if (!PRONOUN_TITLE.test(title) || Object.keys(changes).length === 0) return null;
  return [{ toolName: "update_task", input: { task: act.task.id, ...changes } }];
}

const PLACE_FRONT = new Set(["for", "in", "on", "to", "into", "under"]);
/**
 * "for training", "on the home list", "in work" alone, right after an add: the list of the task just added
 * (rule LIST-AFTER-ADD). A day ("for saturday") is newDay's; a list the user lacks is asked about by the tool.
 */
function listAfterAdd(ctx: TurnContext, acts: Act[]): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  if (!act?.done || !act.task || act.name !== "add_task" || "list" in act.input) return null;
  const w = words(ctx.userText);
  dropFront(w, FILLER_FRONT);
  dropBack(w, FILLER_BACK);
  if (!dropFront(w, PLACE_FRONT)) return null;
  // "for the team", "on my work list": a name after "the"/"my" is a place, unless it names people ("for the kids").
  const pointed = dropFront(w, ARTICLES) && w.length === 1 && !PEOPLE_NOT_LIST.has(w[0] ?? "");
  const calledList = w.at(-1) === "list" && w.length > 1;
  if (calledList) w.pop();
  const saidList = calledList || pointed;
  const name = w.join(" ");
  if (w.length < 1 || w.length > 2 || w.some((x) => PLACE_NOT_LIST.has(x)) || findDue(name, ctx.clock)) return null;
  // "for mum" may be more of the title: only a list the conversation has shown, or one called a list.
  const known = [...ctx.history, ...ctx.turn].some(
    (e) => e.kind === "result" && tasksOf(e.outcome).some((t) => t.list?.toLowerCase() === name),
  );
  return known || saidList ? [{ toolName: "update_task", input: { task: act.task.id, list: name } }] : null;
}
/**
 * "thesis", "house", "the wedding list" alone right after an add: the list of that name, when the user
 * has one (rule LIST-NAMED-AFTER-ADD). The lists are looked up first (the planner then plans again);
 * a name that is no list of theirs is left to the message's other readings.
 */
function namedListAfterAdd(ctx: TurnContext, acts: Act[]): Call[] | null {
  if (!listsLookedUpForAdd(ctx)) return null;
  const task = acts[0]!.task!.id;
  const w = words(ctx.userText);
  dropFront(w, FILLER_FRONT);
  dropBack(w, FILLER_BACK);
  const name = bareName(w);
  if (name === null) return null;
  const lists = listsOfTurn(ctx);
  if (lists === null) return [{ toolName: "list_lists", input: {} }];
  const list = lists.find((l) => l.toLowerCase() === name);
  return list ? [{ toolName: "update_task", input: { task, list } }] : null;
}
/** One or two plain words, after "the"/"my" and before "list": what could be a list's name. */
function bareName(w: string[]): string | null {
  dropFront(w, ARTICLES);
  if (w.at(-1) === "list" && w.length > 1) w.pop();
  return w.length >= 1 && w.length <= 2 && w.every((x) => /^[a-z][a-z'-]*$/.test(x)) ? w.join(" ") : null;
}
/** Whether the lists this turn looked up were for rule LIST-NAMED-AFTER-ADD (the planner's reply leaves them out). */
export function listsLookedUpForAdd(ctx: TurnContext): boolean {
  const act = previousActs(ctx);
  if (act.length !== 1 || !act[0]?.done || !act[0].task || act[0].name !== "add_task" || "list" in act[0].input) return false;
  const w = words(ctx.userText);
  dropFront(w, FILLER_FRONT);
  dropBack(w, FILLER_BACK);
  return !PLACE_FRONT.has(w[0] ?? "") && bareName(w) !== null;
}

/** People a thing is for after "the" ("for the kids"): more of the title, never a list. */
const PEOPLE_NOT_LIST = new Set("kids children baby boys girls family twins neighbours neighbors grandkids guests class".split(" "));
/** Words after "for" that name a person or a time, never a list ("for me", "for later"). */
const PLACE_NOT_LIST = new Set([
  "me",
  "us",
  "you",
  "him",
  "her",
  "them",
  "it",
  "now",
  "later",
  "soon",
  "sure",
  "real",
  "ages",
  "good",
  "once",
  "a",
  "an",
]);

// "yes please, for friday", "ok make it monday": an answer word before the day is no task either.
const DAY_FRONT = new Set([
  ...CORRECTION_FRONT,
  ...["yes", "yeah", "yep", "ok", "okay", "please", "pls", "plz"],
  ...["do", "make", "it", "that", "for", "on", "to", "lets", "let's", "say"],
  // "sorry i meant saturday" after a move: the day, for the task just changed (never a task named "saturday").
  ...["i", "meant", "mean"],
  // "actually no, leave it on monday", "keep it for friday" after a move: the day it stays on.
  ...["leave", "keep"],
]);
const DAY_BACK = new Set([
  ...FILLER_BACK,
  "is",
  "better",
  "instead",
  "would",
  "be",
  "works",
  "then",
  "actually",
  "mean",
  "i",
  "enough",
  "fine",
]);

/** Words that move "it" without saying more ("push that to next week", "that can wait till monday"). */
const MOVE_IT_FRONT = new Set([
  "push",
  "move",
  "bump",
  "shift",
  "put",
  "it",
  "that",
  "this",
  "can",
  "could",
  "wait",
  "till",
  "til",
  "until",
  "to",
  "off",
  "back",
]);
const IT_WORDS = new Set(["it", "that", "this"]);

/**
 * "actually sunday is better", "hmm do it for tomorrow morning", a bare "saturday": only a day (and
 * time) for the task just added or changed; "hmm no, every other week", "actually every 3 days is enough" after a
 * repeat was set: only a repeat (rule NEW-SLOT). With no change just made, "push that to next
 * week", "that can wait till monday" move the one task "it" points at (a list of one just shown)
 * — only when the message says "it"/"that" and a move word (rule MOVE-IT).
 */
function newDay(ctx: TurnContext, acts: Act[]): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  const justChanged = act?.done && act.task && (act.name === "add_task" || act.name === "update_task") ? act.task : null;
  const w = words(ctx.userText);
  let task = justChanged?.id ?? null;
  let led: boolean;
  if (!task) {
    if (acts.length > 0) return null;
    const front = [...w];
    dropFront(front, FILLER_FRONT);
    if (!front.some((x, i) => i < 3 && IT_WORDS.has(x)) || !front.some((x, i) => i < 3 && MOVE_IT_FRONT.has(x) && !IT_WORDS.has(x)))
      return null;
    task = itTask(ctx);
    if (!task) return null;
    dropFront(w, FILLER_FRONT);
    led = dropFront(w, MOVE_IT_FRONT);
  } else led = dropFront(w, DAY_FRONT);
  const trailed = dropBack(w, DAY_BACK);
  const rest = w.join(" ");
  // "saturday", "tomorrow at 10" alone, right after an add or a change: that task's day (covered whole below).
  if (!rest || !(led || trailed || justChanged)) return null;
  const due = findDue(rest, ctx.clock);
  const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
  if (due && covered >= rest.length) return [{ toolName: "update_task", input: { task, due: dueToString(due.due) } }];
  // Only a repeat, after an add or after a repeat was set: "every other week", "every 3 days".
  const repeated = act?.name === "add_task" || (act?.name === "update_task" && "recurrence" in (act?.input ?? {}));
  if (!justChanged || !repeated || w[0] !== "every") return null;
  const read = classify(`add x ${rest}`, ctx.clock);
  const item = read.length === 1 && read[0]?.type === "add" && read[0].items.length === 1 ? read[0].items[0] : undefined;
  if (!item?.recurrence || item.title !== "X" || Object.keys(item).some((k) => k !== "title" && k !== "recurrence" && k !== "due"))
    return null;
  return [{ toolName: "update_task", input: { task, recurrence: item.recurrence, ...(item.due ? { due: item.due } : {}) } }];
}

/**
 * Rule PRIORITY-AFTER-ACT: "high priority please", "urgent", "low prio thanks" alone, right after an add or a
 * change, is that task's priority. Read by the task-line reader (as "add x …"): nothing but a priority may be said.
 */
function newPriority(ctx: TurnContext, acts: Act[]): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  if (!act?.done || !act.task || (act.name !== "add_task" && act.name !== "update_task")) return null;
  const w = words(ctx.userText);
  dropFront(w, DAY_FRONT);
  dropBack(w, DAY_BACK);
  if (w.length === 0 || w.length > 3) return null;
  const read = classify(`add x ${w.join(" ")}`, ctx.clock);
  const item = read.length === 1 && read[0]?.type === "add" && read[0].items.length === 1 ? read[0].items[0] : undefined;
  if (!item?.priority || item.title !== "X" || Object.keys(item).some((k) => k !== "title" && k !== "priority")) return null;
  return [{ toolName: "update_task", input: { task: act.task.id, priority: item.priority } }];
}

const DAY_UNITS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, fortnight: 14 };
const CLOCK_TIME = /^(?:\d{1,2}(?:[:.]\d{2})?(?:am|pm)?|half|quarter|past|to|am|pm|at)$/;

/** The previous user message. */
function previousUserText(ctx: TurnContext): string {
  for (let i = ctx.history.length - 1; i >= 0; i--) {
    const e = ctx.history[i];
    if (e?.kind === "user") return e.text;
  }
  return "";
}

/** The due date (and time) of `dueAt` moved by `days`, in the user's zone. */
function movedDue(ctx: TurnContext, dueAt: string, days: number, keepTime: boolean): string {
  const at = localParts(new Date(dueAt), ctx.clock.timeZone);
  const date = addDays(at.date, days);
  return keepTime ? formatIsoLocalDateTime(date, Math.floor(at.minutes / 60), at.minutes % 60) : formatIsoDate(date);
}

/**
 * Rule NEW-VALUE: a correction right after a change says the value meant for the field just set —
 * "actually make it 2 days" after "push X back a day" (the shift counted from where the task was),
 * "oh sorry the day after" (a day after the one just set), "no wait, 11" after a time (that time on
 * the task's day), "actually medium is fine" after a priority. It must be led by a correction word
 * and may set only a field the change set.
 */
function newValue(ctx: TurnContext, acts: Act[]): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  const task = act?.done && act.name === "update_task" ? act.task : null;
  if (!task || !act) return null;
  const w = words(ctx.userText);
  if (!dropFront(w, new Set([...CORRECTION_FRONT, ...FILLER_FRONT, "i", "meant", "mean", "wait"]))) return null;
  dropBack(w, DAY_BACK);
  if (w[0] === "make" && IT_WORDS.has(w[1] ?? "")) w.splice(0, 2);
  if (w.length === 0 || w.length > 5) return null;
  const set = act.input;
  const timed = typeof set.due === "string" && set.due.includes("T");
  // "the day after", "the day before (that)": from the day just set.
  const rest = w.filter((x) => x !== "the" && x !== "that").join(" ");
  if (task.dueAt && "due" in set && (rest === "day after" || rest === "day before"))
    return [{ toolName: "update_task", input: { task: task.id, due: movedDue(ctx, task.dueAt, rest === "day after" ? 1 : -1, timed) } }];
  // "2 days", "a week": the shift just made, said again with another amount.
  const unit = DAY_UNITS[w.at(-1) ?? ""];
  const n = w.length === 1 ? 1 : w.length === 2 ? (w[0] === "a" || w[0] === "an" ? 1 : numberFrom(w[0] ?? "")) : null;
  if (unit && n && task.dueAt && "due" in set) {
    const before = classify(previousUserText(ctx), ctx.clock);
    const shift = before.length === 1 && before[0]?.type === "update" ? before[0].changes.shiftDays : undefined;
    if (shift === undefined || shift === 0) return null;
    const amount = Math.sign(shift) * n * unit;
    return [{ toolName: "update_task", input: { task: task.id, due: movedDue(ctx, task.dueAt, amount - shift, timed) } }];
  }
  // "11", "half 10", "11am": a time, after a time was set.
  if (timed && w.every((x) => CLOCK_TIME.test(x))) {
    const at = onTaskDay(ctx, `at ${w.filter((x) => x !== "at").join(" ")}`, task);
    return at ? [{ toolName: "update_task", input: { task: task.id, due: at } }] : null;
  }
  // "medium is fine", "low": a priority, after a priority was set.
  if ("priority" in set) {
    const changes = changesOf(ctx, w);
    if (changes && Object.keys(changes).length === 1 && typeof changes.priority === "string")
      return [{ toolName: "update_task", input: { task: task.id, priority: changes.priority } }];
  }
  return null;
}

/** The one task "it" is: the task just touched, or the only one of the list just shown. */
function itTask(ctx: TurnContext): string | null {
  const r = resolveRef({ kind: "pronoun" }, ctx.history, ctx.clock);
  return "ids" in r && r.ids.length === 1 ? (r.ids[0] ?? null) : null;
}

/** Words around "did it" that only say when ("done it this morning actually", "oh i did that last night"). */
const DID_FRONT = new Set([...FILLER_FRONT, "i", "ive", "i've", "already", "just", "actually", "we"]);
const DID_VERBS = new Set(["done", "did", "finished", "sorted", "completed"]);
const WHEN_WORDS = new Set(
  "this morning last night earlier already actually yesterday today just now tbh lol an hour ago ages before work lunch at the weekend".split(
    " ",
  ),
);

/** Rule DID-IT: "done it this morning actually" after a list of one or a change: that task is complete. */
function didIt(ctx: TurnContext): Call[] | null {
  const w = words(ctx.userText);
  dropFront(w, DID_FRONT);
  if (!DID_VERBS.has(w[0] ?? "") || !IT_WORDS.has(w[1] ?? "") || w.length > 8) return null;
  const rest = w.slice(2);
  dropBack(rest, FILLER_BACK);
  if (!rest.every((x) => WHEN_WORDS.has(x))) return null;
  const task = itTask(ctx);
  return task ? [{ toolName: "complete_task", input: { task } }] : null;
}

/** Words that name a day; without one, a time ("at 9", "3pm") is on the day the task is due. */
const DAY_WORD = new Set(
  "today tonight tomorrow tmrw tmr tomoz monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat sun next week weekend month".split(
    " ",
  ),
);

/** A time said without a day, on the day `task` is due (else as read). */
function onTaskDay(ctx: TurnContext, text: string, task: TaskView): string | null {
  const found = findDue(text, ctx.clock);
  if (!found) return null;
  const due = found.due;
  if (task.dueAt && due.hour !== undefined && !words(text).some((w) => DAY_WORD.has(w)))
    return dueToString({ ...due, date: localParts(new Date(task.dueAt), ctx.clock.timeZone).date });
  return dueToString(due);
}

const REMIND_FRONT = new Set([...FILLER_FRONT, ...JOINERS, "can", "could", "you", "u", "pls", "please", "and"]);

/** "and remind me at 9", "remind me about it at 7am": a reminder on the task just added or changed. */
function reminder(ctx: TurnContext, acts: Act[]): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  if (!act?.done || !act.task || (act.name !== "add_task" && act.name !== "update_task")) return null;
  const w = words(ctx.userText);
  dropFront(w, REMIND_FRONT);
  if (w.slice(0, 2).join(" ") !== "remind me") return null;
  w.splice(0, 2);
  if (["about it", "about that"].includes(w.slice(0, 2).join(" "))) w.splice(0, 2);
  dropBack(w, FILLER_BACK);
  const rest = w.join(" ");
  // "an hour before": counted back from the task's due time (the update reader's remindBefore), never a time of day.
  if (/\b(?:before|beforehand|prior)\b/.test(rest)) return null;
  const found = rest ? findDue(rest, ctx.clock) : null;
  const covered = found ? found.spans.reduce((n, sp) => n + sp.length, 0) : 0;
  if (!found || found.due.hour === undefined || covered < rest.replace(/^(?:at|on|for) /, "").length) return null;
  const at = onTaskDay(ctx, rest, act.task);
  return at ? [{ toolName: "update_task", input: { task: act.task.id, remindAt: at } }] : null;
}

/** "set it for 3pm" after "add call nan tomorrow": the time on the task's own day, not today. */
function timeOnTaskDay(ctx: TurnContext, acts: Act[], intent: Intent | undefined): Call[] | null {
  const act = acts.length === 1 ? acts[0] : undefined;
  if (!act?.done || !act.task?.dueAt || intent?.type !== "update" || intent.ref.kind !== "pronoun") return null;
  const { due, ...others } = intent.changes;
  delete others.keepDay;
  if (!due || !due.includes("T") || Object.keys(others).length > 0 || words(ctx.userText).some((w) => DAY_WORD.has(w))) return null;
  const at = onTaskDay(ctx, ctx.userText, act.task);
  return at ? [{ toolName: "update_task", input: { task: act.task.id, due: at } }] : null;
}

const MODALS = new Set(["can", "could", "should", "will", "would", "shall"]);

/** The changes of "make it <rest>" as the update reader reads them, when they are only fields a follow-up may set. */
function changesOf(ctx: TurnContext, rest: string[]): Record<string, unknown> | null {
  // "not urgent, low priority": "not urgent" says low priority, and may come alone.
  if (rest[0] === "not" && (rest[1] === "urgent" || rest[1] === "important")) {
    const more = rest.length > 2 ? changesOf(ctx, rest.slice(2)) : { priority: "low" };
    return more && (more.priority ?? "low") === "low" ? { ...more, priority: "low" } : null;
  }
  if (rest.length === 0 || rest.length > 6) return null;
  const read = classify(`make it ${rest.join(" ")}`, ctx.clock);
  const intent = read.length === 1 ? read[0] : undefined;
  if (intent?.type !== "update" || intent.ref.kind !== "pronoun") return null;
  const said = { ...intent.changes };
  delete said.keepDay;
  const { priority, due, recurrence, remindAt } = said;
  const changes = Object.fromEntries(Object.entries({ priority, due, recurrence, remindAt }).filter(([, v]) => v !== undefined));
  return Object.keys(changes).length > 0 && Object.keys(said).length === Object.keys(changes).length ? changes : null;
}

/**
 * "can it be low priority", "it should be urgent", "its for friday", "the last one can be high
 * priority", "3rd one's low priority": a change said of "it" or of a task of the list just shown,
 * read as "make it …" (the update reader's form).
 */
function saidOf(ctx: TurnContext, acts: Act[]): Call[] | null {
  const w = words(ctx.userText);
  dropFront(w, new Set([...CORRECTION_FRONT, ...JOINERS]));
  dropBack(w, FILLER_BACK);
  const act = acts.length === 1 ? acts[0] : undefined;
  const justTouched = act?.done && act.task && (act.name === "add_task" || act.name === "update_task") ? act.task.id : null;
  let ids: string[] = [];
  let rest: string[] = [];
  if (MODALS.has(w[0] ?? "") && (w[1] === "it" || w[1] === "that") && w[2] === "be")
    [ids, rest] = [justTouched ? [justTouched] : [], w.slice(3)];
  else if ((w[0] === "it" || w[0] === "that") && MODALS.has(w[1] ?? "") && w[2] === "be")
    [ids, rest] = [justTouched ? [justTouched] : [], w.slice(3)];
  else if (["its", "it's", "thats", "that's"].includes(w[0] ?? "")) [ids, rest] = [justTouched ? [justTouched] : [], w.slice(1)];
  else {
    // "<ordinal> can be …", "<ordinal>'s …"
    const m = w.findIndex((x, i) => (MODALS.has(x) && w[i + 1] === "be") || x.endsWith("'s"));
    if (m < 1 && !(m === 0 && w[0]?.endsWith("'s"))) return null;
    const subject = w[m]?.endsWith("'s") ? [...w.slice(0, m), (w[m] ?? "").slice(0, -2)] : w.slice(0, m);
    const ref = ordinalRef(subject.join(" "));
    if (!ref) return null;
    const r = resolveRef(ref, ctx.history, ctx.clock);
    if (!("ids" in r)) return null;
    [ids, rest] = [r.ids, w.slice(w[m]?.endsWith("'s") ? m + 1 : m + 2)];
  }
  const changes = ids.length === 1 ? changesOf(ctx, rest) : null;
  return changes ? ids.map((task) => ({ toolName: "update_task", input: { task, ...changes } })) : null;
}

/** "and after that?", "then what", "what comes after that", "the one after": the next task of the list shown. */
const AFTER_THAT = new Set([
  "after that",
  "after that one",
  "then what",
  "what then",
  "then",
  "next",
  "and next",
  "what comes after that",
  "what comes after",
  "whats after that",
  "what's after that",
  "the one after",
  "the one after that",
  "whats next after that",
  "what's next after that",
  "what about after that",
]);
const QUESTION_FRONT = new Set([
  "and",
  "ok",
  "okay",
  "so",
  "right",
  "cool",
  "oh",
  "n",
  "&",
  "hmm",
  "great",
  "nice",
  "thanks",
  "ta",
  "cheers",
]);

function isAfterThat(text: string): boolean {
  const w = words(text);
  dropFront(w, QUESTION_FRONT);
  dropBack(w, FILLER_BACK);
  return AFTER_THAT.has(w.join(" "));
}

/**
 * Rule AFTER-THAT: "whats next" (a list) then "and after that?" answers with the list's next
 * task; each further "then what?" goes one further. Only when every message since the list
 * asked this; it reads and changes nothing.
 */
/** "which ones", "what are they" after a count ("2 tasks are overdue."): the tasks counted. */
const WHICH_ONES = new Set(
  [
    "which ones",
    "which",
    "what ones",
    "what are they",
    "which are they",
    "which ones are they",
    "what r they",
    "like what",
    "such as",
  ].flatMap((q) => [q, `${q} then`]),
);

/** Rule WHICH-ONES: after the previous turn listed or counted tasks, "which ones?" shows them; reads only. */
function whichOnes(ctx: TurnContext): Mapped | null {
  if (!WHICH_ONES.has(words(ctx.userText).join(" "))) return null;
  let u = ctx.history.length - 1;
  while (u >= 0 && ctx.history[u]?.kind !== "user") u--;
  const shown = ctx.history.slice(u + 1).some((e) => e.kind === "result" && e.name === "list_tasks" && e.outcome.kind === "ok");
  const list = shown ? latestList(ctx.history, ctx.clock) : null;
  if (!list?.length) return null;
  return { calls: [], notes: [list.map((t, i) => `${i + 1}. ${taskLine(t, ctx.clock)}`).join("\n")] };
}

function afterThat(ctx: TurnContext): Mapped | null {
  if (!isAfterThat(ctx.userText)) return null;
  const at = ctx.history.findLastIndex((e) => e.kind === "result" && e.name === "list_tasks" && e.outcome.kind === "ok");
  const list = latestList(ctx.history, ctx.clock);
  if (at < 0 || !list?.length) return null;
  const asked = ctx.history.slice(at).filter((e) => e.kind === "user");
  if (!asked.every((e) => e.kind === "user" && isAfterThat(e.text))) return null;
  const task = list[asked.length + 1];
  return { calls: [], notes: [task ? `After that: ${taskLine(task, ctx.clock)}` : "That's the last one on the list."] };
}

/** What a short question about "it" asks: its due date, its priority or its list. */
function pronounQuestion(text: string): "due" | "priority" | "list" | null {
  const w = words(text);
  dropFront(w, QUESTION_FRONT);
  dropBack(w, new Set([...FILLER_BACK, "again", "then"]));
  const it = w.some((x) => ["it", "that", "its", "it's", "thats", "that's", "this"].includes(x));
  if (!it || w.length > 8) return null;
  const said = w.join(" ");
  const rest = (lead: string[]) => w.slice(lead.length).filter((x) => !PRONOUN_QUESTION_WORDS.has(x));
  // "when is it", "whens that due", "when do i need to do it by"
  if (["when", "whens", "when's"].includes(w[0] ?? "") && rest(["when"]).length === 0) return "due";
  // "what day is it for", "what time is that" — but "what day is it (today)" asks the clock.
  if (CLOCK_QUESTIONS.has(said)) return null;
  if (w[0] === "what" && (w[1] === "day" || w[1] === "date" || w[1] === "time") && rest(["what", "day"]).length === 0) return "due";
  // "is it urgent", "is that high priority", "what priority is it"
  if (PRIORITY_QUESTIONS.has(said)) return "priority";
  // "is it overdue", "is that one late", "is it soon": when it is due
  if (DUE_STATE_QUESTIONS.has(said)) return "due";
  // "what list is it in", "which list is that on"
  if (LIST_QUESTIONS.has(said)) return "list";
  return null;
}
const IT = ["it", "that", "this"];
/** Questions about the clock, never about a task: "what day is it", "what time is it now". */
const CLOCK_QUESTIONS = new Set(
  ["day", "date", "time"].flatMap((unit) => ["", " today", " now", " rn"].map((end) => `what ${unit} is it${end}`)),
);
const PRIORITY_QUESTIONS = new Set([
  ...IT.flatMap((it) => ["urgent", "important", "high priority", "a priority"].map((p) => `is ${it} ${p}`)),
  ...IT.flatMap((it) => [`what priority is ${it}`, `how urgent is ${it}`, `how important is ${it}`]),
]);
const DUE_STATE_QUESTIONS = new Set(
  [...IT, "that one", "this one"].flatMap((it) =>
    ["overdue", "late", "soon", "today", "tomorrow", "still due", "due soon", "due today", "due tomorrow"].map((d) => `is ${it} ${d}`),
  ),
);
const LIST_QUESTIONS = new Set(
  ["what", "which"].flatMap((q) => IT.flatMap((it) => ["in", "on"].flatMap((p) => [`${q} list is ${it} ${p}`, `${q} list's ${it} ${p}`]))),
);
const PRONOUN_QUESTION_WORDS = new Set("is s it that this its it's thats that's due do i need to have got by for on set was".split(" "));

/**
 * Rule PRONOUN-QUESTION: after a lookup or a change of one task, "when is it", "is it urgent",
 * "what list is it in" answer about that task; when "it" is not one task, ask which.
 */
function aboutIt(ctx: TurnContext): Mapped | null {
  const kind = pronounQuestion(ctx.userText);
  if (!kind) return null;
  const r = resolveRef({ kind: "pronoun" }, ctx.history, ctx.clock);
  if ("problem" in r) return { calls: [], notes: [r.problem] };
  const id = "ids" in r ? r.ids[0] : undefined;
  const task = id ? knownTask(ctx.history, id) : null;
  if (!task || ("ids" in r && r.ids.length !== 1)) return null;
  const name = `'${task.title}'`;
  if (kind === "due")
    return { calls: [], notes: [task.dueAt ? `${name} is due ${describeDue(task.dueAt, ctx.clock)}.` : `${name} has no due date.`] };
  if (kind === "priority") return { calls: [], notes: [`${name} is ${task.priority} priority.`] };
  return { calls: [], notes: [task.list ? `${name} is in your ${task.list} list.` : `${name} is in your Inbox.`] };
}

const answerOrAsk = (calls: Call[] | null): Mapped =>
  calls ? { calls, notes: [] } : { calls: [], notes: ["Which task do you mean? Tell me its name."] };

/** The calls for a reply that leans on the previous turn's action, or null. */
export function dialogueAnswer(ctx: TurnContext): Mapped | null {
  const acts = previousActs(ctx);
  const intent = ctx.intents.length === 1 ? ctx.intents[0] : undefined;
  const loosely = !intent || intent.type === "unknown" || intent.type === "say" || intent.type === "offer" || intent.type === "add";
  const said = loosely ? saidOf(ctx, acts) : null;
  if (said) return { calls: said, notes: [] };
  const did = didIt(ctx);
  if (did) return { calls: did, notes: [] };
  const answered = afterThat(ctx) ?? aboutIt(ctx) ?? whichOnes(ctx);
  if (answered) return answered;
  if (acts.length === 0) {
    const moved = loosely ? newDay(ctx, acts) : null;
    return moved ? { calls: moved, notes: [] } : null;
  }
  const timed = timeOnTaskDay(ctx, acts, intent) ?? reminder(ctx, acts);
  if (timed) return { calls: timed, notes: [] };
  const amended = newValue(ctx, acts);
  if (amended) return { calls: amended, notes: [] };
  // "my bad, sunday" after a move reads as a list of Sunday's tasks; the correction word says it is the day meant.
  const corrected = intent?.type === "list" && dropFront(words(ctx.userText), CORRECTION_FRONT);
  if (corrected) {
    const day = newDay(ctx, acts);
    if (day) return { calls: day, notes: [] };
  }
  // "wedding list" right after an add reads as a request to show it; it names the new task's list.
  if (!loosely) {
    const named = intent?.type === "list" ? namedListAfterAdd(ctx, acts) : null;
    return named ? { calls: named, notes: [] } : null;
  }
  const placed = listAfterAdd(ctx, acts);
  if (placed) return { calls: placed, notes: [] };
  const changed = pronounChange(ctx, acts, intent);
  if (changed) return { calls: changed, notes: [] };
  const day = newDay(ctx, acts) ?? newPriority(ctx, acts) ?? namedListAfterAdd(ctx, acts);
  if (day) return { calls: day, notes: [] };
  // A correction or an ellipsis that names nothing this model can tell is asked about, never offered as a task.
  const correction = readCorrection(ctx.userText);
  if (correction) return answerOrAsk(correctionCalls(ctx, acts, correction));
  const target = readEllipsis(ctx.userText);
  // "and add milk", "oh and buy bread too" after a change: a request of its own, read as before.
  const last = acts.at(-1);
  if (target && target !== OTHER && last?.name !== "add_task" && newRequest(ctx, target)) return null;
  if (target) return answerOrAsk(ellipsisCalls(ctx, acts, target));
  return null;
}

/** Whether the previous turn changed a task (a write of it succeeded): what "wait, don't" takes back. */
export function lastTurnChanged(ctx: TurnContext): boolean {
  return previousActs(ctx).some((a) => a.done);
}

/** Whether the previous turn did nothing but tick tasks off (what "oops no she didn't answer" takes back). */
export function lastTurnCompleted(ctx: TurnContext): boolean {
  const acts = previousActs(ctx);
  return acts.length > 0 && acts.every((a) => a.done && a.name === "complete_task");
}

/** Words before "do them tomorrow" that say nothing more. */
const POINTED_FRONT = new Set("ok okay right so then just erm hmm oh yeah yep go on".split(" "));
/** Words after the day that say nothing more ("do them both tomorrow then"). */
const POINTED_BACK = new Set(["then", "instead", "pls", "please", "plz", "x", "thanks", "ta"]);
const POINTED_PREP = new Set(["on", "for", "to", "till", "til", "until"]);

/**
 * Rule pointed-day: "do them both tomorrow", "both friday", "do that one monday" after a list or a
 * change: the tasks pointed at move to the day said — read as "move them to tomorrow", never an
 * add of "Both" or "Do them both". Only "do" or nothing before the pointer (a bare "it"/"that" needs
 * "do"), and only a day after it.
 */
export function pointedDay(text: string, clock: Clock): string | null {
  if (text.length > 60) return null;
  const w = text.toLowerCase().match(/[a-z0-9':]+/g) ?? [];
  while (w.length && POINTED_FRONT.has(w[0] ?? "")) w.shift();
  const did = w[0] === "do";
  if (did) w.shift();
  while (w.length && POINTED_BACK.has(w.at(-1) ?? "")) w.pop();
  for (let k = Math.min(4, w.length - 1); k >= 1; k--) {
    const head = w.slice(0, k).join(" ");
    const ref = head === "them both" || head === "both then" ? "both" : head;
    const plural = isListedRef(ref);
    if (!plural && !(did && isPronoun(ref))) continue;
    const rest = w.slice(k);
    while (rest.length > 1 && POINTED_PREP.has(rest[0] ?? "")) rest.shift();
    const day = rest.join(" ");
    const due = findDue(day, clock);
    const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
    if (!due || covered < day.length || !/[a-z]/.test(day) || /^at\b/.test(day)) return null;
    return `move ${ref} to ${day}`;
  }
  return null;
}
