/**
 * Times, dates and reminders in everyday (British) words (issue 24, w13): "fortnight today", "a week on
 * tuesday", "change it to ten to 5", "the meeting's moved to 3", shifts by part of a day ("push the
 * dentist back half an hour"), "…, ping me at lunchtime", "can you not remind me about X", and
 * timetable news ("my brother's train gets in at 6") that is no to-do.
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { dueToString, extractDue } from "@/lib/task-line/dates";
import { findReminderOff, findReminderPhrase } from "@/lib/task-line/reminder-phrases";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { minutesOf, readValue } from "@/lib/agent/builtin/intents/update";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";

// Thursday 2026-11-26, 14:00 UTC.
const clock = readClock("Current time: 2026-11-26T14:00:00.000Z (user's time zone: UTC; local date 2026-11-26, Thursday, 14:00)");
const due = (text: string) => {
  const r = extractDue(text, clock);
  return [r.due ? dueToString(r.due) : null, r.rest.trim()];
};

describe("British day words (dates.ts)", () => {
  it("reads 'fortnight today' and 'week tomorrow' without an article", () => {
    expect(due("book the boiler service fortnight today")).toEqual(["2026-12-10", "book the boiler service"]);
    expect(due("ring sam week tomorrow")).toEqual(["2026-12-04", "ring sam"]);
    expect(due("ring sam a fortnight today")).toEqual(["2026-12-10", "ring sam"]);
  });
  it("reads 'a week on <day>' as a week after the coming day", () => {
    expect(due("renew the insurance a week on tuesday")).toEqual(["2026-12-08", "renew the insurance"]);
    expect(due("haircut a week on sat")).toEqual(["2026-12-05", "haircut"]);
    expect(due("haircut a fortnight on friday")).toEqual(["2026-12-11", "haircut"]);
    // said on the day itself: the coming one is next week's
    expect(due("ring sam a week on thursday")).toEqual(["2026-12-10", "ring sam"]);
  });
  it("reads a bare hour after a verb of moving as a time, never a count", () => {
    expect(extractDue("the meeting's moved to 3", clock).due).toMatchObject({ hour: 15, minute: 0 });
    expect(extractDue("got pushed back to 11:30", clock).due).toMatchObject({ hour: 11, minute: 30 });
    expect(extractDue("the meeting moved to 2 weeks", clock).due?.hour).toBeUndefined();
    expect(extractDue("the party went to 3 people", clock).due).toBeNull();
  });
});

describe("a clock time as the whole new value (update.ts readValue)", () => {
  it("reads 'ten to 5' and a bare hour as a time on the task's own day", () => {
    expect(readValue("ten to 5", clock)).toMatchObject({ due: "2026-11-26T16:50:00", keepDay: true });
    expect(readValue("twenty to three", clock)).toMatchObject({ due: "2026-11-26T14:40:00", keepDay: true });
    expect(readValue("3", clock)).toMatchObject({ due: "2026-11-26T15:00:00", keepDay: true });
    expect(readValue("10:30", clock)).toMatchObject({ keepDay: true });
    expect(readValue("3 people", clock)).toBeNull();
  });
  it("reads 'change the haircut to ten to 5' as a time, never a rename", () => {
    expect(classify("change the haircut to ten to 5", clock)[0]).toMatchObject({ type: "update", changes: { keepDay: true } });
  });
});

describe("shifts by part of a day (Changes.shiftMinutes)", () => {
  it("minutesOf reads lengths under a day", () => {
    expect(minutesOf("half an hour")).toBe(30);
    expect(minutesOf("an hour")).toBe(60);
    expect(minutesOf("by 2 hours")).toBe(120);
    expect(minutesOf("an hour and a half")).toBe(90);
    expect(minutesOf("20 mins")).toBe(20);
    expect(minutesOf("a couple of hours")).toBe(120);
    expect(minutesOf("a day")).toBeNull();
    expect(minutesOf("friday")).toBeNull();
  });
  it("the readers take 'back'/'forward' with a length of time as a shift of the due time", () => {
    expect(classify("push the dentist back half an hour", clock)[0]).toMatchObject({ type: "update", changes: { shiftMinutes: 30 } });
    expect(classify("bring the dentist forward an hour", clock)[0]).toMatchObject({ type: "update", changes: { shiftMinutes: -60 } });
    expect(classify("move the dentist back by 2 hours", clock)[0]).toMatchObject({ type: "update", changes: { shiftMinutes: 120 } });
    expect(classify("push the dentist back two days", clock)[0]).toMatchObject({ type: "update", changes: { shiftDays: 2 } });
  });
  it("grounding reads news of a shift, never 'in half an hour' from now", () => {
    const dentist: TaskView = {
      id: "d",
      title: "Dentist appointment",
      description: null,
      status: "pending",
      priority: "none",
      dueAt: "2026-11-28T12:00:00.000Z",
      labels: [],
    };
    const g = groundMessage("the dentist got pushed back half an hour", [dentist], clock);
    expect(g?.kind === "change" ? g.change.changes : null).toEqual({ shiftMinutes: 30 });
    const e = groundMessage("dentist needs to be an hour earlier", [dentist], clock);
    expect(e?.kind === "change" ? e.change.changes : null).toEqual({ shiftMinutes: -60 });
  });
});

describe("reminder words (reminder-phrases.ts)", () => {
  it("'…, ping me at lunchtime' closing an add is the reminder's time", () => {
    const p = findReminderPhrase("order the cake tomorrow, ping me at lunchtime");
    expect(p).toMatchObject({ kind: "at" });
    if (p?.kind === "at" && p.when)
      expect("order the cake tomorrow, ping me at lunchtime".slice(p.when.start, p.when.end)).toBe("at lunchtime");
    expect(findReminderPhrase("post the card, remind me at half 5")).toMatchObject({ kind: "at" });
  });
  it("'can you not remind me about X' turns the reminder off", () => {
    expect(findReminderOff("not remind me about the plants")).toBe("the plants");
    expect(findReminderOff("can you not remind me about the plants")).toBe("the plants");
  });
});

describe("timetable news is no to-do (gate.ts readsAsSentence)", () => {
  it("says nothing is added for another's train or a match", () => {
    for (const text of ["my brother's train gets in at quarter past 6", "my mate's train gets in at 5"]) {
      const [intent] = classify(text, clock);
      expect(intent?.type).not.toBe("add");
    }
  });
});
