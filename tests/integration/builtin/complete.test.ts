import { describe, it, expect } from "vitest";
import { Harness, once } from "./harness";
import { expectCalls } from "./expect-calls";
import type { SeedTask } from "./harness";

const seed: SeedTask[] = [
  { title: "Go running" },
  { title: "Read a book" },
  { title: "Pay the phone bill" },
  { title: "Walk the dog" },
  { title: "Call mom" },
  { title: "Renew driving licence" },
  { title: "Buy groceries" },
  { title: "Wash the car", status: "completed" },
  { title: "Do the laundry" },
];

const completes: Array<[string, string]> = [
  ["mark go running as complete", "go running"],
  ["mark go running done", "go running"],
  ["mark read a book as finished", "read a book"],
  ["I finished reading the book", "Read a book"],
  ["I paid the phone bill", "Pay the phone bill"],
  ["done with walk the dog", "walk the dog"],
  ["tick off call mom", "call mom"],
  ["check off buy groceries", "buy groceries"],
  ["cross the laundry off my list", "Do the laundry"],
  ["complete the driving license task", "Renew driving licence"],
  ["I walked the dog", "Walk the dog"],
  ["I called mom", "Call mom"],
  ["just bought the groceries", "Buy groceries"],
  ["the laundry is done", "Do the laundry"],
  ["go running is finished", "Go running"],
  ["I've completed the phone bill task", "Pay the phone bill"],
  ["please mark 'Read a book' as done", "Read a book"],
  ["finished: buy groceries", "Buy groceries"],
  ["laundry done", "Do the laundry"],
  ["I did the laundry", "Do the laundry"],
  ["can you tick the phone bill off?", "Pay the phone bill"],
  ["set walk the dog to done", "Walk the dog"],
];

describe("complete intents", () => {
  for (const [say, title] of completes) {
    it(say, async () => {
      const t = await once(say, { tasks: seed });
      // A deed told in the past tense looks the tasks up first (rule done-verb-fits); nothing else is called.
      expect(t.calls.filter((c) => c.toolName !== "list_tasks").every((c) => c.toolName === "complete_task")).toBe(true);
      expect((await t.h.task(title))?.status).toBe("completed");
      expect((await t.h.all()).filter((x) => x.status === "completed")).toHaveLength(2);
      expect(t.text).toMatch(/^Marked '.+' as complete\.$/);
    });
  }

  it("passes the cleaned phrase for the matcher", async () => {
    const t = await once("complete the driving license task", { tasks: seed });
    expectCalls(t.calls, [{ toolName: "complete_task", input: { task: "driving license" } }]);
  });

  it("completes two tasks named in one message", async () => {
    const t = await once("mark go running and walk the dog as done", { tasks: seed });
    expectCalls(t.calls, [
      { toolName: "complete_task", input: { task: "go running" } },
      { toolName: "complete_task", input: { task: "walk the dog" } },
    ]);
    expect(t.text).toBe("Marked 'Go running' and 'Walk the dog' as complete.");
  });

  it("says kindly when nothing matches, changing nothing", async () => {
    const t = await once("complete the dragon taming task", { tasks: [{ title: "Real task" }] });
    expectCalls(t.calls, [{ toolName: "complete_task", input: { task: "dragon taming" } }]);
    expect(t.text).toMatch(/^I couldn't find a task matching 'dragon taming'\./);
    expect((await t.h.all())[0]?.status).toBe("pending");
  });

  it("retries a past-tense statement with the object only", async () => {
    const t = await once("I paid the electricity", { tasks: [{ title: "Electricity bill" }] });
    expectCalls(
      t.calls.filter((c) => c.toolName !== "list_tasks"),
      [
        { toolName: "complete_task", input: { task: "pay the electricity" } },
        { toolName: "complete_task", input: { task: "electricity" } },
      ],
    );
    expect((await t.h.all())[0]?.status).toBe("completed");
    expect(t.text).toBe("Marked 'Electricity bill' as complete.");
  });

  it("completes 'it' after adding", async () => {
    const h = await Harness.create();
    await h.say("add book a haircut");
    const t = await h.say("done, mark it complete");
    expectCalls(t.calls, [{ toolName: "complete_task", input: { task: (await h.task("haircut"))?.id } }]);
    expect((await h.task("haircut"))?.status).toBe("completed");
  });

  it("completes 'it' with a bare 'done'", async () => {
    const h = await Harness.create();
    await h.say("add water the plants");
    await h.say("done");
    expect((await h.task("plants"))?.status).toBe("completed");
  });
});

const reopens: Array<[string, string]> = [
  ["mark wash the car as pending again", "wash the car"],
  ["reopen wash the car", "wash the car"],
  ["wash the car isn't done", "wash the car"],
  ["unmark wash the car", "wash the car"],
  ["mark wash the car as not done", "wash the car"],
  ["I didn't actually finish washing the car", "wash the car"],
  ["put wash the car back on my list", "wash the car"],
  ["set the car wash task back to pending", "car wash"],
  ["mark the car wash as incomplete", "car wash"],
  ["uncheck wash the car", "wash the car"],
];

describe("reopen intents", () => {
  for (const [say, task] of reopens) {
    it(say, async () => {
      const t = await once(say, { tasks: seed });
      expectCalls(t.calls.slice(0, 1), [{ toolName: "update_task", input: { task, status: "pending" } }]);
    });
  }

  it("reopens the task and confirms", async () => {
    const t = await once("mark wash the car as pending again", { tasks: seed });
    expect((await t.h.task("wash the car"))?.status).toBe("pending");
    expect(t.text).toBe("Marked 'Wash the car' as pending again.");
  });
});
