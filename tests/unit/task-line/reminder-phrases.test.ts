import { describe, expect, it } from "vitest";
import { findReminderPhrase } from "@/lib/task-line/reminder-phrases";

/** The phrase as a caller sees it: kind, minutes, the time words, and the text left for the title. */
function read(text: string) {
  const found = findReminderPhrase(text);
  if (!found) return null;
  const rest = (text.slice(0, found.start) + " " + text.slice(found.end)).replace(/\s+/g, " ").trim();
  if (found.kind === "before") return { kind: found.kind, minutes: found.minutes, rest };
  return { kind: found.kind, when: found.when ? text.slice(found.when.start, found.when.end) : null, rest };
}

describe("findReminderPhrase", () => {
  it("reads the issue's phrasings", () => {
    expect(read("remind me at 5pm to call mom")).toEqual({ kind: "at", when: "at 5pm", rest: "call mom" });
    expect(read("dentist at 3pm tomorrow, remind me 30 minutes before")).toEqual({
      kind: "before",
      minutes: 30,
      rest: "dentist at 3pm tomorrow",
    });
    expect(read("remind me tomorrow morning to renew the passport")).toEqual({
      kind: "at",
      when: "tomorrow morning",
      rest: "renew the passport",
    });
  });

  it("reads offsets in other words", () => {
    expect(read("standup at 9:30 remind me an hour before")).toMatchObject({ kind: "before", minutes: 60, rest: "standup at 9:30" });
    expect(read("flight on friday, remind me the day before")).toMatchObject({ kind: "before", minutes: 1440, rest: "flight on friday" });
    expect(read("home insurance renewal, remind me the week before")).toMatchObject({ kind: "before", minutes: 10080 });
    expect(read("call at 4 and remind me 2 hours earlier")).toMatchObject({ kind: "before", minutes: 120 });
    expect(read("meeting at 10, remind me half an hour before")).toMatchObject({ kind: "before", minutes: 30, rest: "meeting at 10" });
  });

  it("finds a reminder without time words of its own (it goes off at the due time)", () => {
    expect(read("remind me to call mom at 6pm")).toEqual({ kind: "at", when: null, rest: "call mom at 6pm" });
    expect(read("remind me about the dentist on friday")).toEqual({ kind: "at", when: null, rest: "the dentist on friday" });
    expect(read("water the plants tomorrow, remind me")).toEqual({ kind: "at", when: null, rest: "water the plants tomorrow" });
    expect(read("remind me to go to the store")).toEqual({ kind: "at", when: null, rest: "go to the store" });
    expect(read("remind me in 2 hours to stretch")).toEqual({ kind: "at", when: "in 2 hours", rest: "stretch" });
  });

  it("leaves other text alone", () => {
    for (const text of ["call mom at 5pm", "buy a reminder card", "remind mom to call me"]) expect(read(text), text).toBeNull();
  });
});

describe("reminder amounts in words (numbers.ts)", () => {
  const cases: Array<[string, number]> = [
    ["call at 5, remind me fifteen minutes before", 15],
    ["call at 5, remind me twenty minutes before", 20],
    ["call at 5, remind me forty-five minutes before", 45],
    ["call at 5, remind me two hours before", 120],
    ["call at 5, remind me an hour before", 60],
    ["call at 5, remind me 3 days before", 4320],
  ];
  for (const [text, minutes] of cases) {
    it(text, () => expect(findReminderPhrase(text)).toMatchObject({ kind: "before", minutes }));
  }
});

describe("findReminderPhrase: a clock time after 'remind me' closing the line (issue 24, w11)", () => {
  it("reads it as the reminder's time", () => {
    expect(read("renew the car tax tomorrow remind me at 9")).toEqual({ kind: "at", when: "at 9", rest: "renew the car tax tomorrow" });
    expect(read("renew the car tax tomorrow, and ping me at 7.30pm")).toEqual({
      kind: "at",
      when: "at 7.30pm",
      rest: "renew the car tax tomorrow",
    });
  });
});
