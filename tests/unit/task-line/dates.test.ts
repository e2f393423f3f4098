import { describe, it, expect } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { dueToString, extractDue } from "@/lib/task-line/dates";

// Wednesday 2026-11-25, 10:30 in London.
const clock = readClock(
  "Current time: 2026-11-25T10:30:00.000Z (user's time zone: Europe/London; local date 2026-11-25, Wednesday, 10:30)",
);

const cases: Array<[string, string | null, string]> = [
  ["buy milk today", "2026-11-25", "buy milk"],
  ["buy milk tonight", "2026-11-25T20:00:00", "buy milk"],
  ["buy milk this evening", "2026-11-25T19:00:00", "buy milk"],
  ["buy milk in the morning", "2026-11-26T09:00:00", "buy milk"],
  ["buy milk tomorrow morning", "2026-11-26T09:00:00", "buy milk"],
  ["buy milk tomorrow at 9", "2026-11-26T09:00:00", "buy milk"],
  ["buy milk at 5", "2026-11-25T17:00:00", "buy milk"],
  ["buy milk a week from friday", "2026-12-04", "buy milk"],
  ["buy milk this coming monday", "2026-11-30", "buy milk"],
  ["buy milk 5 days from now", "2026-11-30", "buy milk"],
  ["buy milk in a fortnight", "2026-12-09", "buy milk"],
  ["buy milk a fortnight from now", "2026-12-09", "buy milk"],
  ["buy milk end of the month", "2026-11-30", "buy milk"],
  ["buy milk on the 5th", "2026-12-05", "buy milk"],
  ["buy milk thursday afternoon", "2026-11-26T15:00:00", "buy milk"],
  ["buy milk on the first of next month", "2026-12-01", "buy milk"],
  ["buy milk by the end of next week", "2026-12-04", "buy milk"],
  ["buy milk first thing tomorrow", "2026-11-26T09:00:00", "buy milk"],
  ["sat down with the accountant", null, "sat down with the accountant"],
  ["I may need a new passport", null, "I may need a new passport"],
  // chrono reads "the day" as tomorrow; alone it is no date ("on the day" is the task's own day).
  ["bring snacks on the day", null, "bring snacks on the day"],
  // chrono reads "the year" as a year from now: a school year is no date.
  ["mark the year 2 spelling tests", null, "mark the year 2 spelling tests"],
  ["buy milk in a year", "2027-11-25", "buy milk"],
  // Wednesday 25 Nov: the coming Friday is the 27th, the one after next the 4th.
  ["price the extension friday after next", "2026-12-04", "price the extension"],
  ["price the extension wednesday after next", "2026-12-09", "price the extension"],
  ["I'm heading to the shops now", null, "I'm heading to the shops now"],
  ["buy milk tomorrow", "2026-11-26", "buy milk"],
  ["buy milk tmrw", "2026-11-26", "buy milk"],
  ["buy milk the day after tomorrow", "2026-11-27", "buy milk"],
  ["buy milk in 3 days", "2026-11-28", "buy milk"],
  ["buy milk in two weeks", "2026-12-09", "buy milk"],
  ["buy milk in a month", "2026-12-25", "buy milk"],
  ["buy milk next week", "2026-12-02", "buy milk"],
  ["buy milk by friday", "2026-11-27", "buy milk"],
  ["buy milk on wednesday", "2026-11-25", "buy milk"],
  ["buy milk by monday", "2026-11-30", "buy milk"],
  ["buy milk next friday", "2026-12-04", "buy milk"],
  ["buy milk next monday", "2026-11-30", "buy milk"],
  ["buy milk this weekend", "2026-11-28", "buy milk"],
  ["buy milk by the end of the week", "2026-11-27", "buy milk"],
  ["buy milk by end of month", "2026-11-30", "buy milk"],
  // chrono reads "this month"/"this year" as their first day, already past: the period's last day.
  ["pay rent this month", "2026-11-30", "pay rent"],
  ["pay rent later this month", "2026-11-30", "pay rent"],
  ["book flights sometime this year", "2026-12-31", "book flights"],
  ["buy milk on december 3", "2026-12-03", "buy milk"],
  ["buy milk on 3rd december", "2026-12-03", "buy milk"],
  ["buy milk on Jan 5", "2027-01-05", "buy milk"],
  ["buy milk on 2027-02-01", "2027-02-01", "buy milk"],
  ["buy milk on the 28th", "2026-11-28", "buy milk"],
  ["buy milk on the 2nd", "2026-12-02", "buy milk"],
  // A weekday, then the day of the month it falls on ("weds 9th"): that day, never the coming weekday.
  ["nativity weds 9th at 2pm", "2026-12-09T14:00:00", "nativity"],
  ["nativity wednesday 9th", "2026-12-09", "nativity"],
  ["buy milk on the first of december", "2026-12-01", "buy milk"],
  ["buy milk by the twenty-first of January 2027", "2027-01-21", "buy milk"],
  ["buy milk tomorrow at 5pm", "2026-11-26T17:00:00", "buy milk"],
  ["buy milk at 9:30 am tomorrow", "2026-11-26T09:30:00", "buy milk"],
  ["buy milk at noon", "2026-11-25T12:00:00", "buy milk"],
  ["buy milk at 8am", "2026-11-26T08:00:00", "buy milk"],
  ["buy milk friday at 14:00", "2026-11-27T14:00:00", "buy milk"],
  ["buy milk in 2 hours", "2026-11-25T12:30:00", "buy milk"],
  ["sun cream for the sat exam", null, "sun cream for the sat exam"],
  ["move the bins to sat", "2026-11-28", "move the bins"],
  ["push the dentist to thurs", "2026-11-26", "push the dentist"],
  ["they are going to wed", null, "they are going to wed"],
  ["listen to sun radio", null, "listen to sun radio"],
  ["read chapter 3", null, "read chapter 3"],
  ["buy 2 tickets", null, "buy 2 tickets"],
  ["call the cat sitter", null, "call the cat sitter"],
  // Named days of the year: the next one.
  ["pick up the turkey christmas eve", "2026-12-24", "pick up the turkey"],
  ["wrap presents by christmas day", "2026-12-25", "wrap presents"],
  ["walk on boxing day", "2026-12-26", "walk"],
  ["book a taxi for new year's eve", "2026-12-31", "book a taxi"],
  ["sort the shed in the new year", "2027-01-01", "sort the shed"],
  ["buy fireworks for bonfire night", "2027-11-05", "buy fireworks"],
  ["send the christmas cards", null, "send the christmas cards"],
  // A month that is also a word ("may", "march") is a month only after a date word.
  ["leave the loft till march", "2027-03-01", "leave the loft"],
  ["renew the passport in may", "2027-05-01", "renew the passport"],
  ["i may do it", null, "i may do it"],
  ["march in the parade", null, "march in the parade"],
  // A bare amount is how long, not when; "in", "from now", "later" make it a date.
  ["holiday countdown: 3 weeks", null, "holiday countdown: 3 weeks"],
  ["call mum in 2 days", "2026-11-27", "call mum"],
];

