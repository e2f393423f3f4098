/**
 * Lists, labels and subtasks through the real tool definitions (agent + MCP) on the test
 * database: names instead of ids, asking before inventing a list, '#labels' in titles, subtasks
 * and their progress, the parent-ready hint, the delete question that counts subtasks, bulk
 * filters by list and label, and another user's lists staying invisible.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import { runTaskTool } from "@/lib/agent/tools/run";
import { actionQuestion, combinedQuestion, subtasksAlong } from "@/lib/agent/turn-text";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import { createList, listLists } from "@/lib/lists/service";
import type { TaskView } from "@/lib/tasks/schema";
import { getTaskById, listTasks } from "@/lib/tasks/service";
import { createTestUser, type TestUser } from "../helpers";

const tz = "UTC";
const ctx = (user: TestUser): TaskToolContext => ({ userId: user.user.id, timeZone: tz, actor: "agent", requestId: null });
type Out = Record<string, unknown> & { ok: boolean };
const run = async (name: string, input: unknown, user: TestUser) => (await runTaskTool(name, input, ctx(user))) as Out;
const taskOf = (out: Out) => out.task as TaskView;

describe("lists in the tools", () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await createTestUser("ada-lists");
  });

  it("add_task with a list that does not exist asks instead of creating it; after create_list it works", async () => {
    const missing = await run("add_task", { title: "Milk", list: "Groceries" }, ada);
    expect(missing).toMatchObject({ ok: false, code: "not_found", missing: "list", query: "Groceries", lists: [] });
    expect(missing.message).toContain("There's no 'Groceries' list yet — create it?");
    expect((await listLists({ userId: ada.user.id })).lists).toEqual([]);
    expect((await listTasks({ userId: ada.user.id, timeZone: tz, q: "Milk" })).tasks).toEqual([]);

    const created = await run("create_list", { name: "Groceries" }, ada);
    expect(created).toMatchObject({ ok: true, list: { name: "Groceries", taskCount: 0 } });
    expect(await run("create_list", { name: "groceries" }, ada)).toMatchObject({
      ok: true,
      alreadyExisted: true,
      list: { name: "Groceries" },
    });

    const added = await run("add_task", { title: "Milk", list: "the groceries list" }, ada);
    expect(taskOf(added).list).toMatchObject({ name: "Groceries" });
    const listed = await run("list_tasks", { list: "groceries" }, ada);
    expect((listed.tasks as TaskView[]).map((t) => t.title)).toEqual(["Milk"]);
    expect(listed.filter).toMatchObject({ list: "Groceries" });
    expect(await run("list_lists", {}, ada)).toMatchObject({
      ok: true,
      lists: [{ name: "Groceries", taskCount: 1 }],
      inbox: { taskCount: 0 },
    });
  });

  it("update_task moves a task to a list and back to the Inbox", async () => {
    await createList({ userId: ada.user.id, name: "Work" });
    await run("add_task", { title: "Quarterly report" }, ada);
    let out = await run("update_task", { task: "quarterly report", list: "work" }, ada);
    expect(out).toMatchObject({ ok: true, changed: ["list"] });
    expect(taskOf(out).list).toMatchObject({ name: "Work" });
    out = await run("update_task", { task: "quarterly report", list: "Garden" }, ada);
    expect(out).toMatchObject({ ok: false, missing: "list", lists: ["Groceries", "Work"] });
    out = await run("update_task", { task: "quarterly report", list: "inbox" }, ada);
    expect(taskOf(out).list).toBeNull();
    expect(((await run("list_tasks", { list: "Inbox" }, ada)).tasks as TaskView[]).map((t) => t.title)).toEqual(["Quarterly report"]);
  });

  it("another user's lists do not exist for the tools", async () => {
    const bob = await createTestUser("bob-lists");
    const out = await run("add_task", { title: "Sneaky", list: "Groceries" }, bob);
    expect(out).toMatchObject({ ok: false, missing: "list", lists: [] });
    expect(await run("list_tasks", { list: "Work" }, bob)).toMatchObject({ ok: false, missing: "list" });
    expect(await run("list_lists", {}, bob)).toMatchObject({ ok: true, lists: [] });
  });
});

describe("labels in the tools", () => {
  it("'#errands' in a title becomes a label; labels are added, removed and filtered", async () => {
    const user = await createTestUser("labels-tools");
    const out = await run("add_task", { title: "Buy stamps #errands #Post" }, user);
    expect(taskOf(out)).toMatchObject({ title: "Buy stamps", labels: ["errands", "post"] });
    await run("add_task", { title: "Call mum", labels: ["family"] }, user);

    let tagged = await run("update_task", { task: "call mum", labels: ["Urgent"] }, user);
    expect(taskOf(tagged).labels).toEqual(["family", "urgent"]);
    tagged = await run("update_task", { task: "stamps", removeLabels: ["post"] }, user);
    expect(taskOf(tagged).labels).toEqual(["errands"]);
    expect(((await run("list_tasks", { label: "#URGENT" }, user)).tasks as TaskView[]).map((t) => t.title)).toEqual(["Call mum"]);
    expect(await run("update_task", { task: "call mum", labels: ["two words"] }, user)).toMatchObject({ ok: false, code: "invalid_input" });
  });

  it("update_tasks filters by list and label", async () => {
    const user = await createTestUser("bulk-organise");
    await createList({ userId: user.user.id, name: "Groceries" });
    for (const title of ["Apples", "Pears"]) await run("add_task", { title, list: "groceries" }, user);
    await run("add_task", { title: "Post letter #errands" }, user);
    await run("add_task", { title: "Unrelated" }, user);

    const done = await run("update_tasks", { filter: { list: "groceries" }, status: "completed" }, user);
    expect((done.tasks as TaskView[]).map((t) => t.title).sort()).toEqual(["Apples", "Pears"]);
    const moved = await run("update_tasks", { filter: { label: "errands" }, due: "2030-06-01" }, user);
    expect((moved.tasks as TaskView[]).map((t) => t.title)).toEqual(["Post letter"]);
    expect(await run("update_tasks", { filter: { list: "Nowhere" }, priority: "high" }, user)).toMatchObject({
      ok: false,
      missing: "list",
    });
    const unrelated = (await listTasks({ userId: user.user.id, timeZone: tz, q: "Unrelated" })).tasks[0];
    expect(unrelated).toMatchObject({ status: "pending", dueAt: null, priority: "medium" });
  });
});

describe("subtasks in the tools", () => {
  it("add a task with steps, add a step, progress, and the offer to complete the parent", async () => {
    const user = await createTestUser("subtasks-tools");
    const out = await run("add_task", { title: "Pack for the trip", subtasks: ["Passport", "Charger", "Adapter"] }, user);
    expect(taskOf(out).subtasks).toEqual({ done: 0, total: 3 });
    expect((out.subtasks as TaskView[]).map((t) => [t.title, t.parentId])).toEqual([
      ["Passport", taskOf(out).id],
      ["Charger", taskOf(out).id],
      ["Adapter", taskOf(out).id],
    ]);
    const step = await run("add_task", { title: "Sunscreen", parent: "pack trip" }, user);
    expect(taskOf(step).parentId).toBe(taskOf(out).id);
    expect(await run("add_task", { title: "Deeper", parent: "passport" }, user)).toMatchObject({ ok: false, code: "invalid_input" });

    const steps = (await run("list_tasks", { parent: "pack for the trip" }, user)).tasks as TaskView[];
    expect(steps.map((t) => t.title).sort()).toEqual(["Adapter", "Charger", "Passport", "Sunscreen"]);

    for (const title of ["Passport", "Charger", "Adapter"])
      expect((await run("complete_task", { task: title }, user)).parentReady).toBeUndefined();
    const last = await run("complete_task", { task: "sunscreen" }, user);
    expect(last.parentReady).toEqual([{ id: taskOf(out).id, title: "Pack for the trip" }]);
    expect(last.note).toMatch(/Offer to complete 'Pack for the trip'/);
    expect((await getTaskById({ userId: user.user.id, id: taskOf(out).id }))?.status).toBe("pending");
  });

  it("deleting a parent deletes its subtasks, and the result says how many", async () => {
    const user = await createTestUser("parent-delete-tools");
    const out = await run("add_task", { title: "Move house", subtasks: ["Boxes", "Van", "Keys"] }, user);
    const deleted = await run("delete_task", { task: "move house" }, user);
    expect(deleted).toMatchObject({ ok: true, subtasksDeleted: 3 });
    for (const sub of out.subtasks as TaskView[]) expect(await getTaskById({ userId: user.user.id, id: sub.id })).toBeNull();
  });

  it("the delete question counts the subtasks that go along, once", () => {
    const parent = { id: "p", subtasks: 3 };
    expect(actionQuestion("delete_task", {}, ["Move house"], subtasksAlong([parent]))).toBe(
      "Delete 'Move house' and its 3 subtasks? (yes / no)",
    );
    expect(actionQuestion("delete_task", {}, ["Plain"], subtasksAlong([{ id: "x" }]))).toBe("Delete 'Plain'? (yes / no)");
    // A subtask named itself is one of the tasks, not one more subtask.
    const named = subtasksAlong([parent, { id: "s", parentId: "p" }]);
    expect(named).toBe(2);
    expect(actionQuestion("delete_tasks", {}, ["Move house", "Boxes"], named)).toBe(
      "Delete 2 tasks: 'Move house' and 'Boxes' and 2 subtasks with them? (yes / no)",
    );
    const items = [
      { toolName: "delete_task", input: {}, titles: ["Move house"], prompt: "", subtasks: 3 },
      { toolName: "delete_task", input: {}, titles: ["Plain"], prompt: "", subtasks: 0 },
    ];
    expect(combinedQuestion(items)).toBe("Delete 2 tasks: 'Move house' and 'Plain' and 3 subtasks with them? (yes / no)");
  });
});

it("the system prompt teaches lists, labels, subtasks and asking before creating a list", () => {
  const prompt = buildSystemPrompt({ now: new Date("2026-11-22T14:05:00.000Z"), timeZone: "UTC" });
  expect(prompt).toMatch(/Inbox/);
  expect(prompt).toMatch(/#errands/);
  expect(prompt).toMatch(/There's no 'Groceries' list yet — create it\?/);
  expect(prompt).toMatch(/parentReady/);
});
