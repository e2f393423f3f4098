/** The iCalendar feed parsed back with ical.js: zones, UNTIL, all-day events, what is left out. */
import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { buildCalendarFeed } from "@/lib/calendar/feed";
import { parseDue } from "@/lib/tasks/due";
import { describeRule } from "@/lib/tasks/recurrence";
import type { TaskView } from "@/lib/tasks/schema";
import { taskView } from "@/tests/support/task-view.mjs";

const NY = "America/New_York";

/** Created on 1 November, last changed on the 2nd (the feed's CREATED and LAST-MODIFIED). */
function task(id: string, fields: Partial<TaskView>): TaskView {
  return taskView(id, { createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-02T00:00:00.000Z", ...fields });
}

function repeat(rule: string) {
  return { rule, text: describeRule(rule) };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

function occurrences(event: ICAL.Event, max = 20): string[] {
  const out: string[] = [];
  const it = event.iterator();
  for (let next = it.next(); next && out.length < max; next = it.next()) out.push(next.toJSDate().toISOString());
  return out;
}

describe("buildCalendarFeed", () => {
  it("repeats a timed task at the same local time across the US change, up to UNTIL on the wall clock", () => {
    const events = parse(
      buildCalendarFeed({
        timeZone: NY,
        tasks: [
          task("standup", {
            dueAt: parseDue("2027-03-12T09:00", NY)!.toISOString(),
            recurrence: repeat("FREQ=DAILY;UNTIL=20270315T235959Z"),
          }),
        ],
      }),
    );
    expect(events).toHaveLength(1);
    // 14 March 2027 is the spring change: 14:00Z before, 13:00Z after; the 15th is the last day.
    expect(occurrences(events[0]!)).toEqual([
      "2027-03-12T14:00:00.000Z",
      "2027-03-13T14:00:00.000Z",
      "2027-03-14T13:00:00.000Z",
      "2027-03-15T13:00:00.000Z",
    ]);
  });

  it("makes a due day without a time an all-day event, with a DATE UNTIL", () => {
    const events = parse(
      buildCalendarFeed({
        timeZone: NY,
        tasks: [
          task("rent", {
            dueAt: parseDue("2027-01-31", NY)!.toISOString(),
            recurrence: repeat("FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270430"),
          }),
        ],
      }),
    );
    const rent = events[0]!;
    expect(rent.startDate.isDate).toBe(true);
    expect(occurrences(rent).map((d) => d.slice(0, 10))).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
  });

  it("leaves out completed tasks and tasks without a due date", () => {
    const events = parse(
      buildCalendarFeed({
        timeZone: "UTC",
        tasks: [
          task("done", { status: "completed", dueAt: "2027-01-01T10:00:00.000Z" }),
          task("someday", {}),
          task("dated", { dueAt: "2027-01-01T10:00:00.000Z", remindAt: "2027-01-01T10:15:00.000Z" }),
        ],
      }),
    );
    expect(events.map((e) => e.summary)).toEqual(["dated"]);
    expect(events[0]!.uid).toBe("dated@talk-todo");
    // A reminder after the start is an alarm after the start.
    const trigger = events[0]!.component.getFirstSubcomponent("valarm")!.getFirstPropertyValue("trigger") as ICAL.Duration;
    expect(trigger.toSeconds()).toBe(15 * 60);
  });
});
