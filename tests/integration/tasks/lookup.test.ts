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

beforeAll(async () => {
  ada = await createTestUser("many-tasks");
  // 600 tasks due soon come first in list order; the one we want has no due date and comes last.
  const soon = new Date(Date.now() + 86_400_000);
  await db.task.createMany({ data: Array.from({ length: 600 }, (_, i) => ({ userId: ada.user.id, title: `Filler chore number ${i}`, dueAt: soon })) });
  passportId = (await db.task.create({ data: { userId: ada.user.id, title: "Renew passport" } })).id;
  await db.task.create({ data: { userId: ada.user.id, title: "Renew library card" } });
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
    expect(await runTaskTool("update_task", { task: passportId, priority: "low" }, ctx())).toMatchObject({ ok: true, task: { id: passportId, priority: "low" } });
    const result = await runTaskTool("complete_task", { task: "renew" }, ctx());
    expect(result).toMatchObject({ ok: false, code: "ambiguous" });
    expect(await db.task.count({ where: { userId: ada.user.id, status: "completed" } })).toBe(0);
  });
});
