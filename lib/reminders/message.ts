/**
 * What a reminder says, on every channel: the task's title, when it is due in the user's time
 * zone, and — when it is sent late (the server was down when it came due) — how late.
 */
import { localParts } from "@/lib/tasks/time-zone";

/** Reminders sent later than this after their time say how old they are. */
export const LATE_AFTER_MS = 2 * 60_000;

export type ReminderFacts = {
  taskId: string;
  title: string;
  dueAt: Date | null;
  remindAt: Date;
  timeZone: string;
  appUrl: string;
  now: Date;
};

/** "3 h 5 min", "2 days 4 h", "7 min". */
export function describeAge(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return `${days} day${days === 1 ? "" : "s"}${hours ? ` ${hours} h` : ""}`;
  if (hours) return `${hours} h${rest ? ` ${rest} min` : ""}`;
  return `${rest} min`;
}

function localWhen(instant: Date, timeZone: string, now: Date): string {
  const p = localParts(instant, timeZone);
  const today = localParts(now, timeZone);
  const time = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? `today ${time}` : `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${time}`;
}

/** The late note ("Sent 3 h 5 min late: this reminder was due at 09:00."), or null when on time. */
export function lateNote(facts: ReminderFacts): string | null {
  const late = facts.now.getTime() - facts.remindAt.getTime();
  if (late < LATE_AFTER_MS) return null;
  return `Sent ${describeAge(late)} late: this reminder was due ${localWhen(facts.remindAt, facts.timeZone, facts.now)} (${facts.timeZone}).`;
}

/** One line under the title: when the task is due, and the late note. */
export function reminderBody(facts: ReminderFacts): string {
  const parts = [facts.dueAt ? `Due ${localWhen(facts.dueAt, facts.timeZone, facts.now)}` : "Reminder"];
  const late = lateNote(facts);
  if (late) parts.push(late);
  return parts.join(" · ");
}

/** The push message's JSON (docs/api.md, "Push and e-mail reminders"). */
export function pushPayload(facts: ReminderFacts): string {
  return JSON.stringify({
    type: "reminder",
    taskId: facts.taskId,
    title: facts.title,
    body: reminderBody(facts),
    dueAt: facts.dueAt?.toISOString() ?? null,
    remindAt: facts.remindAt.toISOString(),
    lateByMs: Math.max(0, facts.now.getTime() - facts.remindAt.getTime()),
    url: new URL("/", facts.appUrl).toString(),
  });
}

export function reminderMail(facts: ReminderFacts): { subject: string; text: string } {
  const lines = [
    facts.title,
    "",
    facts.dueAt
      ? `Due ${localWhen(facts.dueAt, facts.timeZone, facts.now)} (${facts.timeZone}).`
      : "You asked to be reminded of this task.",
  ];
  const late = lateNote(facts);
  if (late) lines.push("", late);
  lines.push(
    "",
    `Open your tasks: ${new URL("/", facts.appUrl).toString()}`,
    "",
    "You get these mails because e-mail reminders are on in Settings.",
  );
  return { subject: `Reminder: ${facts.title}`, text: lines.join("\n") };
}
