/**
 * Finds a due date or time in everyday English through chrono-node, anchored to "now" and the
 * user's time zone from the clock line, with a thin layer for what chrono does not read the way
 * a to-do list needs: "the 28th", "a week from Friday", "a fortnight", "end of the week",
 * "tonight"/"this evening"/"in the morning" as times, "at 5" as 5 pm, and abbreviations that are
 * also words ("sat", "sun", "may") only after a date word. Returns the matched spans so the
 * caller can cut them out of a task title.
 */
import { HOLIDAYS } from "./holidays";
import * as chrono from "chrono-node";
import { type CivilDate, addDays, addMonths, daysInMonth, diffDays, formatIsoDate, formatIsoLocalDateTime, isValidDate } from "./calendar";
import type { Clock } from "./clock";
import { HOUR_WORDS, readInformal, typedSpan } from "./informal";
import { numberFrom, ordinalFrom } from "./numbers";

export type Due = { date: CivilDate; hour?: number; minute?: number };
export type Span = { index: number; length: number };
/** `bareTime`: a time said with no day ("at 4pm"); its date is today or tomorrow, a task's own day may be meant. */
export type DueMatch = { due: Due; spans: Span[]; bareTime?: boolean };

/** Words that lead into a date and leave with it ("by Friday", "due tomorrow"). */
const LEAD =
  /(?:^|\s)((?:(?:due|by|on|for|before|until|till|til|no later than|not later than|starting|from|at|in|around|sometime|some time|the|this coming|the coming|coming|this)\s+)+)$/;

/**
 * Informal times chrono lacks, as chrono custom parsers (each a named token pattern, no sentence
 * regex): "half 4" / "half six" (4:30, 6:30), "quarter past 4", "quarter to nine" (8:45), an hour
 * as a word after a time word ("at six", "by seven thirty", "around five o'clock"), "around 5"
 * at the end of a phrase, "six pm", "lunchtime" / "before lunch" (12:00), "after lunch" (14:00),
 * "teatime" (17:00), "end of play" / "close of business" / "cob" / "eod" (17:00), "before work"
 * (8:00), "after work" (18:00), "bedtime" (21:00). An hour's am/pm is left open, so "half 4" is
 * 4:30 pm like "at 4" (chronoDue below). Informal spellings ("tomoz", "nxt wk", "6ish") are read
 * by informal.ts first.
 */
