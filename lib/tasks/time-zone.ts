/**
 * Wall-clock arithmetic in IANA time zones with nothing but Intl: local midnights, the local
 * date of an instant, and the instant of a local date-time.
 *
 * Zone names come from clients, so every cache here is bounded: names are first mapped to
 * their canonical spelling (any letter-case variant of a zone is the same zone), formatters are
 * kept per canonical zone, and each map holds at most MAX_CACHED entries (oldest dropped).
 */
const MAX_CACHED = 1000;
const canonicalNames = new Map<string, string | null>();
const formatters = new Map<string, Intl.DateTimeFormat>();

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

/** How many entries the caches hold (they never exceed MAX_CACHED each). */
export function timeZoneCacheSizes(): { names: number; formatters: number } {
  return { names: canonicalNames.size, formatters: formatters.size };
}

/** The canonical spelling of an IANA zone ("europe/berlin" → "Europe/Berlin"), or null for an unknown one. */
export function canonicalTimeZone(timeZone: string): string | null {
  const known = canonicalNames.get(timeZone);
  if (known !== undefined) return known;
  let zone: string | null = null;
  if (timeZone.length <= 64) {
    try {
      // Constructing a formatter costs ~0.5 ms, hence the cache.
      zone = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
  }
  remember(canonicalNames, timeZone, zone);
  return zone;
}

/** Whether Intl knows the zone. */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

function formatter(name: string): Intl.DateTimeFormat {
  const timeZone = canonicalTimeZone(name);
  if (timeZone === null) throw new RangeError(`Invalid time zone specified: ${name.slice(0, 64)}`);
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
    remember(formatters, timeZone, f);
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
