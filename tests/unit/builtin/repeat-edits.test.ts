/**
 * Wave 9: edits of a task's repeat and reminder in everyday words (intents/update.ts rules
 * reminder-off, reminder-to-before, does-not-repeat, repeat-is-now, make-repeat, should-repeat,
 * needs-doing-repeat) and the social reader stepping aside for "no need to remind me about X".
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { readUpdate } from "@/lib/agent/builtin/intents/update";
import { readSocial } from "@/lib/agent/builtin/intents/social";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");
const changes = (text: string, raw?: string) => {
  const intent = readUpdate(text, text, clock, raw);
  return intent?.type === "update" ? { ref: intent.ref, ...intent.changes } : intent;
};
const phrase = (text: string) => ({ kind: "phrase", text });

describe("repeat and reminder edits", () => {
  it("reads a new repeat said as a whole", () => {
    expect(changes("the gym one is only tuesdays now")).toEqual({ ref: phrase("gym"), recurrence: "FREQ=WEEKLY;BYDAY=TU" });
    expect(changes("gym is mon wed and fri", "gym is mon wed and fri from now on")).toEqual({
      ref: phrase("gym"),
      recurrence: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
    });
    expect(changes("make call mum monthly instead of weekly")).toEqual({ ref: phrase("call mum"), recurrence: "FREQ=MONTHLY" });
    expect(changes("the plants need doing twice a week")).toEqual({ ref: phrase("plants"), recurrence: "FREQ=WEEKLY;BYDAY=MO,TH" });
    expect(changes("the radiators should be every october")).toEqual({
      ref: phrase("radiators"),
      recurrence: "FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=1",
    });
    expect(changes("the bins dont repeat no more")).toEqual({ ref: phrase("bins"), clearRecurrence: true });
  });

  it("never reads two days of one event as a repeat", () => {
    expect(changes("the conference is mon and tue")).toBeNull();
  });

  it("reads a reminder not wanted, or moved", () => {
    expect(changes("no need to remind me about the dentist")).toEqual({ ref: phrase("dentist"), clearReminder: true });
    expect(changes("move the reminder for the dentist to 2 hours before")).toEqual({ ref: phrase("dentist"), remindBefore: 120 });
    expect(readSocial("no need to remind me about the dentist")).toBeNull();
    expect(readSocial("no need to remind me")).toEqual({ type: "deny" });
  });
});
