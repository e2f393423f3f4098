/** update_tasks through the real tool definition on the test database, and which bulk calls ask first. */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getTaskToolDefinition, needsApproval } from "@/lib/agent/tools/definitions";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import { runTaskTool } from "@/lib/agent/tools/run";
import { createTask } from "@/lib/tasks/service";
import { createTestUser, type TestUser } from "../helpers";

let ada: TestUser;
let babbage: TestUser;
const tz = "Europe/Berlin";

beforeAll(async () => {
  ada = await createTestUser("ada-bulk");
  babbage = await createTestUser("babbage-bulk");
});

async function tasks(user: TestUser, titles: string[], extra: { dueAt?: string; priority?: "low" | "high" } = {}) {
  const created = [];
  for (const title of titles)
    created.push(
      await createTask({ userId: user.user.id, timeZone: tz, input: { title, ...extra }, change: { actor: "api", requestId: null } }),
    );
  return created;
}

const ctx = (user: TestUser): TaskToolContext => ({ userId: user.user.id, timeZone: tz, actor: "agent", requestId: null });

describe("update_tasks", () => {
  it("moves each due date by whole local days, keeping the time, and skips tasks without one", async () => {
    const [a, b] = await tasks(ada, ["Shift A", "Shift B"], { dueAt: "2026-03-27T09:30" });
    const [none] = await tasks(ada, ["Shift none"]);
    const out = await runTaskTool("update_tasks", { ids: [a!.id, b!.id, none!.id], shiftDays: 3 }, ctx(ada));
    expect(out.ok).toBe(true);
    const changed = (out as unknown as { tasks: { id: string; dueAt: string }[] }).tasks;
    expect(changed.map((t) => t.id).sort()).toEqual([a!.id, b!.id].sort());
    // Across the DST change of 2026-03-29 in Berlin: still 09:30 local (07:30Z instead of 08:30Z).
    expect(changed[0]!.dueAt).toBe("2026-03-30T07:30:00.000Z");
    expect((out as unknown as { skipped: { id: string }[] }).skipped.map((s) => s.id)).toEqual([none!.id]);
  });

  it("changes every task a filter matches (pending by default) and nothing of another user's", async () => {
    const mine = await tasks(ada, ["Filter zebra one", "Filter zebra two"]);
    const done = (await tasks(ada, ["Filter zebra done"]))[0]!;
    await db.task.update({ where: { id: done.id }, data: { status: "completed" } });
    const theirs = (await tasks(babbage, ["Filter zebra theirs"]))[0]!;
    const out = await runTaskTool("update_tasks", { filter: { query: "zebra" }, priority: "high" }, ctx(ada));
    expect(out.ok).toBe(true);
    expect((out as unknown as { tasks: { id: string; priority: string }[] }).tasks.map((t) => t.id).sort()).toEqual(
      mine.map((t) => t.id).sort(),
    );
    expect((await db.task.findUnique({ where: { id: done.id } }))?.priority).toBe("medium");
    expect((await db.task.findUnique({ where: { id: theirs.id } }))?.priority).toBe("medium");
  });

  it("refuses both or neither of ids/filter, no change, and an unreadable due, changing nothing", async () => {
    const [t] = await tasks(ada, ["Refused"]);
    for (const input of [
      { ids: [t!.id], filter: {}, priority: "high" },
      { priority: "high" },
      { ids: [t!.id] },
      { ids: [t!.id], due: "someday" },
      { ids: [t!.id], due: "2026-01-01", clearDue: true },
    ]) {
      const out = await runTaskTool("update_tasks", input, ctx(ada));
      expect(out).toMatchObject({ ok: false, code: "invalid_input" });
    }
    expect((await db.task.findUnique({ where: { id: t!.id } }))?.priority).toBe("medium");
  });

  it("another user's ids are not_found", async () => {
    const [theirs] = await tasks(babbage, ["Not yours"]);
    expect(await runTaskTool("update_tasks", { ids: [theirs!.id], status: "completed" }, ctx(ada))).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect((await db.task.findUnique({ where: { id: theirs!.id } }))?.status).toBe("pending");
  });
});

describe("which calls ask first", () => {
  const asks = (name: string, input: unknown, user: TestUser) => needsApproval(getTaskToolDefinition(name)!, input, ctx(user));

  it("update_tasks and complete_tasks ask above 3 tasks, not at 3", async () => {
    const three = await tasks(ada, ["Three 1", "Three 2", "Three 3"]);
    const four = [...three, ...(await tasks(ada, ["Three 4"]))];
    expect(await asks("update_tasks", { ids: three.map((t) => t.id), priority: "low" }, ada)).toBe(false);
    expect(await asks("update_tasks", { ids: four.map((t) => t.id), priority: "low" }, ada)).toBe(true);
    expect(await asks("complete_tasks", { ids: three.map((t) => t.id) }, ada)).toBe(false);
    expect(await asks("complete_tasks", { ids: four.map((t) => t.id) }, ada)).toBe(true);
    // Another user's ids do not count.
    const theirs = await tasks(babbage, ["T1", "T2"]);
    expect(await asks("complete_tasks", { ids: [...three.map((t) => t.id), ...theirs.map((t) => t.id)] }, ada)).toBe(false);
  });
});
