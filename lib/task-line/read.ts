/**
 * Quick add: one line a person types ("pay rent on the 1st of every month 9am #home high") read
 * into a task's fields, with where each recognised phrase sits in the text. This is the one
 * reader of a task line: the chat's "add …" (intents/add.ts `readItem`) and the task panel's box
 * (POST /api/tasks/parse) both go through `readTaskLine`, so the same words make the same task.
 * Pure: list names are checked by the caller (`listExists`), ignored ranges stay plain text.
 */
import { findRecurrencePhrase } from "./recurrence-phrases";
import { findReminderPhrase } from "./reminder-phrases";
import { extractLabels } from "@/lib/tasks/labels";
import type { Clock } from "./clock";
import { addDays, diffDays } from "./calendar";
import { dueToString, findDue, type Due, type Span } from "./dates";
import { findPriority } from "./priority";
import type { Priority } from "./priority";
import { firstOccurrenceAt, minutesBefore } from "./repeats";
import { capitalize, escapeRegExp, quoted, trimPunctuation } from "./text";

export type QuickAddSpanKind = "date" | "time" | "recurrence" | "priority" | "label" | "list" | "reminder" | "description";
export type QuickAddSpan = { start: number; end: number; kind: QuickAddSpanKind };
/** A range of the line to keep as plain text ("treat as plain text" in the panel). */
export type TextRange = { start: number; end: number };

export type QuickAddReading = {
  title: string;
  description: string | null;
  priority: Priority | null;
  /** As the task tools take it: YYYY-MM-DD or a local YYYY-MM-DDTHH:mm. A repeat starts at its first occurrence. */
  due: string | null;
  recurrence: string | null;
  /** A local YYYY-MM-DDTHH:mm ("remind me 30 minutes before", "remind me at 5pm", a bare "remind me" = the due time). */
  remindAt: string | null;
  /** "remind me 30 minutes before" with no due time (or none at a time of day) to count from: the minutes; else null. */
  remindBeforeWithoutDue: number | null;
  labels: string[];
  /** "@groceries", "to the groceries list": the name of a list, as typed. */
  listName: string | null;
  /** Offsets (UTF-16, end exclusive) into the line as given, sorted by start. */
  spans: QuickAddSpan[];
};

export type ReadOptions = {
  /** Whether a list name in the line is one of the user's lists; a name that is not stays in the title. Default: every name is taken (the chat's tool asks about an unknown list). */
  listExists?: (name: string) => boolean;
  /** Ranges read as plain text: they stay in the title and are never taken as a field. */
  ignore?: TextRange[];
  /**
   * Typed into the task panel's box: the line is the title as written, so a leading "a", "an" or
   * "about" stays ("A day at the beach", "About page redesign"); the chat strips them ("add a
   * dentist appointment" → "Dentist appointment").
   */
  typed?: boolean;
};

const DESCRIPTION =
  /(?:,\s*|\s+)(?:with\s+(?:the\s+|a\s+|some\s+)?(?:description|notes|note|details|detail|comment)|(?:description|notes?|details)\s*:|described as|(?:and\s+)?(?:the\s+)?description\s+(?:is|should be|of)?)\s*(?::|saying|that says|reading|of|-)?\s*(.+)$/i;
const NAMED_LIST = /\s+(?:to|on|onto|in|into)\s+(?:my|the)\s+([\p{L}\p{N}][\p{L}\p{N}_-]*)\s+list\b/iu;
const GENERIC_LIST = /^(?:todo|to-do|todos|to-dos|task|tasks|main|usual|own|reminder|reminders|whole|same|new|last)$/i;
/** "@groceries" or "@weekly-shop" at the start or after a space. */
const LIST_REF = /(^|\s)@([\p{L}\p{N}][\p{L}\p{N}_-]*)/u;
/** A bare "high", "low" or "medium" ending the line ("… #home high"), not "turn the heat to low". */
const TRAILING_PRIORITY = /(?:^|\s)(high|low|medium)\s*$/i;
const NOT_BEFORE_PRIORITY =
  /(?:^|\s)(?:to|on|at|is|are|be|set|turn|the|a|very|so|too|of|in|from|into|get|keep|run|and|or|not|quite|really)\s*$/i;
