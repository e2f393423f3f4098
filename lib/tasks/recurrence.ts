/**
 * Repeating tasks: an RFC 5545 RRULE without DTSTART (`FREQ=WEEKLY;BYDAY=MO`), checked and
 * normalised here, described in plain English, and expanded with the `rrule` package.
 *
 * The rule's start is the task's due date. Expansion runs on "floating" wall-clock times in the
 * user's zone (a UTC Date holding the local fields, as `rrule` recommends), so the next
 * occurrence keeps the local time of day across daylight-saving changes. Dates that do not
 * exist are skipped, as RFC 5545 says: `BYMONTHDAY=31` repeats only in months with a 31st
 * (`BYMONTHDAY=-1` is the last day of every month).
 */
import { RRule, type Options } from "./rrule";
import { localParts, zonedToInstant } from "@/lib/tasks/time-zone";

export const RECURRENCE_MAX = 200;

export type Recurrence = { rule: string; text: string };

export type RuleCheck = { ok: true; rule: string } | { ok: false; message: string };

const FREQS = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
const DAY = "(?:MO|TU|WE|TH|FR|SA|SU)";
const list = (item: string) => new RegExp(`^${item}(?:,${item})*$`);
const PARTS: Record<string, RegExp> = {
  FREQ: new RegExp(`^(?:${FREQS.join("|")})$`),
  INTERVAL: /^[1-9]\d{0,2}$/,
  UNTIL: /^\d{8}(?:T\d{6}Z?)?$/,
  BYDAY: list(`(?:[+-]?[1-5])?${DAY}`),
  BYMONTHDAY: list("-?(?:[1-9]|[12]\\d|3[01])"),
  BYMONTH: list("(?:[1-9]|1[0-2])"),
  BYSETPOS: list("-?(?:[1-9]|[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6])"),
  BYYEARDAY: list("-?(?:[1-9]|[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6])"),
  BYWEEKNO: list("-?(?:[1-9]|[1-4]\\d|5[0-3])"),
  WKST: new RegExp(`^${DAY}$`),
};
const REFUSED: Record<string, string> = {
  DTSTART: "leave out DTSTART: the rule starts at the task's due date",
  COUNT: "COUNT is not supported; use UNTIL=YYYYMMDD to end the repetition",
  BYHOUR: "leave out BYHOUR: the time of day comes from the task's due date",
  BYMINUTE: "leave out BYMINUTE: the time of day comes from the task's due date",
  BYSECOND: "leave out BYSECOND: the time of day comes from the task's due date",
};

const fail = (message: string): RuleCheck => ({ ok: false, message: `recurrence: ${message}` });

/**
 * Checks a rule as clients send it (`FREQ=…;…`, optionally prefixed `RRULE:`, any letter case)
 * and returns it normalised, or says what is wrong with it.
 */
export function checkRule(input: string): RuleCheck {
  let text = input.trim().toUpperCase();
  if (text.startsWith("RRULE:")) text = text.slice(6);
  if (!text) return fail("must be an RRULE like FREQ=WEEKLY;BYDAY=MO");
  if (text.length > RECURRENCE_MAX) return fail(`must be at most ${RECURRENCE_MAX} characters`);
  if (/[\r\n]|DTSTART/.test(text)) return fail(REFUSED.DTSTART!);
  const seen = new Map<string, string>();
  for (const part of text.split(";").filter(Boolean)) {
    const [key, value, extra] = part.split("=");
    if (!key || value === undefined || extra !== undefined) return fail(`"${part}" is not KEY=VALUE`);
    if (REFUSED[key]) return fail(REFUSED[key]);
    const pattern = PARTS[key];
    if (!pattern) return fail(`${key} is not a rule part we support (use FREQ, INTERVAL, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS)`);
    if (seen.has(key)) return fail(`${key} is given twice`);
    if (!pattern.test(value)) return fail(`${key}=${value} is not valid`);
    seen.set(key, value);
  }
  const freq = seen.get("FREQ");
  if (!freq) return fail("FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)");
  if (/\d/.test(seen.get("BYDAY") ?? "") && freq !== "MONTHLY" && freq !== "YEARLY")
    return fail("numbered BYDAY (like 1MO) needs FREQ=MONTHLY or YEARLY");
  const until = seen.get("UNTIL");
  // A bare UNTIL day includes that whole day.
  if (until && until.length === 8) seen.set("UNTIL", `${until}T235959Z`);
  else if (until && !until.endsWith("Z")) seen.set("UNTIL", `${until}Z`);
  const rule = ["FREQ", ...[...seen.keys()].filter((k) => k !== "FREQ")].map((k) => `${k}=${seen.get(k)}`).join(";");
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rule);
  } catch {
    return fail("is not a valid RRULE");
  }
  // A rule that never happens (30 February) is a mistake: look for one occurrence in 8 years.
  const probe = new RRule({ ...options, until: null, dtstart: new Date(Date.UTC(2001, 0, 1, 12)) });
  if (!probe.between(new Date(Date.UTC(2001, 0, 1)), new Date(Date.UTC(2009, 0, 1)), true, (_d, i) => i < 1).length) {
    return fail("never happens (no such date)");
  }
  return { ok: true, rule };
}

