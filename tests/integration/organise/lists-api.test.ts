/**
 * Lists, labels and subtasks over REST, signed in (by token) as real users on the test database:
 * the lists routes, the new task fields and filters, the Inbox, deleting a list, subtasks, and
 * two-user ownership (another user's list or task is not_found everywhere, and stays unchanged).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listListsRoute, POST as createListRoute } from "@/app/api/lists/route";
import { DELETE as deleteListRoute, GET as getListRoute, PATCH as patchListRoute } from "@/app/api/lists/[id]/route";
import { GET as listTasksRoute, POST as createTaskRoute } from "@/app/api/tasks/route";
import { DELETE as deleteTaskRoute, GET as getTaskRoute, PATCH as patchTaskRoute } from "@/app/api/tasks/[id]/route";
import { POST as undoRoute } from "@/app/api/undo/route";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { db } from "@/lib/db";
import type { ListView } from "@/lib/lists/schema";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

async function createList(user: TestUser, name: string): Promise<ListView> {
  const res = await createListRoute(apiRequest("/api/lists", { body: { name }, headers: user.auth }), none);
  expect(res.status).toBe(201);
  return ((await res.json()) as { list: ListView }).list;
}

async function lists(user: TestUser): Promise<{ lists: ListView[]; inbox: { taskCount: number } }> {
  const res = await listListsRoute(apiRequest("/api/lists", { headers: user.auth }), none);
  expect(res.status).toBe(200);
  return (await res.json()) as { lists: ListView[]; inbox: { taskCount: number } };
}

async function createTask(user: TestUser, body: Record<string, unknown>): Promise<TaskView> {
  const res = await createTaskRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { task: TaskView }).task;
}

async function patchTask(user: TestUser, id: string, body: Record<string, unknown>): Promise<Response> {
  return patchTaskRoute(apiRequest(`/api/tasks/${id}`, { method: "PATCH", body, headers: user.auth }), params({ id }));
}

async function getTask(user: TestUser, id: string): Promise<TaskView | null> {
  const res = await getTaskRoute(apiRequest(`/api/tasks/${id}`, { headers: user.auth }), params({ id }));
  return res.status === 200 ? ((await res.json()) as { task: TaskView }).task : null;
}

async function undo(user: TestUser, requestId: string): Promise<{ reverted: number; skipped: unknown[]; alreadyUndone: boolean }> {
  const res = await undoRoute(apiRequest("/api/undo", { body: { requestId }, headers: user.auth }), none);
  expect(res.status).toBe(200);
  return (await res.json()) as { reverted: number; skipped: unknown[]; alreadyUndone: boolean };
}

async function titles(user: TestUser, query: string): Promise<string[]> {
  const res = await listTasksRoute(apiRequest(`/api/tasks${query}`, { headers: user.auth }), none);
  expect(res.status).toBe(200);
  return ((await res.json()) as { tasks: TaskView[] }).tasks.map((t) => t.title).sort();
}

describe("lists", () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await createTestUser("ada");
  });

  it("creates, renames and lists them with pending-task counts; names are unique regardless of case", async () => {
    const groceries = await createList(ada, "  Groceries ");
    expect(groceries).toEqual({ id: expect.any(String), name: "Groceries", taskCount: 0 });

    let res = await createListRoute(apiRequest("/api/lists", { body: { name: "GROCERIES" }, headers: ada.auth }), none);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "conflict:list", message: "There is already a list called 'GROCERIES'." });

    for (const name of ["", "   ", "x".repeat(61)]) {
      res = await createListRoute(apiRequest("/api/lists", { body: { name }, headers: ada.auth }), none);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("bad_request:api");
    }
    res = await createListRoute(apiRequest("/api/lists", { body: { name: "ok", userId: ada.user.id }, headers: ada.auth }), none);
    expect(res.status).toBe(400);

    const work = await createList(ada, "work");
    await createTask(ada, { title: "Milk", listId: groceries.id });
    const bread = await createTask(ada, { title: "Bread", listId: groceries.id });
    await patchTask(ada, bread.id, { status: "completed" });
    await createTask(ada, { title: "Loose end" });

    const all = await lists(ada);
    expect(all.lists.map((l) => [l.name, l.taskCount])).toEqual([
      ["Groceries", 1],
      ["work", 0],
    ]);
    expect(all.inbox.taskCount).toBe(1);

    res = await patchListRoute(
      apiRequest(`/api/lists/${work.id}`, { method: "PATCH", body: { name: "groceries" }, headers: ada.auth }),
      params({ id: work.id }),
    );
    expect(res.status).toBe(409);
    res = await patchListRoute(
      apiRequest(`/api/lists/${work.id}`, { method: "PATCH", body: { name: "Work stuff" }, headers: ada.auth }),
      params({ id: work.id }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { list: ListView }).list).toEqual({ id: work.id, name: "Work stuff", taskCount: 0 });
    // Renaming to a different spelling of its own name is allowed.
    res = await patchListRoute(
      apiRequest(`/api/lists/${groceries.id}`, { method: "PATCH", body: { name: "groceries" }, headers: ada.auth }),
      params({ id: groceries.id }),
    );
    expect(res.status).toBe(200);
    const milk = (await titles(ada, `?list=${groceries.id}`)).includes("Milk");
    expect(milk).toBe(true);
    const task = (await listTasksRoute(apiRequest(`/api/tasks?list=${groceries.id}&status=pending`, { headers: ada.auth }), none).then(
      (r) => r.json(),
    )) as { tasks: TaskView[] };
    expect(task.tasks[0]?.list).toEqual({ id: groceries.id, name: "groceries" });
  });

  it("the Inbox holds the tasks without a list; tasks move between lists and back", async () => {
    const user = await createTestUser("inbox");
    const home = await createList(user, "Home");
    const loose = await createTask(user, { title: "Loose" });
    expect(loose).toMatchObject({ list: null, labels: [], parentId: null, subtasks: null });
    const vacuum = await createTask(user, { title: "Vacuum", listId: home.id });
    expect(vacuum.list).toEqual({ id: home.id, name: "Home" });

    expect(await titles(user, "?list=inbox")).toEqual(["Loose"]);
    expect(await titles(user, `?list=${home.id}`)).toEqual(["Vacuum"]);

    let res = await patchTask(user, loose.id, { listId: home.id });
    expect(((await res.json()) as { task: TaskView }).task.list).toEqual({ id: home.id, name: "Home" });
    expect(await titles(user, "?list=inbox")).toEqual([]);
    res = await patchTask(user, vacuum.id, { listId: null });
    expect(((await res.json()) as { task: TaskView }).task.list).toBeNull();
    expect(await titles(user, "?list=inbox")).toEqual(["Vacuum"]);
    expect(await titles(user, `?list=${home.id}`)).toEqual(["Loose"]);

    res = await listTasksRoute(apiRequest("/api/tasks?list=groceries", { headers: user.auth }), none);
    expect(res.status).toBe(400);
  });

  it("deleting a list moves its tasks to the Inbox and records each move under the request id", async () => {
    const user = await createTestUser("delete-list");
    const trip = await createList(user, "Trip");
    const passport = await createTask(user, { title: "Passport", listId: trip.id });
    const tickets = await createTask(user, { title: "Tickets", listId: trip.id });
    await createTask(user, { title: "Elsewhere" });

    const res = await deleteListRoute(
      apiRequest(`/api/lists/${trip.id}`, { method: "DELETE", headers: { ...user.auth, "x-request-id": "delete-trip-1" } }),
      params({ id: trip.id }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("x-request-id")).toBe("delete-trip-1");
    expect((await lists(user)).lists).toEqual([]);
    expect(await titles(user, "?list=inbox")).toEqual(["Elsewhere", "Passport", "Tickets"]);
    expect((await getTask(user, passport.id))?.list).toBeNull();

    const rows = await db.taskActivity.findMany({ where: { userId: user.user.id, requestId: "delete-trip-1" }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => r.taskId).sort()).toEqual([passport.id, tickets.id].sort());
    for (const row of rows) {
      expect(row.action).toBe("updated");
      expect((row.before as TaskView).list).toEqual({ id: trip.id, name: "Trip" });
      expect((row.after as TaskView).list).toBeNull();
    }
    const again = await deleteListRoute(
      apiRequest(`/api/lists/${trip.id}`, { method: "DELETE", headers: user.auth }),
      params({ id: trip.id }),
    );
    expect(again.status).toBe(404);

    // Undo brings the list back, with its id and name, and its tasks into it; a second undo does nothing.
    expect(await undo(user, "delete-trip-1")).toMatchObject({ reverted: 2, skipped: [] });
    expect((await lists(user)).lists).toEqual([{ id: trip.id, name: "Trip", taskCount: 2 }]);
    expect(await titles(user, `?list=${trip.id}`)).toEqual(["Passport", "Tickets"]);
    expect(await titles(user, "?list=inbox")).toEqual(["Elsewhere"]);
    expect(await undo(user, "delete-trip-1")).toMatchObject({ reverted: 0, alreadyUndone: true });
  });

  it("undo of a deleted list's moves keeps a task moved again since, and reuses a list of the same name", async () => {
    const user = await createTestUser("delete-list-skip");
    const trip = await createList(user, "Trip");
    const passport = await createTask(user, { title: "Passport", listId: trip.id });
    await createTask(user, { title: "Tickets", listId: trip.id });
    await deleteListRoute(
      apiRequest(`/api/lists/${trip.id}`, { method: "DELETE", headers: { ...user.auth, "x-request-id": "delete-trip-2" } }),
      params({ id: trip.id }),
    );
    const again = await createList(user, "trip");
    await patchTask(user, passport.id, { listId: again.id });

    const result = await undo(user, "delete-trip-2");
    expect(result).toMatchObject({ reverted: 1, skipped: [{ taskId: passport.id }] });
    expect((await lists(user)).lists).toEqual([{ id: again.id, name: "trip", taskCount: 2 }]);
  });
});

describe("labels", () => {
  it("are lower-cased, de-duplicated, validated, and filter the list", async () => {
    const user = await createTestUser("labels");
    const stamps = await createTask(user, { title: "Stamps", labels: ["Errands", "#post", "errands"] });
    expect(stamps.labels).toEqual(["errands", "post"]);
    await createTask(user, { title: "Report", labels: ["work"] });

    expect(await titles(user, "?label=errands")).toEqual(["Stamps"]);
    expect(await titles(user, "?label=ERRANDS")).toEqual(["Stamps"]);
    expect(await titles(user, "?label=nothing")).toEqual([]);

    const res = await patchTask(user, stamps.id, { labels: ["urgent"] });
    expect(((await res.json()) as { task: TaskView }).task.labels).toEqual(["urgent"]);
    expect(await titles(user, "?label=errands")).toEqual([]);

    for (const labels of [["two words"], [""], ["x".repeat(41)], Array.from({ length: 21 }, (_, i) => `l${i}`), "errands"]) {
      const bad = await createTaskRoute(apiRequest("/api/tasks", { body: { title: "Bad", labels }, headers: user.auth }), none);
      expect(bad.status).toBe(400);
    }
    expect(await titles(user, "?q=Bad")).toEqual([]);
  });
});

describe("subtasks", () => {
  it("one level, in the parent's list, with the parent's progress", async () => {
    const user = await createTestUser("subtasks");
    const trip = await createList(user, "Trip");
    const pack = await createTask(user, { title: "Pack for the trip", listId: trip.id });
    const passport = await createTask(user, { title: "Passport", parentId: pack.id });
    const charger = await createTask(user, { title: "Charger", parentId: pack.id });
    await createTask(user, { title: "Adapter", parentId: pack.id });
    expect(passport).toMatchObject({ parentId: pack.id, list: { id: trip.id, name: "Trip" }, subtasks: null });

    expect((await getTask(user, pack.id))?.subtasks).toEqual({ done: 0, total: 3 });
    await patchTask(user, passport.id, { status: "completed" });
    await patchTask(user, charger.id, { status: "completed" });
    expect((await getTask(user, pack.id))?.subtasks).toEqual({ done: 2, total: 3 });
    expect(await titles(user, `?parent=${pack.id}`)).toEqual(["Adapter", "Charger", "Passport"]);

    // One level only, never itself, never in another list than the parent's.
    let res = await createTaskRoute(
      apiRequest("/api/tasks", { body: { title: "Deeper", parentId: passport.id }, headers: user.auth }),
      none,
    );
    expect(res.status).toBe(400);
    res = await patchTask(user, pack.id, { parentId: pack.id });
    expect(res.status).toBe(400);
    const other = await createTask(user, { title: "Other" });
    res = await patchTask(user, pack.id, { parentId: other.id });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/has subtasks/);
    res = await patchTask(user, passport.id, { listId: null });
    expect(res.status).toBe(400);

    // Moving the parent moves its subtasks; a subtask can become a top-level task again.
    res = await patchTask(user, pack.id, { listId: null });
    expect(res.status).toBe(200);
    expect((await getTask(user, charger.id))?.list).toBeNull();
    res = await patchTask(user, charger.id, { parentId: null });
    expect(((await res.json()) as { task: TaskView }).task.parentId).toBeNull();
    expect((await getTask(user, pack.id))?.subtasks).toEqual({ done: 1, total: 2 });
  });

  it("deleting a parent deletes its subtasks, each recorded (subtasks before the parent)", async () => {
    const user = await createTestUser("parent-delete");
    const house = await createTask(user, { title: "Move house" });
    const steps = await Promise.all(["Boxes", "Van"].map((title) => createTask(user, { title, parentId: house.id })));
    const res = await deleteTaskRoute(
      apiRequest(`/api/tasks/${house.id}`, { method: "DELETE", headers: { ...user.auth, "x-request-id": "delete-house" } }),
      params({ id: house.id }),
    );
    expect(res.status).toBe(204);
    for (const step of steps) expect(await getTask(user, step.id)).toBeNull();
    const rows = await db.taskActivity.findMany({ where: { userId: user.user.id, requestId: "delete-house" }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["deleted", "deleted", "deleted"]);
    expect(rows.at(-1)?.taskId).toBe(house.id);

    // Undo brings the parent back first, then its subtasks under it.
    expect(await undo(user, "delete-house")).toMatchObject({ reverted: 3, skipped: [] });
    expect((await getTask(user, house.id))?.subtasks).toEqual({ done: 0, total: 2 });
    for (const step of steps) expect((await getTask(user, step.id))?.parentId).toBe(house.id);
  });
});

describe("two users: another user's list or task is not_found everywhere", () => {
  let ada: TestUser;
  let bob: TestUser;
  let adaList: ListView;
  let adaTask: TaskView;
  beforeAll(async () => {
    ada = await createTestUser("ada");
    bob = await createTestUser("bob");
    adaList = await createList(ada, "Secret plans");
    adaTask = await createTask(ada, { title: "World domination", listId: adaList.id, labels: ["secret"] });
  });

  it("on the lists routes", async () => {
    const id = adaList.id;
    const read = await getListRoute(apiRequest(`/api/lists/${id}`, { headers: bob.auth }), params({ id }));
    const rename = await patchListRoute(
      apiRequest(`/api/lists/${id}`, { method: "PATCH", body: { name: "pwned" }, headers: bob.auth }),
      params({ id }),
    );
    const del = await deleteListRoute(apiRequest(`/api/lists/${id}`, { method: "DELETE", headers: bob.auth }), params({ id }));
    for (const res of [read, rename, del]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "not_found:list", message: "Not found." });
    }
    expect((await lists(bob)).lists).toEqual([]);
    expect((await lists(ada)).lists).toEqual([{ id, name: "Secret plans", taskCount: 1 }]);
    // Bob may use the same name: names are unique per user.
    await createList(bob, "Secret plans");
  });

  it("in task create, update and the filters", async () => {
    let res = await createTaskRoute(apiRequest("/api/tasks", { body: { title: "Sneaky", listId: adaList.id }, headers: bob.auth }), none);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("not_found:list");
    res = await createTaskRoute(apiRequest("/api/tasks", { body: { title: "Sneaky", parentId: adaTask.id }, headers: bob.auth }), none);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("not_found:task");

    const bobTask = await createTask(bob, { title: "Mine" });
    res = await patchTask(bob, bobTask.id, { listId: adaList.id });
    expect(res.status).toBe(404);
    res = await patchTask(bob, bobTask.id, { parentId: adaTask.id });
    expect(res.status).toBe(404);
    expect(await getTask(bob, bobTask.id)).toMatchObject({ list: null, parentId: null });

    res = await listTasksRoute(apiRequest(`/api/tasks?list=${adaList.id}`, { headers: bob.auth }), none);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("not_found:list");
    res = await listTasksRoute(apiRequest(`/api/tasks?parent=${adaTask.id}`, { headers: bob.auth }), none);
    expect(res.status).toBe(404);
    expect(await titles(bob, "?label=secret")).toEqual([]);

    expect(await getTask(ada, adaTask.id)).toMatchObject({
      list: { id: adaList.id, name: "Secret plans" },
      labels: ["secret"],
      subtasks: null,
    });
    expect(await db.task.count({ where: { parentId: adaTask.id } })).toBe(0);
  });
});

describe("export and import", () => {
  it("carry lists and labels: a CSV export imports into another account with the same lists and labels", async () => {
    const ada = await createTestUser("ada-export");
    const bob = await createTestUser("bob-import");
    const groceries = await createList(ada, "Groceries");
    await createTask(ada, { title: "Milk", listId: groceries.id, labels: ["dairy", "weekly"] });
    await createTask(ada, { title: "Loose end" });

    const json = await exportRoute(apiRequest("/api/export?format=json", { headers: ada.auth }), none);
    const exported = (await json.json()) as { tasks: TaskView[] };
    expect(exported.tasks.find((t) => t.title === "Milk")).toMatchObject({
      list: { id: groceries.id, name: "Groceries" },
      labels: ["dairy", "weekly"],
    });

    const csv = await (await exportRoute(apiRequest("/api/export?format=csv", { headers: ada.auth }), none)).text();
    const res = await importRoute(
      apiRequest("/api/import", { method: "POST", rawBody: csv, headers: { ...bob.auth, "content-type": "text/csv" } }),
      none,
    );
    expect(res.status).toBe(200);
    const bobLists = (await lists(bob)).lists;
    expect(bobLists.map((l) => [l.name, l.taskCount])).toEqual([["Groceries", 1]]);
    expect(bobLists[0]!.id).not.toBe(groceries.id);
    const res2 = await listTasksRoute(apiRequest(`/api/tasks?list=${bobLists[0]!.id}`, { headers: bob.auth }), none);
    expect(((await res2.json()) as { tasks: TaskView[] }).tasks.map((t) => [t.title, t.labels])).toEqual([["Milk", ["dairy", "weekly"]]]);
    expect(await titles(bob, "?list=inbox")).toEqual(["Loose end"]);
  });
});
