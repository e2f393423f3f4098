/**
 * A new to-do said in passing that names a task the user already has ("ugh need to get the
 * optician done by wed" beside "Book the optician"): the words are about that task, not a second
 * one. The planner looks the user's tasks up before such an add (`looksBeforeAdding`) and asks
 * here what the add would duplicate (`findDuplicate`):
 *
 * - `same`: every content word of the new title is in the task's ("Get the optician done" in
 *   "Book the optician"; "the car washed" in "Wash the car"), with compatible verbs. With a slot
 *   (a due date, a repeat, a reminder, a priority, a list, labels) the slot goes onto that task;
 *   without one nothing is written and the reply says "You already have 'X'." and offers the add.
 * - `similar`: the same head noun and compatible verbs, or all the task's words, but other words
 *   too ("Phone the bank about the card" beside "Phone the bank"): offered with "You already have
 *   'X'.", never written.
 *
 * An explicit "add …" never looks (it is a new task by the user's own word).
 * Token rules only: words are compared by stem (grounding.ts `stem`) and one typo ("insurence").
 */
import type { AddItem, Changes } from "./intents/types";
import type { TaskView } from "./prompt-reader";
import { ownersIn, stem } from "./grounding";
import { isBaseVerb } from "./verbs";
import { shortFormOf } from "./lexicon";
import { cleanRequest } from "./intents/cleanup";
import { type Clock, localParts } from "@/lib/task-line/clock";
import { addDays, formatIsoLocalDateTime } from "@/lib/task-line/calendar";
import { numberFrom } from "@/lib/task-line/numbers";

export type Duplicate = { kind: "same" | "similar"; task: TaskView };

/** Words that name nothing: function words and the words a to-do wraps its object in. */
const NAMELESS = new Set(
  (
    "the a an my our your his her their this that these those it its one ones thing things stuff bit job task " +
    "to for of in on at by with from into onto off out up down about and or but so me us you i we " +
    "done sorted finished some all any new again back over round around instead"
  ).split(" "),
);
/** Verbs that say nothing of what the chore is ("get X done", "sort X", "do X"): any task verb fits them. */
const GENERIC_VERBS = new Set("get do sort deal handle organise organize remember have make arrange see finish".split(" "));
/** Verbs that name the same chore. */
const SAME_CHORE = ["call ring phone bell", "buy get grab pick", "fix repair mend", "text message", "clean tidy", "book arrange"].map(
  (s) => new Set(s.split(" ")),
);
/** Words after which the head noun of a title is over ("Phone the bank about the card"). */
const PREPOSITIONS = new Set("for to about from with at on in by before after re until till".split(" "));

/** A title's verb (when it starts with one) and its other content words, stemmed; the head noun ends the object. */
type Words = { verb: string | null; nouns: string[]; head: string | null; mark: string | null; owners: Set<string> };

function wordsOf(title: string): Words {
  const raw =
    title
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  const first = raw[0] ?? "";
  const verb = isBaseVerb(first) ? first : null;
  const rest = verb ? raw.slice(1) : raw;
  const nouns = rest.filter((w) => !NAMELESS.has(w) && !/^\d+$/.test(w)).map((w) => stem(w));
  let head: string | null = null;
  // "chapter 2", "interview 7", "flat 3": a number right after the head noun says which one.
  let mark: string | null = null;
  for (const [i, w] of rest.entries()) {
    if (PREPOSITIONS.has(w) && head) break;
    if (/^\d+$/.test(w)) mark = head && stem(rest[i - 1] ?? "") === head ? w : mark;
    else if (!NAMELESS.has(w)) head = stem(w);
  }
  // "Dad's" in "Phone British Gas about Dad's boiler": a word that owns the next one (grounding.ts ownersIn), stemmed.
  return { verb, nouns, head, mark, owners: new Set([...ownersIn(title)].map(stem)) };
}

