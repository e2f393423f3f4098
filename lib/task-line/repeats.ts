/**
 * Due and reminder times for what the add reader found: the first occurrence of a repeat rule
 * at the time the user said ("every sunday at 9am" on a Sunday afternoon: next Sunday 09:00), and
 * "remind me 30 minutes before" as a local time. All on the user's wall clock (floating dates).
 */
import { RRule } from "@/lib/tasks/rrule";
import type { Clock } from "./clock";
import type { Due } from "./dates";

const floating = (due: Due): Date => new Date(Date.UTC(due.date.y, due.date.m - 1, due.date.d, due.hour ?? 0, due.minute ?? 0));
const toDue = (d: Date, timed: boolean): Due => ({
  date: { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() },
  ...(timed ? { hour: d.getUTCHours(), minute: d.getUTCMinutes() } : {}),
});

/** The first occurrence of `rule` on or after `due` (and not before now), at `due`'s time of day; null if none or the rule is unreadable. */
export function firstOccurrenceAt(rule: string, due: Due, clock: Clock): Due | null {
  try {
    const start = floating(due);
    const now = new Date(Date.UTC(clock.today.y, clock.today.m - 1, clock.today.d, 0, clock.minutes));
    const from = due.hour === undefined ? floating({ date: clock.today }) : now;
    const first = new RRule({ ...RRule.parseString(rule), dtstart: start, tzid: null }).after(
      new Date(Math.max(from.getTime(), start.getTime())),
      true,
    );
    return first ? toDue(first, due.hour !== undefined) : null;
  } catch {
    return null;
  }
}

/** `minutes` before a timed due, as a due; null when the due has no time. */
export function minutesBefore(due: Due, minutes: number): Due | null {
  if (due.hour === undefined) return null;
  return toDue(new Date(floating(due).getTime() - minutes * 60_000), true);
}
