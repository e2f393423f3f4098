import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/tasks/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

async function create(user: TestUser, body: Record<string, unknown>): Promise<TaskView> {
  const res = await createRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status).toBe(201);
  return ((await res.json()) as { task: TaskView }).task;
}

async function list(user: TestUser, query = ""): Promise<{ tasks: TaskView[]; nextCursor: string | null }> {
  const res = await listRoute(apiRequest(`/api/tasks${query}`, { headers: user.auth }), none);
  expect(res.status).toBe(200);
  return (await res.json()) as { tasks: TaskView[]; nextCursor: string | null };
}

describe("tasks API", () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await createTestUser("ada");
  });

  it("creates a task with defaults and returns the API shape", async () => {
    const task = await create(ada, { title: "  Buy milk " });
    expect(task).toMatchObject({
      title: "Buy milk",
      description: "",
      status: "pending",
      priority: "medium",
      dueAt: null,
      completedAt: null,
    });
    expect(Object.keys(task).sort()).toEqual([
      "completedAt",
      "createdAt",
      "description",
      "dueAt",
      "id",
      "labels",
      "lastCompletedAt",
      "list",
      "parentId",
      "priority",
      "recurrence",
      "remindAt",
      "reminderDismissedAt",
      "status",
      "subtasks",
      "title",
      "updatedAt",
    ]);
    const res = await getRoute(apiRequest(`/api/tasks/${task.id}`, { headers: ada.auth }), params({ id: task.id }));
    expect(((await res.json()) as { task: TaskView }).task.id).toBe(task.id);
  });

  it("completes, reopens, edits and deletes", async () => {
    const task = await create(ada, { title: "Walk the dog", dueAt: "2030-01-05" });
    expect(task.dueAt).toBe("2030-01-05T23:59:59.999Z");

    let res = await patchRoute(
      apiRequest(`/api/tasks/${task.id}`, { method: "PATCH", body: { status: "completed" }, headers: ada.auth }),
      params({ id: task.id }),
    );
    let updated = ((await res.json()) as { task: TaskView }).task;
    expect(updated.status).toBe("completed");
    expect(updated.completedAt).not.toBeNull();

    res = await patchRoute(
      apiRequest(`/api/tasks/${task.id}`, {
        method: "PATCH",
        body: { status: "pending", title: "Walk the dogs", priority: "high", dueAt: null },
        headers: ada.auth,
      }),
      params({ id: task.id }),
    );
    updated = ((await res.json()) as { task: TaskView }).task;
    expect(updated).toMatchObject({ status: "pending", completedAt: null, title: "Walk the dogs", priority: "high", dueAt: null });

    res = await deleteRoute(apiRequest(`/api/tasks/${task.id}`, { method: "DELETE", headers: ada.auth }), params({ id: task.id }));
    expect(res.status).toBe(204);
    res = await getRoute(apiRequest(`/api/tasks/${task.id}`, { headers: ada.auth }), params({ id: task.id }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found:task", message: expect.any(String) });
  });

  it("filters by status, priority, text and due date in the caller's time zone", async () => {
    const user = await createTestUser("filters");
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() + offset * 86400000).toISOString();
    await create(user, { title: "Overdue report", dueAt: day(-2) });
    await create(user, { title: "Today call", dueAt: new Date(now.getTime() + 60_000).toISOString() });
    await create(user, { title: "Later trip", dueAt: day(3), priority: "high" });
    const done = await create(user, { title: "Old report", dueAt: day(-3) });
    await patchRoute(
      apiRequest(`/api/tasks/${done.id}`, { method: "PATCH", body: { status: "completed" }, headers: user.auth }),
      params({ id: done.id }),
    );

    const titles = async (q: string) => (await list(user, q)).tasks.map((t) => t.title);
    expect(await titles("?due=overdue&tz=UTC")).toEqual(["Overdue report"]);
    expect(await titles("?due=upcoming&tz=UTC")).toEqual(["Later trip"]);
    expect(await titles("?status=completed")).toEqual(["Old report"]);
    expect(await titles("?priority=high")).toEqual(["Later trip"]);
    expect((await titles("?q=REPORT")).sort()).toEqual(["Old report", "Overdue report"]);
    // Pending first, then by due date, completed last.
    expect(await titles("")).toEqual(["Overdue report", "Today call", "Later trip", "Old report"]);
  });

  it("pages with a stable cursor and no duplicates", async () => {
    const user = await createTestUser("pages");
    for (let i = 0; i < 7; i++) await create(user, { title: `Task ${i}`, ...(i % 2 ? { dueAt: `2030-01-0${i + 1}` } : {}) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { tasks: TaskView[]; nextCursor: string | null } = await list(user, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.tasks.length).toBeLessThanOrEqual(3);
      seen.push(...page.tasks.map((t) => t.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 3)).toEqual(["Task 1", "Task 3", "Task 5"]);
  });

  it("answers bad input with 400 and a code naming the field, writing nothing", async () => {
    const user = await createTestUser("bad");
    const cases: Array<[string, Request]> = [
      [
        "malformed JSON",
        apiRequest("/api/tasks", { rawBody: "{ nope", headers: { ...user.auth, "content-type": "application/json" }, method: "POST" }),
      ],
      ["empty title", apiRequest("/api/tasks", { body: { title: "" }, headers: user.auth })],
      ["unknown field", apiRequest("/api/tasks", { body: { title: "x", userId: ada.user.id }, headers: user.auth })],
      ["wrong enum", apiRequest("/api/tasks", { body: { title: "x", priority: "urgent" }, headers: user.auth })],
      ["bad date", apiRequest("/api/tasks", { body: { title: "x", dueAt: "next tuesday-ish" }, headers: user.auth })],
      [
        "text/plain body",
        apiRequest("/api/tasks", {
          rawBody: JSON.stringify({ title: "x" }),
          headers: { ...user.auth, "content-type": "text/plain" },
          method: "POST",
        }),
      ],
    ];
    for (const [name, request] of cases) {
      const res = await createRoute(request, none);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code, name).toMatch(/^bad_request:/);
      expect(body.message, name).not.toMatch(/prisma|select|stack|at \//i);
    }
    const unknownField = await createRoute(apiRequest("/api/tasks", { body: { title: "x", userId: "1" }, headers: user.auth }), none);
    expect(((await unknownField.json()) as { message: string }).message).toContain("userId");
    expect((await list(user)).tasks).toHaveLength(0);
  });

  it("rejects a non-UUID id with 400", async () => {
    const res = await getRoute(apiRequest("/api/tasks/not-a-uuid", { headers: ada.auth }), params({ id: "not-a-uuid" }));
    expect(res.status).toBe(400);
  });

  it("rejects a body over the size limit with 413", async () => {
    const res = await createRoute(
      apiRequest("/api/tasks", { body: { title: "x", description: "y".repeat(70_000) }, headers: ada.auth }),
      none,
    );
    expect(res.status).toBe(413);
  });
});
