/**
 * Wave 9: repeats and reminders in everyday words (lib/task-line): the rules bare-day-run,
 * every-month-name, times-a-period, nth-weekday-of-the-month, ordinal-each-month and reminder-off.
 */
import { describe, expect, it } from "vitest";
import { findRecurrencePhrase } from "@/lib/task-line/recurrence-phrases";
import { findReminderOff } from "@/lib/task-line/reminder-phrases";

const rule = (text: string) => findRecurrencePhrase(text)?.rule ?? null;
const phrase = (text: string) => {
  const f = findRecurrencePhrase(text);
  return f ? text.slice(f.start, f.end) : null;
};

describe("repeats said without 'every'", () => {
  it("bare-day-run: two or more weekdays, or one in the plural", () => {
    expect(rule("gym mon wed fri 7am")).toBe("FREQ=WEEKLY;BYDAY=MO,WE,FR");
    expect(phrase("gym mon wed fri 7am")).toBe("mon wed fri");
    expect(rule("swim tues and thurs at 6pm")).toBe("FREQ=WEEKLY;BYDAY=TU,TH");
    expect(rule("bible study tues & fri 8pm")).toBe("FREQ=WEEKLY;BYDAY=TU,FR");
    expect(rule("piano lessons wednesdays")).toBe("FREQ=WEEKLY;BYDAY=WE");
  });

  it("bare-day-run: never one day, a choice, a range or a deadline", () => {
    expect(rule("dentist tues at 3")).toBeNull();
    expect(rule("the recycling weds")).toBeNull();
    expect(rule("call the plumber monday or tuesday")).toBeNull();
    expect(rule("move it from mon to fri")).toBeNull();
    expect(rule("finish it by mon and tue")).toBeNull();
  });

  it("every-month-name, times-a-period, nth-weekday-of-the-month, ordinal-each-month", () => {
    expect(rule("bleed the radiators every october")).toBe("FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=1");
    expect(rule("check the boiler every year in march")).toBe("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1");
    expect(rule("clear the gutters every autumn")).toBe("FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1");
    expect(rule("water plants twice a week")).toBe("FREQ=WEEKLY;BYDAY=MO,TH");
    expect(rule("run 3 times a week")).toBe("FREQ=WEEKLY;BYDAY=MO,WE,FR");
    expect(rule("check the tyres twice a month")).toBe("FREQ=MONTHLY;BYMONTHDAY=1,15");
    expect(rule("descale the kettle twice a year")).toBe("FREQ=MONTHLY;INTERVAL=6");
    expect(rule("first monday of the month team lunch")).toBe("FREQ=MONTHLY;BYDAY=1MO");
    expect(rule("book the venue for the first saturday of the month")).toBeNull();
    expect(rule("pay council tax on the 15th each month")).toBe("FREQ=MONTHLY;BYMONTHDAY=15");
    expect(rule("save 20 each month")).toBe("FREQ=MONTHLY");
  });
});

describe("reminder-off", () => {
  it("reads the task whose reminder is not wanted", () => {
    expect(findReminderOff("no need to remind me about the dentist")).toBe("the dentist");
    expect(findReminderOff("theres no need to remind me about mum anymore")).toBe("mum");
    expect(findReminderOff("dont bother reminding me about the gym")).toBe("the gym");
    expect(findReminderOff("stop pinging me about the train, i'll remember")).toBe("the train");
    expect(findReminderOff("i dont need reminding about the vet")).toBe("the vet");
    expect(findReminderOff("i don't need a reminder for the dentist after all")).toBe("the dentist");
    expect(findReminderOff("actually forget the reminder for the flight")).toBe("the flight");
    expect(findReminderOff("no more reminders for the vet thanks")).toBe("the vet");
    expect(findReminderOff("stop the reminders for call mum")).toBe("call mum");
    expect(findReminderOff("the dentist doesnt need a reminder anymore")).toBe("the dentist");
  });

  it("is never a plain no, a to-do or 'don't forget'", () => {
    expect(findReminderOff("no need to remind me")).toBeNull();
    expect(findReminderOff("no need to remind me, ill remember")).toBeNull();
    expect(findReminderOff("don't remind me to call mum")).toBeNull();
    expect(findReminderOff("don't forget to remind me about the dentist")).toBeNull();
    expect(findReminderOff("remind me about the dentist")).toBeNull();
  });
});
