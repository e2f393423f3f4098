/**
 * Re-scheduling and re-prioritising many tasks at once, by what they have in common:
 * "push everything due today to tomorrow", "move all overdue tasks to monday", "postpone
 * everything by a day", "make all the shopping tasks high priority", "everything from today can
 * wait till tomorrow". A bulk request needs a quantifier ("all", "everything", "every") or a
 * plural noun with a filter word ("today's tasks", "the overdue ones"); "move the overdue
 * report" is about one task and is left to the single-task readers.
 */
import type { Clock } from "@/lib/task-line/clock";
import { verbs } from "../lexicon";
import { trimPunctuation } from "@/lib/task-line/text";
import { NUMBER_WORD_PATTERN, numberFrom } from "@/lib/task-line/numbers";
import { readFilter } from "./list";
import { findPriority, priorityWord } from "@/lib/task-line/priority";
import type { BulkChanges, Intent, ListFilter } from "./types";
import { readValue } from "./update";

const NOUN = "(?:tasks|todos|to-?dos|items|ones|things|stuff|chores|errands|reminders|jobs)";
const QUANT =
  /^(?:all(?:\s+of)?(?:\s+(?:my|the|those|these|our))?|every(?:thing)?|each(?:\s+of)?(?:\s+(?:my|the))?|the\s+whole\s+lot|the\s+lot|anything|the\s+rest(?:\s+of\s+(?:my|the))?)\b\s*/;
const FILTER_WORD =
  /\b(?:today'?s?|tomorrow'?s?|tonight'?s?|this\s+week'?s?|overdue|late|high|low|medium|urgent|important|priority|pending|open|completed|finished|done|closed|due|from|for|that'?s|that\s+is|that\s+are|which\s+(?:is|are)|left|remaining|outstanding|this|next|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|on|my|the|of|i\s+have|i've\s+got)\b/g;
const PLURAL_FILTERED = new RegExp(
  `^(?:(?:my|the|all)\\s+)*(?:today's|tomorrow's|tonight's|this week's|overdue|late|high[- ]priority|low[- ]priority|urgent|important|outstanding|remaining)\\s+${NOUN}(?:\\s+.*)?$`,
);

/** The tasks a bulk phrase names, as a filter; null when it names no group. */
export function bulkTarget(phrase: string, clock: Clock): ListFilter | null {
  const t = trimPunctuation(phrase.toLowerCase());
  const quantified = QUANT.exec(t);
  if (!quantified && !PLURAL_FILTERED.test(t)) return null;
  const rest = quantified ? t.slice(quantified[0].length) : t;
  // "all of them" points at the last list, not a filter: the single-task readers handle it.
  if (/^(?:of\s+)?(?:them|those|these)$/.test(rest)) return null;
  // "all #errands", "everything in groceries": one of the user's labels or lists.
  const label =
    /^#([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+(?:tasks|todos|items|ones|things|stuff))?$/u.exec(rest) ??
    // "everything tagged work", "all the stuff labelled #errands", "everything with the work label".
    /^(?:(?:the\s+)?(?:tasks|todos|items|ones|things|stuff)\s+)?(?:tagged|labell?ed|marked)\s+(?:as\s+|with\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)$/u.exec(
      rest,
    ) ??
    /^with\s+(?:the\s+|a\s+)?#?([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+(?:label|tag)$/u.exec(rest);
  if (quantified && label?.[1]) return { status: "pending", label: label[1] };
  const list = /^(?:in|on|from)\s+(?:my\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}_-]*)(?:\s+list)?$/u.exec(rest);
  if (quantified && list?.[1] && !/^(?:it|that|this|them|there|today|tomorrow|time|list|inbox)$/.test(list[1]))
    return { status: "pending", list: list[1] };
  if (
    rest &&
    !new RegExp(`\\b${NOUN}\\b|^(?:that|which|due|from|for|overdue|today|i|else|left|remaining|on|with|high|low|urgent)`).test(rest)
  )
    return null;
  const filter = readFilter(rest, clock);
  delete filter.count;
  delete filter.query;
  // Words that are neither filters nor "tasks" name a topic: "all the shopping tasks".
  const topic = rest
    .replace(/\b(?:tasks?|todos?|to-?dos?|items?|ones?|things?|stuff|chores?|errands?|reminders?|jobs?)\b/g, " ")
    .replace(FILTER_WORD, " ")
    .replace(/\b(?:a|an|and|with|in|at|by|to|is|are|i|me|set|else)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (topic && !filter.window && !/\d/.test(topic)) filter.query = topic;
  if (findPriority(rest)) filter.priority = findPriority(rest)?.priority;
  filter.status = filter.status === "completed" ? "completed" : "pending";
  return filter;
}

const MOVE = verbs(["move", "postpone", "push", "advance"], "base");
const DELAY = verbs("postpone", "base");
const ADVANCE = verbs("advance", "base");
const SET = verbs("set", "base");
const RAISE = verbs("raise", "base");
const LOWER = verbs("lower", "base");

function amountDays(text: string): number | null {
  const m = new RegExp(
    `^(?:by\\s+|for\\s+)?(?:another\\s+)?(${NUMBER_WORD_PATTERN})\\s+(days?|weeks?)(?:\\s+(?:later|more|back|forward|out|on))?$`,
  ).exec(text.trim());
  if (!m) return null;
  const n = numberFrom(m[1] ?? "") ?? 1;
  return (m[2] ?? "").startsWith("week") ? n * 7 : n;
}

