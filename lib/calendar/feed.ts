/**
 * A user's pending dated tasks as an iCalendar (RFC 5545) feed, for calendar apps to subscribe
 * to: one VEVENT per task (timed in the user's zone with its VTIMEZONE, or all-day for a due
 * day without a time), RRULE for repeating tasks, a display VALARM for a reminder, and a
 * stable UID per task so an app updates its copy instead of duplicating it.
 */
import ical, {
  ICalAlarmRelatesTo,
  ICalAlarmType,
  type ICalTemporalPlainDateStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { isEndOfLocalDay } from "@/lib/tasks/due";
import type { TaskView } from "@/lib/tasks/schema";
import { localParts, startOfLocalDay, zonedToInstant, type LocalParts } from "@/lib/tasks/time-zone";

/** Timed events last this long (a task has a due moment, not a duration). */
const EVENT_MINUTES = 30;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A local date in the shape ical-generator formats as a DATE value (Temporal.PlainDate). */
function plainDate(p: LocalParts): ICalTemporalPlainDateStub & { toPlainDateTime(): unknown } {
  const text = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { year: p.year, month: p.month, day: p.day, toJSON: () => text, toString: () => text, toPlainDateTime: () => text };
}

/**
 * A wall-clock time in a zone (Temporal.ZonedDateTime's shape): ical-generator writes it as
 * `DTSTART;TZID=<zone>:<local time>` whatever the server's own zone is.
 */
function zoned(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const p = localParts(instant, timeZone);
  const local = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  const self: ICalTemporalZonedDateTimeStub = {
    ...p,
    timeZoneId: timeZone,
    withTimeZone: () => self,
    toPlainDateTime: () => ({
      ...p,
      toPlainDate: () => plainDate(p),
      toZonedDateTime: () => self,
      toJSON: () => local,
      toString: () => local,
    }),
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: () => self,
    }),
    toJSON: () => `${local}[${timeZone}]`,
    toString: () => `${local}[${timeZone}]`,
  };
  return self;
}

/**
 * The task's rule as the feed writes it. Our UNTIL is read on the user's wall clock; RFC 5545
 * wants UTC for a timed start and a DATE for an all-day one.
 */
function feedRule(rule: string, allDay: boolean, timeZone: string): string {
  return rule.replace(
    /UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/,
    (_m, y: string, mo: string, d: string, h: string, mi: string, s: string) => {
      if (allDay) return `UNTIL=${y}${mo}${d}`;
      const at = zonedToInstant(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), 0, timeZone);
      return `UNTIL=${at
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`;
    },
  );
}

export type FeedOptions = { tasks: TaskView[]; timeZone: string; name?: string };

export function buildCalendarFeed({ tasks, timeZone, name = "Talk Todo" }: FeedOptions): string {
  const calendar = ical({
    name,
    prodId: { company: "talk-todo", product: "tasks", language: "EN" },
    // No calendar-wide zone (that would write DTSTAMP and friends without their UTC "Z"); each
    // timed event names its zone, and the generator adds that zone's VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 15 * 60,
  });
  for (const task of tasks) {
    if (task.status !== "pending" || !task.dueAt) continue;
    const due = new Date(task.dueAt);
    const parts = localParts(due, timeZone);
    const allDay = isEndOfLocalDay(parts);
    const start = allDay ? startOfLocalDay(due, timeZone) : due;
    const event = calendar.createEvent({
      id: `${task.id}@talk-todo`,
      summary: task.title,
      description: task.description || null,
      start: allDay ? plainDate(parts) : zoned(due, timeZone),
      end: allDay ? null : zoned(new Date(due.getTime() + EVENT_MINUTES * 60_000), timeZone),
      allDay,
      timezone: allDay ? null : timeZone,
      stamp: new Date(task.updatedAt),
      lastModified: new Date(task.updatedAt),
      created: new Date(task.createdAt),
      repeating: task.recurrence ? `RRULE:${feedRule(task.recurrence.rule, allDay, timeZone)}` : null,
    });
    if (task.remindAt) {
      const seconds = Math.round((new Date(task.remindAt).getTime() - start.getTime()) / 1000);
      const alarm = event.createAlarm({ type: ICalAlarmType.display, description: task.title, triggerBefore: -seconds });
      alarm.relatesTo(ICalAlarmRelatesTo.start);
    }
  }
  return calendar.toString();
}
