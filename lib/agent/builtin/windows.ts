/**
 * Day ranges in questions ("what's due next week", "what did I finish yesterday", "anything
 * between monday and wednesday", "what's on this weekend"): read from the words in the user's
 * time zone (the clock line's local day), sent to list_tasks as dueFrom/dueTo or
 * completedFrom/completedTo, and applied again to what a reply shows.
 */
import {
  type CivilDate,
  WEEKDAYS,
  addDays,
  addMonths,
  compareDates,
  daysInMonth,
  formatIsoDate,
  weekdayOf,
} from "@/lib/task-line/calendar";
import { type Clock, localParts } from "@/lib/task-line/clock";
import { findDue } from "@/lib/task-line/dates";
import type { ListFilter } from "./intents/types";
import { type TaskView, toTaskViews } from "./prompt-reader";

export type Window = NonNullable<ListFilter["window"]>;

export function applyWindow(tasks: unknown, filter: ListFilter, clock: Clock): TaskView[] {
  const views = toTaskViews(tasks);
  const window = filter.window;
  // A completion range was applied by the tool (the views carry no completion time).
  if (!window || window.on === "completed") return views;
  return views.filter((t) => {
    if (!t.dueAt) return false;
    const instant = new Date(t.dueAt);
    if (Number.isNaN(instant.getTime())) return false;
    const { date } = localParts(instant, clock.timeZone);
    return compareDates(date, window.from) >= 0 && compareDates(date, window.to) <= 0;
  });
}

/**
 * The tasks a list reply shows of the tool's list: those in the day window, and only the undated
 * ("stuff with no date") or repeating ("what repeats?") ones when the question said so. The reply
 * and the ordinals that point into it ("the first one") both read the list through this.
 */
export function shownOf(tasks: unknown, filter: ListFilter | undefined, clock: Clock): TaskView[] {
  const windowed = filter?.window ? applyWindow(tasks, filter, clock) : toTaskViews(tasks);
  const shown = windowed.filter((t) => (!filter?.noDue || !t.dueAt) && (!filter?.repeating || Boolean(t.repeats)));
  return filter?.after ? afterNamed(shown, filter.after) : shown;
}

/**
 * rule next-after: the tasks after the one named, in the list's order (soonest due first), the next
 * three at most; none when no task is named by every word said ("invitations" names 'Send the wedding invitations').
 */
