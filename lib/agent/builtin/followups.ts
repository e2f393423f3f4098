/**
 * Answers that only make sense after the previous turn: choosing among the candidates of an
 * ambiguous match ("project retro", "the first one"), naming a task that was not found, or
 * replying yes/no to a question this model asked ("Do you want me to add 'X' as a new task?").
 */
import { findReminderPhrase } from "@/lib/task-line/reminder-phrases";
import { dueToString, findDue, reminderTime } from "@/lib/task-line/dates";
import { addBody, readAdd } from "./intents/add";
import { cleanRequest, cleanRequestKeepCase } from "./intents/cleanup";
import { cleanPhrase } from "./intents/refs";
import type { AddItem, Intent } from "./intents/types";
import { classify } from "./intents";
import type { Clock } from "@/lib/task-line/clock";
import type { ConversationEvent, ToolResultEvent } from "./prompt-reader";
import { normalize } from "./text";
import { placesIt, saysYes } from "./intents/social";

type Mapped = { calls: { toolName: string; input: Record<string, unknown> }[]; notes: string[] };

const SELECTION_FILLER =
  /^(?:i meant|i mean|i said|sorry,?|no,?|oh,?|it's|it is|its|the one (?:about|called|named|for|with)|the one that says|the task (?:about|called|named)|it's called|it is called|try|use|pick|choose|go with|i want|i'd like)\s+/;

const STOP = new Set([
  "the",
  "a",
  "an",
  "my",
  "one",
  "task",
  "todo",
  "item",
  "about",
  "called",
  "that",
  "this",
  "please",
  "i",
  "meant",
  "mean",
]);

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w));
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a))) return true;
  return a.replace(/s$/, "") === b.replace(/s$/, "");
}

function selectionPhrase(userText: string): string {
  let t = cleanRequest(normalize(userText));
  for (let i = 0; i < 3; i++) t = t.replace(SELECTION_FILLER, "");
  return cleanPhrase(t);
}

/** Whether the message reads as a fresh command rather than an answer to "which one?". */
function isFreshCommand(intent: Intent, userText: string): boolean {
  if (intent.type === "unknown" || intent.type === "select") return false;
  if (intent.type === "add") return addBody(cleanRequestKeepCase(normalize(userText))) !== null;
  return true;
}

/** The `task` values to retry the failed call with, or null when the message is not an answer. */
export function chooseCandidate(failure: ToolResultEvent, intent: Intent, userText: string): string[] | null {
  if (failure.outcome.kind !== "fail") return null;
  const candidates = failure.outcome.candidates;
  if (failure.outcome.code === "ambiguous" && candidates.length > 0) {
    if (intent.type === "select") {
      if (intent.ref.kind === "listed" && intent.ref.except) {
        // "all except the first": the candidates but the positions named (rule LISTED-EXCEPT).
        const skip = new Set(intent.ref.except.map((e) => (e.fromEnd ? candidates.length - e.n : e.n - 1)));
        if ([...skip].some((i) => i < 0 || i >= candidates.length)) return null;
        const kept = candidates.filter((_, i) => !skip.has(i)).map((c) => c.id);
        return kept.length ? kept : null;
      }
      if (intent.ref.kind === "listed") return candidates.map((c) => c.id);
      if (intent.ref.kind === "ordinal") {
        const c = candidates[intent.ref.fromEnd ? candidates.length - intent.ref.n : intent.ref.n - 1];
        return c ? [c.id] : null;
      }
      return null;
    }
    if (isFreshCommand(intent, userText)) return null;
    const wanted = tokens(selectionPhrase(userText));
    if (wanted.length === 0) return null;
    const scored = candidates.map((c) => {
      const title = tokens(c.title);
      return { c, score: wanted.filter((w) => title.some((t) => sameWord(w, t))).length };
    });
    const best = Math.max(...scored.map((s) => s.score));
    const top = scored.filter((s) => s.score === best);
    return best > 0 && top.length === 1 && top[0] ? [top[0].c.id] : null;
  }
  if (failure.outcome.code === "not_found" && (intent.type === "unknown" || (intent.type === "add" && !isFreshCommand(intent, userText)))) {
    const phrase = selectionPhrase(userText);
    return phrase && phrase.split(/\s+/).length <= 8 ? [phrase] : null;
  }
  return null;
}

