/**
 * Finding a task by the user's words sees all of their tasks, not only the first few hundred
 * in list order: the search for candidates runs in the database. Driven through the real tool
 * definitions, as the agent and MCP clients call them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runTaskTool } from "@/lib/agent/tools/run";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../helpers";

let ada: TestUser;
let passportId: string;
let bea: TestUser;
let oldestId: string;

beforeAll(async () => {
  ada = await createTestUser("many-tasks");
  // 600 tasks due soon come first in list order; the one we want has no due date and comes last.
  const soon = new Date(Date.now() + 86_400_000);
  await db.task.createMany({
    data: Array.from({ length: 600 }, (_, i) => ({ userId: ada.user.id, title: `Filler chore number ${i}`, dueAt: soon })),
  });
  passportId = (await db.task.create({ data: { userId: ada.user.id, title: "Renew passport" } })).id;
  await db.task.create({ data: { userId: ada.user.id, title: "Renew library card" } });

  // Years of tasks: the one we want is the oldest, and 650 newer ones, due sooner, share a word with it.
  bea = await createTestUser("years-of-tasks");
  const longAgo = new Date(Date.now() - 3 * 365 * 86_400_000);
  oldestId = (await db.task.create({ data: { userId: bea.user.id, title: "Renew passport", createdAt: longAgo } })).id;
  await db.task.createMany({
    data: Array.from({ length: 650 }, (_, i) => ({ userId: bea.user.id, title: `Renew parking permit for bay ${i}`, dueAt: soon })),
  });
});

describe("task lookup by words", () => {
  const ctx = () => ({ userId: ada.user.id, timeZone: "UTC", actor: "api" as const, requestId: null });

  it("finds a task beyond the first 500, also with a small typo", async () => {
    for (const words of ["renew passport", "the pasport one", "PASSPORT"]) {
      const result = await runTaskTool("update_task", { task: words, priority: "high" }, ctx());
      expect(result, words).toMatchObject({ ok: true, task: { id: passportId } });
    }
  });

  it("finds it by id, and still says when words fit several tasks", async () => {
    expect(await runTaskTool("update_task", { task: passportId, priority: "low" }, ctx())).toMatchObject({
      ok: true,
      task: { id: passportId, priority: "low" },
    });
    const result = await runTaskTool("complete_task", { task: "renew" }, ctx());
    expect(result).toMatchObject({ ok: false, code: "ambiguous" });
    expect(await db.task.count({ where: { userId: ada.user.id, status: "completed" } })).toBe(0);
  });
});

describe("task lookup for a user with years of tasks", () => {
  const ctx = () => ({ userId: bea.user.id, timeZone: "UTC", actor: "api" as const, requestId: null });

  it("finds the oldest task when hundreds of newer ones share a word with it", async () => {
    for (const words of ["renew passport", "the passport one", "renew my pasport"]) {
      const result = await runTaskTool("update_task", { task: words, priority: "high" }, ctx());
      expect(result, words).toMatchObject({ ok: true, task: { id: oldestId, priority: "high" } });
    }
    expect(await runTaskTool("complete_task", { task: "passport" }, ctx())).toMatchObject({
      ok: true,
      task: { id: oldestId, status: "completed" },
    });
  });

  it("lists it for a misspelt query (the forgiving fallback searches all of the tasks)", async () => {
    const result = await runTaskTool("list_tasks", { query: "pasport" }, ctx());
    expect(result).toMatchObject({ ok: true, total: 1, tasks: [{ id: oldestId }] });
  });

  it("still tells several matching tasks apart from none", async () => {
    expect(await runTaskTool("update_task", { task: "parking permit", priority: "low" }, ctx())).toMatchObject({
      ok: false,
      code: "ambiguous",
    });
    expect(await runTaskTool("update_task", { task: "parking permit for bay 612", priority: "low" }, ctx())).toMatchObject({
      ok: true,
      task: { title: "Renew parking permit for bay 612" },
    });
    expect(await runTaskTool("update_task", { task: "water the ferns", priority: "low" }, ctx())).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });
});

describe("task lookup by an everyday word for the same thing", () => {
  it("finds a title by either word, among hundreds of other tasks", async () => {
    const cal = await createTestUser("same-thing");
    const soon = new Date(Date.now() + 86_400_000);
    await db.task.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({ userId: cal.user.id, title: `Sort the garage shelf ${i}`, dueAt: soon })),
    });
    const gift = (await db.task.create({ data: { userId: cal.user.id, title: "Wrap the present for Sam" } })).id;
    const mom = (await db.task.create({ data: { userId: cal.user.id, title: "Call mom" } })).id;
    const ctx = { userId: cal.user.id, timeZone: "UTC", actor: "api" as const, requestId: null };
    for (const [words, id] of [
      ["sam's gift", gift],
      ["the present", gift],
      ["mum", mom],
      ["call my mom", mom],
    ] as const) {
      const result = await runTaskTool("update_task", { task: words, priority: "high" }, ctx);
      expect(result, words).toMatchObject({ ok: true, task: { id } });
    }
  });
});
