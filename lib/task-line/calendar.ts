/**
 * Civil (wall-clock) dates without a time zone. All date reasoning in the built-in model
 * happens on these, in the user's zone, so the host machine's zone never leaks in.
 */
export type CivilDate = { y: number; m: number; d: number };

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
/** Short weekday spellings people type ("fri", "weds", "thurs"), to their full names. */
export const SHORT_WEEKDAYS: Readonly<Record<string, string>> = {
  mon: "monday",
  tue: "tuesday",
  tues: "tuesday",
  wed: "wednesday",
  weds: "wednesday",
  thu: "thursday",
  thur: "thursday",
  thurs: "thursday",
  fri: "friday",
  sat: "saturday",
  sun: "sunday",
};
export const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

function toUtc(c: CivilDate): Date {
  return new Date(Date.UTC(c.y, c.m - 1, c.d));
}

function fromUtc(date: Date): CivilDate {
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export function addDays(c: CivilDate, days: number): CivilDate {
  const date = toUtc(c);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Adds months, clamping the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(c: CivilDate, months: number): CivilDate {
  const index = c.y * 12 + (c.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(c.d, daysInMonth(y, m)) };
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(c: CivilDate): number {
  return toUtc(c).getUTCDay();
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function diffDays(a: CivilDate, b: CivilDate): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

export function compareDates(a: CivilDate, b: CivilDate): number {
  return diffDays(b, a);
}

export function isValidDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const pad = (n: number) => String(n).padStart(2, "0");

export function formatIsoDate(c: CivilDate): string {
  return `${c.y}-${pad(c.m)}-${pad(c.d)}`;
}

export function formatIsoLocalDateTime(c: CivilDate, hour: number, minute: number): string {
  return `${formatIsoDate(c)}T${pad(hour)}:${pad(minute)}:00`;
}

export function parseIsoDate(text: string): CivilDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const c = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  return isValidDate(c.y, c.m, c.d) ? c : null;
}
