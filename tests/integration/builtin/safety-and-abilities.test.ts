/**
 * The safety gate and the new abilities end to end: the built-in model through the AI SDK loop,
 * the real tools and the test database (Sunday 2026-11-22, 15:05 in Berlin).
 */
import { describe, it, expect } from "vitest";
import { Harness } from "./harness";

describe("the safety gate", () => {
  it("answers a question about a chore from the list, and changes nothing", async () => {
    const h = await Harness.create({ tasks: [{ title: "Buy milk", due: 0 }] });
    const t = await h.say("do I need to buy milk today?");
    expect(t.calls.map((c) => c.toolName)).toEqual(["list_tasks"]);
    expect(t.text).toContain("Yes — it's on your list:");
    expect(t.text).toContain("☐ Buy milk — due today");
  });

  it("offers a chore that is not on the list, and adds it with its date only on yes", async () => {
    const h = await Harness.create({ tasks: [{ title: "Pay the gas bill" }] });
    const asked = await h.say("should I call the bank today?");
    expect(asked.text).toBe("It's not on your list. Do you want me to add 'Call the bank' for today?");
    expect(await h.all()).toHaveLength(1);
    const yes = await h.say("yes please");
    expect(yes.calls).toEqual([{ toolName: "add_task", input: { title: "Call the bank", due: "2026-11-22" } }]);
    expect((await h.task("call the bank"))?.dueAt).toBe("2026-11-22T22:59:59.999Z");
  });

  it("an intention is offered with its time; no keeps the list as it is", async () => {
    const h = await Harness.create();
    const offer = await h.say("I'm going to the dentist tomorrow at 3");
    expect(offer.calls).toEqual([]);
    expect(offer.text).toBe("Do you want me to add 'Go to the dentist' for tomorrow at 3 pm?");
    const no = await h.say("no");
    expect(no.calls).toEqual([]);
    expect(await h.all()).toEqual([]);
  });

  it("a remark is acknowledged without a tool call", async () => {
    const h = await Harness.create({ tasks: [{ title: "Go to the shops" }] });
    const t = await h.say("I'm heading to the shops now");
    expect(t.calls).toEqual([]);
    expect((await h.task("shops"))?.status).toBe("pending");
  });

  it("'plan my week' shows what is due this week instead of adding a task", async () => {
    const h = await Harness.create({ tasks: [{ title: "Finish the slides", due: 0 }, { title: "Someday task" }] });
    const t = await h.say("can you help me plan my week?");
    expect(t.calls).toEqual([{ toolName: "list_tasks", input: { status: "pending", due: "this_week", limit: 100 } }]);
    expect(t.text).toContain("☐ Finish the slides");
    expect(t.text).toContain("I can't plan it for you");
    expect(await h.all()).toHaveLength(2);
  });
});

describe("new abilities", () => {
  it("makes several changes to one task in one sentence", async () => {
    const h = await Harness.create();
    await h.say("add book the venue");
    const t = await h.say("make it urgent and due on monday");
    expect(t.calls).toEqual([
      { toolName: "update_task", input: { task: (await h.task("venue"))?.id, priority: "high", due: "2026-11-23" } },
    ]);
    const venue = await h.task("venue");
    expect(venue?.priority).toBe("high");
    expect(venue?.dueAt).toBe("2026-11-23T22:59:59.999Z");
  });

  it("re-schedules by filter through update_tasks, and asks first above 3 tasks", async () => {
    const tasks = ["A", "B", "C", "D"].map((title) => ({ title: `Errand ${title}`, due: 0 }));
    const h = await Harness.create({ tasks: [...tasks, { title: "Later thing", due: 4 }] });
    const t = await h.say("push everything due today to tomorrow");
    expect(t.calls).toEqual([{ toolName: "update_tasks", input: { filter: { status: "pending", due: "today" }, due: "2026-11-23" } }]);
    expect(t.pending).toHaveLength(1);
    expect((await h.task("errand a"))?.dueAt).toBe("2026-11-22T22:59:59.999Z");
    const done = await h.say("yes");
    expect(done.text).toMatch(/^Moved 4 tasks to tomorrow:/);
    for (const title of ["errand a", "errand b", "errand c", "errand d"])
      expect((await h.task(title))?.dueAt).toBe("2026-11-23T22:59:59.999Z");
    expect((await h.task("later thing"))?.dueAt).toBe("2026-11-26T22:59:59.999Z");
  });

  it("postpones by a number of days from each task's own date", async () => {
    const h = await Harness.create({
      tasks: [
        { title: "Laundry", due: 0 },
        { title: "Bake a cake", due: 2 },
      ],
    });
    const t = await h.say("postpone everything by a day");
    expect(t.calls).toEqual([{ toolName: "update_tasks", input: { filter: { status: "pending" }, shiftDays: 1 } }]);
    expect((await h.task("laundry"))?.dueAt).toBe("2026-11-23T22:59:59.999Z");
    expect((await h.task("cake"))?.dueAt).toBe("2026-11-25T22:59:59.999Z");
  });

  it("undoes the previous turn", async () => {
    const h = await Harness.create({ tasks: [{ title: "Essay" }] });
    await h.say("mark the essay done");
    expect((await h.task("essay"))?.status).toBe("completed");
    const t = await h.say("take that back");
    expect(t.calls).toEqual([{ toolName: "undo_last_turn", input: {} }]);
    expect((await h.task("essay"))?.status).toBe("pending");
    expect(t.text).toMatch(/^Undone/);
  });

  it("answers 'how many tasks do I have left?' with a count", async () => {
    const h = await Harness.create({ tasks: [{ title: "Alpha" }, { title: "Beta" }, { title: "Gamma", status: "completed" }] });
    const t = await h.say("how many tasks do I have left?");
    expect(t.text).toMatch(/^You have 2 pending tasks:/);
  });

  it("reads times of day", async () => {
    const h = await Harness.create();
    const t = await h.say("remind me to take the bins out tonight");
    // Looked up first (the user may have that task), then added with its reminder at the time said.
    expect(t.calls).toEqual([
      { toolName: "list_tasks", input: { limit: 100 } },
      { toolName: "add_task", input: { title: "Take the bins out", due: "2026-11-22T20:00:00", remindAt: "2026-11-22T20:00:00" } },
    ]);
    expect((await h.task("bins"))?.dueAt).toBe("2026-11-22T19:00:00.000Z");
  });

  it("splits '…, now add …' into two requests", async () => {
    const h = await Harness.create({ tasks: [{ title: "Read the book" }] });
    const t = await h.say("I finished reading the book, now add call mom");
    expect(t.calls.map((c) => c.toolName)).toEqual(["complete_task", "add_task"]);
    expect((await h.task("read the book"))?.status).toBe("completed");
    expect((await h.task("call mom"))?.status).toBe("pending");
  });
});