const ADD_SUGGESTION = /Do you want me to add '(.+)'(?: for (.+?)| as a new task)?\?$/;
const CREATE_LIST_OFFER = /There's no '(.+)' list yet — do you want me to create it and add '(.+)' to it\?$/;
const ASK_TITLE = /what should the new task be\?$/i;
/** The question of rule remind-when (planner.ts), read back when the user answers it. */
const REMIND_WHEN = /^When should I remind you about '(.+)'\? Say a time/;
export function remindWhen(title: string): string {
  return `When should I remind you about '${title}'? Say a time, like "tomorrow at 9", or "an hour before".`;
}
const PARENT_OFFER = /That was the last open step of '(.+)' — do you want me to mark it as complete too\?$/;
const NO_DUE_TIME =
  /(?:^|[.!?]\s+)'(.+)' (?:has no due time yet|is due (.+?) but not at a time), so I can't remind you (\d+ (?:minutes?|hours?|days?)) before it\. (?:When|What time) is it due\?$/;
/** Words that name a day in an answer ("friday at 3pm"); without them, "at 3pm" is on the day the task is due. */
const DAY_WORDS =
  /\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|next|this|week|month|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.-]\d{1,2})\b/;
const MOVE_OFFER = /You already have '(.+)'\. Do you want me to move it to (.+?)\?$/;
const CANCEL_QUESTION = /Do you want me to delete the '(.+)' task, or add '(.+)' as a new task\?$/;

/** After "yes" to "create it and add 'Milk' to it?" and a created list: the add that was waiting for it. */
export function addAfterCreatedList(lastText: string, created: string | null): { toolName: string; input: Record<string, unknown> } | null {
  const listOffer = CREATE_LIST_OFFER.exec(lastText);
  if (!listOffer || !listOffer[2] || !created) return null;
  return { toolName: "add_task", input: { title: listOffer[2], list: created } };
}

/** Words between a yes and the day it gives: "yes please, for friday", "yeah but make it monday". */
const YES_DAY_JOIN = new Set("please pls plz but make it that for on do put set lets let's say then just".split(" "));

