import { describe, it, expect } from "vitest";
import { Harness } from "./harness";
import { expectCalls } from "./expect-calls";
import type { SeedTask } from "./harness";

const errands: SeedTask[] = [
  { title: "One errand", due: 1 },
  { title: "Two errand", due: 2 },
  { title: "Three errand", due: 3 },
];

async function listed(tasks: SeedTask[] = errands): Promise<Harness> {
  const h = await Harness.create({ tasks });
  await h.say("show my tasks");
  return h;
}

describe("ordinals refer to the last list shown", () => {
  const ordinals: Array<[string, string]> = [
    ["mark the second one done", "Two errand"],
    ["complete the first one", "One errand"],
    ["the last one is done", "Three errand"],
    ["tick off number 3", "Three errand"],
    ["mark #2 as complete", "Two errand"],
    ["finished the third task", "Three errand"],
  ];
  for (const [say, title] of ordinals) {
    it(say, async () => {
      const h = await listed();
      const t = await h.say(say);
      expectCalls(t.calls, [{ toolName: "complete_task", input: { task: (await h.task(title))?.id } }]);
      expect((await h.task(title))?.status).toBe("completed");
      expect(t.text).not.toContain((await h.task(title))?.id ?? "-");
    });
  }

  it("deletes the first one after approval", async () => {
    const h = await listed();
    const t = await h.say("delete the first one");
    expectCalls(t.calls, [{ toolName: "delete_task", input: { task: (await h.task("One errand"))?.id } }]);
    await h.say("yes");
    expect(await h.task("One errand")).toBeUndefined();
  });

  it("renames the second one", async () => {
    const h = await listed();
    const t = await h.say("rename the second one to Second errand");
    expectCalls(t.calls, [{ toolName: "update_task", input: { title: "Second errand" } }]);
    expect(t.text).toBe("Renamed 'Two errand' to 'Second errand'.");
  });

  it("moves the last one to Friday", async () => {
    const h = await listed();
    await h.say("move the last one to friday");
    expect((await h.task("Three errand"))?.dueAt).toBe("2026-11-27T22:59:59.999Z");
  });

  it("explains when the ordinal is past the end of the list", async () => {
    const h = await listed();
    const t = await h.say("mark the fifth one done");
    expect(t.calls).toEqual([]);
    expect(t.text).toMatch(/3 tasks/);
  });

  it("asks for a list first when nothing was listed", async () => {
    const h = await Harness.create({ tasks: errands });
    const t = await h.say("complete the second one");
    expect(t.calls).toEqual([]);
    expect(t.text).toMatch(/show your tasks/);
  });

  it("uses the filtered list the user saw (due tomorrow)", async () => {
    const h = await Harness.create({ tasks: errands });
    await h.say("what's due the day after tomorrow?");
    const t = await h.say("mark the first one done");
    expectCalls(t.calls, [{ toolName: "complete_task", input: { task: (await h.task("Two errand"))?.id } }]);
  });
});

describe("pronouns refer to the task just dealt with", () => {
  it("'it' after a completion reopens that task", async () => {
    const h = await Harness.create({ tasks: errands });
    await h.say("mark one errand as done");
    const t = await h.say("actually, mark it as not done");
    expectCalls(t.calls, [{ toolName: "update_task", input: { task: (await h.task("One errand"))?.id, status: "pending" } }]);
  });

  it("'that one' after a single search result", async () => {
    const h = await Harness.create({ tasks: errands });
    await h.say("search for three");
    const t = await h.say("delete that one");
    expectCalls(t.calls, [{ toolName: "delete_task", input: { task: (await h.task("Three errand"))?.id } }]);
  });

  it("asks which one when 'it' could be any of several listed tasks", async () => {
    const h = await listed();
    const t = await h.say("mark it done");
    expect(t.calls).toEqual([]);
    expect(t.text).toMatch(/Which one/);
  });

  it("'it' after adding two tasks is the last one added", async () => {
    const h = await Harness.create();
    await h.say("add buy bread and pick up the kids");
    await h.say("make it urgent");
    expect((await h.task("kids"))?.priority).toBe("high");
    expect((await h.task("bread"))?.priority).toBe("medium");
  });
});

