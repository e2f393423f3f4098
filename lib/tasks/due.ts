/**
 * Due dates as people and models write them. A bare day (`2026-11-27`) means "by the end of
 * that day" in the user's zone; a date-time without an offset is the user's local time.
 */
import { zonedToInstant } from "@/lib/tasks/time-zone";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The years a due date may fall in: a task due in year 0100 is a typo, and dates far from now
 * make repeating tasks and calendars work for nothing (security case 45).
 */
export const DUE_YEAR_MIN = 1970;
export const DUE_YEAR_MAX = 2999;

function validDay(y: number, m: number, d: number): boolean {
  if (y < DUE_YEAR_MIN || y > DUE_YEAR_MAX) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Parses a due value; returns null when it is not a date we understand. */
export function parseDue(value: string, timeZone: string): Date | null {
  const text = value.trim();
  let m = DATE_ONLY.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDay(y, mo, d)) return null;
    return zonedToInstant(y, mo, d, 23, 59, 59, 999, timeZone);
  }
  m = LOCAL_DATE_TIME.exec(text);
  if (m) {
    const [y, mo, d, h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
    return zonedToInstant(y, mo, d, h, mi, s, Number((m[7] ?? "0").padEnd(3, "0")), timeZone);
  }
  if (WITH_OFFSET.test(text)) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return null;
    const year = Number(text.slice(0, 4));
    return year >= DUE_YEAR_MIN && year <= DUE_YEAR_MAX ? date : null;
  }
  return null;
}

/** Whether a stored due instant is the "end of day" marker (shown as a date without a time). */
export function isEndOfLocalDay(parts: { hour: number; minute: number; second: number }): boolean {
  return parts.hour === 23 && parts.minute === 59 && parts.second === 59;
}