describe("due dates", () => {
  for (const [text, due, rest] of cases) {
    it(text, () => {
      const r = extractDue(text, clock);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest).toBe(rest);
    });
  }

  it("reads the clock line", () => {
    expect(clock.timeZone).toBe("Europe/London");
    expect(clock.today).toEqual({ y: 2026, m: 11, d: 25 });
    expect(clock.weekday).toBe(3);
    expect(clock.minutes).toBe(630);
  });
});

// Counts and ordinals come from the one table of number words (lib/task-line/numbers.ts), with
// the values they had when dates.ts kept a table of its own.
describe("number words in dates", () => {
  const counted: Array<[string, string | null]> = [
    ["renew it in a day", "2026-11-26"],
    ["renew it in one week", "2026-12-02"],
    ["renew it in four days", "2026-11-29"],
    ["renew it in ten days", "2026-12-05"],
    ["renew it in a couple of weeks", "2026-12-09"],
    ["renew it in a few days", "2026-11-28"],
    ["renew it 3 days from now", "2026-11-28"],
    ["renew it two days after monday", "2026-12-02"],
    ["renew it on the third of next month", "2026-12-03"],
    ["renew it on the fifth of next month", "2026-12-05"],
    ["renew it on the 15th of next month", "2026-12-15"],
    ["renew it on the last day of next month", "2026-12-31"],
  ];
  for (const [text, due] of counted) {
    it(text, () => {
      const r = extractDue(text, clock);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
    });
  }
});