/** Wall-clock fields of an instant in the zone, as a UTC Date ("floating" time for rrule). */
function floating(instant: Date, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

function fromFloating(local: Date, timeZone: string, ms: number): Date {
  return zonedToInstant(
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    ms,
    timeZone,
  );
}

function ruleFrom(rule: string, dtstart: Date): RRule {
  // UNTIL (a UTC Date from the parser) is compared on the same floating scale: it is read on
  // the user's wall clock, like every other date of the rule.
  return new RRule({ ...RRule.parseString(rule), dtstart, tzid: null });
}

/**
 * The occurrence that follows a completion: the first one after both the current due date and
 * `after` (the completion time), at the due date's local time of day. Null when the rule has
 * ended (UNTIL).
 */
export function nextOccurrence(rule: string, { dueAt, after, timeZone }: { dueAt: Date; after: Date; timeZone: string }): Date | null {
  const start = floating(dueAt, timeZone);
  const from = floating(new Date(Math.max(after.getTime(), dueAt.getTime())), timeZone);
  const next = rebasedRule(rule, start, from).after(from, false);
  return next ? fromFloating(next, timeZone, dueAt.getUTCMilliseconds()) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rule started from `start`, but expanded from a whole number of its periods later, shortly
 * before `from`: `rrule` walks every occurrence from the start, so a daily task due decades ago
 * took seconds per completion (security case 45). A rule's occurrences repeat with its period
 * (INTERVAL days, weeks, months or years: every BY… part is a filter within a period), so the
 * occurrences after `from` are the same. The parts `rrule` would take from the start date (the
 * day of the month, the month, the weekday) are written into the rule before it moves.
 */
function rebasedRule(rule: string, start: Date, from: Date): RRule {
  const options = { ...RRule.parseString(rule), dtstart: start, tzid: null };
  const interval = options.interval ?? 1;
  const implicit = !options.byweekno && !options.byyearday && !options.bymonthday && !options.byweekday;
  if (options.freq === RRule.DAILY || options.freq === RRule.WEEKLY) {
    if (implicit && options.freq === RRule.WEEKLY) options.byweekday = [(start.getUTCDay() + 6) % 7];
    const period = interval * (options.freq === RRule.DAILY ? 1 : 7) * DAY_MS;
    const periods = Math.floor((from.getTime() - start.getTime()) / period) - 1;
    if (periods > 0) options.dtstart = new Date(start.getTime() + periods * period);
  } else {
    if (implicit) {
      options.bymonthday = [start.getUTCDate()];
      if (options.freq === RRule.YEARLY) options.bymonth ??= [start.getUTCMonth() + 1];
    }
    const period = interval * (options.freq === RRule.MONTHLY ? 1 : 12);
    const months = (from.getUTCFullYear() - start.getUTCFullYear()) * 12 + from.getUTCMonth() - start.getUTCMonth();
    const periods = Math.floor(months / period) - 1;
    // The first day of the period's first month, at the start's time of day: nothing of that period is lost.
    if (periods > 0) {
      const month = options.freq === RRule.MONTHLY ? start.getUTCMonth() : 0;
      options.dtstart = new Date(
        Date.UTC(start.getUTCFullYear(), month + periods * period, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()),
      );
    }
  }
  return new RRule(options);
}

/**
 * The first occurrence on or after the local day of `now`, for a repeating task without a due
 * date: the end of that day (a due day without a time), like a bare YYYY-MM-DD due date.
 */
export function firstOccurrence(rule: string, { now, timeZone }: { now: Date; timeZone: string }): Date | null {
  const p = localParts(now, timeZone);
  const dayStart = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const start = new Date(Date.UTC(p.year, p.month - 1, p.day, 23, 59, 59));
  const first = ruleFrom(rule, start).after(dayStart, true);
  return first ? fromFloating(first, timeZone, 999) : null;
}

/**
 * Where a reminder goes when its task moves from `from` to `to`: the same distance before (or
 * after) the due date on the wall clock, so "the evening before at 18:00" stays at 18:00.
 */
export function moveReminder(remindAt: Date, { from, to, timeZone }: { from: Date; to: Date; timeZone: string }): Date {
  const offset = floating(remindAt, timeZone).getTime() - floating(from, timeZone).getTime();
  return fromFloating(new Date(floating(to, timeZone).getTime() + offset), timeZone, remindAt.getUTCMilliseconds());
}

const WEEKDAYS: Record<string, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const NTH: Record<string, string> = {
  "1": "first",
  "2": "second",
  "3": "third",
  "4": "fourth",
  "5": "fifth",
  "-1": "last",
  "-2": "second to last",
};

function ordinal(n: number): string {
  if (n === -1) return "last day";
  if (n < 0) return `${ordinal(-n)} to last day`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

function and(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function every(interval: number, unit: string): string {
  return interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`;
}

function dayName(code: string): string | null {
  const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(code);
  if (!m) return null;
  const name = WEEKDAYS[m[2]!]!;
  return m[1] ? `${NTH[m[1].replace("+", "")] ?? m[1]} ${name}` : name;
}

function untilText(value: string | undefined): string {
  if (!value) return "";
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return m ? ` until ${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : "";
}

/** A normalised rule in plain English: "every Monday", "every 2 weeks on Friday", "monthly on the 1st". */
export function describeRule(rule: string): string {
  const parts = new Map(rule.split(";").map((p) => p.split("=") as [string, string]));
  const freq = parts.get("FREQ");
  const interval = Number(parts.get("INTERVAL") ?? "1");
  const byday = parts.get("BYDAY")?.split(",");
  const bymonthday = parts.get("BYMONTHDAY")?.split(",").map(Number);
  const bymonth = parts.get("BYMONTH")?.split(",").map(Number);
  const known = new Set(["FREQ", "INTERVAL", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "WKST"]);
  const simple = [...parts.keys()].every((k) => known.has(k));
  const names = byday?.map(dayName);
  let text: string | null = null;
  if (simple && names?.every((n): n is string => n !== null)) {
    const plainDays = byday!.every((d) => /^[A-Z]{2}$/.test(d));
    if ((freq === "WEEKLY" || (freq === "DAILY" && interval === 1)) && !bymonthday && !bymonth && plainDays) {
      const weekdays = [...byday!].sort().join(",") === "FR,MO,TH,TU,WE";
      const weekend = [...byday!].sort().join(",") === "SA,SU";
      if (interval === 1) text = weekdays ? "every weekday" : weekend ? "every weekend day" : `every ${and(names)}`;
      else text = `${every(interval, "week")} on ${and(names)}`;
    }
    if (freq === "MONTHLY" && !bymonthday && !bymonth)
      text = `${interval === 1 ? "monthly" : every(interval, "month")} on the ${and(names)}`;
  } else if (simple && !byday) {
    if (freq === "DAILY" && !bymonthday && !bymonth) text = every(interval, "day");
    if (freq === "WEEKLY" && !bymonthday && !bymonth) text = every(interval, "week");
    if (freq === "MONTHLY" && !bymonth)
      text = bymonthday
        ? `${interval === 1 ? "monthly" : every(interval, "month")} on the ${and(bymonthday.map(ordinal))}`
        : interval === 1
          ? "monthly"
          : every(interval, "month");
    if (freq === "YEARLY") {
      if (!bymonth && !bymonthday) text = every(interval, "year");
      else if (bymonth?.length === 1 && bymonthday?.length === 1 && bymonthday[0]! > 0)
        text = `${every(interval, "year")} on ${bymonthday[0]} ${MONTHS[bymonth[0]! - 1]}`;
    }
  }
  if (text) return text + untilText(parts.get("UNTIL"));
  return RRule.fromString(rule).toText();
}

export function toRecurrence(rule: string | null): Recurrence | null {
  return rule ? { rule, text: describeRule(rule) } : null;
}
