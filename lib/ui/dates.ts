/**
 * Friendly due-date labels, computed in the user's saved time zone (the one the server uses to
 * read "tomorrow" or a bare YYYY-MM-DD), so a day-only due date never shows up as 00:59.
 */
const DAY = 24 * 60 * 60 * 1000;
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

function zonedParts(date: Date, timeZone?: string): Parts {
  const key = timeZone ?? "";
  let f = partsFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    } catch {
      f = new Intl.DateTimeFormat("en-US", {
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    }
    partsFormatters.set(key, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return { year: out.year ?? 1970, month: out.month ?? 1, day: out.day ?? 1, hour: (out.hour ?? 0) % 24, minute: out.minute ?? 0 };
}

function dayNumber(p: Parts): number {
  return Math.round(Date.UTC(p.year, p.month - 1, p.day) / DAY);
}

export type DueInfo = { label: string; tone: "overdue" | "today" | "soon" | "later"; full: string };

export function describeDue(dueAt: string | null, status: "pending" | "completed", timeZone?: string, now = new Date()): DueInfo | null {
  if (!dueAt) return null;
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return null;
  const dp = zonedParts(due, timeZone);
  const days = dayNumber(dp) - dayNumber(zonedParts(now, timeZone));
  const hasTime = !(dp.hour === 23 && dp.minute === 59) && !(dp.hour === 0 && dp.minute === 0);
  const opts = { timeZone } as const;
  const time = hasTime ? ` ${due.toLocaleTimeString(undefined, { ...opts, hour: "numeric", minute: "2-digit" })}` : "";
  const full = due.toLocaleString(undefined, {
    ...opts,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    ...(hasTime ? { hour: "numeric", minute: "2-digit" } : {}),
  });
  let label: string;
  if (days === 0) label = `Today${time}`;
  else if (days === 1) label = `Tomorrow${time}`;
  else if (days === -1) label = `Yesterday${time}`;
  else if (days > 1 && days < 7) label = due.toLocaleDateString(undefined, { ...opts, weekday: "short" }) + time;
  else
    label = due.toLocaleDateString(undefined, {
      ...opts,
      month: "short",
      day: "numeric",
      ...(dp.year !== zonedParts(now, timeZone).year ? { year: "numeric" } : {}),
    });
  const overdue = status === "pending" && due.getTime() < now.getTime();
  const tone = overdue ? "overdue" : days === 0 ? "today" : days > 0 && days < 3 ? "soon" : "later";
  return { label: overdue && days !== 0 ? `Overdue · ${label}` : label, tone, full };
}

/** The calendar day (YYYY-MM-DD) of an instant in the user's time zone, for <input type="date">. */
export function toDateInputValue(dueAt: string | null, timeZone?: string): string {
  if (!dueAt) return "";
  const d = new Date(dueAt);
  if (Number.isNaN(d.getTime())) return "";
  const p = zonedParts(d, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export type RecencyGroup = "Today" | "Yesterday" | "Previous 7 days" | "Previous 30 days" | "Older";

export function recencyGroup(iso: string, now = new Date()): RecencyGroup {
  const days = dayNumber(zonedParts(now)) - dayNumber(zonedParts(new Date(iso)));
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return "Previous 7 days";
  if (days <= 30) return "Previous 30 days";
  return "Older";
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "never";
  const diff = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  if (abs < 60) return rtf.format(diff, "second");
  if (abs < 3600) return rtf.format(Math.round(diff / 60), "minute");
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), "hour");
  return rtf.format(Math.round(diff / 86400), "day");
}

/** The local date-time (YYYY-MM-DDTHH:MM) of an instant in the user's zone, for <input type="datetime-local">. */
export function toDateTimeInputValue(iso: string | null, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const p = zonedParts(d, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** When a reminder goes off, short: "Today 17:00", "Tomorrow 09:30", "Fri 27 Nov, 08:00". */
export function describeReminder(iso: string, timeZone?: string, now = new Date()): string {
  const at = new Date(iso);
  const days = dayNumber(zonedParts(at, timeZone)) - dayNumber(zonedParts(now, timeZone));
  const time = at.toLocaleTimeString(undefined, { timeZone, hour: "numeric", minute: "2-digit" });
  if (days === 0) return `Today ${time}`;
  if (days === 1) return `Tomorrow ${time}`;
  return `${at.toLocaleDateString(undefined, { timeZone, weekday: "short", month: "short", day: "numeric" })}, ${time}`;
}

/** The weekday (0 = Sunday) and day of the month of an instant in the user's zone. */
export function localDayOf(iso: string | null, timeZone?: string): { weekday: number; day: number; month: number } {
  const p = zonedParts(iso ? new Date(iso) : new Date(), timeZone);
  return { weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(), day: p.day, month: p.month };
}
