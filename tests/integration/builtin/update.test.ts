import { describe, it, expect } from "vitest";
import { Harness, once } from "./harness";
import { expectCalls, type Expected } from "./expect-calls";
import type { SeedTask } from "./harness";

// Clock: Sunday 2026-11-22 in Europe/Berlin.
const seed: SeedTask[] = [
  { title: "Call grandma" },
  { title: "Tax return", priority: "medium" },
  { title: "Vet visit", due: 3 },
  { title: "Garden work" },
  { title: "Dentist appointment", due: 1 },
];

const cases: Array<[string, Expected]> = [
  [
    "rename call grandma to call grandma on sunday",
    { toolName: "update_task", input: { task: "call grandma", title: "Call grandma on sunday" } },
  ],
  [
    "change the title of garden work to weed the garden",
    { toolName: "update_task", input: { task: "garden work", title: "Weed the garden" } },
  ],
  ["rename the tax return task as file tax return", { toolName: "update_task", input: { task: "tax return", title: "File tax return" } }],
  ["change call grandma to call grandpa", { toolName: "update_task", input: { task: "call grandma", title: "Call grandpa" } }],
  [
    "update the description of garden work to mow the lawn",
    { toolName: "update_task", input: { task: "garden work", description: "mow the lawn" } },
  ],
  [
    "add a note to vet visit: bring the vaccination card",
    { toolName: "update_task", input: { task: "vet visit", description: "bring the vaccination card" } },
  ],
  [
    "set the description of tax return to use the new form",
    { toolName: "update_task", input: { task: "tax return", description: "use the new form" } },
  ],
  ["remove the description from garden work", { toolName: "update_task", input: { task: "garden work", description: "" } }],
  ["set tax return to high priority", { toolName: "update_task", input: { task: "tax return", priority: "high" } }],
  ["make the tax return urgent", { toolName: "update_task", input: { task: "tax return", priority: "high" } }],
  ["mark garden work as low priority", { toolName: "update_task", input: { task: "garden work", priority: "low" } }],
  ["change the priority of vet visit to low", { toolName: "update_task", input: { task: "vet visit", priority: "low" } }],
  ["prioritize call grandma", { toolName: "update_task", input: { task: "call grandma", priority: "high" } }],
  ["garden work is not urgent", { toolName: "update_task", input: { task: "garden work", priority: "low" } }],
  ["tax return is important", { toolName: "update_task", input: { task: "tax return", priority: "high" } }],
  ["change the due date of vet visit to today", { toolName: "update_task", input: { task: "vet visit", due: "2026-11-22" } }],
  ["move vet visit to Friday", { toolName: "update_task", input: { task: "vet visit", due: "2026-11-27" } }],
  ["postpone the dentist appointment to next week", { toolName: "update_task", input: { task: "dentist appointment", due: "2026-11-29" } }],
  ["vet visit is due tomorrow", { toolName: "update_task", input: { task: "vet visit", due: "2026-11-23" } }],
  ["reschedule garden work for Saturday", { toolName: "update_task", input: { task: "garden work", due: "2026-11-28" } }],
  ["push the tax return back to December 5", { toolName: "update_task", input: { task: "tax return", due: "2026-12-05" } }],
  ["set the deadline for tax return to the 30th", { toolName: "update_task", input: { task: "tax return", due: "2026-11-30" } }],
  ["make garden work due in 3 days", { toolName: "update_task", input: { task: "garden work", due: "2026-11-25" } }],
  ["remove the due date from vet visit", { toolName: "update_task", input: { task: "vet visit", clearDue: true } }],
  ["vet visit has no deadline", { toolName: "update_task", input: { task: "vet visit", clearDue: true } }],
  [
    "change vet visit to high priority and due friday",
    { toolName: "update_task", input: { task: "vet visit", priority: "high", due: "2026-11-27" } },
  ],
  [
    "move the dentist appointment to tomorrow at 4pm",
    { toolName: "update_task", input: { task: "dentist appointment", due: "2026-11-23T16:00:00" } },
  ],
  ["the tax return should be done by Wednesday", { toolName: "update_task", input: { task: "tax return", due: "2026-11-25" } }],
  [
    "call grandma should be called call grandma and grandpa",
    { toolName: "update_task", input: { task: "call grandma", title: "Call grandma and grandpa" } },
  ],
];

describe("update intents", () => {
  for (const [say, expected] of cases) {
    it(say, async () => {
      const t = await once(say, { tasks: seed });
      expectCalls(t.calls, [expected]);
      expect(t.text).not.toMatch(/couldn't/);
    });
  }

  it("confirms a rename", async () => {
    const t = await once("rename call grandma to call grandma on sunday", { tasks: seed });
    expect(await t.h.task("on sunday")).toBeDefined();
    expect(t.text).toContain("'Call grandma on sunday'");
  });

  it("confirms a new due date in words", async () => {
    const t = await once("move vet visit to Friday", { tasks: seed });
    expect(t.text).toBe("'Vet visit' is now due Friday.");
  });

  it("postpones from the due date the conversation showed", async () => {
    const h = await Harness.create({ tasks: seed });
    await h.say("show my tasks");
    const t = await h.say("postpone the vet visit by a week");
    expectCalls(t.calls, [{ toolName: "update_task", input: { task: "vet visit", due: "2026-12-02" } }]);
  });

  it("postpones from the task's own due date, looking it up when the conversation has not shown it", async () => {
    const t = await once("postpone the vet visit by 2 days", { tasks: seed });
    expectCalls(t.calls, [
      { toolName: "list_tasks", input: { query: "vet visit" } },
      { toolName: "update_task", input: { due: "2026-11-27" } },
    ]);
    expect((await t.h.task("vet visit"))?.dueAt).toBe(new Date("2026-11-27T22:59:59.999Z").toISOString());
    expect(t.text).toBe("'Vet visit' is now due Friday.");
  });

  it("postpones an undated task from today, and lets the tool report a missing one", async () => {
    const undated = await once("delay garden work by 3 days", { tasks: seed });
    expect((await undated.h.task("garden work"))?.dueAt).toBe(new Date("2026-11-25T22:59:59.999Z").toISOString());
    const missing = await once("postpone the dragon taming by 2 days", { tasks: seed });
    expect(missing.text).toMatch(/couldn't find/i);
    const dues = Object.fromEntries((await missing.h.all()).map((x) => [x.title, x.dueAt !== null]));
    expect(dues).toEqual(Object.fromEntries(seed.map((s) => [s.title, s.due !== undefined])));
  });

  it("updates 'it' after adding: priority", async () => {
    const h = await Harness.create();
    await h.say("add write thank you notes");
    const t = await h.say("make it low priority");
    expectCalls(t.calls, [{ toolName: "update_task", input: { priority: "low" } }]);
    expect((await h.task("thank you notes"))?.priority).toBe("low");
  });

  it("updates 'it' after adding: due date", async () => {
    const h = await Harness.create();
    await h.say("add clean the windows");
    await h.say("make it due tomorrow");
    expect((await h.task("windows"))?.dueAt).toBe(new Date("2026-11-23T22:59:59.999Z").toISOString());
  });
});