function afterNamed(tasks: TaskView[], named: string): TaskView[] {
  const words = named.split(" ").filter((w) => w.length > 2 && !/^(?:the|my|and|for)$/.test(w));
  const stem = (w: string) => w.replace(/(?:es|s)$/, "");
  const at = tasks.findIndex((t) => {
    const title = t.title.toLowerCase();
    return words.length > 0 && words.every((w) => title.includes(stem(w)));
  });
  return at < 0 ? [] : tasks.slice(at + 1, at + 4);
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayName = (c: CivilDate) => {
  const w = WEEKDAYS[weekdayOf(c)] ?? "";
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const shortDate = (c: CivilDate) => `${SHORT_MONTHS[c.m - 1]} ${c.d}`;

/** Monday of the week that holds `c` (weeks start on Monday). */
function mondayOf(c: CivilDate): CivilDate {
  return addDays(c, -((weekdayOf(c) + 6) % 7));
}

/** The weekday named, this week's or the next one (`past`: the latest one up to today). */
function weekday(name: string, clock: Clock, past: boolean): CivilDate | null {
  const i = WEEKDAY_INDEX.get(name);
  if (i === undefined) return null;
  const diff = past ? -((clock.weekday - i + 7) % 7) : (i - clock.weekday + 7) % 7;
  return addDays(clock.today, diff);
}

const WEEKDAY_INDEX = new Map<string, number>([
  ["sun", 0],
  ["sunday", 0],
  ["mon", 1],
  ["monday", 1],
  ["tue", 2],
  ["tues", 2],
  ["tuesday", 2],
  ["wed", 3],
  ["weds", 3],
  ["wednesday", 3],
  ["thu", 4],
  ["thur", 4],
  ["thurs", 4],
  ["thursday", 4],
  ["fri", 5],
  ["friday", 5],
  ["sat", 6],
  ["saturday", 6],
]);

const COUNT_WORDS: Record<string, number> = {
  couple: 2,
  "couple of": 2,
  "a couple of": 2,
  few: 3,
  "a few": 3,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  seven: 7,
  ten: 10,
};

function span(from: CivilDate, to: CivilDate, label: string, on: Window["on"]): Window {
  return on ? { from, to, label, on } : { from, to, label };
}

/** One day said on its own ("friday", "yesterday", "the 3rd"), or null. */
function oneDay(words: string, clock: Clock, past: boolean): CivilDate | null {
  const w = words.trim().replace(/^(?:on|for|this|next|last|the)\s+/, "");
  if (/^(?:today|tonight|now)$/.test(w)) return clock.today;
  if (/^(?:tomorrow|tmrw|tmr|tomoz)$/.test(w)) return addDays(clock.today, 1);
  if (w === "yesterday") return addDays(clock.today, -1);
  const named = weekday(w, clock, past);
  if (named) return named;
  const m = findDue(w, clock);
  return m ? m.due.date : null;
}

/** "between monday and wednesday", "from the 1st to the 5th", "monday to wednesday". */
const BETWEEN = /\b(?:between|from)\s+(\S+(?:\s\S+)?)\s+(?:and|to|till|until|-)\s+(\S+(?:\s\S+)?)$/;
const DAY_TO_DAY =
  /\b((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*|today|tomorrow)\s*(?:-|to|till|until|through|thru)\s*((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*)\b/;
/** "today and tomorrow", "saturday or sunday": two days, and those between them. */
const TWO_DAYS =
  /\b((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*|yesterday|today|tonight|tomorrow|tmrw)\s+(?:and|&|or|\+|n)\s+((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*|today|tonight|tomorrow|tmrw)\b/;
const NEXT_DAYS = /\b(?:next|coming|following)\s+(\d{1,2}|a couple of|couple of|couple|a few|few|two|three|four|five|seven|ten)\s+days\b/;
const PAST_DAYS = /\b(?:last|past|previous)\s+(\d{1,2}|a couple of|couple of|couple|a few|few|two|three|four|five|seven|ten)\s+days\b/;
const SINCE = /\bsince\s+(\S+)/;
const BY_DAY =
  /\b(?:by|before|until|till)\s+((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*|tomorrow|the end of the week|end of the week)\b/;

/**
 * The day range a question names, or null. `past`: the question is about what was finished, so
 * a bare weekday is the last one, "the weekend" the one just gone. Plain "today", "this week",
 * "overdue" and "upcoming" stay the tool's own `due` filters unless `past`.
 */
export function readWindow(text: string, clock: Clock, past: boolean): Window | null {
  const t = text.toLowerCase();
  const on: Window["on"] = past ? "completed" : undefined;
  const today = clock.today;
  const between = BETWEEN.exec(t) ?? DAY_TO_DAY.exec(t);
  if (between?.[1] && between[2]) {
    const a = oneDay(between[1], clock, past);
    // "between now and next week": to the end of next week.
    let b = between[2] === "next week" && !past ? addDays(mondayOf(today), 13) : oneDay(between[2], clock, past);
    if (a && b && compareDates(b, a) < 0) b = past ? a : addDays(b, 7);
    if (a && b) return span(a, b, `between ${dayLabel(a, clock)} and ${dayLabel(b, clock)}`, on);
  }
  const two = TWO_DAYS.exec(t);
  if (two?.[1] && two[2]) {
    const a = oneDay(two[1], clock, past);
    const b = oneDay(two[2], clock, past);
    if (a && b) {
      const [from, to] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
      return span(from, to, `${dayLabel(a, clock)} and ${dayLabel(b, clock)}`, on);
    }
  }
  if (!past && /\b(?:next|coming|following) (?:fortnight|two weeks|2 weeks)\b/.test(t))
    return span(today, addDays(today, 14), "in the next two weeks", on);
  if (!past && /\bend of (?:the |this )?month\b/.test(t)) {
    const end = { ...today, d: daysInMonth(today.y, today.m) };
    return span(today, end, "by the end of the month", on);
  }
  if (!past && /\bend of (?:the |this )?week\b/.test(t)) return span(today, addDays(mondayOf(today), 6), "by the end of the week", on);
  const next = NEXT_DAYS.exec(t);
  if (next?.[1]) {
    const n = COUNT_WORDS[next[1]] ?? Number(next[1]);
    return span(today, addDays(today, n), `in the next ${n} days`, on);
  }
  const pastDays = PAST_DAYS.exec(t);
  if (pastDays?.[1]) {
    const n = COUNT_WORDS[pastDays[1]] ?? Number(pastDays[1]);
    return span(addDays(today, -n), today, `in the last ${n} days`, on);
  }
  if (/\b(?:the )?day before yesterday\b/.test(t)) {
    const d = addDays(today, -2);
    return span(d, d, `on ${dayName(d)}`, on);
  }
  if (/\byesterday\b/.test(t)) {
    const d = addDays(today, -1);
    return span(d, d, "yesterday", on);
  }
  if (/\b(?:last|past|previous) week(?:end)?'?s?\b/.test(t) && /weekend/.test(t)) return lastWeekend(clock, on);
  if (/\b(?:last|previous) week\b/.test(t)) {
    const from = addDays(mondayOf(today), -7);
    return span(from, addDays(from, 6), "last week", on);
  }
  if (/\b(?:the )?(?:past|last) (?:7 days|seven days)\b|\bpast week\b/.test(t))
    return span(addDays(today, -6), today, "in the past week", on);
  // "what's due after the weekend", "anything after this week": from the Monday after, a year ahead.
  if (!past && /\bafter (?:the |this )?(?:weekend|week)\b/.test(t)) {
    const monday = addDays(mondayOf(today), 7);
    return span(monday, addDays(monday, 366), `after ${/weekend/.test(t) ? "the weekend" : "this week"}`, on);
  }
  if (/\bnext weekend\b/.test(t)) {
    const sat = addDays(today, ((6 - clock.weekday + 7) % 7) + (clock.weekday === 6 || clock.weekday === 0 ? 7 : 0));
    return span(sat, addDays(sat, 1), "next weekend", on);
  }
  if (/\bweekend\b/.test(t)) {
    if (past) return lastWeekend(clock, on);
    const from = clock.weekday === 0 ? today : addDays(today, (6 - clock.weekday + 7) % 7);
    return span(from, clock.weekday === 0 ? today : addDays(from, 1), "this weekend", on);
  }
  if (/\bnext week\b|\bnext wk\b/.test(t) || t.split(/\s+/).join(" ").includes("week after this")) {
    const from = addDays(mondayOf(today), 7);
    return span(from, addDays(from, 6), "next week", on);
  }
  if (/\bthis week\b|\bso far\b|\bthe week\b/.test(t) && past) return span(mondayOf(today), today, "this week", on);
  if (/\b(?:the )?(?:rest|remainder) of (?:the|this) week\b/.test(t)) {
    const end = addDays(mondayOf(today), 6);
    return span(today, end, "for the rest of the week", on);
  }
  if (/\bnext month\b/.test(t)) {
    const first = addMonths({ ...today, d: 1 }, 1);
    return span(first, { ...first, d: daysInMonth(first.y, first.m) }, "next month", on);
  }
  if (/\b(?:last|previous) month\b/.test(t)) {
    const first = addMonths({ ...today, d: 1 }, -1);
    return span(first, { ...first, d: daysInMonth(first.y, first.m) }, "last month", on);
  }
  if (/\bthis month\b/.test(t)) {
    const first = { ...today, d: 1 };
    return span(past ? first : today, past ? today : { ...first, d: daysInMonth(first.y, first.m) }, "this month", on);
  }
  const since = SINCE.exec(t);
  if (since?.[1] && past) {
    const d = oneDay(since[1], clock, true);
    if (d) return span(d, today, `since ${dayLabel(d, clock)}`, on);
  }
  const by = BY_DAY.exec(t);
  if (by?.[1] && !past) {
    const end = /end of the week/.test(by[1]) ? addDays(mondayOf(today), 6) : oneDay(by[1], clock, false);
    if (end) return span(today, end, `by ${dayLabel(end, clock)}`, on);
  }
  // "what have i got after today", "what's coming up after friday": from the next day on, a year ahead.
  const words = t.split(/\s+/);
  const after = words.indexOf("after");
  const from = after >= 0 && !past ? afterDay(words[after + 1] ?? "", clock) : null;
  if (from) return span(addDays(from, 1), addDays(from, 366), `after ${dayLabel(from, clock)}`, on);
  if (past) {
    if (/\b(?:today|tonight|this morning|this afternoon|this evening)\b/.test(t)) return span(today, today, "today", on);
    const named = /\b(?:on |last )?((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/.exec(t);
    const d = named?.[1] ? weekday(named[1], clock, true) : null;
    if (d) return span(d, d, `on ${dayName(d)}`, on);
    return null;
  }
  // A single day ("friday", "tomorrow", "the 3rd", "dec 5"); today, this week and "soon" stay the tool's `due` filters.
  if (/\b(?:today|tonight|today's|this week|this week's|the week|week|soon|upcoming|coming up|later)\b/.test(t)) return null;
  const m = findDue(t, clock);
  if (!m) return null;
  return span(m.due.date, m.due.date, dayLabel(m.due.date, clock), on);
}

/** The day in "after today/tomorrow/friday" (never "after lunch": a time of day, not a range). */
function afterDay(word: string, clock: Clock): CivilDate | null {
  if (word === "today" || word === "tonight") return clock.today;
  if (word === "tomorrow") return addDays(clock.today, 1);
  return weekday(word, clock, false);
}

function lastWeekend(clock: Clock, on: Window["on"]): Window {
  // The Saturday on or before today (today itself when it is Saturday or Sunday's day before).
  const sat = addDays(clock.today, -((clock.weekday + 1) % 7));
  const sun = addDays(sat, 1);
  return span(sat, compareDates(sun, clock.today) > 0 ? clock.today : sun, "at the weekend", on);
}

/** "tomorrow", "on Friday", "on Dec 3". */
function dayLabel(c: CivilDate, clock: Clock): string {
  const diff = compareDates(c, clock.today);
  if (diff === 0) return "today";
  if (diff === 1) return "tomorrow";
  if (diff === -1) return "yesterday";
  if (diff > 1 && diff < 7) return dayName(c);
  if (diff < 0 && diff > -7) return `last ${dayName(c)}`;
  return `${dayName(c)}, ${shortDate(c)}`;
}

/**
 * The tool's bounds for a window: YYYY-MM-DD days in the user's zone, inclusive. A completion
 * range that runs up to today ("this week", "since monday") is open-ended: nothing is finished
 * after now, and a clock that lags the database's (a test's fixed clock) still finds today's.
 */
export function windowInput(window: Window, clock: Clock): Record<string, string> {
  const [from, to] = [formatIsoDate(window.from), formatIsoDate(window.to)];
  if (window.on !== "completed") return { dueFrom: from, dueTo: to };
  return compareDates(window.to, clock.today) >= 0 ? { completedFrom: from } : { completedFrom: from, completedTo: to };
}