const TIME_WORDS = /\d\s*(?:am|pm|a\.m\.|p\.m\.)|\d:\d\d|\bnoon\b|\bmidnight\b|\bmorning\b|\bafternoon\b|\bevening\b|\btonight\b|\bnight\b/;
const DAY_WORDS = /\d{1,2}(?:st|nd|rd|th)\b|day|tom|week|month|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\//;

/** Text being cut down, each character remembering where it was in the line (-1: a space put in). */
type Tracked = { text: string; pos: number[] };

function splice(t: Tracked, start: number, end: number, insert = "", at = -1): Tracked {
  return {
    text: t.text.slice(0, start) + insert + t.text.slice(end),
    pos: [...t.pos.slice(0, start), ...Array<number>(insert.length).fill(at), ...t.pos.slice(end)],
  };
}

/** Applies `edit` to every match of the global `re`, last first so earlier offsets hold. */
function eachMatch(t: Tracked, re: RegExp, edit: (t: Tracked, m: RegExpExecArray) => Tracked): Tracked {
  const matches = [...t.text.matchAll(re)].reverse();
  return matches.reduce((acc, m) => edit(acc, m as RegExpExecArray), t);
}

/** Runs of white space become one space (keeping the first one's place). */
function collapseSpaces(t: Tracked, re = /\s+/g): Tracked {
  return eachMatch(t, re, (acc, m) => (m[0] === " " ? acc : splice(acc, m.index, m.index + m[0].length, " ", acc.pos[m.index])));
}

/** White space before punctuation goes. */
function tightenPunctuation(t: Tracked, re: RegExp): Tracked {
  return eachMatch(t, re, (acc, m) => splice(acc, m.index, m.index + m[0].length - 1));
}

function trim(t: Tracked): Tracked {
  const start = t.text.length - t.text.trimStart().length;
  const end = t.text.trimEnd().length;
  return { text: t.text.slice(start, end), pos: t.pos.slice(start, end) };
}

/** As dates.ts `cutSpans`: each span becomes a space, then spaces are tidied. */
function cut(t: Tracked, spans: Span[]): Tracked {
  let out = t;
  for (const s of [...spans].sort((a, b) => b.index - a.index)) out = splice(out, s.index, s.index + s.length, " ");
  return trim(tightenPunctuation(collapseSpaces(out), /\s+[,.!?;:]/g));
}

/** Where [index, index + length) of the tracked text was in the line (ignoring spaces put in). */
function origin(t: Tracked, index: number, length: number): TextRange | null {
  const real = t.pos.slice(index, index + length).filter((p) => p >= 0);
  return real.length ? { start: Math.min(...real), end: Math.max(...real) + 1 } : null;
}

/** Each ignored range is masked with its own private-use character, so no reader matches it and it can be put back. */
const MASK_BASE = 0xe000;
function mask(input: string, ignore: TextRange[]): string {
  let out = input;
  ignore.forEach((r, k) => {
    const start = Math.max(0, Math.min(r.start, input.length));
    const end = Math.max(start, Math.min(r.end, input.length));
    out = out.slice(0, start) + String.fromCharCode(MASK_BASE + (k % 0x1000)).repeat(end - start) + out.slice(end);
  });
  return out;
}
function unmask(text: string, input: string, ignore: TextRange[]): string {
  return text.replace(/([\ue000-\uefff])\1*/g, (run: string) => {
    const r = ignore[run.charCodeAt(0) - MASK_BASE];
    return r ? input.slice(r.start, r.end) : run;
  });
}

const CHAT_FILLER_END = /\s+(?:tbh|ngl|lol|haha|innit|pls|plz|at some point|sometime|some time|just)$/i;
const CHAT_FILLER_WORD = /\s(?:um+|uh+|erm+),?(?=\s)/gi;

