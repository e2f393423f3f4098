/**
 * Finds a due date in everyday English ("tomorrow", "by Friday", "in 3 days", "next week",
 * "Dec 3 at 4pm") and resolves it against the user's local day. Returns the matched spans so
 * the caller can cut them out of a task title.
 */
import {
  type CivilDate, MONTHS, WEEKDAYS, addDays, addMonths, daysInMonth, diffDays, formatIsoDate,
  formatIsoLocalDateTime, isValidDate, weekdayOf,
} from "./calendar";
import type { Clock } from "./clock";
import { NUMBER_WORD_PATTERN, numberFrom } from "./text";

export type Due = { date: CivilDate; hour?: number; minute?: number };
export type Span = { index: number; length: number };
export type DueMatch = { due: Due; spans: Span[] };

const LEAD = "(?:(?:due|by|on|for|before|until|till|til|no later than|not later than|starting|from|at|in)\\s+)?";
const WEEKDAY_RE = "(sunday|monday|tuesday|wednesday|thursday|friday|saturday|weds|tues|thurs)";
const WEEKDAY_ABBR = "(sun|mon|tue|wed|thu|thur|fri|sat)";
const MONTH_RE = "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)";
const PART_OF_DAY = "(?:\\s+(?:morning|afternoon|evening|night|arvo))?";

const DAY_WORD_LIST = [
  "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
  "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
  "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third",
  "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh", "twenty-eighth",
  "twenty-ninth", "thirtieth", "thirty-first",
];
const DAY_WORDS = [...DAY_WORD_LIST].sort((a, b) => b.length - a.length).map((w) => w.replace("-", "[- ]")).join("|");

function dayWord(word: string): number {
  return DAY_WORD_LIST.indexOf(word.replace(" ", "-")) + 1;
}

function weekdayIndex(word: string): number {
  const w = word.slice(0, 2);
  return WEEKDAYS.findIndex((d) => d.startsWith(w));
}

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3))) + 1;
}

/** The upcoming given weekday, today if today is that day. */
export function upcomingWeekday(today: CivilDate, weekday: number): CivilDate {
  return addDays(today, (weekday - weekdayOf(today) + 7) % 7);
}

/** "next Friday": the Friday of next week (Monday-based), never today. */
function nextWeekday(today: CivilDate, weekday: number): CivilDate {
  const ahead = (weekday - weekdayOf(today) + 7) % 7 || 7;
  const candidate = addDays(today, ahead);
  const daysToSunday = (7 - weekdayOf(today)) % 7;
  return ahead <= daysToSunday ? addDays(candidate, 7) : candidate;
}

/** End of the working week: this Friday; at the weekend, the coming week's Friday. */
function endOfWeek(today: CivilDate): CivilDate {
  return upcomingWeekday(today, 5);
}

function unitOffset(today: CivilDate, n: number, unit: string): CivilDate {
  if (unit.startsWith("fortnight")) return addDays(today, 14 * n);
  if (unit.startsWith("week")) return addDays(today, 7 * n);
  if (unit.startsWith("month")) return addMonths(today, n);
  if (unit.startsWith("year")) return addMonths(today, 12 * n);
  return addDays(today, n);
}

/** A calendar date without a year: this year, or next year once it has passed. */
function futureDate(today: CivilDate, m: number, d: number, y?: number): CivilDate | null {
  if (y !== undefined) return isValidDate(y, m, d) ? { y, m, d } : null;
  if (!isValidDate(today.y, m, d) && !isValidDate(today.y + 1, m, d)) return null;
  const thisYear = { y: today.y, m, d };
  return isValidDate(today.y, m, d) && diffDays(today, thisYear) >= 0 ? thisYear : { y: today.y + 1, m, d };
}

function weekdayDue(m: RegExpExecArray, c: Clock): Due | null {
  const wd = weekdayIndex(m[2] ?? "");
  if (wd < 0) return null;
  const next = m[1] === "next" || /^next\s/.test(m[0]);
  return { date: next ? nextWeekday(c.today, wd) : upcomingWeekday(c.today, wd) };
}

type Rule = { re: RegExp; date: (m: RegExpExecArray, clock: Clock) => Due | null };
const day = (date: CivilDate | null): Due | null => (date ? { date } : null);
const year = (y: string | undefined) => (y ? (y.length === 2 ? 2000 + Number(y) : Number(y)) : undefined);