/** The day of "yes please, for friday" (a yes word first, then only a day or time), or null. */
function yesWithDay(userText: string, clock: Clock): string | null {
  const w = userText.toLowerCase().match(/[\p{L}\p{N}':]+/gu) ?? [];
  if (!w[0] || !saysYes(w[0])) return null;
  let i = 1;
  while (i < w.length && (YES_DAY_JOIN.has(w[i] ?? "") || saysYes(w[i] ?? ""))) i++;
  const rest = w.slice(i).join(" ");
  if (!rest || w.length > 10) return null;
  const due = findDue(rest, clock);
  const covered = due ? due.spans.reduce((n, sp) => n + sp.length, 0) : 0;
  return due && covered >= rest.length ? dueToString(due.due) : null;
}

/** Words between a yes and the slots it gives: "yes and make it urgent", "yeah, as high priority". */
const YES_SLOT_JOIN = new Set([...YES_DAY_JOIN, "and", "as", "its", "it's", "but", "oh"]);

/**
 * Rule yes-with-slots: "yes and make it urgent", "yep, high priority", "sure, every week": a yes
 * word first, then only words that set slots of the item offered (priority, day, repeat, reminder),
 * read on a placeholder title; anything else left over is no answer of this kind.
 */
function yesWithSlots(userText: string, clock: Clock): Omit<AddItem, "title"> | null {
  const w = userText.toLowerCase().match(/[\p{L}\p{N}':]+/gu) ?? [];
  if (!w[0] || !saysYes(w[0]) || w.length > 12) return null;
  let i = 1;
  while (i < w.length && (YES_SLOT_JOIN.has(w[i] ?? "") || saysYes(w[i] ?? ""))) i++;
  const rest = w.slice(i).join(" ");
  if (!rest) return null;
  const read = classify(`add zzq ${rest}`, clock);
  const item = read.length === 1 && read[0]?.type === "add" && read[0].items.length === 1 ? read[0].items[0] : undefined;
  if (!item || item.title.toLowerCase() !== "zzq") return null;
  const slots: Partial<AddItem> = { ...item };
  delete slots.title;
  return Object.keys(slots).length > 0 ? slots : null;
}

/** A yes/no or a one-phrase answer to this model's own last question. */
/** The item this model offered in its last reply, as it read the user's message then (with its due, repeat, reminder). */
function offeredItem(history: ConversationEvent[], title: string, clock: Clock): AddItem | null {
  const said = history.findLast((e) => e.kind === "user");
  if (said?.kind !== "user") return null;
  for (const intent of classify(said.text, clock)) {
    const items = intent.type === "offer" ? [intent.item] : intent.type === "add" ? intent.items : [];
    const item = items.find((i) => i.title === title);
    if (item) return item;
  }
  return null;
}

export function contextualAnswer(
  lastText: string,
  intents: Intent[],
  userText: string,
  clock: Clock,
  history: ConversationEvent[] = [],
): Mapped | null {
  // A question this model asked takes a yes in any common form (saysYes), as a confirm, however
  // the readers split it ("yes add it" reads as a yes and an add without a title).
  // "put that on my list" answers an add this model offered (and nothing else) with a yes.
  const yes = /\?$/.test(lastText.trim()) && (saysYes(userText) || (ADD_SUGGESTION.test(lastText.trim()) && placesIt(userText)));
  const read = yes ? { type: "confirm" as const } : intents.length === 1 ? intents[0] : undefined;
  // "yes and make it urgent" to an add offered: the item offered, with the slots said (rule yes-with-slots).
  const offered = /\?$/.test(lastText.trim()) ? ADD_SUGGESTION.exec(lastText) : null;
  const slots = offered?.[1] ? yesWithSlots(userText, clock) : null;
  if (offered?.[1] && slots) {
    const item = offeredItem(history, offered[1], clock) ?? { title: offered[1] };
    const input: Record<string, unknown> = { ...item, ...slots };
    delete input.remindBeforeWithoutDue;
    return { calls: [{ toolName: "add_task", input }], notes: [] };
  }
  if (!read || !lastText) return null;
  const intent: Intent = read;
  const suggestion = ADD_SUGGESTION.exec(lastText);
  if (suggestion && suggestion[1]) {
    if (intent.type === "confirm") {
      // Exactly what was offered: the item as read from the message it came from, else the offer's words.
      const item = offeredItem(history, suggestion[1], clock);
      if (item) {
        const input: Record<string, unknown> = { ...item };
        delete input.remindBeforeWithoutDue;
        return { calls: [{ toolName: "add_task", input }], notes: [] };
      }
      const due = suggestion[2] ? findDue(suggestion[2].toLowerCase(), clock)?.due : undefined;
      return {
        calls: [{ toolName: "add_task", input: due ? { title: suggestion[1], due: dueToString(due) } : { title: suggestion[1] } }],
        notes: [],
      };
    }
    if (intent.type === "deny") return { calls: [], notes: ["Okay, I won't add it."] };
    // "yes please, for friday", "yeah but make it friday": the item offered, on the day said (rule YES-WITH-DAY).
    const day = yesWithDay(userText, clock);
    if (day) {
      const item = offeredItem(history, suggestion[1], clock) ?? { title: suggestion[1] };
      const input: Record<string, unknown> = { ...item, due: day };
      delete input.remindBeforeWithoutDue;
      return { calls: [{ toolName: "add_task", input }], notes: [] };
    }
  }
  // "yes" to "You already have 'Book flights'. Do you want me to move it to Sunday?" (intention-moves-own-task): the due offered.
  const move = MOVE_OFFER.exec(lastText);
  if (move && move[1] && move[2]) {
    if (intent.type === "confirm") {
      const said = history.findLast((e) => e.kind === "user");
      // The day as the message said it: an intention offered, or a question ("should i move X to friday?").
      const offered = said?.kind === "user" ? classify(said.text, clock).find((i) => i.type === "offer" || i.type === "check") : undefined;
      const fromOffer = offered?.type === "offer" || offered?.type === "check" ? offered.item.due : undefined;
      const read = findDue(move[2].toLowerCase(), clock)?.due;
      const due = fromOffer ?? (read ? dueToString(read) : undefined);
      if (due) return { calls: [{ toolName: "update_task", input: { task: move[1], due } }], notes: [] };
    }
    if (intent.type === "deny") return { calls: [], notes: ["Okay, I'll leave it as it is."] };
  }
  const listOffer = CREATE_LIST_OFFER.exec(lastText);
  if (listOffer && listOffer[1] && listOffer[2]) {
    const name = listOffer[1].charAt(0).toUpperCase() + listOffer[1].slice(1);
    // The add comes after the list exists: the planner adds it once create_list has succeeded.
    if (intent.type === "confirm") return { calls: [{ toolName: "create_list", input: { name } }], notes: [] };
    if (intent.type === "deny") return { calls: [], notes: ["Okay, I won't create the list or add anything."] };
  }
  if (ASK_TITLE.test(lastText) && (intent.type === "unknown" || intent.type === "add" || intent.type === "select")) {
    const items = readAdd(cleanRequestKeepCase(normalize(userText)), clock);
    if (items.length) return { calls: items.map((item) => ({ toolName: "add_task", input: { ...item } })), notes: [] };
  }
  const parent = PARENT_OFFER.exec(lastText);
  if (parent && parent[1]) {
    if (intent.type === "confirm") return { calls: [{ toolName: "complete_task", input: { task: parent[1] } }], notes: [] };
    if (intent.type === "deny") return { calls: [], notes: [`Okay, I'll leave '${parent[1]}' open.`] };
  }
  const untimed = NO_DUE_TIME.exec(lastText);
  if (untimed && untimed[1] && untimed[3]) {
    const answer = cleanRequest(userText);
    const due = findDue(untimed[2] && !DAY_WORDS.test(answer) ? `${untimed[2].toLowerCase()} ${answer}` : answer, clock)?.due;
    const offset = findReminderPhrase(`remind me ${untimed[3]} before`);
    if (due && offset?.kind === "before")
      return {
        calls: [{ toolName: "update_task", input: { task: untimed[1], due: dueToString(due), remindBefore: offset.minutes } }],
        notes: [],
      };
    if (intent.type === "deny") return { calls: [], notes: ["Okay, no reminder then."] };
  }
  // "an hour before", "tomorrow at 9", "friday" to "When should I remind you about 'X'?" (rule remind-when).
  const remind = REMIND_WHEN.exec(lastText);
  if (remind?.[1]) {
    const answer = cleanRequest(userText);
    const offset = findReminderPhrase(/\bbefore$/.test(answer) ? `remind me ${answer}` : "");
    if (offset?.kind === "before")
      return { calls: [{ toolName: "update_task", input: { task: remind[1], remindBefore: offset.minutes } }], notes: [] };
    const found = findDue(answer, clock);
    const at = found && answer.split(/\s+/).length <= 5 ? reminderTime(found.due, clock) : null;
    if (at) return { calls: [{ toolName: "update_task", input: { task: remind[1], remindAt: dueToString(at) } }], notes: [] };
    if (intent.type === "deny") return { calls: [], notes: ["Okay, no reminder then."] };
  }
  const cancel = CANCEL_QUESTION.exec(lastText);
  if (cancel && cancel[1] && cancel[2]) {
    const answer = cleanRequest(userText);
    if (/\b(?:delete|remove|first|get rid)\b/.test(answer))
      return { calls: [{ toolName: "delete_task", input: { task: cancel[1] } }], notes: [] };
    if (/\b(?:add|new|create|second)\b/.test(answer)) return { calls: [{ toolName: "add_task", input: { title: cancel[2] } }], notes: [] };
    if (intent.type === "deny") return { calls: [], notes: ["Okay, I'll leave your list as it is."] };
  }
  return null;
}
