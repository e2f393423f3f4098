/**
 * Everyday questions about the user's own tasks (issue 24, w14): a question that names a task is
 * answered with that task and never changes it (rule question-names-task); a list's name in a
 * question keeps the answer to that list (rule list-in-question); "what's after X" (rule next-after).
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { tasksAskedAbout } from "@/lib/agent/builtin/grounding";
import { planStep } from "@/lib/agent/builtin/planner";
import type { ConversationEvent, TaskView } from "@/lib/agent/builtin/prompt-reader";
import { shownOf } from "@/lib/agent/builtin/windows";
import { clock, task } from "./plan-steps";

const read = (text: string) => classify(text, clock);
const view = (id: string, title: string, extra: Partial<TaskView> = {}): TaskView => task(id, title, extra) as TaskView;

const tasks = [
  task("t1", "Book the florist", { dueAt: "2026-12-06T12:00:00.000Z" }),
  task("t2", "Order the wedding cake", { dueAt: "2026-12-14T12:00:00.000Z" }),
  task("t3", "Exchange euros", { status: "completed" }),
  task("t4", "Get the car MOT done", { dueAt: "2026-12-05T12:00:00.000Z" }),
  task("t5", "Sort the boiler service", { description: "Ask about the banging noise" }),
];

function step(text: string, found = tasks) {
  const events: ConversationEvent[] = [
    { kind: "user", text },
    { kind: "call", id: "g1", name: "list_tasks", input: { limit: 100 } },
    { kind: "result", id: "g1", name: "list_tasks", input: { limit: 100 }, outcome: { kind: "ok", value: { tasks: found } } },
  ];
  return planStep({ system: "", events }, clock, new Set());
}
const first = (text: string) => planStep({ system: "", events: [{ kind: "user", text }] }, clock, new Set());

describe("a question that names a task is answered, never acted on", () => {
  it("names the tasks asked about, by a word that is not a verb", () => {
    const views = tasks.map((t) => view(t.id, t.title, t));
    expect(tasksAskedAbout("did i get the euros", views).map((t) => t.title)).toEqual(["Exchange euros"]);
    expect(
      tasksAskedAbout("is the cake before or after the florist", views)
        .map((t) => t.title)
        .sort(),
    ).toEqual(["Book the florist", "Order the wedding cake"]);
    expect(tasksAskedAbout("did i get anything done", views)).toEqual([]);
  });
  for (const [text, title] of [
    ["can the florist wait?", "Book the florist"],
    ["would it be daft to push the florist back a week", "Book the florist"],
    ["do i need to tick off the euros or did i already", "Exchange euros"],
    ["is the cake the most important one", "Order the wedding cake"],
  ] as const)
    it(`'${text}' looks the tasks up and shows '${title}'`, () => {
      expect(first(text).calls.map((c) => c.toolName)).toEqual(["list_tasks"]);
      const after = step(text);
      expect(after.calls).toEqual([]);
      expect(after.text).toContain(title);
    });
  it("shows a task's notes", () => {
    expect(step("is the boiler urgent do you think?").text).toContain("banging noise");
  });
  it("a request put as a question is not one", () => {
    expect(first("can you order me a pizza?").calls).toEqual([]);
  });
});

describe("a list's name in a question", () => {
  it("a list word before a word for to-dos, or after a closing 'for the'", () => {
    expect(read("which wedding jobs are still left")).toEqual([
      { type: "list", filter: { status: "pending", list: "wedding", orTopic: true } },
    ]);
    expect(read("what's left to do for the trip")).toEqual([{ type: "list", filter: { status: "pending", list: "trip", orTopic: true } }]);
  });
  it("'forgotten' with a list asks what is left there, not what is overdue", () => {
    expect(read("is there anything i've forgotten for the trip")).toEqual([
      { type: "list", filter: { status: "pending", list: "trip", orTopic: true } },
    ]);
    expect(read("what's overdue for the trip")).toEqual([
      { type: "list", filter: { due: "overdue", status: "pending", list: "trip", orTopic: true } },
    ]);
  });
  it("people a task is for are no list", () => {
    expect(JSON.stringify(read("what have i got for the kids"))).not.toContain('"list":"kids"');
  });
  it("'still' after the subject, 'that repeats'", () => {
    expect(read("what do i still need to buy")).toEqual([{ type: "list", filter: { status: "pending", query: "buy" } }]);
    expect(read("what have i got that repeats")).toEqual([{ type: "list", filter: { status: "pending", repeating: true } }]);
  });
});

describe("what comes after a task", () => {
  it("reads the task named", () => {
    expect(read("whats after the invitations")).toEqual([{ type: "list", filter: { status: "pending", after: "invitations" } }]);
    expect(read("whats the next thing after the passport")).toEqual([{ type: "list", filter: { status: "pending", after: "passport" } }]);
    expect(read("what's after lunch")[0]?.type).not.toBe("list");
  });
  it("shows the tasks after the one named, in the list's order", () => {
    const list = [
      task("a", "Send the wedding invitations", { dueAt: "2026-11-28T12:00:00.000Z" }),
      task("b", "Sort the boiler", { dueAt: "2026-11-30T12:00:00.000Z" }),
      task("c", "Book the florist", { dueAt: "2026-12-06T12:00:00.000Z" }),
    ];
    expect(shownOf(list, { status: "pending", after: "invitations" }, clock).map((t) => t.id)).toEqual(["b", "c"]);
    expect(shownOf(list, { status: "pending", after: "gazebo" }, clock)).toEqual([]);
  });
});

describe("opinion asked, verbs asked", () => {
  it("a closing 'or is that daft', 'do you reckon' asks advice: never grounded to a change", () => {
    const found = [task("c", "Pay the council tax", { dueAt: "2026-11-25T12:00:00.000Z" })];
    for (const text of ["can the council tax go to next week, or is that daft", "push the council tax to monday, do you reckon?"]) {
      const after = step(text, found);
      expect(after.calls.filter((c) => c.toolName !== "list_tasks")).toEqual([]);
    }
  });
  it("'what have i got to post', 'what do i still have to book': the open tasks of that verb", () => {
    expect(read("what have i got to post")).toEqual([{ type: "list", filter: { status: "pending", query: "post" } }]);
    expect(read("what do i still have to book")).toEqual([{ type: "list", filter: { status: "pending", query: "book" } }]);
    expect(read("what have i got to do")).toEqual([{ type: "list", filter: { status: "pending" } }]);
  });
  it("a list word after a bare closing 'for'", () => {
    expect(read("whats left to sort for christmas")).toEqual([
      { type: "list", filter: { status: "pending", list: "christmas", orTopic: true } },
    ]);
  });
});
