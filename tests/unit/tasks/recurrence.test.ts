import { describe, expect, it } from "vitest";
import { RRule } from "rrule";
import { parseDue } from "@/lib/tasks/due";
import { checkRule, describeRule, firstOccurrence, moveReminder, nextOccurrence } from "@/lib/tasks/recurrence";

function rule(input: string): string {
  const checked = checkRule(input);
  if (!checked.ok) throw new Error(checked.message);
  return checked.rule;
}

/** The next occurrence of a rule after a task due at `due` (local, in `zone`) is completed at `done`. */
function next(input: string, due: string, zone: string, done?: string): string | null {
  const dueAt = parseDue(due, zone)!;
  const after = done ? parseDue(done, zone)! : new Date(dueAt.getTime() - 60_000);
  return nextOccurrence(rule(input), { dueAt, after, timeZone: zone })?.toISOString() ?? null;
}

describe("checkRule", () => {
  it("normalises what clients send: any case, an RRULE: prefix, FREQ first", () => {
    expect(rule("freq=weekly;byday=mo")).toBe("FREQ=WEEKLY;BYDAY=MO");
    expect(rule("RRULE:BYDAY=FR;INTERVAL=2;FREQ=WEEKLY")).toBe("FREQ=WEEKLY;BYDAY=FR;INTERVAL=2");
    expect(rule(" FREQ=MONTHLY;BYMONTHDAY=-1 ")).toBe("FREQ=MONTHLY;BYMONTHDAY=-1");
  });

  it("reads a bare UNTIL day as including that whole day", () => {
    expect(rule("FREQ=DAILY;UNTIL=20261231")).toBe("FREQ=DAILY;UNTIL=20261231T235959Z");
  });

  it("refuses DTSTART, COUNT, a time of day and sub-daily rules with a message that says why", () => {
    const cases: [string, RegExp][] = [
      ["DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY", /DTSTART/],
      ["FREQ=DAILY;DTSTART=20260101", /DTSTART/],
      ["FREQ=DAILY;COUNT=3", /COUNT.*UNTIL/],
      ["FREQ=WEEKLY;BYDAY=SU;BYHOUR=9", /time of day/],
      ["FREQ=HOURLY", /FREQ=HOURLY is not valid/],
      ["BYDAY=MO", /FREQ is required/],
      ["FREQ=WEEKLY;BYDAY=XX", /BYDAY=XX/],
      ["FREQ=WEEKLY;FOO=1", /FOO/],
      ["FREQ=WEEKLY;INTERVAL=0", /INTERVAL/],
      ["FREQ=WEEKLY;BYDAY=1MO", /numbered BYDAY/],
      ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", /never happens/],
      ["every monday", /KEY=VALUE/],
      ["", /must be an RRULE/],
    ];
    for (const [input, message] of cases) {
      const checked = checkRule(input);
      expect(checked.ok, input).toBe(false);
      if (!checked.ok) expect(checked.message, input).toMatch(message);
    }
  });
});

