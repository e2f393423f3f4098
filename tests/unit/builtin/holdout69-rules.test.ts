/**
 * Rules of the w16 holdout69 probe (a new parent's lists; docs/agent.md "A thing's state, a day that
 * changed, two days, and who by trade"): "whats for the house" is a question, "did both" a deed,
 * a reason after a change, a rename that keeps the title's own "8 week", "after christmas", and
 * the old day said by its place ("tomorrow not the day after").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { moodOf } from "@/lib/agent/builtin/intents/mood";
import { findDue } from "@/lib/task-line/dates";
import { clock, task } from "./plan-steps";

const tasks = [
  task("j", "Book the 8 week jabs"),
  task("c", "Send thank you cards"),
  { ...task("b", "Sterilise the bottles"), repeats: "every day" },
  task("p", "Return the pram to John Lewis"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);

describe("questions and deeds said without their subject", () => {
  it("'whats for the house' asks what is on that list, and never adds a task", () => {
    expect(classify("whats for the house", clock)).toEqual([{ type: "list", filter: { list: "house", orTopic: true } }]);
    expect(classify("anything for the baby", clock).some((i) => i.type === "add" || i.type === "offer")).toBe(false);
  });
  it("'did both' tells of a deed; 'did all of them?' and 'did i ring the school' still ask", () => {
    expect(moodOf("did both")).not.toBe("question");
    expect(moodOf("did the first two")).not.toBe("question");
    expect(["question", "advice"]).toContain(moodOf("did i ring the school"));
    expect(["question", "advice"]).toContain(moodOf("did the bins go out"));
  });
});

describe("a reason after a change", () => {
  it("'stop the bottles repeating, we're switching to ready made' stops the repeat", () => {
    expect(ground("stop the bottles repeating, we're switching to ready made")).toMatchObject({
      kind: "change",
      change: { task: { id: "b" }, changes: { clearRecurrence: true } },
    });
  });
  it("a tail with a day, a slot word or a pointer is never cut", () => {
    expect(ground("stop the bottles repeating, we're away friday")).toBeNull();
    expect(ground("stop the bottles repeating, we're doing it weekly")).toBeNull();
  });
});

describe("renames and days", () => {
  it("a rename may keep the title's own '8 week'", () => {
    expect(ground("the jabs one should be book 8 week jabs and flu jab")).toMatchObject({
      change: { task: { id: "j" }, changes: { title: "Book 8 week jabs and flu jab" } },
    });
  });
  it("'after christmas' is 27 December, 'after the new year' 2 January; 'after the christmas party' no day", () => {
    expect(findDue("can wait till after christmas", clock)?.due.date).toEqual({ y: 2026, m: 12, d: 27 });
    expect(findDue("after the new year", clock)?.due.date).toEqual({ y: 2027, m: 1, d: 2 });
    expect(findDue("after the christmas party", clock)).toBeNull();
    expect(ground("thank you cards can wait till after christmas")).toMatchObject({
      change: { task: { id: "c" }, changes: { due: "2026-12-27" } },
    });
  });
  it("'the pram one is tomorrow not the day after' moves it to tomorrow", () => {
    expect(ground("the pram one is tomorrow not the day after")).toMatchObject({
      change: { task: { id: "p" }, changes: { due: "2026-11-27" } },
    });
  });
});
