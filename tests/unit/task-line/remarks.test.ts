/**
 * The task-line pieces the remark and slang-reminder readers lean on: "after the weekend", a
 * duration that is never a due date, the hour a reminder on a bare day goes off, and slang for
 * "remind me" read as "remind me".
 */
import { describe, it, expect } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { dueToString, extractDue, reminderTime } from "@/lib/task-line/dates";
import { plainReminderWords } from "@/lib/task-line/reminder-phrases";

const at = (iso: string, weekday: string) =>
  readClock(`Current time: ${iso} (user's time zone: UTC; local date ${iso.slice(0, 10)}, ${weekday}, ${iso.slice(11, 16)})`);
// Wednesday 2026-11-25, 10:30; Sunday 2026-11-22, 08:00; Monday 2026-11-23, 12:00.
const wednesday = at("2026-11-25T10:30:00.000Z", "Wednesday");
const sunday = at("2026-11-22T08:00:00.000Z", "Sunday");
const monday = at("2026-11-23T12:00:00.000Z", "Monday");

const due = (text: string, clock = wednesday) => {
  const found = extractDue(text, clock).due;
  return found ? dueToString(found) : null;
};

describe("remark dates", () => {
  it("reads 'after the weekend' as the coming Monday (next week's on a Monday)", () => {
    expect(due("can wait till after the weekend")).toBe("2026-11-30");
    expect(due("after the wkend", sunday)).toBe("2026-11-23");
    expect(due("after the weekend", monday)).toBe("2026-11-30");
  });

  it("never reads a duration as a due date", () => {
    expect(due("the hallway took all weekend")).toBeNull();
    expect(due("took me the whole week")).toBeNull();
    expect(due("been at it all day")).toBeNull();
    expect(due("paint it all day saturday")).toBe("2026-11-28");
  });

  it("reads a short weekday after till", () => {
    expect(due("till sat")).toBe("2026-11-28");
    expect(due("til tues")).toBe("2026-12-01");
  });
});

describe("reminderTime", () => {
  it("keeps a time, and reminds at 9 am on a day said without one", () => {
    expect(reminderTime({ date: { y: 2026, m: 11, d: 27 }, hour: 14, minute: 0 }, wednesday)).toEqual({
      date: { y: 2026, m: 11, d: 27 },
      hour: 14,
      minute: 0,
    });
    expect(reminderTime({ date: { y: 2026, m: 11, d: 27 } }, wednesday)).toEqual({ date: { y: 2026, m: 11, d: 27 }, hour: 9, minute: 0 });
  });

  it("reminds at the next whole hour today once 9 am has passed, never on a past day", () => {
    expect(reminderTime({ date: { y: 2026, m: 11, d: 25 } }, wednesday)).toEqual({ date: { y: 2026, m: 11, d: 25 }, hour: 11, minute: 0 });
    expect(reminderTime({ date: { y: 2026, m: 11, d: 24 } }, wednesday)).toBeNull();
    expect(reminderTime({ date: { y: 2026, m: 11, d: 22 } }, sunday)).toEqual({ date: { y: 2026, m: 11, d: 22 }, hour: 9, minute: 0 });
  });
});

describe("plainReminderWords", () => {
  it("reads slang leads as 'remind me' and their 're' as 'about'", () => {
    expect(plainReminderWords("give me a shout about the gas bill at 2")).toBe("remind me about the gas bill at 2");
    expect(plainReminderWords("gimme a nudge re the parcel tmrw")).toBe("remind me about the parcel tmrw");
    expect(plainReminderWords("buzz me when its time for yoga at 6pm")).toBe("remind me about yoga at 6pm");
    expect(plainReminderWords("can u give us a buzz about the garage at 9am")).toBe("can u remind me about the garage at 9am");
    expect(plainReminderWords("Holler at me about Dad's card")).toBe("remind me about Dad's card");
  });

  it("leaves every other message as it is", () => {
    expect(plainReminderWords("give me a break")).toBe("give me a break");
    expect(plainReminderWords("shout")).toBe("shout");
    expect(plainReminderWords("buzz me")).toBe("buzz me");
    expect(plainReminderWords("the kids shout at me about bedtime")).toBe("the kids shout at me about bedtime");
  });
});