describe("describeRule", () => {
  it("says the rule in plain English", () => {
    expect(describeRule(rule("FREQ=WEEKLY;BYDAY=MO"))).toBe("every Monday");
    expect(describeRule(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"))).toBe("every 2 weeks on Friday");
    expect(describeRule(rule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))).toBe("every weekday");
    expect(describeRule(rule("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"))).toBe("every weekday");
    expect(describeRule(rule("FREQ=MONTHLY;BYMONTHDAY=1"))).toBe("monthly on the 1st");
    expect(describeRule(rule("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3"))).toBe("every year on 3 March");
    expect(describeRule(rule("FREQ=DAILY"))).toBe("every day");
    expect(describeRule(rule("FREQ=DAILY;INTERVAL=3"))).toBe("every 3 days");
    expect(describeRule(rule("FREQ=WEEKLY;BYDAY=MO,TH"))).toBe("every Monday and Thursday");
    expect(describeRule(rule("FREQ=MONTHLY;BYMONTHDAY=-1"))).toBe("monthly on the last day");
    expect(describeRule(rule("FREQ=MONTHLY;BYMONTHDAY=1,15"))).toBe("monthly on the 1st and 15th");
    expect(describeRule(rule("FREQ=MONTHLY;BYDAY=1MO"))).toBe("monthly on the first Monday");
    expect(describeRule(rule("FREQ=MONTHLY;BYDAY=-1FR"))).toBe("monthly on the last Friday");
    expect(describeRule(rule("FREQ=MONTHLY;INTERVAL=3"))).toBe("every 3 months");
    expect(describeRule(rule("FREQ=YEARLY"))).toBe("every year");
    expect(describeRule(rule("FREQ=WEEKLY;BYDAY=SU;UNTIL=20261231"))).toBe("every Sunday until 31 December 2026");
  });

  it("falls back to rrule's own wording for the rest", () => {
    expect(describeRule(rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"))).toMatch(/^every month/);
  });
});

describe("nextOccurrence", () => {
  it("keeps the local time of day across the spring and autumn changes in Berlin", () => {
    // 29 March and 25 October 2026 are the change days in Europe.
    expect(next("FREQ=WEEKLY;BYDAY=SU", "2026-03-22T09:00", "Europe/Berlin")).toBe("2026-03-29T07:00:00.000Z");
    expect(next("FREQ=WEEKLY;BYDAY=SU", "2026-10-18T09:00", "Europe/Berlin")).toBe("2026-10-25T08:00:00.000Z");
    expect(next("FREQ=DAILY", "2026-03-28T02:30", "Europe/Berlin")).not.toBeNull();
  });

  it("keeps the local time of day across the changes in New York", () => {
    // 8 March and 1 November 2026 are the change days in the US.
    expect(next("FREQ=DAILY", "2026-03-07T08:30", "America/New_York")).toBe("2026-03-08T12:30:00.000Z");
    expect(next("FREQ=DAILY", "2026-10-31T08:30", "America/New_York")).toBe("2026-11-01T13:30:00.000Z");
    expect(next("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-03-06T18:00", "America/New_York")).toBe("2026-03-09T22:00:00.000Z");
  });

  it("keeps a due day without a time as a due day (the end of that local day)", () => {
    expect(next("FREQ=DAILY", "2026-03-28", "Europe/Berlin")).toBe(parseDue("2026-03-29", "Europe/Berlin")!.toISOString());
    expect(next("FREQ=MONTHLY;BYMONTHDAY=1", "2026-10-01", "America/New_York")).toBe(
      parseDue("2026-11-01", "America/New_York")!.toISOString(),
    );
  });

  it("follows RFC 5545 at month ends: the 31st skips shorter months, -1 is every last day", () => {
    expect(next("FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31T09:00", "UTC")).toBe("2026-03-31T09:00:00.000Z");
    expect(next("FREQ=MONTHLY;BYMONTHDAY=31", "2026-03-31T09:00", "UTC")).toBe("2026-05-31T09:00:00.000Z");
    expect(next("FREQ=MONTHLY", "2026-01-31T09:00", "UTC")).toBe("2026-03-31T09:00:00.000Z");
    expect(next("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31T09:00", "UTC")).toBe("2026-02-28T09:00:00.000Z");
    expect(next("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-02-28T09:00", "UTC")).toBe("2026-03-31T09:00:00.000Z");
    expect(next("FREQ=YEARLY", "2024-02-29T09:00", "UTC")).toBe("2028-02-29T09:00:00.000Z");
  });

  it("counts intervals from the due date", () => {
    // 2026-11-27 is a Friday.
    expect(next("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "2026-11-27T17:00", "UTC")).toBe("2026-12-11T17:00:00.000Z");
    expect(next("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3", "2026-03-03", "UTC")).toBe("2027-03-03T23:59:59.999Z");
  });

  it("moves past the completion when it comes late, and past the due date when it comes early", () => {
    // Due Monday 2 November, done on Friday 20 November: next is Monday 23 November.
    expect(next("FREQ=WEEKLY;BYDAY=MO", "2026-11-02T09:00", "UTC", "2026-11-20T10:00")).toBe("2026-11-23T09:00:00.000Z");
    // Done the Saturday before it is due: next is the Monday after the due one.
    expect(next("FREQ=WEEKLY;BYDAY=MO", "2026-11-02T09:00", "UTC", "2026-10-31T10:00")).toBe("2026-11-09T09:00:00.000Z");
    // Done late the same day: tomorrow.
    expect(next("FREQ=DAILY", "2026-11-02T09:00", "UTC", "2026-11-02T11:00")).toBe("2026-11-03T09:00:00.000Z");
  });

  it("ends when UNTIL has passed", () => {
    expect(next("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261109", "2026-11-02T09:00", "Europe/Berlin")).toBe("2026-11-09T08:00:00.000Z");
    expect(next("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261109", "2026-11-09T09:00", "Europe/Berlin")).toBeNull();
  });
});

describe("firstOccurrence", () => {
  it("is the first matching day from today, as a due day", () => {
    const wednesday = new Date("2026-11-25T10:00:00Z");
    expect(firstOccurrence(rule("FREQ=WEEKLY;BYDAY=MO"), { now: wednesday, timeZone: "Europe/Berlin" })?.toISOString()).toBe(
      parseDue("2026-11-30", "Europe/Berlin")!.toISOString(),
    );
    expect(firstOccurrence(rule("FREQ=DAILY"), { now: wednesday, timeZone: "America/New_York" })?.toISOString()).toBe(
      parseDue("2026-11-25", "America/New_York")!.toISOString(),
    );
  });
});

describe("moveReminder", () => {
  it("keeps the reminder's distance on the wall clock, across a DST change", () => {
    const zone = "Europe/Berlin";
    const from = parseDue("2026-03-28T09:00", zone)!;
    const to = parseDue("2026-03-29T09:00", zone)!;
    expect(moveReminder(parseDue("2026-03-28T08:30", zone)!, { from, to, timeZone: zone }).toISOString()).toBe(
      parseDue("2026-03-29T08:30", zone)!.toISOString(),
    );
    // "The evening before at 18:00" stays at 18:00 although the night is an hour shorter.
    expect(moveReminder(parseDue("2026-03-27T18:00", zone)!, { from, to, timeZone: zone }).toISOString()).toBe(
      parseDue("2026-03-28T18:00", zone)!.toISOString(),
    );
  });
});

describe("nextOccurrence long after the due date (security case 45)", () => {
  /** What rrule itself answers, walking every occurrence from the due date (in UTC, where wall clock = instant). */
  function walked(input: string, due: string, done: string): string | null {
    const dtstart = parseDue(due, "UTC")!;
    return (
      new RRule({ ...RRule.parseString(rule(input)), dtstart, tzid: null }).after(parseDue(done, "UTC")!, false)?.toISOString() ?? null
    );
  }

  const rules = [
    "FREQ=DAILY",
    "FREQ=DAILY;INTERVAL=3",
    "FREQ=WEEKLY",
    "FREQ=WEEKLY;INTERVAL=2",
    "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR",
    "FREQ=WEEKLY;BYDAY=TU;WKST=SU;INTERVAL=2",
    "FREQ=MONTHLY",
    "FREQ=MONTHLY;INTERVAL=5",
    "FREQ=MONTHLY;BYMONTHDAY=-1",
    "FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    "FREQ=YEARLY",
    "FREQ=YEARLY;INTERVAL=4",
    "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=YEARLY;INTERVAL=3;BYDAY=1MO;BYMONTH=9",
    "FREQ=DAILY;UNTIL=20250101",
  ];
  const dues = ["1996-02-29T07:00", "2009-01-31T23:30"];
  const completions = ["2026-11-26T09:00"];

  it("gives what walking the rule from the due date gives, for every kind of rule", () => {
    for (const input of rules)
      for (const due of dues)
        for (const done of completions) {
          expect(next(input, due, "UTC", done), `${input} from ${due}, done ${done}`).toBe(walked(input, due, done));
        }
  });

  it("takes milliseconds, not seconds, for a daily task due in 1970", () => {
    const started = performance.now();
    for (let i = 0; i < 50; i++) next("FREQ=DAILY", "1970-01-01T08:00", "Europe/Berlin", "2026-11-26T09:00");
    expect(performance.now() - started).toBeLessThan(500);
  });
});
