/**
 * Wave-2 fields in messy everyday writing on tasks named loosely (issue 24, w15): undo of "that
 * last bit", several tags at once, "needs a X label", an nth weekday of the month as a repeat, a
 * told deed after a request, "take it out of work" for the task just talked about.
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";
import { clockAt, readClock } from "@/lib/task-line/clock";
import { taskDueAt } from "./task-view";

const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");
const read = (text: string) => classify(text, clock);
const sunday = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");

const task = taskDueAt("2026-11-24T12:00:00.000Z");
const TASKS: TaskView[] = [
  task("party", "Plan Jo's party"),
  task("vet", "Call the vet"),
  task("boiler", "Ring the boiler man", { dueAt: null }),
  task("glasses", "Pick up new glasses", { labels: ["urgent"] }),
  task("bins", "Put the bins out"),
];
const change = (text: string) => {
  const g = groundMessage(text, TASKS, sunday);
  return g?.kind === "change" ? { id: g.change.task.id, ...g.change.changes } : g?.kind;
};

describe("last-change: 'that last bit' is the change, after an undo verb", () => {
  it.each(["undo that last bit", "undo the last thing", "revert that last step", "scrap that last bit"])("%s is an undo", (text) => {
    expect(read(text)).toEqual([{ type: "undo" }]);
  });
  it.each(["bin the last thing", "cancel the last one", "drop the last thing"])("%s is no undo", (text) => {
    expect(read(text)).not.toEqual([{ type: "undo" }]);
  });
});

describe("hash-series and needs-a-label (grounding label-on)", () => {
  it("mark the party thing #fun and #jo puts both tags on", () => {
    expect(change("mark the party thing #fun and #jo")).toEqual({ id: "party", labels: ["fun", "jo"] });
  });
  it("tag the boiler one #home #diy", () => {
    expect(change("tag the boiler one #home #diy")).toEqual({ id: "boiler", labels: ["home", "diy"] });
  });
  it("mark without tags is never a label", () => {
    expect(change("mark the party thing done")).not.toEqual(expect.objectContaining({ labels: expect.anything() }));
  });
  it("the vet one needs a pets label", () => {
    expect(change("the vet one needs a pets label")).toEqual({ id: "vet", labels: ["pets"] });
  });
});

describe("month-weekday (grounding repeat)", () => {
  it("the boiler one shld be first monday of the month", () => {
    expect(change("the boiler one should be first monday of the month")).toMatchObject({
      id: "boiler",
      recurrence: expect.stringContaining("MONTHLY"),
    });
  });
  it("told as news it changes nothing", () => {
    expect(change("the boiler man comes first monday of the month")).not.toEqual(
      expect.objectContaining({ recurrence: expect.anything() }),
    );
  });
});

describe("a told deed about 'it' after a request is its aside", () => {
  it("bins dont repeat any more, council changed it", () => {
    expect(read("bins dont repeat any more, council changed it")).toEqual([
      { type: "update", ref: { kind: "phrase", text: "bins" }, changes: { clearRecurrence: true } },
    ]);
  });
  it("alone it is still only offered", () => {
    expect(read("council changed it").every((i) => i.type === "offer")).toBe(true);
  });
});

describe("list-out-of-it: the task just talked about out of a list", () => {
  it.each(["take it out of work", "get that one off the shopping list pls", "pull it out of errands"])("%s", (text) => {
    expect(read(text)).toEqual([{ type: "update", ref: { kind: "pronoun" }, changes: { list: "inbox", outOfList: expect.any(String) } }]);
  });
  it.each(["take it out of the oven", "get it off my chest"])("%s is no list move", (text) => {
    expect(read(text).some((i) => i.type === "update" && i.changes.list === "inbox")).toBe(false);
  });
});

describe("has-steps-question and remind-me-question: questions, never a change", () => {
  it("does the party thing have any subtasks", () => {
    expect(read("does the party thing have any subtasks")).toEqual([
      { type: "list", filter: { parent: expect.stringContaining("party") } },
    ]);
  });
  it("has the move got any steps?", () => {
    expect(read("has the move got any steps?")).toEqual([{ type: "list", filter: { parent: expect.stringContaining("move") } }]);
  });
  it.each(["remind me what the dentist one says", "remind me when the dentist is", "can you remind me where the passport thing is"])(
    "%s looks up",
    (text) => {
      const r = read(text);
      expect(r).toHaveLength(1);
      expect(r[0]?.type).toBe("list");
    },
  );
  it("remind me to call mum is still an add", () => {
    expect(read("remind me to call mum")).toEqual([{ type: "add", items: [{ title: "Call mum" }] }]);
  });
});

describe("remind-about-it: a reminder time for the task just talked about", () => {
  it("remind me about it tomorrow morning", () => {
    expect(read("remind me about it tomorrow morning")).toEqual([
      { type: "update", ref: { kind: "pronoun" }, changes: { remindAt: "2026-11-27T09:00:00" } },
    ]);
  });
  it.each(["remind me about it", "remind me to do it at 6"])("%s adds no task 'It'", (text) => {
    expect(read(text).some((i) => i.type === "add")).toBe(false);
  });
});