const HOUR = `(1[0-2]|[1-9]|${Object.keys(HOUR_WORDS).join("|")})`;
const hourOf = (said: string): number => HOUR_WORDS[said.toLowerCase()] ?? Number(said);
/** What may follow "around 5" for it to be a time, not a count ("around 5 apples"). */
const AFTER_BARE_HOUR = "(?=\\s*$|\\s*[,.;!?]|\\s+(?:am|pm|today|tomorrow|tonight|on|this|next|in|and|then|[a-z]+day)\\b)";
/** "10", "ten", "twenty-five" in "10 past 2", "twenty five to 6". */
const MINUTES_PAST: Record<string, number> = { five: 5, ten: 10, twenty: 20, "twenty-five": 25, "twenty five": 25 };
const minutesSaid = (said: string): number => MINUTES_PAST[said.toLowerCase()] ?? Number(said);
const MINUTES_WORDS: Record<string, number> = { thirty: 30, fifteen: 15, "forty five": 45, "forty-five": 45, "o'clock": 0 };
const INFORMAL_TIMES: chrono.Parser[] = [
  { pattern: () => new RegExp(`\\bhalf (?:past )?${HOUR}\\b`, "i"), extract: (_c, m) => ({ hour: hourOf(m[1] ?? ""), minute: 30 }) },
  { pattern: () => new RegExp(`\\bquarter past ${HOUR}\\b`, "i"), extract: (_c, m) => ({ hour: hourOf(m[1] ?? ""), minute: 15 }) },
  {
    pattern: () => new RegExp(`\\bquarter to ${HOUR}\\b`, "i"),
    extract: (_c, m) => ({ hour: hourOf(m[1] ?? "") === 1 ? 12 : hourOf(m[1] ?? "") - 1, minute: 45 }),
  },
  // "10 past 2", "twenty past ten": minutes past the hour.
  {
    pattern: () => new RegExp(`\\b(5|10|20|25|five|ten|twenty|twenty[- ]five) past ${HOUR}\\b`, "i"),
    extract: (_c, m) => ({ hour: hourOf(m[2] ?? ""), minute: minutesSaid(m[1] ?? "") }),
  },
  // "at five to 5", "by ten to nine", "move it to ten to 5": minutes to the hour, after a time word ("5 to 6 people" is a count).
  {
    pattern: () => new RegExp(`\\b(?:at|by|around|about|till|until|for|to) (5|10|20|25|five|ten|twenty|twenty[- ]five) to ${HOUR}\\b`, "i"),
    extract: (_c, m) => {
      const hour = hourOf(m[2] ?? "");
      return { hour: hour === 1 ? 12 : hour - 1, minute: 60 - minutesSaid(m[1] ?? "") };
    },
  },
  // "at six", "by seven thirty", "around five o'clock": an hour said as a word after a time word.
  {
    pattern: () =>
      new RegExp(
        `\\b(?:at|around|about|roughly|by|till|until|til|from) (${Object.keys(HOUR_WORDS).join("|")})(?: (thirty|fifteen|forty[- ]five|o'clock))?(?: ?(am|pm))?\\b`,
        "i",
      ),
    extract: (_c, m) => {
      const minute = MINUTES_WORDS[(m[2] ?? "").toLowerCase()] ?? 0;
      const meridiem = (m[3] ?? "").toLowerCase();
      if (!meridiem) return { hour: hourOf(m[1] ?? ""), minute };
      const h = hourOf(m[1] ?? "") % 12;
      return { hour: meridiem === "pm" ? h + 12 : h, minute, meridiem: meridiem === "pm" ? 1 : 0 };
    },
  },
  // "around 5", "about 7 tonight", "by 5 tomorrow": a bare hour after "around" or "by" at the end of a phrase.
  {
    pattern: () => new RegExp(`\\b(?:around|about|roughly|by|till|until|til) (1[0-2]|[1-9])${AFTER_BARE_HOUR}`, "i"),
    extract: (_c, m) => ({ hour: Number(m[1]), minute: 0 }),
  },
  // "remind me 7 tonight", "do it 8 this evening": a bare hour right before tonight is in the evening.
  {
    pattern: () => /(?<=^|\b(?:me|us|it|for)\s)(1[01]|[1-9])(?:[:.]([0-5]\d))?(?=\s+(?:tonight|tonite|this evening)\b)/i,
    extract: (_c, m) => ({ hour: Number(m[1]) + 12, minute: Number(m[2] ?? 0), meridiem: 1 }),
  },
  // "the meeting's moved to 3", "got pushed back to 11": a bare hour after "to" right behind a verb of moving is a time.
  {
    pattern: () =>
      new RegExp(
        `(?<=\\b(?:moved|changed|switched|shifted|pushed|bumped|put|brought|back|forward)\\s)to (1[0-2]|[1-9])(?:[:.]([0-5]\\d))?${AFTER_BARE_HOUR}`,
        "i",
      ),
    extract: (_c, m) => ({ hour: Number(m[1]), minute: Number(m[2] ?? 0) }),
  },
  // "six pm", "seven am".
  {
    pattern: () => new RegExp(`\\b(${Object.keys(HOUR_WORDS).join("|")}) ?(am|pm|a\\.m\\.|p\\.m\\.)`, "i"),
    extract: (_c, m) => {
      const h = hourOf(m[1] ?? "") % 12;
      return { hour: (m[2] ?? "").startsWith("p") ? h + 12 : h, minute: 0, meridiem: (m[2] ?? "").startsWith("p") ? 1 : 0 };
    },
  },
  { pattern: () => /\blunch ?time\b|\bat lunch\b|\bbefore lunch\b/i, extract: () => ({ hour: 12, minute: 0, meridiem: 1 }) },
  { pattern: () => /\bafter lunch\b/i, extract: () => ({ hour: 14, minute: 0, meridiem: 1 }) },
  { pattern: () => /\btea ?time\b/i, extract: () => ({ hour: 17, minute: 0, meridiem: 1 }) },
  {
    pattern: () => /\b(?:end of play|close of play|close of business|end of business|cob|eod|end of (?:the )?(?:work(?:ing)? )?day)\b/i,
    extract: () => ({ hour: 17, minute: 0, meridiem: 1 }),
  },
  // Around a working day: "before work" 8 am, "after work" 6 pm; "bedtime", "before bed" 9 pm.
  { pattern: () => /\bbefore work\b/i, extract: () => ({ hour: 8, minute: 0, meridiem: 0 }) },
  { pattern: () => /\bafter work\b/i, extract: () => ({ hour: 18, minute: 0, meridiem: 1 }) },
  { pattern: () => /\bbed ?time\b|\bbefore bed\b/i, extract: () => ({ hour: 21, minute: 0, meridiem: 1 }) },
];
function withInformalTimes(base: chrono.Chrono): chrono.Chrono {
  const parser = base.clone();
  parser.parsers.push(...INFORMAL_TIMES, ...HOLIDAYS);
  return parser;
}

/** chrono's parsers, day-first outside the Americas ("12/3" is 12 March in London). */
const US = withInformalTimes(chrono.en.casual);
const GB = withInformalTimes(chrono.en.GB);

/** Parts of the day as times a to-do list means ("this evening" → 7 pm). */
const PART_OF_DAY: Record<string, number> = { morning: 9, afternoon: 15, arvo: 15, evening: 19, night: 20, tonight: 20, tonite: 20 };

/**
 * Texts chrono reads as dates that, on their own, are ordinary words in a task ("an apple a day",
 * "a day at the beach": "a day" without "in" or "from now" is not "tomorrow"; "mark the year 2 spelling tests").
 */
