/**
 * Tasks that live in time, on the real database: repeating tasks completed through REST, the
 * agent's tools and MCP move to their next occurrence (recorded as a completion, undoable);
 * reminders come due, snooze and dismiss; the calendar feed parses back with ical.js.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { GET as remindersRoute } from "@/app/api/reminders/route";
import { POST as undoRoute } from "@/app/api/undo/route";
import { POST as dismissRoute } from "@/app/api/reminders/[taskId]/dismiss/route";
import { POST as snoozeRoute } from "@/app/api/reminders/[taskId]/snooze/route";
import { DELETE as feedDelete, GET as feedGet, POST as feedPost } from "@/app/api/calendar-feed/route";
import { GET as publicFeed } from "@/app/api/calendar-feed/[secret]/route";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import { runTaskTool } from "@/lib/agent/tools/run";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { getTaskById } from "@/lib/tasks/service";
import { apiRequest, createTestUser, params, sessionCookie, type TestUser } from "../helpers";
import { serveHandler } from "../http-server";

const none = { params: Promise.resolve({}) };
const BERLIN = "Europe/Berlin";

async function userIn(name: string, timezone: string): Promise<TestUser> {
  const user = await createTestUser(name);
  await db.user.update({ where: { id: user.user.id }, data: { timezone } });
  return { ...user, user: { ...user.user, timezone } };
}

async function create(user: TestUser, body: Record<string, unknown>): Promise<TaskView> {
  const res = await createRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { task: TaskView }).task;
}

async function patch(user: TestUser, id: string, body: Record<string, unknown>): Promise<Response> {
  return patchRoute(apiRequest(`/api/tasks/${id}`, { method: "PATCH", body, headers: user.auth }), params({ id }));
}

async function patched(user: TestUser, id: string, body: Record<string, unknown>): Promise<TaskView> {
  const res = await patch(user, id, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return ((await res.json()) as { task: TaskView }).task;
}

async function lastActivity(taskId: string) {
  return db.taskActivity.findFirstOrThrow({ where: { taskId }, orderBy: [{ at: "desc" }, { id: "desc" }] });
}

// 28 March 2027 is the spring-forward Sunday in Europe: 09:00 local is 08:00Z before, 07:00Z after.
const plants = { title: "Water the plants", dueAt: "2027-03-21T09:00", recurrence: "FREQ=WEEKLY;BYDAY=SU", remindAt: "2027-03-21T08:30" };

describe("repeating tasks over REST", () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await userIn("ada-time", BERLIN);
  });

  it("creates a repeating task with a reminder and shows its rule in plain English", async () => {
    const task = await create(ada, plants);
    expect(task).toMatchObject({
      dueAt: "2027-03-21T08:00:00.000Z",
      remindAt: "2027-03-21T07:30:00.000Z",
      recurrence: { rule: "FREQ=WEEKLY;BYDAY=SU", text: "every Sunday" },
      lastCompletedAt: null,
      reminderDismissedAt: null,
    });
  });

  it("completing moves it to the next occurrence at the same local time, records a completion, and undo moves it back", async () => {
    const task = await create(ada, plants);
    const requestId = `complete-${task.id}`;
    const res = await patchRoute(
      apiRequest(`/api/tasks/${task.id}`, {
        method: "PATCH",
        body: { status: "completed" },
        headers: { ...ada.auth, "x-request-id": requestId },
      }),
      params({ id: task.id }),
    );
    expect(res.status).toBe(200);
    const done = ((await res.json()) as { task: TaskView }).task;
    expect(done).toMatchObject({
      status: "pending",
      completedAt: null,
      dueAt: "2027-03-28T07:00:00.000Z",
      remindAt: "2027-03-28T06:30:00.000Z",
    });
    expect(done.lastCompletedAt).not.toBeNull();

    const activity = await lastActivity(task.id);
    expect(activity).toMatchObject({ action: "completed", actor: "api" });
    expect((activity.before as TaskView).dueAt).toBe(task.dueAt);
    expect((activity.after as TaskView).dueAt).toBe(done.dueAt);

    const undo = await undoRoute(apiRequest("/api/undo", { body: { requestId }, headers: ada.auth }), none);
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ reverted: 1, skipped: [], changes: [{ taskId: task.id, action: "reopened" }] });
    const back = await getTaskById({ userId: ada.user.id, id: task.id });
    expect(back).toMatchObject({ status: "pending", dueAt: task.dueAt, remindAt: task.remindAt, lastCompletedAt: null });
    expect((await lastActivity(task.id)).action).toBe("reopened");
  });

  it("skips an occurrence without completing it, and stops repeating", async () => {
    const task = await create(ada, plants);
    const skipped = await patched(ada, task.id, { skipOccurrence: true });
    expect(skipped).toMatchObject({ status: "pending", dueAt: "2027-03-28T07:00:00.000Z", lastCompletedAt: null });

    const stopped = await patched(ada, task.id, { recurrence: null });
    expect(stopped.recurrence).toBeNull();
    expect(stopped.dueAt).toBe(skipped.dueAt);
    const completed = await patched(ada, task.id, { status: "completed" });
    expect(completed.status).toBe("completed");
    expect(completed.dueAt).toBe(skipped.dueAt);

    const res = await patch(ada, task.id, { skipOccurrence: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/only a repeating task/);
  });

  it("keeps month ends per RFC 5545: the 31st repeats only in months that have one", async () => {
    const task = await create(ada, { title: "Month-end report", dueAt: "2027-01-31T17:00", recurrence: "FREQ=MONTHLY;BYMONTHDAY=31" });
    expect(task.recurrence?.text).toBe("monthly on the 31st");
    expect((await patched(ada, task.id, { status: "completed" })).dueAt).toBe("2027-03-31T15:00:00.000Z");
  });

  it("gives a repeating task without a due date its first occurrence", async () => {
    const task = await create(ada, { title: "Stretch", recurrence: "FREQ=DAILY" });
    expect(task.dueAt).not.toBeNull();
    expect(new Date(task.dueAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(task.dueAt!).getTime() - Date.now()).toBeLessThan(25 * 3600_000);
  });

  it("rejects rules and reminders it cannot read, with a message that says why, and changes nothing", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: "x", recurrence: "FREQ=DAILY;COUNT=3" }, /COUNT/],
      [{ title: "x", recurrence: "DTSTART:20270101T090000Z\nRRULE:FREQ=DAILY" }, /DTSTART/],
      [{ title: "x", recurrence: "every monday" }, /recurrence/],
      [{ title: "x", remindAt: "tomorrow at 5" }, /remindAt/],
      [{ title: "x", remindAt: "2027-03-21" }, /remindAt/],
    ];
    const before = await db.task.count({ where: { userId: ada.user.id } });
    for (const [body, message] of cases) {
      const res = await createRoute(apiRequest("/api/tasks", { body, headers: ada.auth }), none);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { code: string; message: string };
      expect(error.code).toMatch(/^bad_request:/);
      expect(error.message).toMatch(message);
    }
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(before);
  });
});

describe("repeating tasks through the agent's tools", () => {
  let grace: TestUser;
  const ctx = (): TaskToolContext => ({ userId: grace.user.id, timeZone: "America/New_York", actor: "agent", requestId: "turn-1" });
  beforeAll(async () => {
    grace = await userIn("grace-time", "America/New_York");
  });

  it("add_task takes recurrence and remindAt; complete_task moves the task on", async () => {
    // 14 March 2027 is the US spring-forward Sunday.
    const added = await runTaskTool(
      "add_task",
      { title: "Call mom", due: "2027-03-13T17:00", recurrence: "freq=daily", remindAt: "2027-03-13T16:30" },
      ctx(),
    );
    expect(added).toMatchObject({
      ok: true,
      task: { recurrence: { rule: "FREQ=DAILY", text: "every day" }, dueAt: "2027-03-13T22:00:00.000Z" },
    });
    const done = await runTaskTool("complete_task", { task: "call mom" }, ctx());
    expect(done).toMatchObject({
      ok: true,
      movedToNextOccurrence: true,
      task: { status: "pending", dueAt: "2027-03-14T21:00:00.000Z", remindAt: "2027-03-14T20:30:00.000Z" },
    });
    const id = (done as unknown as { task: TaskView }).task.id;
    expect(await lastActivity(id)).toMatchObject({ action: "completed", actor: "agent", requestId: "turn-1" });
  });

  it("complete_tasks and update_tasks move repeating tasks on and complete the others", async () => {
    const a = (await runTaskTool(
      "add_task",
      { title: "Rent", due: "2027-04-01", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" },
      ctx(),
    )) as unknown as { task: TaskView };
    const b = (await runTaskTool("add_task", { title: "One-off", due: "2027-04-01" }, ctx())) as unknown as { task: TaskView };
    const out = (await runTaskTool("complete_tasks", { ids: [a.task.id, b.task.id] }, ctx())) as unknown as { tasks: TaskView[] };
    const byId = new Map(out.tasks.map((t) => [t.id, t]));
    expect(byId.get(a.task.id)).toMatchObject({ status: "pending", dueAt: "2027-05-02T03:59:59.999Z" });
    expect(byId.get(b.task.id)).toMatchObject({ status: "completed" });

    const bulk = (await runTaskTool("update_tasks", { ids: [a.task.id], status: "completed" }, ctx())) as unknown as { tasks: TaskView[] };
    expect(bulk.tasks[0]).toMatchObject({ status: "pending", dueAt: "2027-06-02T03:59:59.999Z" });
  });

  it("update_task stops repeating, skips and sets or clears a reminder; bad rules come back as invalid_input", async () => {
    await runTaskTool("add_task", { title: "Plants", due: "2027-03-14T09:00", recurrence: "FREQ=WEEKLY;BYDAY=SU" }, ctx());
    const skipped = await runTaskTool("update_task", { task: "plants", skipOccurrence: true, remindAt: "2027-03-14T08:00" }, ctx());
    expect(skipped).toMatchObject({ ok: true, task: { dueAt: "2027-03-21T13:00:00.000Z", remindAt: "2027-03-21T12:00:00.000Z" } });
    const stopped = await runTaskTool("update_task", { task: "plants", clearRecurrence: true, clearReminder: true }, ctx());
    expect(stopped).toMatchObject({ ok: true, task: { recurrence: null, remindAt: null } });
    const bad = await runTaskTool("update_task", { task: "plants", recurrence: "FREQ=WEEKLY;BYHOUR=9" }, ctx());
    expect(bad).toMatchObject({ ok: false, code: "invalid_input", message: expect.stringMatching(/BYHOUR/) });
  });

  it("update_task's remindBefore: minutes before the due time; whole days before a day without a time at 9:00; nothing without a due", async () => {
    await runTaskTool("add_task", { title: "Board meeting", due: "2027-04-06T14:00" }, ctx());
    await runTaskTool("add_task", { title: "Tax return", due: "2027-04-15" }, ctx());
    await runTaskTool("add_task", { title: "Someday book" }, ctx());
    expect(await runTaskTool("update_task", { task: "board meeting", remindBefore: 45 }, ctx())).toMatchObject({
      ok: true,
      changed: ["remindAt"],
      task: { remindAt: "2027-04-06T17:15:00.000Z" },
    });
    // Moving the due time in the same call counts from the new time.
    expect(await runTaskTool("update_task", { task: "board meeting", due: "2027-04-07T10:00", remindBefore: 60 }, ctx())).toMatchObject({
      ok: true,
      task: { remindAt: "2027-04-07T13:00:00.000Z" },
    });
    expect(await runTaskTool("update_task", { task: "tax return", remindBefore: 2880 }, ctx())).toMatchObject({
      ok: true,
      task: { remindAt: "2027-04-13T13:00:00.000Z" },
    });
    const untimed = await runTaskTool("update_task", { task: "tax return", remindBefore: 30 }, ctx());
    expect(untimed).toMatchObject({
      ok: false,
      code: "invalid_input",
      message: expect.stringMatching(/'Tax return' is due on 2027-04-15 without a time/),
    });
    const undated = await runTaskTool("update_task", { task: "someday book", remindBefore: 30 }, ctx());
    expect(undated).toMatchObject({ ok: false, code: "invalid_input", message: expect.stringMatching(/'Someday book' has no due time/) });
    const both = await runTaskTool("update_task", { task: "board meeting", remindBefore: 30, clearReminder: true }, ctx());
    expect(both).toMatchObject({ ok: false, code: "invalid_input" });
    // Nothing of the refused calls was written.
    const tax = (await runTaskTool("list_tasks", { query: "tax return" }, ctx())) as unknown as { tasks: TaskView[] };
    expect(tax.tasks[0]).toMatchObject({ remindAt: "2027-04-13T13:00:00.000Z" });
  });
});

describe("repeating tasks over MCP", () => {
  let served: Awaited<ReturnType<typeof serveHandler>>;
  let client: Client;
  let ada: TestUser;
  beforeAll(async () => {
    served = await serveHandler((request) => mcpRoute(request));
    ada = await userIn("ada-time-mcp", BERLIN);
    client = new Client({ name: "time-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${served.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${ada.token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await served?.close();
  });

  it("complete_task moves a repeating task to its next occurrence", async () => {
    const added = (await client.callTool({
      name: "add_task",
      arguments: { title: "Water the plants", due: "2027-03-21T09:00", recurrence: "FREQ=WEEKLY;BYDAY=SU" },
    })) as unknown as {
      structuredContent: { task: TaskView };
    };
    expect(added.structuredContent.task.recurrence?.text).toBe("every Sunday");
    const done = (await client.callTool({ name: "complete_task", arguments: { task: "water the plants" } })) as unknown as {
      structuredContent: { task: TaskView };
    };
    expect(done.structuredContent.task).toMatchObject({ status: "pending", dueAt: "2027-03-28T07:00:00.000Z" });
    expect(await lastActivity(added.structuredContent.task.id)).toMatchObject({ action: "completed", actor: "mcp" });
  });
});

describe("reminders", () => {
  let ada: TestUser;
  let eve: TestUser;
  beforeAll(async () => {
    ada = await userIn("ada-remind", BERLIN);
    eve = await createTestUser("eve-remind");
  });

  async function due(user: TestUser, query = ""): Promise<TaskView[]> {
    const res = await remindersRoute(apiRequest(`/api/reminders${query}`, { headers: user.auth }), none);
    expect(res.status).toBe(200);
    return ((await res.json()) as { tasks: TaskView[] }).tasks;
  }

  it("lists due reminders, snoozes and dismisses them, for their owner only", async () => {
    const soon = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 3600_000).toISOString();
    const a = await create(ada, { title: "Call mom", remindAt: soon });
    const b = await create(ada, { title: "Pick up parcel", remindAt: later });
    const c = await create(ada, { title: "Done already", remindAt: soon });
    await patched(ada, c.id, { status: "completed" });
    await create(eve, { title: "Eve's own", remindAt: soon });

    expect((await due(ada)).map((t) => t.id)).toEqual([a.id]);
    expect((await due(ada, `?until=${encodeURIComponent(new Date(Date.now() + 2 * 3600_000).toISOString())}`)).map((t) => t.id)).toEqual([
      a.id,
      b.id,
    ]);

    // Another user's task is not found, whatever it is.
    let res = await dismissRoute(
      apiRequest(`/api/reminders/${a.id}/dismiss`, { method: "POST", headers: eve.auth }),
      params({ taskId: a.id }),
    );
    expect(res.status).toBe(404);

    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    res = await snoozeRoute(apiRequest(`/api/reminders/${a.id}/snooze`, { body: { until }, headers: ada.auth }), params({ taskId: a.id }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { task: TaskView }).task.remindAt).toBe(until);
    expect(await due(ada)).toEqual([]);

    res = await dismissRoute(apiRequest(`/api/reminders/${b.id}/dismiss`, { method: "POST", headers: ada.auth }), params({ taskId: b.id }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { task: TaskView }).task.reminderDismissedAt).not.toBeNull();
    expect((await due(ada, `?until=${encodeURIComponent(new Date(Date.now() + 2 * 3600_000).toISOString())}`)).map((t) => t.id)).toEqual([
      a.id,
    ]);

    res = await snoozeRoute(
      apiRequest(`/api/reminders/${a.id}/snooze`, { body: { until: "in ten minutes" }, headers: ada.auth }),
      params({ taskId: a.id }),
    );
    expect(res.status).toBe(400);
    res = await remindersRoute(apiRequest("/api/reminders?until=soon", { headers: ada.auth }), none);
    expect(res.status).toBe(400);
    const plain = await create(ada, { title: "No reminder" });
    res = await dismissRoute(
      apiRequest(`/api/reminders/${plain.id}/dismiss`, { method: "POST", headers: ada.auth }),
      params({ taskId: plain.id }),
    );
    expect(res.status).toBe(404);
  });

  it("a repeating task's completion brings its reminder back for the next occurrence", async () => {
    const task = await create(ada, { ...plants, remindAt: "2027-03-21T08:30" });
    await dismissRoute(apiRequest(`/api/reminders/${task.id}/dismiss`, { method: "POST", headers: ada.auth }), params({ taskId: task.id }));
    const done = await patched(ada, task.id, { status: "completed" });
    expect(done).toMatchObject({ remindAt: "2027-03-28T06:30:00.000Z", reminderDismissedAt: null });
  });
});

describe("calendar feed", () => {
  let ada: TestUser;
  let eve: TestUser;
  beforeAll(async () => {
    ada = await userIn("ada-feed", BERLIN);
    eve = await createTestUser("eve-feed");
  });

  async function feedUrl(user: TestUser, method: "GET" | "POST"): Promise<string | null> {
    const headers = await sessionCookie(user.user.id);
    const res =
      method === "GET"
        ? await feedGet(apiRequest("/api/calendar-feed", { headers }), none)
        : await feedPost(apiRequest("/api/calendar-feed", { method: "POST", headers }), none);
    expect(res.status).toBe(method === "POST" ? 201 : 200);
    return ((await res.json()) as { url: string | null }).url;
  }

  async function fetchFeed(url: string): Promise<Response> {
    const secret = new URL(url).pathname.split("/").pop()!;
    return publicFeed(new Request(url), params({ secret }));
  }

  it("serves pending dated tasks as events that parse back: times, all-day, RRULE, VALARM, stable UIDs", async () => {
    const plantsTask = await create(ada, plants);
    const rent = await create(ada, {
      title: "Pay rent",
      description: "Flat; 3, left",
      dueAt: "2027-04-01",
      recurrence: "FREQ=MONTHLY;BYMONTHDAY=1",
      remindAt: "2027-04-01T09:00",
    });
    await create(ada, { title: "Someday" });
    const finished = await create(ada, { title: "Finished", dueAt: "2027-04-02" });
    await patched(ada, finished.id, { status: "completed" });
    await create(eve, { title: "Eve's secret", dueAt: "2027-04-02" });

    expect(await feedUrl(ada, "GET")).toBeNull();
    const url = (await feedUrl(ada, "POST"))!;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(ada, "GET")).toBe(url);

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents("vevent").map((v) => ({ v, e: new ICAL.Event(v) }));
    expect(events.map(({ e }) => e.summary).sort()).toEqual(["Pay rent", "Water the plants"]);

    const water = events.find(({ e }) => e.summary === "Water the plants")!;
    expect(water.e.uid).toBe(`${plantsTask.id}@talk-todo`);
    expect(water.e.startDate.zone?.tzid).toBe(BERLIN);
    expect(water.e.startDate.toJSDate().toISOString()).toBe("2027-03-21T08:00:00.000Z");
    expect(water.e.isRecurring()).toBe(true);
    const iterator = water.e.iterator();
    iterator.next();
    // The second occurrence falls after the spring change and stays at 09:00 local.
    expect(iterator.next()!.toJSDate().toISOString()).toBe("2027-03-28T07:00:00.000Z");
    const waterAlarm = water.v.getFirstSubcomponent("valarm")!;
    expect((waterAlarm.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds()).toBe(-30 * 60);

    const rentEvent = events.find(({ e }) => e.summary === "Pay rent")!;
    expect(rentEvent.e.uid).toBe(`${rent.id}@talk-todo`);
    expect(rentEvent.e.description).toBe("Flat; 3, left");
    expect(rentEvent.e.startDate.isDate).toBe(true);
    expect(rentEvent.e.startDate.toString()).toBe("2027-04-01");
    expect(String(rentEvent.v.getFirstPropertyValue("rrule"))).toBe("FREQ=MONTHLY;BYMONTHDAY=1");
    expect((rentEvent.v.getFirstSubcomponent("valarm")!.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds()).toBe(9 * 3600);
    expect(text).not.toContain("Eve's secret");

    // The same task keeps its UID when it changes.
    await patched(ada, plantsTask.id, { title: "Water the plants (balcony)" });
    const again = await (await fetchFeed(url)).text();
    expect(again).toContain(`UID:${plantsTask.id}@talk-todo`);
    expect(again).toContain("Water the plants (balcony)");
  });

  it("is replaced by creating a new one and stops working once revoked", async () => {
    const first = (await feedUrl(eve, "POST"))!;
    expect((await fetchFeed(first)).status).toBe(200);
    const second = (await feedUrl(eve, "POST"))!;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const session = await sessionCookie(eve.user.id);
    let res = await feedDelete(apiRequest("/api/calendar-feed", { method: "DELETE", headers: session }), none);
    expect(res.status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect(await feedUrl(eve, "GET")).toBeNull();
    res = await feedDelete(apiRequest("/api/calendar-feed", { method: "DELETE", headers: session }), none);
    expect(res.status).toBe(404);

    // Guessing: a malformed or unknown secret is just not found.
    expect((await publicFeed(new Request("http://localhost/x"), params({ secret: "nope.ics" }))).status).toBe(404);
    expect((await publicFeed(new Request("http://localhost/x"), params({ secret: `${"A".repeat(43)}.ics` }))).status).toBe(404);
    // Without a session the management routes refuse; an access token cannot mint a link that
    // would outlive it.
    expect((await feedPost(apiRequest("/api/calendar-feed", { method: "POST" }), none)).status).toBe(401);
    const byToken = await feedPost(apiRequest("/api/calendar-feed", { method: "POST", headers: eve.auth }), none);
    expect(byToken.status).toBe(403);
    expect((await feedGet(apiRequest("/api/calendar-feed", { headers: eve.auth }), none)).status).toBe(403);
  });
});
