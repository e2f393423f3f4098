import { describe, expect, it } from "vitest";
import { clockAt } from "@/lib/task-line/clock";
import { readDueRelativeReminder } from "@/lib/task-line/due-relative";

const clock = clockAt(new Date("2026-11-26T14:00:00Z"), "UTC");

describe("readDueRelativeReminder: the part of the due day itself", () => {
  it('reads "the morning of" at the end of the line as the due day at 9', () => {
    expect(readDueRelativeReminder("remind me abt council tax the morning of", clock)).toEqual({
      days: 0,
      hour: 9,
      minute: 0,
      rest: "remind me abt council tax",
    });
    expect(readDueRelativeReminder("ping me about the mot the evening of it", clock)).toMatchObject({
      days: 0,
      hour: 19,
      rest: "ping me about the mot",
    });
  });
  it('leaves "for the morning of the wedding" and "the day of" alone', () => {
    expect(readDueRelativeReminder("get my hair done for the morning of the wedding", clock)).toBeNull();
    expect(readDueRelativeReminder("remind me about the mot the day of", clock)).toBeNull();
  });
});

describe("readDueRelativeReminder: the part of the day of a task named after 'of'", () => {
  it("keeps the task in the line when a reminder is asked for", () => {
    expect(readDueRelativeReminder("ping me the morning of parents evening", clock)).toEqual({
      days: 0,
      hour: 9,
      minute: 0,
      rest: "ping me parents evening",
    });
  });
  it("is a title without a reminder word", () => {
    expect(readDueRelativeReminder("buy wine for the evening of the party", clock)).toBeNull();
  });
});

describe("readDueRelativeReminder: on the due day", () => {
  it('reads "the morning they\'re due" like "the morning it\'s due"', () => {
    expect(readDueRelativeReminder("remind me about the library books the morning they're due", clock)).toEqual({
      days: 0,
      hour: 9,
      minute: 0,
      rest: "remind me about the library books",
    });
  });
  it('reads "on the day" ending a reminder, or before "for/of" the task, as that morning', () => {
    expect(readDueRelativeReminder("remind me about the vet on the day", clock)).toEqual({
      days: 0,
      hour: 9,
      minute: 0,
      rest: "remind me about the vet",
    });
    expect(readDueRelativeReminder("nudge me on the day for the plumber", clock)).toMatchObject({
      days: 0,
      hour: 9,
      rest: "nudge me the plumber",
    });
  });
  it('leaves "on the day" inside a title alone', () => {
    expect(readDueRelativeReminder("buy wine on the day for the party", clock)).toBeNull();
  });
});
