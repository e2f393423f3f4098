/**
 * Quick add: one line a person types ("pay rent on the 1st of every month 9am #home high") read
 * into a task's fields, with where each recognised phrase sits in the text. It uses the built-in
 * model's own readers (chrono-based dates, priority words) and the shared phrase readers for
 * repeats, reminders and #labels, so the panel's box and the chat read a line the same way.
 * Pure: the caller resolves the list name to one of the user's lists.
 */
import { findRecurrencePhrase } from "@/lib/tasks/recurrence-phrases";
import { findReminderPhrase } from "@/lib/tasks/reminder-phrases";
import { extractLabels } from "@/lib/tasks/labels";
import type { Clock } from "./clock";
import { dueToString, findDue, type Due } from "./dates";
import { findPriority } from "./intents/priority";
import type { Priority } from "./intents/types";
import { capitalize, trimPunctuation } from "./text";

export type QuickAddSpanKind = "date" | "time" | "recurrence" | "priority" | "label" | "list" | "reminder";
export type QuickAddSpan = { start: number; end: number; kind: QuickAddSpanKind };

export type QuickAddReading = {
  title: string;
  priority: Priority | null;
  /** As the task tools take it: YYYY-MM-DD or a local YYYY-MM-DDTHH:mm. */
  due: string | null;
  recurrence: string | null;
  /** "remind me 30 minutes before": minutes before the due time; "remind me at 5pm": a local due string. */
  reminder: { before: number } | { at: string | null } | null;
  labels: string[];
  /** "@groceries": the name of a list, as typed. */
  listName: string | null;
  spans: QuickAddSpan[];
};

/** "@groceries" or "@weekly-shop" at the start or after a space. */
const LIST_REF = /(^|\s)@([\p{L}\p{N}][\p{L}\p{N}_-]*)/u;
const TIME_WORDS = /\d\s*(?:am|pm|a\.m\.|p\.m\.)|\d:\d\d|\bnoon\b|\bmidnight\b|\bmorning\b|\bafternoon\b|\bevening\b|\btonight\b|\bnight\b/;

/** Blanks [start, end) with spaces, so every offset still points into the original text. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + " ".repeat(end - start) + text.slice(end);
}

/** The list name an "@groceries" in the line refers to, if any; the caller looks it up. */
export function listReference(input: string): string | null {
  return LIST_REF.exec(input)?.[2] ?? null;
}

/**
 * Reads one quick-add line. `listExists`: whether the "@name" in it (listReference) names one of
 * the user's lists; if not, it stays in the title as typed.
 */
export function readQuickAdd(input: string, clock: Clock, { listExists = false }: { listExists?: boolean } = {}): QuickAddReading {
  const spans: QuickAddSpan[] = [];
  let rest = input;
  const take = (start: number, end: number, kind: QuickAddSpanKind) => {
    spans.push({ start, end, kind });
    rest = blank(rest, start, end);
  };

  const labels = extractLabels(input);
  for (const s of labels.spans) take(s.start, s.end, "label");

  let listName: string | null = null;
  const list = listExists ? LIST_REF.exec(rest) : null;
  if (list) {
    const start = list.index + (list[1]?.length ?? 0);
    listName = list[2] ?? null;
    take(start, start + 1 + (list[2]?.length ?? 0), "list");
  }

  let reminder: QuickAddReading["reminder"] = null;
  const remind = findReminderPhrase(rest);
  if (remind) {
    if (remind.kind === "before") reminder = { before: remind.minutes };
    else {
      const when = remind.when ? findDue(rest.slice(remind.when.start, remind.when.end).toLowerCase(), clock) : null;
      reminder = { at: when ? dueToString(when.due) : null };
    }
    take(remind.start, remind.end, "reminder");
  }

  const repeat = findRecurrencePhrase(rest);
  if (repeat) take(repeat.start, repeat.end, "recurrence");

  // Besides the chat's priority words, a bare "high", "low" or "medium" ending the line ("… #home high").
  const trailing = /(?:^|\s)(high|low|medium)\s*$/i.exec(rest);
  const priority = findPriority(rest.toLowerCase()) ?? (trailing ? { priority: trailing[1]!.toLowerCase() as Priority, span: { index: rest.lastIndexOf(trailing[1]!), length: trailing[1]!.length } } : null);
  if (priority) take(priority.span.index, priority.span.index + priority.span.length, "priority");

  let due: Due | null = null;
  const found = findDue(rest.toLowerCase(), clock);
  if (found) {
    due = found.due;
    for (const s of found.spans) {
      const words = input.slice(s.index, s.index + s.length).toLowerCase();
      take(s.index, s.index + s.length, TIME_WORDS.test(words) && found.spans.length > 1 ? "time" : TIME_WORDS.test(words) && !/\d{1,2}(?:st|nd|rd|th)\b|day|tom|week|month|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\//.test(words) ? "time" : "date");
    }
  }

  // Words left behind once their values were taken ("pay rent due", "call mom on").
  const bare = trimPunctuation(rest).replace(/[\s.,;:-]+(?:due(?: date)?|by|on|for|with|and|at|priority|deadline)\s*:?$/i, "");
  spans.sort((a, b) => a.start - b.start);
  return {
    title: capitalize(trimPunctuation(bare)),
    priority: priority?.priority ?? null,
    due: due ? dueToString(due) : null,
    recurrence: repeat?.rule ?? null,
    reminder,
    labels: labels.labels,
    listName,
    spans,
  };
}
