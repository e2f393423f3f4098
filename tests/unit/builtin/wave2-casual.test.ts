/**
 * Wave-2 fields said casually (issue 24, w11): undo of the last change in everyday words, field
 * nouns that are never a task to delete, lists, labels and subtasks in casual words.
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import type { TaskView } from "@/lib/agent/builtin/prompt-reader";
import { clockAt, readClock } from "@/lib/task-line/clock";

// A Thursday.
const clock = clockAt(new Date("2026-11-26T14:00:00.000Z"), "UTC");
const read = (text: string) => classify(text, clock);

describe("last-change: the last change dropped in casual words", () => {
  it.each([
    "scrap that last change",
    "nah cancel the last edit",
    "ditch my last update pls",
    "forget that change",
    "revert that last change",
    "nah put it back where it was",
    "no put it back",
  ])("%s is an undo", (text) => {
    expect(read(text)).toEqual([{ type: "undo" }]);
  });
  it.each(["change the oil", "cancel the change of address", "put it back to friday", "scrap the dentist"])("%s is no undo", (text) => {
    expect(read(text)).not.toEqual([{ type: "undo" }]);
  });
});

describe("field-noun-not-task: a field or a change is never a task to delete", () => {
  it.each(["remove that label", "delete the last change", "scrap the reminder", "get rid of that tag", "bin the tags"])(
    "%s deletes nothing",
    (text) => {
      expect(read(text).some((i) => i.type === "delete")).toBe(false);
    },
  );
  it("still deletes a task named by its words", () => {
    expect(read("delete the label printer task")).toEqual([{ type: "delete", refs: [{ kind: "phrase", text: "label printer" }] }]);
  });
});

describe("lists in casual words", () => {
  it("chuck milk in shopping adds milk to shopping", () => {
    expect(read("chuck milk in shopping")).toEqual([{ type: "add", items: [{ title: "Milk", list: "shopping" }] }]);
  });
  it("put the bike in the garden stays a chore", () => {
    expect(JSON.stringify(read("put the bike in the garden"))).not.toContain('"list"');
  });
});

describe("own-due-relative: a reminder counted from the new task's own due date", () => {
  it("add pay the water bill in 3 days, remind me the day before at 6pm", () => {
    expect(read("add pay the water bill in 3 days, remind me the day before at 6pm")).toEqual([
      { type: "add", items: [{ title: "Pay the water bill", due: expect.stringMatching(/^2026-11-29/), remindAt: "2026-11-28T18:00:00" }] },
    ]);
  });
});

describe("subtasks in casual words", () => {
  it("a quoted title stuck under a task is a new subtask", () => {
    expect(read("stick 'book the venue' as a subtask of plan the party")).toEqual([
      { type: "add", items: [{ title: "Book the venue", parent: "plan the party" }] },
    ]);
  });
  it("an unquoted one is the task the user has", () => {
    expect(read("stick book the venue under plan the party")[0]?.type).toBe("update");
  });
});

describe("reminder-off of the task just talked about", () => {
  const off = [{ type: "update", ref: { kind: "pronoun" }, changes: { clearReminder: true } }];
  it.each([
    "actually no reminder for that",
    "no reminder for that one thanks",
    "dont need a reminder for that one",
    "take the reminder off it",
    "get rid of the reminder",
    "cancel that reminder",
    "turn off this reminder",
  ])("%s", (text) => {
    expect(read(text)).toEqual(off);
  });
  it.each(["no reminder for the gym", "remind me about it", "no reminder for my mum lol", "i never need a reminder"])(
    "%s is not the pronoun's",
    (text) => {
      expect(read(text)).not.toEqual(off);
    },
  );
});

describe("label-that-off (grounding): the label just named, or the task's only one", () => {
  const views: TaskView[] = [
    {
      id: "flights",
      title: "Book the flights",
      description: null,
      status: "pending",
      priority: "medium",
      dueAt: null,
      labels: ["someday"],
    },
    { id: "vet", title: "Call the vet", description: null, status: "pending", priority: "medium", dueAt: null, labels: ["urgent", "pets"] },
  ];
  const sunday = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");
  const change = (text: string) => {
    const g = groundMessage(text, views, sunday);
    return g?.kind === "change" ? { id: g.change.task.id, ...g.change.changes } : g?.kind;
  };
  it("flights arent someday anymore, remove that label", () => {
    expect(change("flights arent someday anymore, remove that label")).toEqual({ id: "flights", removeLabels: ["someday"] });
  });
  it("someday said as a musing still blocks", () => {
    expect(change("ill book the flights someday")).not.toEqual(expect.objectContaining({ id: "flights" }));
    expect(change("maybe the flights arent someday")).not.toEqual(expect.objectContaining({ id: "flights" }));
  });
  it("a task with two labels needs the label named", () => {
    expect((change("take the tag off the vet") as { removeLabels?: string[] })?.removeLabels).toBeUndefined();
  });
});

describe("no-thing-statement: 'no' before a thing is no to-do", () => {
  it.each(["no changes needed today thanks", "no milk this week", "nah reminders needed"])("%s adds nothing", (text) => {
    expect(read(text).some((i) => i.type === "add")).toBe(false);
  });
  it("no, buy oat milk is still an add", () => {
    expect(read("no, buy oat milk")).toEqual([{ type: "add", items: [{ title: "Buy oat milk" }] }]);
  });
});

describe("evening-before: the night before a named task is that evening, not 24 hours before", () => {
  it("remind me abt the bin collection the night before", () => {
    expect(read("remind me abt the bin collection the night before")).toEqual([
      { type: "add", items: [{ title: "The bin collection", remindOnDue: { days: 1, hour: 20, minute: 0, timeZone: "UTC" } }] },
    ]);
  });
  it("remind me the night before (the task just talked about) keeps the offset", () => {
    expect(read("remind me the night before")).toEqual([{ type: "update", ref: { kind: "pronoun" }, changes: { remindBefore: 1440 } }]);
  });
});