/** Strips the words around a title that only say "this is a task" ("to …", "… to my list", "… please"). */
function stripWrappers(title: string, typed = false): string {
  let t = title;
  const lead = typed
    ? /^(?:to|i need to|i have to|i should|i must|i gotta|i've got to|ive got to|i got to|remember to|(?:not |never )?forget to|for me to)\s+(?=\S)/i
    : /^(?:to|2|that|i need to|i have to|i should|i must|i gotta|i've got to|ive got to|i got to|remember to|(?:not |never )?forget to|about|for me to|a|an|um+|uh+|erm*|like|just|basically|literally)\s+(?=\S)/i;
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = trimPunctuation(
      t
        .replace(lead, "")
        .replace(/\s+(?:to|on|onto|in|into)\s+(?:my|the)\s+(?:[\w-]+\s+)?(?:list|tasks|todos|agenda|to do list)$/i, "")
        .replace(/\s+(?:please|for me|as a task|as a todo|as well|too|also)$/i, "")
        .replace(/^(?:a |an )?(?:task|todo|to-?do|reminder)\s+(?:to|for|about|called|named|titled)\s+/i, ""),
    );
    // Fillers that are never part of a to-do said in the chat ("fix the fence lol", "call um the bank").
    // "sort dentist for me n poppy, low priority, just sometime in the new year": the slots' commas go with them.
    if (!typed)
      t = trimPunctuation(
        t
          .replace(CHAT_FILLER_END, "")
          .replace(CHAT_FILLER_WORD, "")
          .replace(/,(?:\s*,)+/g, ","),
      );
    if (t === before) break;
  }
  return t;
}

/** The list names a line may refer to ("@groceries", "to the groceries list"), for the caller to look up. */
export function listReferences(input: string): string[] {
  const names: string[] = [];
  const at = LIST_REF.exec(input)?.[2];
  if (at) names.push(at);
  const named = NAMED_LIST.exec(input)?.[1];
  if (named && !GENERIC_LIST.test(named)) names.push(named);
  return names;
}

/**
 * "remind me at 5pm to call mom": a reminder time leading the line, and where the rest starts;
 * the task is due then too unless the rest says otherwise. Null when the line does not start so.
 */
export function leadingReminder(text: string, clock: Clock): { remindAt: string; end: number } | null {
  const remind = findReminderPhrase(text);
  if (remind?.kind !== "at" || !remind.when || remind.start !== 0) return null;
  const at = findDue(text.slice(remind.when.start, remind.when.end).toLowerCase(), clock);
  return at && at.due.hour !== undefined ? { remindAt: dueToString(at.due), end: remind.end } : null;
}

/**
 * Reads one task line: a quoted title, a description, priority, list, #labels, reminder, repeat
 * and due date, in that order, each cut out of the text; what is left is the title.
 */
export function readTaskLine(input: string, clock: Clock, options: ReadOptions = {}): QuickAddReading {
  const ignore = options.ignore ?? [];
  const listExists = options.listExists ?? (() => true);
  const masked = mask(input, ignore);
  const spans: QuickAddSpan[] = [];
  const mark = (t: Tracked, index: number, length: number, kind: QuickAddSpanKind) => {
    const at = origin(t, index, length);
    if (at) spans.push({ ...at, kind });
  };
  // Blank runs become one space first (each reader's patterns then see what a chat clause looks
  // like; every cut tidies blanks anyway), each character keeping its place in the line.
  let t: Tracked = collapseSpaces({ text: masked, pos: Array.from({ length: masked.length }, (_, i) => i) });

  // A quoted title is taken as is; only the words around it can carry a date or priority.
  const q = quoted(masked);
  if (q) {
    const m = new RegExp(`["'\`]${escapeRegExp(q)}["'\`]`).exec(t.text);
    if (m) t = splice(t, m.index, m.index + m[0].length, " ");
  }
  let description: string | null = null;
  const desc = DESCRIPTION.exec(t.text);
  if (desc && desc[1]) {
    description = trimPunctuation(desc[1]);
    mark(t, desc.index, desc[0].length, "description");
    t = { text: t.text.slice(0, desc.index), pos: t.pos.slice(0, desc.index) };
  }
  let priority: Priority | null = null;
  const p = findPriority(t.text.toLowerCase());
  if (p) {
    priority = p.priority;
    mark(t, p.span.index, p.span.length, "priority");
    t = cut(t, [p.span]);
  }
  // "milk to the groceries list", "milk @groceries": the named list (not "my todo list").
  let listName: string | null = null;
  const named = NAMED_LIST.exec(t.text);
  if (named && named[1] && !GENERIC_LIST.test(named[1]) && listExists(named[1])) {
    listName = named[1].toLowerCase();
    const lead = named[0].length - named[0].trimStart().length;
    mark(t, named.index + lead, named[0].length - lead, "list");
    t = splice(t, named.index, named.index + named[0].length, " ");
  }
  const at = listName ? null : LIST_REF.exec(t.text);
  if (at && at[2] && listExists(at[2])) {
    listName = at[2].toLowerCase();
    const start = at.index + (at[1]?.length ?? 0);
    mark(t, start, at[2].length + 1, "list");
    t = splice(t, start, start + at[2].length + 1, " ");
  }
  // "#errands" words are labels.
  const tagged = extractLabels(t.text);
  const labels = tagged.labels;
  if (tagged.spans.length) {
    for (const s of tagged.spans) mark(t, s.start, s.end - s.start, "label");
    for (const s of [...tagged.spans].reverse()) t = splice(t, s.start, s.end);
    t = trim(tightenPunctuation(collapseSpaces(t, /[ \t]{2,}/g), /\s+[,;:!?.]/g));
  }
  if (!priority) {
    const trailing = TRAILING_PRIORITY.exec(t.text);
    if (trailing && t.text.slice(0, trailing.index).trim() && !NOT_BEFORE_PRIORITY.test(t.text.slice(0, trailing.index + 1))) {
      priority = trailing[1]!.toLowerCase() as Priority;
      const index = trailing.index + trailing[0].indexOf(trailing[1]!);
      mark(t, index, trailing[1]!.length, "priority");
      t = cut(t, [{ index, length: trailing[1]!.length }]);
    }
  }
  // "…, remind me 30 minutes before": an offset from the due time; "…, remind me at 5pm": its own time.
  const remind = findReminderPhrase(t.text);
  let remindBefore: number | null = null;
  let remindAt: string | null = null;
  let remindWhen: Due | null = null;
  let remindAtDue = false;
  if (remind) {
    if (remind.kind === "before") {
      remindBefore = remind.minutes;
      // "remind me to pay rent the day before": the closing offset goes too, before the lead is cut.
      if (remind.tail !== undefined) {
        mark(t, remind.tail, t.text.length - remind.tail, "reminder");
        t = splice(t, remind.tail, t.text.length, " ");
      }
    } else if (remind.when) {
      // "remind me at 5pm to …": the task is due then too, unless the line says otherwise.
      remindWhen = findDue(t.text.slice(remind.when.start, remind.when.end).toLowerCase(), clock)?.due ?? null;
      if (remindWhen?.hour !== undefined) remindAt = dueToString(remindWhen);
    } else remindAtDue = true;
    mark(t, remind.start, remind.end - remind.start, "reminder");
    t = splice(t, remind.start, remind.end, " ");
  }
  // "every sunday", "on the 1st of every month": a repeat rule; its words leave the title.
  const repeat = findRecurrencePhrase(t.text);
  // "every evening at 8" is 8 pm: the repeat's part of the day decides an hour said without am/pm.
  const repeatAfternoon = repeat !== null && /\b(?:afternoon|evening|night)s?\b/i.test(t.text.slice(repeat.start, repeat.end));
  const repeatMorning = repeat !== null && /\bmornings?\b/i.test(t.text.slice(repeat.start, repeat.end));
  if (repeat) {
    mark(t, repeat.start, repeat.end - repeat.start, "recurrence");
    t = splice(t, repeat.start, repeat.end, " ");
  }
  let due: Due | null = remindWhen;
  const found = findDue(t.text.toLowerCase(), clock);
  // "every tuesday night", "every morning" with no time of their own: that part of the day.
  if (!found && repeat?.hour !== undefined && !remindWhen) {
    const first = firstOccurrenceAt(repeat.rule, { date: clock.today, hour: repeat.hour, minute: 0 }, clock);
    if (first) due = first;
  }
  if (found) {
    for (const s of found.spans) {
      const words = t.text.slice(s.index, s.index + s.length).toLowerCase();
      const time = TIME_WORDS.test(words) && (found.spans.length > 1 || !DAY_WORDS.test(words));
      mark(t, s.index, s.length, time ? "time" : "date");
    }
    const saidAm = found.spans.some((s) => /\b(?:am|a\.m\.)|\d(?:am|a\.m\.)/i.test(t.text.slice(s.index, s.index + s.length)));
    // (A copy: findDue's answers are cached and shared.)
    let said: Due = found.due;
    const saidPm = found.spans.some((s) => /(?:\b|\d)(?:pm|p\.m\.)/i.test(t.text.slice(s.index, s.index + s.length)));
    // "every morning at 7": a bare hour read as pm (as "at 7" is) is the morning's.
    if (repeatMorning && found.due.hour !== undefined && found.due.hour > 12 && found.due.hour <= 19 && !saidPm) {
      said = { ...found.due, hour: found.due.hour - 12 };
      if ((said.hour ?? 0) * 60 + (said.minute ?? 0) <= clock.minutes && diffDays(clock.today, said.date) === 0)
        said = { ...said, date: addDays(clock.today, 1) };
    }
    if (repeatAfternoon && found.due.hour !== undefined && found.due.hour < 12 && !saidAm) {
      said = { ...found.due, hour: found.due.hour + 12 };
      // A bare "at 8" read as 8 am had moved to tomorrow once 8 am passed; 8 pm may still be today.
      const bare = found.spans.every((s) => !DAY_WORDS.test(t.text.slice(s.index, s.index + s.length).toLowerCase()));
      if (bare && (said.hour ?? 0) * 60 + (said.minute ?? 0) > clock.minutes) said = { ...said, date: clock.today };
    }
    // A repeating task is first due at its first occurrence, at the time said.
    due = repeat ? (firstOccurrenceAt(repeat.rule, said, clock) ?? said) : said;
    t = cut(t, found.spans);
    const before = remindBefore !== null ? minutesBefore(due, remindBefore) : null;
    if (before) remindAt = dueToString(before);
    if (remindAtDue && due.hour !== undefined) remindAt = dueToString(due);
  }
  // Labels left behind once their values were taken ("Pay rent. Due: tomorrow").
  // Brackets emptied by taking their contents ("(low priority)") go too.
  const text = t.text.replace(/[([{]\s*[)\]}]/g, " ").replace(/\s+/g, " ");
  // "…, it's due on the 3rd": the words that only led into the date go with it.
  const bare = trimPunctuation(text).replace(
    /[\s.,;:-]+(?:(?:it'?s|it is|which is|that'?s)(?:\s+due)?|due(?: date)?|by|on|for|with|and|priority|deadline)\s*:?$/i,
    "",
  );
  const title = q ? unmask(q, input, ignore) : unmask(stripWrappers(bare, options.typed), input, ignore);
  spans.sort((a, b) => a.start - b.start);
  return {
    title: capitalize(trimPunctuation(title)),
    description: description ? unmask(description, input, ignore) : null,
    priority,
    due: due ? dueToString(due) : null,
    recurrence: repeat?.rule ?? null,
    remindAt,
    remindBeforeWithoutDue: remindBefore !== null && remindAt === null ? remindBefore : null,
    labels,
    listName,
    spans,
  };
}
