/**
 * News that changes a task the user has (issue 24, wave 10): a bare time keeps the task's day,
 * another person's news changes nothing, an old value after "not" and a reason after "cos" are
 * explained, and "change it to then" never renames.
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { findDue } from "@/lib/task-line/dates";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { othersNews } from "@/lib/agent/builtin/intents/gate";
import { fieldCount } from "@/lib/agent/builtin/intents/types";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");
const task = (id: string, title: string): TaskView => ({
  id,
  title,
  description: null,
  status: "pending",
  priority: "none",
  dueAt: "2026-11-25T12:00:00.000Z",
  labels: [],
});
const TASKS = [
  task("plumber", "Plumber coming round"),
  task("nursery", "Pay the nursery fees"),
  task("boot", "Car boot sale"),
  task("essay", "Write English essay"),
  task("gift", "Buy a gift for my sister's wedding"),
];
const change = (text: string) => {
  const g = groundMessage(text, TASKS, clock);
  return g?.kind === "change" ? { task: g.change.task.id, ...g.change.changes } : null;
};

describe("a bare time (dates.ts bareTime, Changes.keepDay)", () => {
  it("marks a time said with no day, and only then", () => {
    expect(findDue("at 4pm", clock)?.bareTime).toBe(true);
    expect(findDue("half 6", clock)?.bareTime).toBe(true);
    expect(findDue("friday at 4pm", clock)?.bareTime).toBeUndefined();
    expect(findDue("tomorrow", clock)?.bareTime).toBeUndefined();
  });
  it("reads a moved time as a time on the task's own day, counted as one field", () => {
    const [intent] = classify("the piano lesson got moved to 5pm", clock);
    expect(intent).toMatchObject({ type: "update", changes: { due: "2026-11-22T17:00:00", keepDay: true } });
    if (intent?.type === "update") expect(fieldCount(intent.changes)).toBe(1);
    expect(classify("move the piano lesson to friday at 5", clock)[0]).not.toMatchObject({ changes: { keepDay: true } });
  });
});

describe("rule others-news (gate.ts)", () => {
  it("takes 'my <person>'s …' statements for their news", () => {
    expect(othersNews("my sister's wedding got moved to june")).toBe(true);
    expect(othersNews("fyi my mates party got cancelled")).toBe(true);
    expect(othersNews("my dentist appointment got moved")).toBe(false);
    expect(othersNews("my son's parents evening is friday now")).toBe(false);
    expect(othersNews("move my sisters party to friday")).toBe(false);
  });
  it("changes nothing, in the readers or in grounding", () => {
    expect(classify("my sister's wedding got moved to june", clock)).toEqual([{ type: "say", kind: "remark" }]);
    expect(groundMessage("my sister's wedding got moved to june", TASKS, clock)).toBeNull();
  });
});

describe("grounding: the old value and a reason", () => {
  it("explains 'not <old value>' at the end (rule NOT-OLD-VALUE)", () => {
    expect(change("the plumber's coming at 3 not 11")).toMatchObject({ task: "plumber", due: "2026-11-22T15:00:00", keepDay: true });
    expect(change("nursery fees are due on the 1st now not the 28th")).toMatchObject({ task: "nursery", due: "2026-12-01" });
  });
  it("explains a negation before 'due till'", () => {
    expect(change("the english essay isnt due till the 10th")).toMatchObject({ task: "essay", due: "2026-12-10" });
  });
  it("reads a change without its reason; a day in the reason never makes the change (rule REASON-TAIL)", () => {
    expect(change("car boot sale's been postponed to next sunday cos of the weather")).toMatchObject({ task: "boot" });
    // "cos" opens why as a comma would (text.ts commaBeforeWhy): the day moved to is the one said before it.
    expect(change("car boot sale moved to friday cos im away tuesday")).toMatchObject({ task: "boot", due: "2026-11-27" });
    expect(change("car boot sale moved cos im away tuesday")).toBeNull();
  });
});

describe("rule NEWS-AFTER-REMARK (grounding)", () => {
  const dinner = [task("dinner", "Dinner with Tom")];
  it("reads the news after a remark that says what cannot be", () => {
    const g = groundMessage("tom cant do that day, dinners friday now", dinner, clock);
    expect(g?.kind === "change" ? g.change.task.id : null).toBe("dinner");
  });
  it("never after a hypothetical, a question or a remark with a day of its own", () => {
    expect(groundMessage("if tom cant do it, dinners friday now", dinner, clock)).toBeNull();
    expect(groundMessage("did tom cancel, dinners friday now", dinner, clock)).toBeNull();
    expect(groundMessage("tom cant do friday, dinners saturday now", dinner, clock)).toBeNull();
  });
});

describe("readers", () => {
  it("strips news leads ('fyi', 'turns out', 'just found out', 'apparently')", () => {
    expect(classify("fyi the offsite got moved to tuesday", clock)[0]).toMatchObject({ type: "update", ref: { text: "offsite" } });
    expect(classify("rsvp for the wedding is due tomorrow apparently", clock)[0]).toMatchObject({
      type: "update",
      changes: { due: "2026-11-23" },
    });
  });
  it("never renames to 'then' ('…, change it to then')", () => {
    const read = classify("just found out the car insurance is actually due on the 3rd, change it to then", clock);
    expect(read).toEqual([{ type: "update", ref: { kind: "phrase", text: "car insurance" }, changes: { due: "2026-12-03" } }]);
  });
});