const NOT_A_DATE =
  /^(?:now|morning|afternoon|evening|night|good morning|sat|sun|wed|mon|fri|thu|tue|jan|second|a second|today's|the second|sec|the past|this|lasts?|the day|[0-9]+|(?:a|an|one) (?:day|week|month|year|hour|minute)|the (?:week|month|year))$/;
/** "3 weeks", "2 days" with no "in", "for" or "from now": how long ("holiday countdown: 3 weeks"), not when. */
const BARE_AMOUNT =
  /^(?:\d+|a few|a couple of|couple of|few|two|three|four|five|six|seven|eight|nine|ten)\s+(?:minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?)$/;
const WEEKDAY_ABBREVIATION = /^(?:sat|sun|wed|mon|fri|thu|thur|thurs|tue|tues|weds)\.?$/;
const NEEDS_LEAD = /^(?:sat|sun|wed|mon|fri|thu|thur|thurs|tue|tues|weds|mar|march|may|jun|jul|aug|sep|sept|oct|nov|dec|jan|feb|apr)\.?$/;

function zoneOffsetMinutes(clock: Clock): number {
  const localAsUtc = Date.UTC(clock.today.y, clock.today.m - 1, clock.today.d, 0, clock.minutes);
  return Math.round((localAsUtc - clock.now.getTime()) / 60_000);
}

function withLead(text: string, span: Span): Span {
  const lead = LEAD.exec(text.slice(0, span.index));
  const words = lead?.[1];
  return words ? { index: span.index - words.length, length: span.length + words.length } : span;
}

function bounded(text: string, index: number, length: number): boolean {
  const before = text[index - 1];
  const after = text[index + length];
  return (!before || !/[a-z0-9]/i.test(before)) && (!after || !/[a-z0-9]/i.test(after));
}

function partOfDayHour(text: string): number | undefined {
  const m = /\b(morning|afternoon|arvo|evening|night|tonight|tonite)\b/.exec(text);
  return m?.[1] ? PART_OF_DAY[m[1]] : undefined;
}

function offset(date: CivilDate, n: number, unit: string): CivilDate {
  if (unit.startsWith("fortnight")) return addDays(date, 14 * n);
  if (unit.startsWith("week")) return addDays(date, 7 * n);
  if (unit.startsWith("month")) return addMonths(date, n);
  if (unit.startsWith("year")) return addMonths(date, 12 * n);
  return addDays(date, n);
}

/** The day of month `d` from today on: this month, or next month once it has passed. */
function dayOfMonth(today: CivilDate, d: number): CivilDate | null {
  if (isValidDate(today.y, today.m, d) && d >= today.d) return { ...today, d };
  const next = addMonths({ ...today, d: 1 }, 1);
  return isValidDate(next.y, next.m, d) ? { ...next, d } : null;
}

type Found = { due: Due; span: Span; bare?: boolean };

/** The counts a date offset takes ("in a couple of weeks"); their values come from numbers.ts. */
const AMOUNT =
  "(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few)\\s+(days?|weeks?|months?|years?|fortnights?)";

/** What chrono lacks or reads differently; each rule returns a due and the span it covers. */
/** The named days of the year (the first pattern that matches): [month, day]. */
const NAMED_DAYS: Array<[RegExp, [number, number]]> = [
  [/^(?:christmas|xmas) eve$/, [12, 24]],
  [/^(?:christmas|xmas) day$/, [12, 25]],
  [/^boxing day$/, [12, 26]],
  [/^new year'?s'? eve$|^nye$/, [12, 31]],
  [/^new year'?s'? day$|^the new year$/, [1, 1]],
  [/^halloween$/, [10, 31]],
  [/^bonfire night$/, [11, 5]],
  [/^valentine'?s day$/, [2, 14]],
];
const OWN_RULES: Array<{ re: RegExp; read: (m: RegExpExecArray, clock: Clock, text: string) => Due | null }> = [
  // "a week from friday", "2 days after monday": an offset from another date.
  {
    re: new RegExp(
      `\\b${AMOUNT}\\s+(?:from|after)\\s+(?!now\\b|today\\b)((?:next\\s+|this\\s+|coming\\s+)?[a-z]+(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?)`,
    ),
    read: (m, clock) => {
      const n = numberFrom(m[1] ?? "");
      const base = chronoDue(m[3] ?? "", clock);
      return n !== null && base ? { date: offset(base.due.date, n, m[2] ?? "day") } : null;
    },
  },
  // "in a fortnight", "a fortnight from now", "2 weeks from today", "5 days from now", "in 3 days' time".
  {
    re: new RegExp(`\\b(?:in\\s+|within\\s+)?${AMOUNT}(?:'s|s')?(?:\\s+(?:from\\s+(?:now|today)|time|later))?\\b`),
    read: (m, clock) => {
      const relative = /^(?:in|within)\s/.test(m[0]) || /(?:from (?:now|today)|time|later)$/.test(m[0]);
      const n = numberFrom(m[1] ?? "");
      return relative && n !== null ? { date: offset(clock.today, n, m[2] ?? "day") } : null;
    },
  },
  // "christmas eve", "boxing day", "the new year", "bonfire night": a named day of the year, its next one.
  {
    re: /\b(?:(?:christmas|xmas) (?:eve|day)|boxing day|new year'?s'? (?:eve|day)|nye|the new year|halloween|bonfire night|valentine'?s day)\b/,
    read: (m, clock) => {
      const [month, day] = NAMED_DAYS.find(([re]) => re.test(m[0]))?.[1] ?? [0, 0];
      if (!month) return null;
      const date = { y: clock.today.y, m: month, d: day };
      return { date: diffDays(clock.today, date) < 0 ? { ...date, y: date.y + 1 } : date };
    },
  },
  // "weds 9th at 2", "wednesday 9th": a weekday, then the day of the month it falls on — that day.
  {
    re: /\b(?:sun|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat)(?:[a-z]*day)?\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/,
    read: (m, clock) => {
      const date = dayOfMonth(clock.today, Number(m[1]));
      return date ? { date } : null;
    },
  },
  // "on the 28th", "by the 2nd": a day of this month, or the next.
  {
    re: /\b(?:(?:on|by|due|before|until|for)\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/,
    read: (m, clock) => {
      const date = dayOfMonth(clock.today, Number(m[1]));
      return date ? { date } : null;
    },
  },
  // "the first of next month", "the 15th of next month".
  {
    re: /\b(?:(?:on|by|due|before|until|for)\s+)?the\s+(\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|last\s+day)\s+of\s+next\s+month\b/,
    read: (m, c) => {
      const next = addMonths({ ...c.today, d: 1 }, 1);
      const word = m[1] ?? "";
      const d = /^last/.test(word) ? daysInMonth(next.y, next.m) : ordinalFrom(word);
      if (d === null) return null;
      return isValidDate(next.y, next.m, d) ? { date: { ...next, d } } : null;
    },
  },
  // "wednesday after next", "the friday after next": not the coming one, the one a week after it.
  {
    re: /\b(?:the\s+)?(sun|mon|tue|wed|thu|fri|sat)[a-z]*\s+after\s+next\b/,
    read: (m, c) => {
      const day = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(m[1] ?? "");
      return { date: addDays(c.today, ((day - c.weekday + 7) % 7 || 7) + 7) };
    },
  },
  // "end of next week": that week's Friday.
  // At the weekend next week is the coming one, so its end is the coming Friday.
  {
    re: /\b(?:the\s+)?end\s+of\s+next\s+week\b/,
    read: (_m, c) => ({ date: addDays(c.today, ((5 - c.weekday + 7) % 7) + (c.weekday === 6 || c.weekday === 0 ? 0 : 7)) }),
  },
  // "first thing tomorrow", "first thing monday": 9 am that day.
  {
    re: /\bfirst\s+thing(?:\s+in\s+the\s+morning)?(?:\s+(tomorrow|today|on\s+\w+day|\w+day))?\b/,
    read: (m, c) => {
      const when = m[1] ? chronoDue(m[1], c)?.due.date : undefined;
      return { date: when ?? (c.minutes < 9 * 60 ? c.today : addDays(c.today, 1)), hour: 9, minute: 0 };
    },
  },
  // "end of the week" is Friday (at the weekend, the coming one); "end of the day" is today.
  {
    re: /\b(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:work(?:ing)?\s+)?week\b/,
    read: (_m, c) => ({ date: addDays(c.today, (5 - c.weekday + 7) % 7) }),
  },
  { re: /\blater\s+today\b/, read: (_m, c) => ({ date: c.today }) },
  // "after the weekend", "after the wkend": the Monday after the coming (or current) weekend.
  {
    re: /\bafter\s+(?:the\s+|this\s+)?weekend\b/,
    read: (_m, c) => ({ date: addDays(c.today, (1 - c.weekday + 7) % 7 || 7) }),
  },
  // "this weekend", "over the weekend": Saturday (today on a Sunday); "next weekend" a week on.
  {
    re: /\bnext\s+weekend\b/,
    read: (_m, c) => ({ date: addDays(c.today, ((6 - c.weekday + 7) % 7) + (c.weekday === 6 || c.weekday === 0 ? 7 : 0)) }),
  },
  {
    re: /\b(?:(?:this|the|over\s+the|at\s+the|on\s+the)\s+)?weekend\b/,
    read: (_m, c) => ({ date: c.weekday === 0 ? c.today : addDays(c.today, (6 - c.weekday + 7) % 7) }),
  },
  // "tonight", "this evening", "this afternoon": today at that part of the day.
  {
    re: /\b(?:tonight|tonite|this\s+(?:morning|afternoon|arvo|evening))\b/,
    read: (m, c) => ({ date: c.today, hour: partOfDayHour(m[0]) ?? 20, minute: 0 }),
  },
  // "in the morning": the next morning (today if it is still early); "in the morning on friday": that day's.
  {
    re: /\bin\s+the\s+(morning|afternoon|arvo|evening)(?:\s+(?:on\s+)?(sun|mon|tue|wed|thu|fri|sat)(?:day|s|sday|nesday|rsday|urday|\.)?)?\b/,
    read: (m, c) => {
      const hour = PART_OF_DAY[m[1] ?? ""] ?? 9;
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(m[2] ?? "");
      const ahead = (wd - c.weekday + 7) % 7 || (c.minutes < hour * 60 ? 0 : 7);
      if (wd >= 0) return { date: addDays(c.today, ahead), hour, minute: 0 };
      return { date: c.minutes < hour * 60 ? c.today : addDays(c.today, 1), hour, minute: 0 };
    },
  },
  // "due wed", "by thurs": abbreviations chrono leaves out, after a date word only.
  {
    re: /\b(?:on|by|due|until|till|til|before|this|next|for)\s+(sun|mon|tues?|weds?|thu|thurs?|fri|sat)\b\.?/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      const ahead = (wd - c.weekday + 7) % 7;
      return { date: addDays(c.today, m[0].startsWith("next") && ahead <= (7 - c.weekday) % 7 ? ahead + 7 : ahead) };
    },
  },
  // "move the bins to sat", "push X to thurs": "to" and a short weekday ending the line ("to wed" is a verb).
  {
    re: /\bto\s+(sun|mon|tues?|weds|thu|thurs?|fri|sat)\.?$/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      return { date: addDays(c.today, (wd - c.weekday + 7) % 7) };
    },
  },
  // "the recycling weds", "bins tues": an abbreviated weekday that is no other word, ending the line ("sat", "sun", "mon" are words).
  {
    re: /\b(tues?|weds?|thu|thurs?|fri)\.?$/,
    read: (m, c, text) => {
      // "going to wed", "will wed": the verb.
      if (m[1] === "wed" && /\b(?:to|will|shall|newly|just)\s+$/.test(text.slice(0, m.index))) return null;
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      return { date: addDays(c.today, (wd - c.weekday + 7) % 7) };
    },
  },
  // "pick up the cake sat", "clean the bathroom sun": "sat" or "sun" ending the line after a task's
  // words is the day; after "the", "in", a pronoun … it is a word ("sit in the sun", "where the cat sat").
  {
    re: /\b(sat|sun)\.?$/,
    read: (m, c, text) => {
      const before = text.slice(0, m.index).trim().split(/\s+/);
      if (before.length < 2 || NOT_BEFORE_DAY.has(before.at(-1) ?? "")) return null;
      const wd = m[1] === "sun" ? 0 : 6;
      return { date: addDays(c.today, (wd - c.weekday + 7) % 7) };
    },
  },
  // "sat - hair cut 10am", "thurs: parents evening": an abbreviated weekday heading the line says it is a day.
  {
    re: /^(sun|mon|tues?|weds?|thu|thurs?|fri|sat)\.?(?=\s*[-:–]\s)/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      return { date: addDays(c.today, (wd - c.weekday + 7) % 7) };
    },
  },
  // "tues at half 7", "weds morning", "book club weds 7pm": an abbreviated weekday right before a time says it is a day.
  {
    re: /\b(sun|mon|tues?|weds?|thu|thurs?|fri|sat)\.?(?=\s+(?:at|morning|afternoon|arvo|evening|night)\b|\s+\d)/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      return { date: addDays(c.today, (wd - c.weekday + 7) % 7) };
    },
  },
  // "a week today", "a fortnight tomorrow", "fortnight today" (British): that long from today or tomorrow.
  {
    re: /(?<!\b(?:this|next|last|every|each|per)\s)\b(?:(?:a|one)\s+)?(week|fortnight)\s+(today|tomorrow)\b/,
    read: (m, c) => ({ date: addDays(c.today, (m[1] === "fortnight" ? 14 : 7) + (m[2] === "tomorrow" ? 1 : 0)) }),
  },
  // "by the end of jan", "end of march": the last day of that month (this year, or next once past).
  {
    re: /\b(?:the\s+)?end\s+of\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/,
    read: (m, c) => {
      const month = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].indexOf(m[1] ?? "") + 1;
      if (month === 0) return null;
      const y = month < c.today.m ? c.today.y + 1 : c.today.y;
      return { date: { y, m: month, d: daysInMonth(y, month) } };
    },
  },
  // "this coming monday" said on a Monday is next week's: "coming" looks past today (a bare "monday" may be today).
  {
    re: /\b(?:this|the)\s+coming\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thurs?|thu|fri|sat|sun)\b/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[1] ?? "").slice(0, 3));
      return wd < 0 ? null : { date: addDays(c.today, (wd - c.weekday + 7) % 7 || 7) };
    },
  },
  // "a week on tuesday", "a fortnight on friday" (British): that long after the coming weekday.
  {
    re: /\b(?:a|one)\s+(week|fortnight)\s+on\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thurs?|thu|fri|sat|sun)\b/,
    read: (m, c) => {
      const wd = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf((m[2] ?? "").slice(0, 3));
      if (wd < 0) return null;
      return { date: addDays(c.today, ((wd - c.weekday + 7) % 7 || 7) + (m[1] === "fortnight" ? 14 : 7)) };
    },
  },
  // "friday week", "on tuesday week" (British): a week after the coming weekday.
  {
    re: /\b(?:on\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+week\b/,
    read: (m, c) => {
      const base = chronoDue(m[1] ?? "", c);
      return base ? { date: addDays(base.due.date, 7) } : null;
    },
  },
  // "next week" is a week from today (chrono agrees); "this week" is by Friday.
  { re: /\b(?:by\s+)?this\s+week\b/, read: (_m, c) => ({ date: addDays(c.today, (5 - c.weekday + 7) % 7) }) },
  // "this month", "later this month", "sometime this year": by the period's last day (chrono reads its first, already past).
  {
    re: /\b(?:(?:by|during|sometime|some\s+time|later)\s+)?this\s+(month|year)\b/,
    read: (m, c) => ({ date: m[1] === "year" ? { y: c.today.y, m: 12, d: 31 } : { ...c.today, d: daysInMonth(c.today.y, c.today.m) } }),
  },
];

