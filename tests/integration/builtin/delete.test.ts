import { describe, it, expect } from "vitest";
import { Harness, once } from "./harness";
import { LOOKUP, expectCalls } from "./expect-calls";
import type { SeedTask } from "./harness";

const seed: SeedTask[] = [
  { title: "Cancel gym membership" },
  { title: "Obsolete task" },
  { title: "Buy milk" },
  { title: "Old report", status: "completed" },
  { title: "Done chore", status: "completed" },
];

const deletes: Array<[string, string]> = [
  ["delete cancel gym membership", "cancel gym membership"],
  ["remove the obsolete task", "obsolete"],
  ["get rid of buy milk", "buy milk"],
  ["delete the gym task", "gym"],
  ["please remove 'Buy milk' from my list", "Buy milk"],
  ["take buy milk off my list", "buy milk"],
  ["erase the obsolete task", "obsolete"],
  ["I don't need to buy milk anymore", "buy milk"],
  ["buy milk is no longer needed", "buy milk"],
  ["scrap the obsolete one", "obsolete"],
  ["cancel the obsolete task", "obsolete"],
  ["trash the milk task", "milk"],
  ["forget about buying milk", "buying milk"],
];

describe("delete intents", () => {
  for (const [say, task] of deletes) {
    it(say, async () => {
      const t = await once(say, { tasks: seed });
      expectCalls(t.calls, [{ toolName: "delete_task", input: { task } }]);
    });
  }

  it("asks for approval and deletes only after 'yes'", async () => {
    const h = await Harness.create({ tasks: seed });
    const first = await h.say("delete cancel gym membership");
    expect(first.pending).toHaveLength(1);
    expect(await h.all()).toHaveLength(5);
    const second = await h.say("yes");
    expect(await h.task("gym")).toBeUndefined();
    expect(second.text).toBe("Deleted 'Cancel gym membership'.");
  });

  it("keeps the task when denied and says nothing was deleted", async () => {
    const h = await Harness.create({ tasks: [{ title: "Keep me" }] });
    await h.say("delete keep me");
    const t = await h.approve(false);
    expect(await h.all()).toHaveLength(1);
    expect(t.text).toMatch(/nothing was deleted/i);
    expect(t.text).toMatch(/still on your list/);
  });

  it("asks which one when several match, deleting nothing", async () => {
    const t = await once("delete the project task", { tasks: [{ title: "Project kickoff" }, { title: "Project retro" }] });
    expect(t.pending).toHaveLength(0);
    expect(await t.h.all()).toHaveLength(2);
    expect(t.text).toMatch(/\?/);
    expect(t.text).toContain("Project kickoff");
    expect(t.text).toContain("Project retro");
  });

  it("asks before deleting an ambiguous 'cancel X'", async () => {
    const t = await once("cancel the dentist appointment", { tasks: [{ title: "Dentist appointment" }] });
    // It looks first: a task of that name is there, so it may be a delete or a chore.
    expectCalls(t.calls, [LOOKUP]);
    expect(t.text).toMatch(/delete .*or add/);
    const h = t.h;
    const next = await h.say("delete it");
    expectCalls(next.calls, [{ toolName: "delete_task", input: { task: "dentist appointment" } }]);
  });

  it("adds 'cancel X' as a chore when no task is named X, and never offers to delete it", async () => {
    const t = await once("cancel the milk delivery", { tasks: [{ title: "Dentist appointment" }] });
    expectCalls(t.calls, [LOOKUP, { toolName: "add_task", input: { title: "Cancel the milk delivery" } }]);
    expect(t.text).not.toMatch(/delete/i);
    expect((await t.h.task("dentist"))?.status).toBe("pending");
  });

  it("does not treat a chore like 'clear the gutters' as a delete", async () => {
    const t = await once("clear the gutters on saturday");
    expectCalls(t.calls, [LOOKUP, { toolName: "add_task", input: { title: "Clear the gutters", due: "2026-11-28" } }]);
  });
});

describe("bulk actions", () => {
  it("complete all tasks due today: lists, then completes those ids", async () => {
    const h = await Harness.create({
      tasks: [
        { title: "A today", due: 0 },
        { title: "B today", due: 0 },
        { title: "C later", due: 4 },
      ],
    });
    const t = await h.say("complete all tasks due today");
    expectCalls(t.calls, [{ toolName: "list_tasks", input: { due: "today", status: "pending" } }, { toolName: "complete_tasks" }]);
    expect((await h.task("a today"))?.status).toBe("completed");
    expect((await h.task("b today"))?.status).toBe("completed");
    expect((await h.task("c later"))?.status).toBe("pending");
    expect(t.text).toBe("Marked 'A today' and 'B today' as complete.");
  });

  it("mark everything due today as done", async () => {
    const h = await Harness.create({
      tasks: [
        { title: "A today", due: 0 },
        { title: "C later", due: 4 },
      ],
    });
    await h.say("mark everything due today as done");
    expect((await h.task("a today"))?.status).toBe("completed");
    expect((await h.task("c later"))?.status).toBe("pending");
  });

  it("clear all completed tasks: asks, then deletes on 'yes, delete them'", async () => {
    const h = await Harness.create({ tasks: seed });
    const t = await h.say("clear all completed tasks");
    expectCalls(t.calls, [{ toolName: "list_tasks", input: { status: "completed" } }, { toolName: "delete_tasks" }]);
    expect(t.pending).toHaveLength(1);
    expect(await h.all()).toHaveLength(5);
    const done = await h.say("yes, delete them");
    expect(await h.all()).toHaveLength(3);
    expect(done.text).toBe("Deleted 'Old report' and 'Done chore'.");
  });

  for (const say of [
    "delete all completed tasks",
    "remove my finished tasks",
    "clean up the done ones",
    "get rid of all completed items",
  ]) {
    it(say, async () => {
      const t = await once(say, { tasks: seed });
      expectCalls(t.calls, [{ toolName: "list_tasks", input: { status: "completed" } }, { toolName: "delete_tasks" }]);
    });
  }

  it("says so when there is nothing to complete", async () => {
    const t = await once("complete all tasks due today", { tasks: [{ title: "Later", due: 3 }] });
    expect(t.calls).toHaveLength(1);
    expect(t.text).toMatch(/don't have any tasks due today/);
  });

  it("'mark them all done' after a list completes the listed tasks", async () => {
    const h = await Harness.create({
      tasks: [
        { title: "One", due: 0 },
        { title: "Two", due: 0 },
        { title: "Three", due: 5 },
      ],
    });
    await h.say("what's due today?");
    const t = await h.say("mark them all as done");
    expectCalls(t.calls, [{ toolName: "complete_tasks" }]);
    expect((await h.task("three"))?.status).toBe("pending");
    expect((await h.task("one"))?.status).toBe("completed");
  });

  it("denying a bulk delete changes nothing", async () => {
    const h = await Harness.create({ tasks: seed });
    await h.say("delete all completed tasks");
    const t = await h.approve(false);
    expect(await h.all()).toHaveLength(5);
    expect(t.text).toMatch(/didn't delete anything/);
  });
});