// Messy everyday writing: informal spellings (informal.ts) and informal times (chrono custom parsers).
describe("informal dates and times", () => {
  const informal: Array<[string, string | null, string]> = [
    ["ring sam tomoz", "2026-11-26", "ring sam"],
    ["ring sam 2moro", "2026-11-26", "ring sam"],
    ["ring sam nxt wk", "2026-12-02", "ring sam"],
    ["ring sam b4 friday", "2026-11-27", "ring sam"],
    ["ring sam friday week", "2026-12-04", "ring sam"],
    ["ring sam at half six", "2026-11-25T18:30:00", "ring sam"],
    ["ring sam quarter to six", "2026-11-25T17:45:00", "ring sam"],
    ["ring sam quarter past 4", "2026-11-25T16:15:00", "ring sam"],
    ["ring sam at six", "2026-11-25T18:00:00", "ring sam"],
    ["ring sam at 6ish", "2026-11-25T18:00:00", "ring sam"],
    ["ring sam around 5", "2026-11-25T17:00:00", "ring sam"],
    ["ring sam at seven thirty", "2026-11-25T19:30:00", "ring sam"],
    ["ring sam six pm", "2026-11-25T18:00:00", "ring sam"],
    ["ring sam after work", "2026-11-25T18:00:00", "ring sam"],
    ["ring sam end of play", "2026-11-25T17:00:00", "ring sam"],
    ["ring sam lunchtime", "2026-11-25T12:00:00", "ring sam"],
    ["ring sam this arvo", "2026-11-25T15:00:00", "ring sam"],
    ["ring sam tomorrow morning at 7", "2026-11-26T07:00:00", "ring sam"],
    ["ring sam tomorrow evening at 8", "2026-11-26T20:00:00", "ring sam"],
    ["ring sam b4 the end of jan", "2027-01-31", "ring sam"],
    ["ring sam on sunday arvo", "2026-11-29T15:00:00", "ring sam"],
    ["ring sam at 10 past 2", "2026-11-25T14:10:00", "ring sam"],
    ["ring sam twenty past ten tomorrow", "2026-11-26T10:20:00", "ring sam"],
    ["ring sam at five to 5", "2026-11-25T16:55:00", "ring sam"],
    ["ring sam friday 9ish", "2026-11-27T09:00:00", "ring sam"],
    ["ring sam at 7 tomorrow morning", "2026-11-26T07:00:00", "ring sam"],
    ["ring sam sat at 7 in the evening", "2026-11-28T19:00:00", "ring sam"],
    ["ring sam thurs", "2026-11-26", "ring sam"],
    ["ring sam weds", "2026-11-25", "ring sam"],
    ["fix the tues meeting notes", null, "fix the tues meeting notes"],
    ["buy about 5 apples", null, "buy about 5 apples"],
    ["pick one of the two", null, "pick one of the two"],
  ];
  for (const [text, due, rest] of informal) {
    it(text, () => {
      const r = extractDue(text, clock);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest).toBe(rest);
    });
  }
});

describe("a weekday said before its date", () => {
  const cases: Array<[string, string | null, string]> = [
    // "saturday the 12th": the date is read, with the weekday, out of the title.
    ["choir concert on saturday the 12th at 7pm", "2026-12-12T19:00:00", "choir concert"],
    ["barras market stall for saturday the 12th", "2026-12-12", "barras market stall"],
    // Without "the", as before: the weekday.
    ["ring sam sat", "2026-11-28", "ring sam"],
    // "lasts" is no time ("the new bedding lasts way longer").
    ["the new bedding lasts way longer", null, "the new bedding lasts way longer"],
  ];
  for (const [text, due, rest] of cases) {
    it(text, () => {
      const r = extractDue(text, clock);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest).toBe(rest);
    });
  }
});

// Said on the weekday it names: a bare weekday may be today; "this coming" one is next week's.
describe("a weekday said on that weekday", () => {
  const monday = readClock(
    "Current time: 2026-11-30T04:00:00.000Z (user's time zone: Europe/London; local date 2026-11-30, Monday, 04:00)",
  );
  const cases: Array<[string, string | null, string]> = [
    ["submit the form this coming monday", "2026-12-07", "submit the form"],
    ["this coming mon I have to submit the form", "2026-12-07", "I have to submit the form"],
    ["submit the form the coming friday", "2026-12-04", "submit the form"],
    ["submit the form monday", "2026-11-30", "submit the form"],
  ];
  for (const [text, due, rest] of cases) {
    it(text, () => {
      const r = extractDue(text, monday);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest).toBe(rest);
    });
  }
});