/** At most one letter apart (a typo), for words long enough that this is not another word. */
function oneTypoApart(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 4 || Math.max(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  if (a.slice(0, 2) !== b.slice(0, 2)) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

function sameWord(a: string, b: string): boolean {
  if (a === b || shortFormOf(a, b)) return true;
  if (a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a))) return true;
  return oneTypoApart(a, b);
}

function compatibleVerbs(a: string | null, b: string | null): boolean {
  if (!a || !b || a === b || GENERIC_VERBS.has(a) || GENERIC_VERBS.has(b)) return true;
  return SAME_CHORE.some((s) => s.has(a) && s.has(b));
}

/**
 * The same head noun with a different word before it on both sides names two kinds of a thing, not
 * one task: "Dry cleaners" is no "Pay the window cleaner", "Sort the council tax" no "Renew the car tax".
 */
function otherKinds(a: Words, b: Words): boolean {
  // "Proofread chapter 2" is no "Finish the methods chapter": a number after the noun qualifies it too.
  const qualifiers = (w: Words) => [...w.nouns.slice(0, Math.max(0, w.nouns.indexOf(w.head ?? ""))), ...(w.mark ? [w.mark] : [])];
  const unsaid = (x: string, w: Words) => x !== w.mark && !w.nouns.some((o) => sameWord(x, o));
  return qualifiers(a).some((x) => unsaid(x, b)) && qualifiers(b).some((x) => unsaid(x, a));
}

/** What an added title would duplicate among the user's open tasks, or null. */
export function findDuplicate(title: string, tasks: TaskView[]): Duplicate | null {
  const item = wordsOf(title);
  if (item.nouns.length === 0) return null;
  const itemAll = item.verb ? [...item.nouns, stem(item.verb)] : item.nouns;
  let similar: TaskView | null = null;
  for (const task of tasks) {
    if (task.status === "completed") continue;
    const other = wordsOf(task.title);
    if (!compatibleVerbs(item.verb, other.verb)) continue;
    // "Phone dad" is no "Phone British Gas about Dad's boiler" or "Dad's hospital appointment": whom the chore is done
    // to, named alone, is only an owner there ("buy dads present" still names "Buy Dad's present").
    const object = item.verb && item.nouns.length === 1 ? item.nouns[0] : undefined;
    if (object && other.owners.has(object) && !item.owners.has(object)) continue;
    // A word of the item may be the task's verb misspelt ("Renw the car insurence" for "Renew car insurance").
    const otherAll = other.verb ? [...other.nouns, stem(other.verb)] : other.nouns;
    // "Pay the window cleaner" is no "Get cash for the window cleaner": a chore of its own verb beside a
    // task whose general verb ("get", "sort") has an object the new title does not say.
    const ownChore =
      item.verb !== null &&
      !GENERIC_VERBS.has(item.verb) &&
      other.verb !== null &&
      GENERIC_VERBS.has(other.verb) &&
      other.nouns.some((o) => !itemAll.some((x) => sameWord(x, o)));
    if (!ownChore && item.nouns.every((s) => otherAll.some((o) => sameWord(s, o)))) return { kind: "same", task };
    // The same head noun ("Phone the bank about the card"), or every word of the task said with more.
    // One shared word is not enough without verbs on both sides ("Car boot sale" is not "Load the car").
    const covered =
      other.nouns.length > 0 &&
      (other.nouns.length > 1 || (item.verb !== null && other.verb !== null)) &&
      other.nouns.every((o) => itemAll.some((s) => sameWord(s, o)));
    if (!similar && (covered || (item.head && other.head && sameWord(item.head, other.head) && !otherKinds(item, other)))) similar = task;
  }
  return similar ? { kind: "similar", task: similar } : null;
}

/**
 * The slots an add carries, as a change to the task it duplicates; null when it carries none.
 * `today`: the user's local date; a reminder on a day already gone is a misreading. One earlier today
 * is kept ("nudge me the night before the bins" said at 20:15 rings at once).
 */