const RULES: Rule[] = [
  { re: /(?:the\s+)?day after (?:tomorrow|tmrw)/, date: (_m, c) => day(addDays(c.today, 2)) },
  { re: new RegExp(`(?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow|2morrow)${PART_OF_DAY}`), date: (_m, c) => day(addDays(c.today, 1)) },
  { re: /today|tonight|tonite|this (?:morning|afternoon|evening|arvo)|later today|(?:the )?end of (?:the )?day|eod|asap today/, date: (_m, c) => day(c.today) },
  { re: /yesterday/, date: (_m, c) => day(addDays(c.today, -1)) },
  {
    re: new RegExp(`(?:in\\s+|within\\s+)?(${NUMBER_WORD_PATTERN})\\s+(days?|weeks?|months?|years?|fortnights?)(?:\\s+(?:from now|from today|time))?`),
    date: (m, c) => {
      const n = numberFrom(m[1] ?? "");
      const isRelative = /^(in|within)\s/.test(m[0]) || /from (now|today)|time$/.test(m[0]);
      return n !== null && isRelative ? day(unitOffset(c.today, n, m[2] ?? "day")) : null;
    },
  },
  { re: /in a fortnight|a fortnight from (?:now|today)/, date: (_m, c) => day(addDays(c.today, 14)) },
  { re: /a week from (?:now|today)/, date: (_m, c) => day(addDays(c.today, 7)) },
  { re: /(?:next|the following) week/, date: (_m, c) => day(addDays(c.today, 7)) },
  { re: /(?:next|the following) month/, date: (_m, c) => day(addMonths(c.today, 1)) },
  { re: /next year/, date: (_m, c) => day(addMonths(c.today, 12)) },
  { re: /(?:the )?end of (?:the |this )?month|month end/, date: (_m, c) => day({ ...c.today, d: daysInMonth(c.today.y, c.today.m) }) },
  { re: /(?:the )?end of (?:the |this )?week|this week/, date: (_m, c) => day(endOfWeek(c.today)) },
  { re: /next weekend/, date: (_m, c) => day(addDays(upcomingWeekday(c.today, 6), c.weekday === 6 || c.weekday === 0 ? 7 : 0)) },
  {
    re: /(?:this |the |over the )?weekend/,
    date: (_m, c) => day(c.weekday === 0 ? c.today : upcomingWeekday(c.today, 6)),
  },
  {
    re: new RegExp(`(?:(this|next|coming|the coming|this coming)\\s+)?${WEEKDAY_RE}${PART_OF_DAY}`),
    date: (m, c) => weekdayDue(m, c),
  },
  {
    // Abbreviations ("sat", "sun", "wed") are ordinary words too: only after a date word.
    re: new RegExp(`(?:on|by|due|until|before|this|next)\\s+()${WEEKDAY_ABBR}\\.?`),
    date: (m, c) => weekdayDue(m, c),
  },
  {
    re: new RegExp(`(?:${WEEKDAY_RE},?\\s+)?${MONTH_RE}\\.?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?`),
    date: (m, c) => day(futureDate(c.today, monthIndex(m[2] ?? ""), Number(m[3]), year(m[4]))),
  },
  {
    re: new RegExp(`(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}(?:,?\\s+(\\d{4}))?`),
    date: (m, c) => day(futureDate(c.today, monthIndex(m[2] ?? ""), Number(m[1]), year(m[3]))),
  },
  {
    re: new RegExp(`(?:the\\s+)?(${DAY_WORDS})\\s+of\\s+${MONTH_RE}(?:,?\\s+(\\d{4}))?`),
    date: (m, c) => day(futureDate(c.today, monthIndex(m[2] ?? ""), dayWord(m[1] ?? ""), year(m[3]))),
  },
  { re: /(\d{4})-(\d{2})-(\d{2})/, date: (m) => day(futureDate({ y: 0, m: 1, d: 1 }, Number(m[2]), Number(m[3]), Number(m[1]))) },
  {
    re: /(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2,4}))?/,
    date: (m, c) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      const us = c.timeZone.startsWith("America/");
      return day(futureDate(c.today, us ? a : b, us ? b : a, year(m[3])));
    },
  },
  {
    re: /(?:on|by|due|before|until) the (\d{1,2})(?:st|nd|rd|th)/,
    date: (m, c) => {
      const d = Number(m[1]);
      const thisMonth = isValidDate(c.today.y, c.today.m, d) ? { ...c.today, d } : null;
      if (thisMonth && diffDays(c.today, thisMonth) >= 0) return day(thisMonth);
      const next = addMonths({ ...c.today, d: 1 }, 1);
      return day(isValidDate(next.y, next.m, d) ? { ...next, d } : null);
    },
  },
];