describe("answering 'which one did you mean?'", () => {
  const projects: SeedTask[] = [{ title: "Project kickoff" }, { title: "Project retro" }];

  for (const answer of ["project retro", "the retro one", "retro", "I meant the retro", "the second one", "the last one"]) {
    it(`complete → "${answer}"`, async () => {
      const h = await Harness.create({ tasks: projects });
      const first = await h.say("mark the project task as done");
      expect(first.text).toMatch(/Which one did you mean\?/);
      expect((await h.all()).every((t) => t.status === "pending")).toBe(true);
      const t = await h.say(answer);
      expectCalls(t.calls, [{ toolName: "complete_task", input: { task: (await h.task("retro"))?.id } }]);
      expect((await h.task("retro"))?.status).toBe("completed");
      expect((await h.task("kickoff"))?.status).toBe("pending");
    });
  }

  it("applies the original action: delete (with approval)", async () => {
    const h = await Harness.create({ tasks: projects });
    await h.say("delete the project task");
    const t = await h.say("the kickoff one");
    expectCalls(t.calls, [{ toolName: "delete_task", input: { task: (await h.task("kickoff"))?.id } }]);
    expect(t.pending).toHaveLength(1);
  });

  it("applies the original action: update priority", async () => {
    const h = await Harness.create({ tasks: projects });
    await h.say("make the project task high priority");
    await h.say("kickoff");
    expect((await h.task("kickoff"))?.priority).toBe("high");
  });

  it("'both' applies the action to every candidate", async () => {
    const h = await Harness.create({ tasks: projects });
    await h.say("complete the project task");
    await h.say("both");
    expect((await h.all()).every((t) => t.status === "completed")).toBe(true);
  });

  it("a new command after the question is handled as new", async () => {
    const h = await Harness.create({ tasks: projects });
    await h.say("complete the project task");
    const t = await h.say("show my tasks");
    expectCalls(t.calls, [{ toolName: "list_tasks" }]);
  });

  it("after not found, naming the task retries the same action", async () => {
    const h = await Harness.create({ tasks: [{ title: "Gym membership" }] });
    const first = await h.say("complete the fitness task");
    expect(first.text).toMatch(/couldn't find/);
    const t = await h.say("I meant the gym one");
    expectCalls(t.calls, [{ toolName: "complete_task", input: { task: "gym" } }]);
    expect((await h.task("gym"))?.status).toBe("completed");
  });

  it("picks the only open candidate when completing", async () => {
    const h = await Harness.create({ tasks: [{ title: "Project kickoff", status: "completed" }, { title: "Project retro" }] });
    const t = await h.say("mark the project task as done");
    expect((await h.task("retro"))?.status).toBe("completed");
    expect(t.text).toBe("Marked 'Project retro' as complete.");
  });
});

describe("more reference forms", () => {
  it("'the first two' acts on both, together", async () => {
    const h = await listed();
    const t = await h.say("delete the first two");
    expectCalls(t.calls, [
      { toolName: "delete_tasks", input: { ids: [(await h.task("One errand"))?.id, (await h.task("Two errand"))?.id] } },
    ]);
    await h.say("yes");
    expect((await h.all()).map((x) => x.title)).toEqual(["Three errand"]);
  });

  it("'1 and 3' completes those two", async () => {
    const h = await listed();
    await h.say("mark 1 and 3 done");
    const byTitle = Object.fromEntries((await h.all()).map((x) => [x.title, x.status]));
    expect(byTitle).toEqual({ "One errand": "completed", "Two errand": "pending", "Three errand": "completed" });
  });

  it("'what about the second one?' asks what to do, and 'mark it done' then means that task", async () => {
    const h = await listed();
    const ask = await h.say("what about the second one?");
    expect(ask.calls).toEqual([]);
    expect(ask.text).toMatch(/^What would you like me to do with 'Two errand'\?/);
    await h.say("mark it done");
    expect((await h.task("Two errand"))?.status).toBe("completed");
  });

  it("a quoted old and new title rename cleanly", async () => {
    const h = await Harness.create({ tasks: [{ title: "Send invoice to ACME" }] });
    const t = await h.say("rename 'Send invoice to ACME' to 'Send invoice to ACME Corp'");
    expectCalls(t.calls, [{ toolName: "update_task", input: { task: "send invoice to acme", title: "Send invoice to ACME Corp" } }]);
  });
});