function ownRule(text: string, clock: Clock): Found | null {
  let best: Found | null = null;
  for (const rule of OWN_RULES) {
    const m = rule.re.exec(text);
    if (!m || !bounded(text, m.index, m[0].length)) continue;
    const due = rule.read(m, clock, text);
    if (!due) continue;
    const span = { index: m.index, length: m[0].length };
    if (!best || span.index < best.span.index || (span.index === best.span.index && span.length > best.span.length)) best = { due, span };
  }
  return best;
}

/** Words after which "sat" or "sun" is an ordinary word, not a day ("in the sun", "the cat sat"). */
const NOT_BEFORE_DAY = new Set(
  "the a an in into of my your our their his her its some no this that i he she it we they who which just had has was have hot bright midday morning evening setting rising".split(
    " ",
  ),
);

/** The part of the day a task's own words name ("quiz night", "morning run"): a bare hour said later is in it. */
function partInTitle(before: string): number | undefined {
  const words = before.split(/[^a-z]+/);
  for (let i = words.length - 1; i >= 0; i--) {
    const hour = PART_OF_DAY[words[i] ?? ""];
    if (hour !== undefined && words[i] !== "tonight" && words[i] !== "tonite") return hour;
  }
  return undefined;
}

/** A part of the day that names the task ("parents evening", "date night") right before its weekday. */
const TITLE_PART = /^(?:morning|afternoon|evening|night)(?:\s+(?=(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*\b)|(?=\s\s))/;
/** …also before "on/this/next <weekday>" ("quiz night on friday", "coffee morning this sat"), after a noun of its own. */
const TITLE_PART_LED = /^(?:morning|afternoon|evening|night)\s+(?=(?:on|this|next)\s+(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*\b)/;
/** Words after which a part of the day is when, not a name ("in the morning on friday", "tomorrow night"). */
const WHEN_BEFORE_PART = /(?:^|\s)(?:the|this|that|every|each|in|on|at|a|one|by|tomorrow|tmrw|today|tonight|[a-z]+day|and)\s+$/;

/** A month's name and a bare number that can be its day ("jan 31", "march 3"). */
const MONTH_THEN_NUMBER = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+([12]?\d|3[01])$/;

/** chrono's first acceptable reading of lower-case text. */
function chronoDue(text: string, clock: Clock, titleText = text): Found | null {
  const parser = clock.timeZone.startsWith("America/") ? US : GB;
  const results = parser.parse(text, { instant: clock.now, timezone: zoneOffsetMinutes(clock) }, { forwardDate: true });
  for (const r of results) {
    const said = r.text.trim();
    // "parents evening thurs 5.30pm": "evening" belongs to the title; the day and time are read after it.
    const led = TITLE_PART_LED.exec(r.text);
    const titlePart = TITLE_PART.exec(r.text) ?? (led && !WHEN_BEFORE_PART.test(text.slice(0, r.index)) ? led : null);
    if (titlePart && r.index > 0)
      return chronoDue(
        text.slice(0, r.index) + " ".repeat(titlePart[0].length) + text.slice(r.index + titlePart[0].length),
        clock,
        titleText,
      );
    if (NOT_A_DATE.test(said) || BARE_AMOUNT.test(said)) continue;
    // "get the car washed sat": an abbreviated weekday ending the line is the day, too.
    const endsLine = WEEKDAY_ABBREVIATION.test(said) && text.slice(r.index + r.text.length).trim() === "";
    if (
      NEEDS_LEAD.test(said) &&
      !endsLine &&
      !/(?:on|by|due|until|before|this|next|till|til|from|every|for|after|in)\s+$/.test(text.slice(0, r.index))
    )
      continue;
    if (!bounded(text, r.index, r.text.length)) continue;
    if (monthAsModifier(said, text.slice(r.index + r.text.length))) continue;
    // "powerflush at 22 station road": a house number, not a time.
    if (/^(?:at\s+)?\d{1,4}$/.test(said) && STREET_AFTER.test(text.slice(r.index + r.text.length))) continue;
    const s = r.start;
    const date = { y: s.get("year") ?? clock.today.y, m: s.get("month") ?? clock.today.m, d: s.get("day") ?? clock.today.d };
    // "by jan 31": chrono takes the number for a two-digit year; after a month's name it is the day.
    const monthDay = MONTH_THEN_NUMBER.exec(said);
    if (monthDay && !s.isCertain("day")) {
      date.d = Number(monthDay[1]);
      date.y = clock.today.y + (date.m < clock.today.m || (date.m === clock.today.m && date.d < clock.today.d) ? 1 : 0);
    }
    if (!isValidDate(date.y, date.m, date.d)) continue;
    const due: Due = { date };
    // "at 7 tomorrow morning", "sat at 7 in the evening": the part of the day said after the time belongs to it.
    const tail = s.isCertain("hour") && !partOfDayHour(said) ? PART_AFTER.exec(text.slice(r.index + r.text.length)) : null;
    const part =
      partOfDayHour(said) ??
      (tail ? PART_OF_DAY[tail[1] ?? ""] : undefined) ??
      (s.isCertain("hour") && !s.isCertain("meridiem") ? partInTitle(titleText.slice(0, r.index)) : undefined);
    if (s.isCertain("hour")) {
      let hour = s.get("hour") ?? 0;
      // "at 5" means 5 pm for a to-do; nobody plans chores at 5 am by saying "at 5".
      // "tomorrow morning at 7" is 7 am; "tomorrow evening at 8" is 8 pm.
      if (!s.isCertain("meridiem") && part !== undefined) hour = part < 12 ? hour % 12 : hour < 12 ? hour + 12 : hour;
      else if (!s.isCertain("meridiem") && hour >= 1 && hour <= 7) hour += 12;
      due.hour = hour;
      due.minute = s.get("minute") ?? 0;
    } else if (part !== undefined) {
      due.hour = part;
      due.minute = 0;
    }
    // A bare time ("at 5pm"): today, or tomorrow once it has passed.
    if (due.hour !== undefined && !s.isCertain("day") && !s.isCertain("weekday") && diffDays(clock.today, date) <= 1) {
      due.date = due.hour * 60 + (due.minute ?? 0) <= clock.minutes ? addDays(clock.today, 1) : clock.today;
      return { due, span: { index: r.index, length: r.text.length + (tail?.[0].length ?? 0) }, bare: true };
    }
    return { due, span: { index: r.index, length: r.text.length + (tail?.[0].length ?? 0) } };
  }
  return null;
}

/** A street's name after a number ("22 station road", "14 elm st"). */
const STREET_AFTER =
  /^\s+(?:(?!(?:by|the|a|in|at|on|near|to|for|with|and|or|past|round|behind)\s)[a-z]+\s+){1,2}(?:road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|way|court|crescent|place|grove|gardens|terrace|row|hill|park|square|mews|walk|view|parade)\b/;
const MONTH_NAME = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/;
/** Words after a month's name that leave it a date ("november then", "by march at the latest", "june sometime"). */
const AFTER_MONTH_DATE =
  /^(?:the|a|an|at|on|in|by|to|for|from|and|or|then|please|pls|so|if|when|with|before|after|till|until|next|this|i|we|it|as|but|is|latest|sometime|time|onwards|ish|or so|maybe|probably|hopefully|too|instead|now|already|rather|actually|ok|okay|thanks|thx|cheers)$/;
/** "the november rent", "chase the tenant for november rent": a month's name before a noun names the thing, not its day. */
function monthAsModifier(said: string, after: string): boolean {
  const next = /^\s+([a-z]+)\b/.exec(after)?.[1];
  return MONTH_NAME.test(said) && next !== undefined && !AFTER_MONTH_DATE.test(next) && !/^\d/.test(next) && !DAY_WORD.test(next);
}
const DAY_WORD =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|first|second|third|fourth|fifth|last|end|start|beginning|middle|mid|half)$/;

/** A part of the day right after a time ("… at 7 tomorrow| morning", "at 7| in the evening"). */
const PART_AFTER = /^\s+(?:in\s+the\s+)?(morning|afternoon|arvo|evening|night)\b/;

function overlaps(a: Span, b: Span): boolean {
  return a.index < b.index + b.length && b.index < a.index + a.length;
}

/** Words without which a text holds no date: a cheap test before chrono reads it. */
const DATEISH =
  /\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|work|bed|tod|tom|tmr|tmrw|2mor|yesterday|tonight|tonite|mon|tue|wed|thu|fri|sat|sun|week|month|year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|noon|midday|midnight|morning|afternoon|arvo|evening|night|day|hour|min|later|next|end|fortnight|eod|cob|half|quarter|lunch|tea|play|business|first|second|third|fifth|twenty|thirty|tenth|eve|nye|xmas|christmas|halloween|bonfire|valentine|spring|summer|autumn|winter/;

/** Readers ask for the same text more than once a step ("X urgent and due monday" at every split). */
const cache = new Map<string, DueMatch | null>();
const CACHE_MAX = 500;

/** Finds the first due date (and time) in lower-cased `text`. */
export function findDue(text: string, clock: Clock): DueMatch | null {
  const read = readInformal(text);
  if (!DATEISH.test(read.text)) return null;
  const key = `${clock.now.getTime()}|${clock.timeZone}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const inRead = findDueUncached(read.text, clock);
  // The spans found in the read text, as places in the text as typed ("tomoz" for "tomorrow").
  const found = inRead && {
    due: inRead.due,
    spans: inRead.spans.map((s) => typedSpan(read, s.index, s.length)),
    ...(inRead.bareTime ? { bareTime: true } : {}),
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, found);
  return found;
}

/** "took all weekend", "the whole week", "all day": how long something lasted, never a day it is due (blanked before reading). */
const DURATION = /\b(?:all|the\s+whole|the\s+entire)\s+(?:weekend|week|day|morning|afternoon|evening|night)\b/g;

/** "saturday the 12th", "sat 12th": a weekday said before the date it falls on; the date is what is read. */
// "next monday the 7th": the date says which Monday; "next" goes with the weekday.
const WEEKDAY_BEFORE_DATE =
  /\b(?:(?:next|this|coming) )?(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\s+(?=the\s+\d{1,2}(?:st|nd|rd|th)\b)/gi;

function findDueUncached(said: string, clock: Clock): DueMatch | null {
  const text = said.replace(DURATION, (m) => " ".repeat(m.length)).replace(WEEKDAY_BEFORE_DATE, (m) => " ".repeat(m.length));
  const own = ownRule(text, clock);
  const viaChrono = chronoDue(text, clock);
  let main: Found | null;
  if (own && viaChrono && overlaps(own.span, viaChrono.span)) {
    // The wider reading wins ("a week from friday" over "friday"); equal ones go to our layer.
    main = viaChrono.span.length > own.span.length && viaChrono.span.index <= own.span.index ? viaChrono : own;
  } else main = own && (!viaChrono || own.span.index < viaChrono.span.index) ? own : (viaChrono ?? own);
  if (!main) return null;
  // The weekday blanked before the date is part of what was said ("on saturday the 12th").
  let from = main.span.index;
  while (from > 0 && /\s/.test(said[from - 1]!)) from--;
  const typed = from;
  // …and "next" before it ("next monday the 7th"): one typed space between blanked words.
  const blanked = (i: number) => i >= 0 && text[i] === " " && said[i] !== " ";
  while (from > 0 && (blanked(from - 1) || (said[from - 1] === " " && blanked(from - 2)))) from--;
  const start = from < typed ? from : main.span.index;
  const spans = [withLead(text, { index: start, length: main.span.length + main.span.index - start })];
  const due: Due = { ...main.due };
  // A time said apart from the day ("friday … at 3pm") joins it.
  if (due.hour === undefined) {
    const rest = text.slice(0, main.span.index) + " ".repeat(main.span.length) + text.slice(main.span.index + main.span.length);
    const time = chronoDue(rest, clock);
    if (
      time &&
      time.due.hour !== undefined &&
      diffDays(clock.today, time.due.date) <= 1 &&
      !/\b(?:day|week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today)\b/.test(
        text.slice(time.span.index, time.span.index + time.span.length),
      )
    ) {
      due.hour = time.due.hour;
      due.minute = time.due.minute;
      spans.push(withLead(text, time.span));
      // "sat … 10am" said on a Saturday at noon: that weekday's time has gone, so it is next week's.
      const day = text.slice(main.span.index, main.span.index + main.span.length);
      if (diffDays(clock.today, due.date) === 0 && WEEKDAY_NAME.test(day) && due.hour * 60 + (due.minute ?? 0) <= clock.minutes)
        due.date = addDays(due.date, 7);
    }
  }
  return main.bare ? { due, spans, bareTime: true } : { due, spans };
}

/** A weekday said by its name or abbreviation, not "today". */
const WEEKDAY_NAME = /\b(?:sun|mon|tue|wed|thu|fri|sat)/;

/** The hour a reminder asked for on a day with no time of its own goes off ("ping me about the bins on friday"). */
const REMINDER_MORNING = 9;

/**
 * When a reminder for `due` goes off: its own time, or 9 am on a day said without one — today once
 * 9 am has passed, the next whole hour; null for a past day or once 11 pm has passed.
 */
export function reminderTime(due: Due, clock: Clock): Due | null {
  if (due.hour !== undefined) return due;
  const ahead = diffDays(clock.today, due.date);
  if (ahead < 0) return null;
  if (ahead > 0 || clock.minutes < REMINDER_MORNING * 60) return { date: due.date, hour: REMINDER_MORNING, minute: 0 };
  const next = Math.floor(clock.minutes / 60) + 1;
  return next <= 23 ? { date: due.date, hour: next, minute: 0 } : null;
}

export function dueToString(due: Due): string {
  return due.hour === undefined ? formatIsoDate(due.date) : formatIsoLocalDateTime(due.date, due.hour, due.minute ?? 0);
}

/** Removes the spans (and the space they leave) from text. */
export function cutSpans(text: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => b.index - a.index);
  let out = text;
  for (const s of sorted) out = `${out.slice(0, s.index)} ${out.slice(s.index + s.length)}`;
  return out
    .replace(/\s+/g, " ")
    .replace(/(?<!\s)\s+([,.!?;:])/g, "$1")
    .trim();
}

/** Finds a due date in text that keeps the caller's casing. */
export function extractDue(text: string, clock: Clock): { due: Due | null; rest: string; bareTime?: boolean } {
  const match = findDue(text.toLowerCase(), clock);
  if (!match) return { due: null, rest: text };
  return { due: match.due, rest: cutSpans(text, match.spans), ...(match.bareTime ? { bareTime: true } : {}) };
}
