/**
 * Dialogue probe of issue 24 (w15): rules take-back (intents/undo.ts, planner.ts), pointed-day
 * (dialogue.ts), position-clauses (intents/index.ts) and yes-with-slots (followups.ts).
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { takesBack } from "@/lib/agent/builtin/intents/undo";
import { pointedDay } from "@/lib/agent/builtin/dialogue";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { calls, clock, task } from "./plan-steps";

function changed(name: string, input: Record<string, unknown>, t: ReturnType<typeof task>, reply = "Done."): ConversationEvent[] {
  return [
    { kind: "user", text: "earlier request" },
    { kind: "call", id: "c1", name, input },
    { kind: "result", id: "c1", name, input, outcome: { kind: "ok", value: { task: t } } } as unknown as ConversationEvent,
    { kind: "assistant", text: reply },
  ];
}

function listed(...tasks: ReturnType<typeof task>[]): ConversationEvent[] {
  return [
    { kind: "user", text: "whats overdue" },
    { kind: "call", id: "l1", name: "list_tasks", input: {} },
    { kind: "result", id: "l1", name: "list_tasks", input: {}, outcome: { kind: "ok", value: { tasks } } } as unknown as ConversationEvent,
    { kind: "assistant", text: "Here are your overdue tasks." },
  ];
}

const offered: ConversationEvent[] = [
  { kind: "user", text: "might have to phone the council about the bins" },
  { kind: "assistant", text: "Do you want me to add 'Phone the council about the bins'?" },
];

describe("take-back: a retraction right after a change takes it back", () => {
  it.each([
    "wait, don't",
    "wait dont",
    "no wait",
    "oh no wait",
    "no don't",
    "hang on, don't do that",
    "changed my mind",
    "actually no, changed my mind",
    "scratch that",
    "actually no leave it",
    "actually no leave it where it was",
  ])("%s reads as a take-back", (text) => {
    expect(takesBack(text)).toBe(true);
  });

  it.each([
    "wait",
    "leave it",
    "ok leave it",
    "no",
    "don't add milk",
    "don't remind me",
    "wait for the plumber",
    "thanks",
    "no wait, 11",
    "wait no, 4pm",
  ])("%s is no take-back", (text) => {
    expect(takesBack(text)).toBe(false);
  });

  const bike = task("t1", "Fix the bike", { priority: "high" });
  it("undoes the change the previous turn made", () => {
    const history = changed("update_task", { task: "bike", priority: "high" }, bike, "Set 'Fix the bike' to high priority.");
    expect(calls(history, "wait, don't")).toEqual([{ toolName: "undo_last_turn", input: {} }]);
  });

  it("changes nothing when the previous turn changed nothing or asked a question", () => {
    expect(calls(listed(bike), "wait, don't")).toEqual([]);
    const asked = changed("update_task", { task: "bike", priority: "high" }, bike, "Done. Want a reminder too?");
    expect(calls(asked, "no don't").some((c) => c.toolName === "undo_last_turn")).toBe(false);
  });
});

describe("pointed-day: the tasks pointed at, to the day said", () => {
  it.each([
    ["do them both tomorrow", "move both to tomorrow"],
    ["do them tomorrow", "move them to tomorrow"],
    ["both tomorrow", "move both to tomorrow"],
    ["them both tomorrow then", "move both to tomorrow"],
    ["do those on friday", "move those to friday"],
    ["do it next week", "move it to next week"],
  ])("%s → %s", (text, out) => {
    expect(pointedDay(text, clock)).toBe(out);
  });

  it.each(["it tomorrow", "do them", "both of us tomorrow", "do the shopping tomorrow", "i'll do them tomorrow", "do it at 3"])(
    "%s is not read here",
    (text) => {
      expect(pointedDay(text, clock)).toBeNull();
    },
  );

  it("moves both tasks listed, never adds 'Both'", () => {
    const list = listed(task("a", "Renew the car insurance"), task("b", "Send the gas meter reading"));
    const out = calls(list, "both tomorrow");
    expect(out.map((c) => c.toolName)).toEqual(["update_task", "update_task"]);
    expect(out.every((c) => c.input.due === "2026-11-27")).toBe(true);
  });
});

describe("position-clauses: a clause for each position shown", () => {
  it("reads a finish and a move", () => {
    const read = classify("second one's done, first one can wait till monday", clock);
    expect(read.map((i) => i.type)).toEqual(["complete", "update"]);
  });

  it.each(["first one, second one", "the first one's done and the oven is urgent", "first one's done?"])(
    "%s is not read as positions alone",
    (text) => {
      const read = classify(text, clock);
      expect(read.length === 2 && read.every((i) => i.type === "complete" || i.type === "update")).toBe(false);
    },
  );
});

describe("yes-with-slots: a yes to an add offered, with its slots", () => {
  it.each([
    ["yes and make it urgent", { priority: "high" }],
    ["yep, high priority", { priority: "high" }],
    ["yeah, low priority", { priority: "low" }],
    ["sure, every week", { recurrence: "FREQ=WEEKLY" }],
  ])("%s", (text, slots) => {
    expect(calls(offered, text)).toEqual([{ toolName: "add_task", input: { title: "Phone the council about the bins", ...slots } }]);
  });

  it("adds nothing named after the answer when the rest is a task's name", () => {
    const out = calls(offered, "yes and the bike is urgent");
    expect(out.some((c) => c.toolName === "add_task" && /bike|yes/i.test(String(c.input.title)))).toBe(false);
  });
});
