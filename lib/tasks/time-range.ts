/**
 * Time ranges on due and completion times (`dueFrom`/`dueTo`, `completedFrom`/`completedTo`),
 * shared by GET /api/tasks and the list_tasks tool (agent and MCP). Each bound is an ISO date
 * (`2026-11-30`: the user's local day — from its start, to its end, inclusive) or date-time
 * (with an offset; without one it is the user's local time, `…To` inclusive of that instant).
 */
import { zonedToInstant } from "@/lib/tasks/time-zone";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

export const RANGE_BOUND_HINT = "an ISO date (2026-11-30) or date-time (2026-11-30T09:00, 2026-11-30T09:00:00Z)";

/** The four bounds as a client sends them. */
export type TimeRangeInput = { dueFrom?: string; dueTo?: string; completedFrom?: string; completedTo?: string };

/** A resolved range: `gte` inclusive start, `lt` exclusive end (either may be missing). */
export type InstantRange = { gte?: Date; lt?: Date };

export type TimeRanges = { due?: InstantRange; completed?: InstantRange };

export class TimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimeRangeError";
  }
}

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * One bound as an instant: for `from` the first instant it covers, for `to` the first instant
 * after it (so a day `to` covers that whole local day). Null: not a date we understand.
 */
export function parseRangeBound(value: string, edge: "from" | "to", timeZone: string): Date | null {
  const text = value.trim();
  let m = DATE_ONLY.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDay(y, mo, d)) return null;
    // The start of that day, or of the next one (a day may be 23 or 25 hours long).
    return edge === "from" ? zonedToInstant(y, mo, d, 0, 0, 0, 0, timeZone) : zonedToInstant(y, mo, d + 1, 0, 0, 0, 0, timeZone);
  }
  let instant: Date | null = null;
  m = LOCAL_DATE_TIME.exec(text);
  if (m) {
    const [y, mo, d, h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
    instant = zonedToInstant(y, mo, d, h, mi, s, Number((m[7] ?? "0").padEnd(3, "0")), timeZone);
  } else if (WITH_OFFSET.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) instant = date;
  }
  if (!instant) return null;
  return edge === "from" ? instant : new Date(instant.getTime() + 1);
}

function resolveRange(
  field: "due" | "completed",
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): InstantRange | undefined {
  if (from === undefined && to === undefined) return undefined;
  const range: InstantRange = {};
  for (const [edge, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (value === undefined) continue;
    const name = `${field}${edge === "from" ? "From" : "To"}`;
    const instant = parseRangeBound(value, edge, timeZone);
    if (!instant) throw new TimeRangeError(`${name}: '${value.slice(0, 40)}' is not ${RANGE_BOUND_HINT}.`);
    if (edge === "from") range.gte = instant;
    else range.lt = instant;
  }
  if (range.gte && range.lt && range.gte >= range.lt) throw new TimeRangeError(`${field}From must be before ${field}To.`);
  return range;
}

/** Resolves the bounds a client sent in the user's time zone; throws TimeRangeError naming a bad one. */
export function resolveTimeRanges(input: TimeRangeInput, timeZone: string): TimeRanges {
  const due = resolveRange("due", input.dueFrom, input.dueTo, timeZone);
  const completed = resolveRange("completed", input.completedFrom, input.completedTo, timeZone);
  return { ...(due ? { due } : {}), ...(completed ? { completed } : {}) };
}
