/**
 * Wall-clock arithmetic in IANA time zones with nothing but Intl: local midnights, the local
 * date of an instant, and the instant of a local date-time.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const validity = new Map<string, boolean>();

/** Whether Intl knows the zone; remembered, since constructing a formatter costs ~0.5 ms. */
export function isValidTimeZone(timeZone: string): boolean {
  let valid = validity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    if (validity.size < 1000) validity.set(timeZone, valid);
  }
  return valid;
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the wall clock in `timeZone` shows this local date-time. */
export function zonedToInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0, timeZone = "UTC"): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  let offset = offsetAt(new Date(guess), timeZone);
  let result = guess - offset;
  // Second pass settles DST transitions.
  const offset2 = offsetAt(new Date(result), timeZone);
  if (offset2 !== offset) {
    offset = offset2;
    result = guess - offset;
  }
  return new Date(result);
}

/** `YYYY-MM-DD` of the instant in the zone. */
export function localDateString(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Start of the local day containing `instant`, shifted by `days` days. */
export function startOfLocalDay(instant: Date, timeZone: string, days = 0): Date {
  const p = localParts(instant, timeZone);
  const shifted = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return zonedToInstant(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate(), 0, 0, 0, 0, timeZone);
}