export function slotsOf(item: AddItem, task: TaskView, today: string): Changes | null {
  // "the day before at 9": that many days before the task's due date, at that time; nothing without a due date.
  if (item.remindOnDue) {
    const { days, hour, minute, timeZone } = item.remindOnDue;
    if (!task.dueAt) return null;
    const day = addDays(localParts(new Date(task.dueAt), timeZone).date, -days);
    const at = formatIsoLocalDateTime(day, hour, minute);
    return at.slice(0, 10) < today ? null : { remindAt: at };
  }
  // "remind me to pay rent the day before": an offset from the task's own due date; nothing without one.
  if (item.remindBeforeWithoutDue && !item.due) return task.dueAt ? { remindBefore: item.remindBeforeWithoutDue } : null;
  // "remind me about the dentist the day before": a day already gone is a misreading, never a new due date.
  if ((item.due && item.due.slice(0, 10) < today) || (item.remindAt && item.remindAt.slice(0, 10) < today)) return null;
  const changes: Changes = {};
  if (item.due) changes.due = item.due;
  if (item.recurrence) changes.recurrence = item.recurrence;
  if (item.priority) changes.priority = item.priority;
  if (item.list) changes.list = item.list;
  if (item.labels?.length) changes.labels = item.labels;
  if (item.remindAt) {
    changes.remindAt = item.remindAt;
    // "remind me to call the bank at 3": the reminder; the task keeps a due date it has.
    if (task.dueAt && changes.due === item.remindAt) delete changes.due;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** An explicit add command: a new task by the user's own word, never looked up first. */
const EXPLICIT_ADD =
  /^(?:(?:can|could|would|will) (?:you|u) |please |pls |plz )?(?:add|create|new|todo|to-do|jot|note|write|put|insert|enter|log|make a|set up|chuck|stick|pop|bung|whack|slap|shove|pencil|scribble|schedule)\b/;

/** Whether an add read from `text` should first look for a task it names ("need to …", "don't forget …", a bare chore). */
export function looksBeforeAdding(text: string, items: AddItem[]): boolean {
  // "the party needs: balloons, cake": steps of a task the user named are new by their own word.
  if (items.length === 0 || items.every((i) => i.parent)) return false;
  return !EXPLICIT_ADD.test(cleanRequest(text));
}

/** "an hour", "2 hours", "30 mins", "a day" before something, in minutes. */
const BEFORE_TASK =
  /\b(\d{1,3}|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty-five|half an?)\s+(minutes?|mins?|hours?|hrs?|days?)\s+before\s+([a-z][a-z' ]*)$/;
const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 1440 };

/**
 * "remind me to check in online 2 hours before the flight": a new to-do timed from a task the user
 * has. The to-do's words (before the amount) and its due time, with the reminder then; null when
 * the words after "before" name no task with a due time.
 */
export function beforeTask(text: string, tasks: TaskView[], clock: Clock): { body: string; task: TaskView; at: string } | null {
  const lower = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(?<![.!?\s])[.!?\s]+$/, "");
  const m = BEFORE_TASK.exec(lower);
  if (!m) return null;
  const said = (m[1] ?? "").replace(/^half an?$/, "half");
  const n = said === "half" ? 0.5 : /^an?$/.test(said) ? 1 : (numberFrom(said) ?? Number(said));
  const minutes = Math.round(n * (UNIT_MINUTES[(m[2] ?? "m")[0] ?? "m"] ?? 1));
  const dup = findDuplicate(m[3] ?? "", tasks);
  if (!minutes || dup?.kind !== "same" || !dup.task.dueAt) return null;
  const when = localParts(new Date(new Date(dup.task.dueAt).getTime() - minutes * 60_000), clock.timeZone);
  return {
    body: text.slice(0, m.index).trim(),
    task: dup.task,
    at: formatIsoLocalDateTime(when.date, Math.floor(when.minutes / 60), when.minutes % 60),
  };
}
