/**
 * Organisation in everyday words (issue 24, wave 9): lists with no task in them yet, parents said
 * as a statement, a new list and a task put in it, and answers to the assistant's own questions
 * that are never things to get.
 */
import { describe, expect, it } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { answerNotThing } from "@/lib/agent/builtin/intents/gate";
import { readOrganise } from "@/lib/agent/builtin/intents/organise";
import type { Intent } from "@/lib/agent/builtin/intents/types";
import { taskDueAt } from "./task-view";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");
const task = taskDueAt(null);
const TASKS = [
  task("gutters", "Clear the gutters"),
  task("windows", "Clean the windows", { list: "Work" }),
  task("minutes", "Write the minutes", { list: "Work" }),
];
const changeOf = (text: string, lists: string[] = []) => {
  const g = groundMessage(text, TASKS, clock, lists);
  return g?.kind === "change" ? { id: g.change.task.id, ...g.change.changes } : null;
};

describe("lists with no task in them yet (lists-lookup: the planner passes list_lists)", () => {
  it("'the gutters are a home thing' moves to an empty Home list when it is known", () => {
    expect(changeOf("the gutters are a home thing", ["Home"])).toEqual({ id: "gutters", list: "Home" });
  });
  it("tags #home when there is no Home list", () => {
    expect(changeOf("the gutters are a home thing")).toEqual({ id: "gutters", labels: ["home"] });
  });
  it("list-not: 'windows arent work, theyre home' moves out of Work into Home", () => {
    expect(changeOf("windows arent work, theyre home", ["Home"])).toEqual({ id: "windows", list: "Home" });
    expect(changeOf("windows arent work, theyre home")).toBeNull();
  });
  it("arrow-list: 'gutters -> home list' only to a list the user has", () => {
    expect(changeOf("gutters -> home list", ["Home"])).toEqual({ id: "gutters", list: "Home" });
    expect(changeOf("gutters -> home")).toBeNull();
  });
});

describe("part-of-statement", () => {
  const read = (text: string) => readOrganise(text, clock);
  it.each([
    ["the cake is part of the party prep", "the cake", "party prep"],
    ["photographer is a sub thing of the wedding", "photographer", "wedding"],
    ["tool box should be a subtask of the garage", "tool box", "garage"],
  ])("'%s' puts %s under %s", (text, child, parent) => {
    const i = read(text);
    expect(i?.type).toBe("update");
    if (i?.type === "update") {
      expect(i.changes.parent).toContain(parent);
      expect(i.ref.kind === "phrase" && child.includes(i.ref.text)).toBe(true);
    }
  });
  it.each(["the cake was part of the party prep", "the report goes under work", "it is part of the plan"])(
    "'%s' sets no parent",
    (text) => {
      const i = read(text);
      expect(i?.type === "update" && i.changes.parent !== undefined).toBe(false);
    },
  );
});

describe("create-then-place", () => {
  it("'make a new list called garden and put the hedge in it'", () => {
    expect(readOrganise("make a new list called garden and put the hedge in it", clock)).toEqual({
      type: "createList",
      name: "Garden",
      place: "hedge",
    });
  });
  it("'start a wedding list and put the venue on it'", () => {
    expect(readOrganise("start a wedding list and put the venue on it", clock)).toMatchObject({ type: "createList", name: "Wedding" });
  });
});

describe("answer-not-thing", () => {
  const add: Intent[] = [{ type: "add", items: [{ title: "Cat litter" }] }];
  it("after a question, a noun phrase is offered, never added", () => {
    expect(answerNotThing(add, "I found several tasks matching 'call': Which one did you mean?", "cat litter", clock)).toEqual([
      { type: "offer", item: { title: "Cat litter" } },
    ]);
  });
  it("with no question before it, the thing is added", () => {
    expect(answerNotThing(add, "Added 'Bread'.", "cat litter", clock)).toBe(add);
  });
  it("an add that is not rule thing-wanted stands", () => {
    const buy: Intent[] = [{ type: "add", items: [{ title: "Buy cat litter" }] }];
    expect(answerNotThing(buy, "Which one did you mean?", "add buy cat litter", clock)).toBe(buy);
  });
});
