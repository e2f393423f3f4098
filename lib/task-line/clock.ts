/**
 * Reads "now" and the user's time zone from the system prompt's clock line
 * (format fixed in docs/agent-tools.md), so every date the model resolves is relative to the
 * user's local day, never the server's.
 */
import { isValidTimeZone, localParts as zonedParts } from "@/lib/tasks/time-zone";
import { type CivilDate, parseIsoDate, weekdayOf } from "./calendar";

export type Clock = {
  now: Date;
  timeZone: string;
  today: CivilDate;
  /** Local wall-clock time, minutes since midnight. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
};

const CLOCK_LINE =
  /Current time:\s*(\S+)\s*\(user's time zone:\s*([^;)]+?)\s*;\s*local date\s*(\d{4}-\d{2}-\d{2})\s*,\s*[A-Za-z]+\s*,\s*(\d{1,2}):(\d{2})\s*\)/;

const safeZone = (timeZone: string): string => (isValidTimeZone(timeZone) ? timeZone : "UTC");

/** The local civil date and minutes-of-day of an instant in a zone (UTC for an unknown zone). */
export function localParts(instant: Date, timeZone: string): { date: CivilDate; minutes: number } {
  const p = zonedParts(instant, safeZone(timeZone));
  return { date: { y: p.year, m: p.month, d: p.day }, minutes: p.hour * 60 + p.minute };
}

/** Parses the clock line; without one (should not happen) falls back to the real time in UTC. */
export function readClock(system: string): Clock {
  const match = CLOCK_LINE.exec(system);
  if (match) {
    const now = new Date(match[1] ?? "");
    const today = parseIsoDate(match[3] ?? "");
    const timeZone = safeZone((match[2] ?? "UTC").trim());
    if (!Number.isNaN(now.getTime()) && today) {
      const minutes = Number(match[4]) * 60 + Number(match[5]);
      return { now, timeZone, today, minutes, weekday: weekdayOf(today) };
    }
  }
  const loose = /Current time:\s*(\S+)/.exec(system);
  const parsed = loose ? new Date(loose[1] ?? "") : new Date(NaN);
  const now = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  const { date, minutes } = localParts(now, "UTC");
  return { now, timeZone: "UTC", today: date, minutes, weekday: weekdayOf(date) };
}

/** The clock for an instant in a zone (UTC for an unknown zone), for readers outside a chat. */
export function clockAt(now: Date, timeZone: string): Clock {
  const zone = safeZone(timeZone);
  const { date, minutes } = localParts(now, zone);
  return { now, timeZone: zone, today: date, minutes, weekday: weekdayOf(date) };
}
