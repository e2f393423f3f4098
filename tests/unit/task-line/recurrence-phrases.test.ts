import { describe, expect, it } from "vitest";
import { describeRule } from "@/lib/tasks/recurrence";
import { findRecurrencePhrase } from "@/lib/task-line/recurrence-phrases";

/** The rule and the phrase's text, as a caller would cut it out of a title. */
function read(text: string): { rule: string; phrase: string; text: string } | null {
  const found = findRecurrencePhrase(text);
  return found && { rule: found.rule, phrase: text.slice(found.start, found.end), text: describeRule(found.rule) };
}

describe("findRecurrencePhrase", () => {
  it("reads the issue's examples", () => {
    expect(read("add water the plants every sunday at 9am")).toEqual({
      rule: "FREQ=WEEKLY;BYDAY=SU",
      phrase: "every sunday",
      text: "every Sunday",
    });
    expect(read("pay rent on the 1st of every month")).toEqual({
      rule: "FREQ=MONTHLY;BYMONTHDAY=1",
      phrase: "on the 1st of every month",
      text: "monthly on the 1st",
    });
  });

  it("reads the everyday ways of saying a repeat", () => {
    const cases: [string, string, string][] = [
      ["standup every weekday at 9:30", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"],
      ["gym on weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "on weekdays"],
      ["review timesheets every 2 weeks on Friday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "every 2 weeks on Friday"],
      ["bins every other thursday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH", "every other thursday"],
      ["piano every mon, wed and fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "every mon, wed and fri"],
      ["team lunch on tuesdays", "FREQ=WEEKLY;BYDAY=TU", "on tuesdays"],
      ["mum's birthday every year on 3 march", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3", "every year on 3 march"],
      ["anniversary every June 14th", "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=14", "every June 14th"],
      ["invoice the 15th of each month", "FREQ=MONTHLY;BYMONTHDAY=15", "the 15th of each month"],
      ["backup every 1st of the month", "FREQ=MONTHLY;BYMONTHDAY=1", "every 1st of the month"],
      ["payroll on the last day of every month", "FREQ=MONTHLY;BYMONTHDAY=-1", "on the last day of every month"],
      ["book club every first monday", "FREQ=MONTHLY;BYDAY=1MO", "every first monday"],
      ["vitamins every day", "FREQ=DAILY", "every day"],
      ["change filter every 3 months", "FREQ=MONTHLY;INTERVAL=3", "every 3 months"],
      ["call grandma every other week", "FREQ=WEEKLY;INTERVAL=2", "every other week"],
      ["water the plants daily", "FREQ=DAILY", "daily"],
      ["newsletter weekly on monday", "FREQ=WEEKLY;BYDAY=MO", "weekly on monday"],
    ];
    for (const [text, rule, phrase] of cases) expect(read(text), text).toMatchObject({ rule, phrase });
  });

  it("leaves text without a repeat alone", () => {
    for (const text of ["buy milk tomorrow", "write the monthly report", "daily standup notes", "call mom on monday", "every"]) {
      expect(read(text), text).toBeNull();
    }
  });
});

describe("findRecurrencePhrase in messy writing", () => {
  const cases: Array<[string, string, string, number | undefined]> = [
    ["gym every mon wed and fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "every mon wed and fri", undefined],
    ["bins out every tues night", "FREQ=WEEKLY;BYDAY=TU", "every tues night", 20],
    ["call gran every sunday arvo", "FREQ=WEEKLY;BYDAY=SU", "every sunday arvo", 15],
    ["take meds every morning", "FREQ=DAILY", "every morning", 9],
    ["pay the cleaner every fortnight", "FREQ=WEEKLY;INTERVAL=2", "every fortnight", undefined],
    ["check the smoke alarm once a month", "FREQ=MONTHLY", "once a month", undefined],
  ];
  for (const [text, rule, phrase, hour] of cases) {
    it(text, () => {
      const found = findRecurrencePhrase(text);
      expect(found && { rule: found.rule, phrase: text.slice(found.start, found.end), hour: found.hour }).toEqual({ rule, phrase, hour });
    });
  }
});

describe("repeat intervals in words (numbers.ts)", () => {
  const cases: Array<[string, string]> = [
    ["water the ferns every third day", "FREQ=DAILY;INTERVAL=3"],
    ["deep clean every second week", "FREQ=WEEKLY;INTERVAL=2"],
    ["service the bike every twelve months", "FREQ=MONTHLY;INTERVAL=12"],
    ["call grandma every other week", "FREQ=WEEKLY;INTERVAL=2"],
    ["check the tyres every 4 weeks", "FREQ=WEEKLY;INTERVAL=4"],
  ];
  for (const [text, rule] of cases) {
    it(text, () => expect(findRecurrencePhrase(text)?.rule).toBe(rule));
  }
});