const TIME_RE =
  /(?:(?:at|@|by|around|before)\s+)?(?:(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|(\d{1,2}):(\d{2})|(noon|midday|midnight))|(?:at|@)\s+(\d{1,2})(?!\s*(?:days?|weeks?|months?|[/.:]\d))\b/;

type TimeMatch = { hour: number; minute: number; span: Span };

function findTime(text: string): TimeMatch | null {
  const m = boundedExec(TIME_RE, text);
  if (!m) return null;
  let hour: number;
  let minute = 0;
  if (m[1]) {
    hour = Number(m[1]) % 12;
    minute = Number(m[2] ?? 0);
    if ((m[3] ?? "").startsWith("p")) hour += 12;
  } else if (m[4]) {
    hour = Number(m[4]);
    minute = Number(m[5]);
  } else if (m[6]) {
    hour = m[6] === "midnight" ? 23 : 12;
    minute = m[6] === "midnight" ? 59 : 0;
  } else {
    hour = Number(m[7]);
    // "at 5" means 5 pm for a to-do; nobody schedules chores at 5 am by saying "at 5".
    if (hour >= 1 && hour <= 7) hour += 12;
  }
  if (hour > 23 || minute > 59) return null;
  return { hour, minute, span: { index: m.index, length: m[0].length } };
}

const globalCache = new Map<RegExp, RegExp>();

/** exec() that only accepts matches on word boundaries. */
function boundedExec(re: RegExp, text: string): RegExpExecArray | null {
  let global = globalCache.get(re);
  if (!global) {
    global = new RegExp(re.source, "g");
    globalCache.set(re, global);
  }
  global.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = global.exec(text))) {
    const before = text[m.index - 1];
    const after = text[m.index + m[0].length];
    if (m[0].length > 0 && (!before || !/[a-z0-9]/i.test(before)) && (!after || !/[a-z0-9]/i.test(after))) return m;
    // Try again one character later: a shorter or later match may sit on word boundaries.
    global.lastIndex = m.index + 1;
  }
  return null;
}

function withLead(text: string, span: Span): Span {
  const before = text.slice(0, span.index);
  const lead = new RegExp(`(?:^|\\b)${LEAD.replace(/\?$/, "")}$`).exec(before);
  return lead ? { index: span.index - lead[0].length, length: span.length + lead[0].length } : span;
}

/** Finds the first due date in lower-cased `text`. */
export function findDue(text: string, clock: Clock): DueMatch | null {
  let best: { due: Due; span: Span } | null = null;
  for (const rule of RULES) {
    const m = boundedExec(rule.re, text);
    if (!m) continue;
    const due = rule.date(m, clock);
    if (!due) continue;
    const span = { index: m.index, length: m[0].length };
    if (!best || span.index < best.span.index || (span.index === best.span.index && span.length > best.span.length)) {
      best = { due, span };
    }
  }
  const time = findTime(text);
  if (!best) {
    if (time) {
      // A bare time ("at 5pm") means today, or tomorrow once that time has passed.
      const passed = time.hour * 60 + time.minute <= clock.minutes;
      const date = passed ? addDays(clock.today, 1) : clock.today;
      return { due: { date, hour: time.hour, minute: time.minute }, spans: [withLead(text, time.span)] };
    }
    return null;
  }
  const spans = [withLead(text, best.span)];
  const due: Due = { ...best.due };
  if (time && !overlaps(time.span, best.span)) {
    due.hour = time.hour;
    due.minute = time.minute;
    spans.push(withLead(text, time.span));
  }
  return { due, spans };
}

/** Relative durations ("in 2 hours") are date-times from now. */
export function findDuration(text: string, clock: Clock): DueMatch | null {
  const m = boundedExec(new RegExp(`in\\s+(${NUMBER_WORD_PATTERN}|half an?)\\s+(hours?|minutes?|mins?)`), text);
  if (!m) return null;
  const n = (m[1] ?? "").startsWith("half") ? 0.5 : numberFrom(m[1] ?? "") ?? 1;
  const minutes = (m[2] ?? "").startsWith("h") ? n * 60 : n;
  const total = clock.minutes + Math.round(minutes);
  const date = addDays(clock.today, Math.floor(total / 1440));
  const rest = ((total % 1440) + 1440) % 1440;
  return { due: { date, hour: Math.floor(rest / 60), minute: rest % 60 }, spans: [{ index: m.index, length: m[0].length }] };
}

function overlaps(a: Span, b: Span): boolean {
  return a.index < b.index + b.length && b.index < a.index + a.length;
}

export function dueToString(due: Due): string {
  return due.hour === undefined ? formatIsoDate(due.date) : formatIsoLocalDateTime(due.date, due.hour, due.minute ?? 0);
}

/** Removes the spans (and the space they leave) from text. */
export function cutSpans(text: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => b.index - a.index);
  let out = text;
  for (const s of sorted) out = `${out.slice(0, s.index)} ${out.slice(s.index + s.length)}`;
  return out.replace(/\s+/g, " ").replace(/\s+([,.!?;:])/g, "$1").trim();
}

/** Finds a due date (durations first) in text that keeps the caller's casing. */
export function extractDue(text: string, clock: Clock): { due: Due | null; rest: string } {
  const lowered = text.toLowerCase();
  const match = findDuration(lowered, clock) ?? findDue(lowered, clock);
  if (!match) return { due: null, rest: text };
  return { due: match.due, rest: cutSpans(text, match.spans) };
}