/** Splits "T to V" at the separator whose right side reads as a date; tries the rightmost first. */
function splitAtDate(text: string, clock: Clock): { target: string; due: string } | null {
  const seps = [...text.matchAll(/\s+(?:back\s+|out\s+|over\s+|forward\s+)?(?:to|until|till|til|for|on|into|onto|by)\s+/g)].reverse();
  for (const sep of seps) {
    const value = text.slice((sep.index ?? 0) + sep[0].length);
    const changes = readValue(value, clock);
    if (changes?.due && Object.keys(changes).length === 1) return { target: text.slice(0, sep.index), due: changes.due };
  }
  return null;
}

function result(filter: ListFilter | null, changes: BulkChanges): Intent | null {
  return filter ? { type: "bulkUpdate", filter, changes } : null;
}

/** A bulk re-schedule or re-prioritise, or null. `text` is the cleaned, lower-case clause. */
export function readBulkUpdate(text: string, clock: Clock): Intent | null {
  let m = new RegExp(`^(${MOVE})\\s+(.+)$`).exec(text);
  if (m && m[1] && m[2]) {
    const verb = m[1];
    const body = m[2];
    const sign = new RegExp(`^${ADVANCE}$`).test(verb) || /\s(?:forward|earlier|up)\b/.test(body) ? -1 : 1;
    const shift =
      /^(.+?)\s+((?:back\s+|out\s+|forward\s+)?(?:by\s+|for\s+)?(?:another\s+)?(?:\S+\s+)?(?:days?|weeks?)(?:\s+(?:later|more|back|forward|out|on))?)$/.exec(
        body,
      );
    if (shift && shift[1] && shift[2]) {
      const days = amountDays(shift[2].replace(/^(?:back|out|forward)\s+/, ""));
      if (days !== null) return result(bulkTarget(shift[1].replace(/\s+(?:back|out|forward)$/, ""), clock), { shiftDays: sign * days });
    }
    const dated = splitAtDate(body, clock);
    if (dated) return result(bulkTarget(dated.target.replace(/\s+(?:back|out|over|forward)$/, ""), clock), { due: dated.due });
    if (new RegExp(`^${DELAY}$`).test(verb)) return result(bulkTarget(body.replace(/\s+(?:back|out)$/, ""), clock), { shiftDays: 1 });
  }
  // "make all the shopping tasks high priority", "set everything overdue to low".
  m = new RegExp(
    `^(?:${SET})\\s+(.+?)\\s+(?:to\\s+|as\\s+|at\\s+)?((?:a\\s+)?(?:high|low|medium|normal|top|urgent|important|not urgent|unimportant)(?:[- ]priority)?)$`,
  ).exec(text);
  if (m && m[1] && m[2]) {
    const priority = priorityWord(m[2]) ?? findPriority(m[2])?.priority;
    if (priority) return result(bulkTarget(m[1], clock), { priority });
  }
  m = new RegExp(`^(${RAISE}|${LOWER})\\s+(?:the\\s+priority\\s+(?:of|on)\\s+)?(.+?)(?:\\s+to\\s+(.+))?$`).exec(text);
  if (m && m[1] && m[2]) {
    const priority = m[3] ? priorityWord(m[3]) : new RegExp(`^${LOWER}$`).test(m[1]) ? "low" : "high";
    if (priority) return result(bulkTarget(m[2], clock), { priority });
  }
  // "everything tagged work is urgent from now on", "all the errands stuff is low priority now".
  m =
    /^(.+?)\s+(?:is|are|'s|should be|can be|becomes?|goes)\s+(?:all\s+)?((?:a\s+)?(?:high|low|medium|normal|top|urgent|important|not urgent|unimportant)(?:[- ]priority)?)(?:\s+(?:now|from now on|going forward|too|as well))?$/.exec(
      text,
    );
  if (m && m[1] && m[2]) {
    const priority = priorityWord(m[2]) ?? findPriority(m[2])?.priority;
    if (priority) return result(bulkTarget(m[1], clock), { priority });
  }
  // "everything due today can wait till tomorrow", "all my overdue tasks should move to friday".
  m =
    /^(.+?)\s+(?:can|could|should|will|may|must|needs? to)\s+(?:all\s+)?(?:wait|move|go|be moved|be pushed|be postponed|shift|slide)(?:\s+(?:back|over))?\s+(?:to|until|till|til|for|on|by)\s+(.+)$/.exec(
      text,
    );
  if (m && m[1] && m[2]) {
    const changes = readValue(m[2], clock);
    if (changes?.due && Object.keys(changes).length === 1) return result(bulkTarget(m[1], clock), { due: changes.due });
  }
  // "clear the due dates from all completed tasks"
  m = /^(?:clear|remove|drop|delete|unset)\s+(?:the\s+)?(?:due\s+dates?|deadlines?|dates)\s+(?:from|of|on|for)\s+(.+)$/.exec(text);
  if (m && m[1]) return result(bulkTarget(m[1], clock), { clearDue: true });
  return null;
}
