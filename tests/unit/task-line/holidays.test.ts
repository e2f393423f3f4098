/**
 * Fixed-date holidays (lib/task-line/holidays.ts): named days read on their own, a bare
 * "christmas" only after a word that leads into a date, and never inside a title's own words.
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { dueToString, extractDue } from "@/lib/task-line/dates";

const november = readClock(
  "Current time: 2026-11-25T10:30:00.000Z (user's time zone: Europe/London; local date 2026-11-25, Wednesday, 10:30)",
);
const afterChristmas = readClock(
  "Current time: 2026-12-27T10:00:00.000Z (user's time zone: Europe/London; local date 2026-12-27, Sunday, 10:00)",
);

describe("holidays", () => {
  const cases: Array<[string, string | null, string]> = [
    ["sweep the chimney before christmas", "2026-12-25", "sweep the chimney"],
    ["wrap the presents by xmas", "2026-12-25", "wrap the presents"],
    ["put the tree up christmas eve", "2026-12-24", "put the tree up"],
    ["visit nan on boxing day", "2026-12-26", "visit nan"],
    ["book a taxi for new year's eve", "2026-12-31", "book a taxi"],
    ["the shed can wait till the new year", "2027-01-01", "the shed can wait"],
    ["carve the pumpkin halloween", "2027-10-31", "carve the pumpkin"],
    // The holiday's name as part of what the task is: no date.
    ["do the christmas shopping", null, "do the christmas shopping"],
    ["buy a tree for christmas", null, "buy a tree for christmas"],
    ["get tickets by the christmas party", null, "get tickets by the christmas party"],
  ];
  for (const [text, due, rest] of cases)
    it(text, () => {
      const r = extractDue(text, november);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest.trim()).toBe(rest);
    });

  it("reads forward: 'by christmas' said after Christmas is next Christmas", () => {
    const r = extractDue("post the cards by christmas", afterChristmas);
    expect(r.due ? dueToString(r.due) : null).toBe("2027-12-25");
  });
});

describe("seasons after a word that leads into a date", () => {
  const cases: Array<[string, string | null, string]> = [
    ["the shed door can wait till spring", "2027-03-01", "the shed door can wait"],
    ["sort the garden by the summer", "2027-06-01", "sort the garden"],
    ["lag the pipes before winter", "2026-12-01", "lag the pipes"],
    // Inside the season: today.
    ["plant the bulbs in the autumn", "2026-11-25", "plant the bulbs"],
    // The season's name as part of what the task is: no date.
    ["book the summer holiday", null, "book the summer holiday"],
    ["spring clean the kitchen", null, "spring clean the kitchen"],
    ["fit the winter tyres", null, "fit the winter tyres"],
    ["buy tickets for the summer fair", null, "buy tickets for the summer fair"],
  ];
  for (const [text, due, rest] of cases)
    it(text, () => {
      const r = extractDue(text, november);
      expect(r.due ? dueToString(r.due) : null).toBe(due);
      expect(r.rest.trim()).toBe(rest);
    });

  it("'by winter' said in January is this winter (today), 'till spring' the coming 1 March", () => {
    const january = readClock(
      "Current time: 2027-01-10T10:00:00.000Z (user's time zone: Europe/London; local date 2027-01-10, Sunday, 10:00)",
    );
    const winter = extractDue("clear the gutters by winter", january);
    expect(winter.due ? dueToString(winter.due) : null).toBe("2027-01-10");
    const spring = extractDue("clear the gutters till spring", january);
    expect(spring.due ? dueToString(spring.due) : null).toBe("2027-03-01");
  });
});
