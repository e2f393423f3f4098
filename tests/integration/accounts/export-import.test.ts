/**
 * Export (JSON, CSV, iCalendar) and CSV import through the route handlers, with two users:
 * each export holds exactly the caller's data; an import creates tasks for the caller only,
 * reports every line it could not use with a reason, reads our own export back and a Todoist
 * export, and a preview creates nothing.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { POST as undoRoute } from "@/app/api/undo/route";
import { db } from "@/lib/db";
import { updateUserSettings } from "@/lib/auth/users";
import { createApiToken } from "@/lib/auth/tokens";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

async function addTask(user: TestUser, body: Record<string, unknown>): Promise<TaskView> {
  const res = await createRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status).toBe(201);
  return ((await res.json()) as { task: TaskView }).task;
}

function exportAs(user: TestUser, format: string) {
  return exportRoute(apiRequest(`/api/export?format=${format}`, { headers: user.auth }), none);
}

function importCsv(user: TestUser, csv: string, query = "") {
  return importRoute(
    apiRequest(`/api/import${query}`, { method: "POST", rawBody: csv, headers: { ...user.auth, "content-type": "text/csv" } }),
    none,
  );
}

async function tasksOf(userId: string) {
  return db.task.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

type ImportAnswer = {
  imported: number;
  skipped: { line: number; reason: string }[];
  requestId?: string;
  tasks?: { title: string; description: string; priority: string; due: string | null; list: string | null; labels: string[] }[];
};

describe("export and import", () => {
  let ada: TestUser;
  let babbage: TestUser;

  beforeAll(async () => {
    ada = await createTestUser("ada");
    babbage = await createTestUser("babbage");
    await updateUserSettings({ id: ada.user.id, timezone: "Europe/Berlin" });
    ada.user.timezone = "Europe/Berlin";
    await addTask(ada, {
      title: "Write the notes",
      description: 'On the engine, with commas, and "quotes"',
      priority: "high",
      dueAt: "2026-12-01",
    });
    await addTask(ada, { title: "Call Charles", dueAt: "2026-12-02T15:30", recurrence: "FREQ=WEEKLY;BYDAY=WE" });
    const done = await addTask(ada, { title: "Buy paper", priority: "low" });
    await patchRoute(
      apiRequest(`/api/tasks/${done.id}`, { method: "PATCH", body: { status: "completed" }, headers: ada.auth }),
      params({ id: done.id }),
    );
    await addTask(babbage, { title: "Babbage's engine plans", dueAt: "2026-12-01" });
    await db.conversation.create({
      data: {
        id: randomUUID(),
        userId: ada.user.id,
        title: "Planning",
        messages: {
          create: [{ id: `m-${randomUUID()}`, role: "user", position: 0, parts: [{ type: "text", text: "add write the notes" }] }],
        },
      },
    });
    await db.conversation.create({ data: { id: randomUUID(), userId: babbage.user.id, title: "Babbage's secret chat" } });
  });

  it("JSON holds Ada's tasks and conversations with their messages, and nothing of Babbage's", async () => {
    const res = await exportAs(ada, "json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="talk-todo-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    expect(text).not.toContain("Babbage");
    expect(text).not.toContain(babbage.user.id);
    const body = JSON.parse(text) as {
      account: { email: string };
      tasks: TaskView[];
      conversations: { title: string; messages: { parts: unknown }[] }[];
    };
    expect(body.account.email).toBe(ada.user.email);
    expect(body.tasks.map((t) => t.title).sort()).toEqual(["Buy paper", "Call Charles", "Write the notes"]);
    expect(body.tasks.find((t) => t.title === "Buy paper")!.status).toBe("completed");
    expect(body.conversations).toHaveLength(1);
    expect(body.conversations[0]!.title).toBe("Planning");
    expect(body.conversations[0]!.messages[0]!.parts).toEqual([{ type: "text", text: "add write the notes" }]);
  });

  it("CSV has our columns, due dates as Ada wrote them in her zone, and only her tasks", async () => {
    const res = await exportAs(ada, "csv");
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = Papa.parse<string[]>((await res.text()).trim()).data;
    expect(rows[0]).toEqual(["title", "description", "priority", "due", "list", "labels", "status", "recurrence"]);
    expect(rows.slice(1).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ["Buy paper", "", "low", "", "", "", "completed", ""],
      ["Call Charles", "", "medium", "2026-12-02T15:30", "", "", "pending", "FREQ=WEEKLY;BYDAY=WE"],
      ["Write the notes", 'On the engine, with commas, and "quotes"', "high", "2026-12-01", "", "", "pending", ""],
    ]);
  });

  it("iCalendar (the calendar feed's content) has one event per pending task with a due date: a day all-day, a time timed and repeating", async () => {
    const res = await exportAs(ada, "ics");
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const ics = await res.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("SUMMARY:Write the notes");
    expect(ics).toContain("DTSTART;VALUE=DATE:20261201");
    expect(ics).toContain("SUMMARY:Call Charles");
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Berlin:20261202T153000/);
    expect(ics).toContain("RRULE:FREQ=WEEKLY;BYDAY=WE");
    expect(ics).not.toContain("Buy paper");
    expect(ics).not.toContain("Babbage");
  });

  it("a token needs tasks:read, and for JSON (which holds conversations) also the agent scope", async () => {
    const { token } = await createApiToken({ userId: ada.user.id, name: "read only", scopes: ["tasks:read"] });
    const headers = { authorization: `Bearer ${token}` };
    expect((await exportRoute(apiRequest("/api/export?format=csv", { headers }), none)).status).toBe(200);
    const json = await exportRoute(apiRequest("/api/export?format=json", { headers }), none);
    expect(json.status).toBe(403);
    expect(((await json.json()) as { code: string }).code).toBe("forbidden:scope");
    const { token: writeOnly } = await createApiToken({ userId: ada.user.id, name: "write only", scopes: ["tasks:write"] });
    expect(
      (await exportRoute(apiRequest("/api/export?format=csv", { headers: { authorization: `Bearer ${writeOnly}` } }), none)).status,
    ).toBe(403);
  });

  it("a bad format is 400; without authentication 401", async () => {
    expect((await exportAs(ada, "xml")).status).toBe(400);
    expect((await exportRoute(apiRequest("/api/export?format=json"), none)).status).toBe(401);
  });

  it("our CSV export imports back into another account as the same tasks", async () => {
    const carol = await createTestUser("carol");
    await updateUserSettings({ id: carol.user.id, timezone: "Europe/Berlin" });
    const csv = await (await exportAs(ada, "csv")).text();
    const res = await importCsv(carol, csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportAnswer;
    expect(body.imported).toBe(3);
    expect(body.skipped).toEqual([]);
    const strip = (t: {
      title: string;
      description: string;
      priority: string;
      status: string;
      dueAt: Date | null;
      recurrence: string | null;
    }) => [t.title, t.description, t.priority, t.status, t.dueAt?.toISOString() ?? null, t.recurrence];
    const byTitle = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect((await tasksOf(carol.user.id)).map(strip).sort(byTitle)).toEqual((await tasksOf(ada.user.id)).map(strip).sort(byTitle));
  });

  it("skips the lines it cannot use, with the line and the reason, imports the rest, and touches only the caller's tasks", async () => {
    const dora = await createTestUser("dora");
    const babbageBefore = await tasksOf(babbage.user.id);
    const csv = [
      "Title,Description,Priority,Due,List,Labels",
      'Pay rent,,high,2026-12-01,Home,"bills, monthly"',
      ",no title here,low,,,",
      "Bad priority,,urgent,,,",
      "Bad date,,low,next blue moon,,",
      "x".repeat(201) + ",,,,,",
      "Too,many,fields,here,a,b,c,d",
      "",
      "Water plants,,,tomorrow,,",
    ].join("\n");
    const res = await importCsv(dora, csv);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportAnswer;
    expect(body.imported).toBe(2);
    expect(body.skipped.map((s) => s.line)).toEqual([3, 4, 5, 6, 7]);
    expect(body.skipped[0]!.reason).toMatch(/title is empty/);
    expect(body.skipped[1]!.reason).toMatch(/priority "urgent"/);
    expect(body.skipped[2]!.reason).toMatch(/due date "next blue moon"/);
    expect(body.skipped[3]!.reason).toMatch(/longer than 200/);
    expect(body.skipped[4]!.reason).toMatch(/8 fields but the header has 6/);
    const tasks = await tasksOf(dora.user.id);
    expect(tasks.map((t) => t.title)).toEqual(["Pay rent", "Water plants"]);
    // The list is created for the importing user, the labels are labels.
    expect(tasks[0]!.description).toBe("");
    expect(tasks[0]!.labels).toEqual(["bills", "monthly"]);
    expect(await db.taskList.findMany({ where: { userId: dora.user.id }, select: { id: true, name: true } })).toEqual([
      { id: tasks[0]!.listId!, name: "Home" },
    ]);
    expect(tasks[0]!.priority).toBe("high");
    expect(tasks[1]!.dueAt).not.toBeNull();
    expect(await tasksOf(babbage.user.id)).toEqual(babbageBefore);
  });

  it("an import is one undoable activity entry: undo removes exactly what it created, and only its owner can undo it", async () => {
    const ivy = await createTestUser("ivy");
    const kept = await addTask(ivy, { title: "Already here" });
    const res = await importCsv(ivy, "title,status\nImported one,\nImported two,completed\n");
    const body = (await res.json()) as ImportAnswer;
    expect(body.imported).toBe(2);
    expect(res.headers.get("x-request-id")).toBe(body.requestId);
    const activity = await db.taskActivity.findMany({ where: { userId: ivy.user.id, requestId: body.requestId! } });
    expect(activity.map((a) => a.action).sort()).toEqual(["completed", "created", "created"]);
    expect((await tasksOf(ivy.user.id)).map((t) => [t.title, t.status])).toContainEqual(["Imported two", "completed"]);

    const foreign = await undoRoute(apiRequest("/api/undo", { body: { requestId: body.requestId }, headers: babbage.auth }), none);
    expect(foreign.status).toBe(404);
    expect(await db.task.count({ where: { userId: ivy.user.id } })).toBe(3);

    const undo = await undoRoute(apiRequest("/api/undo", { body: { requestId: body.requestId }, headers: ivy.auth }), none);
    expect(undo.status).toBe(200);
    expect(((await undo.json()) as { reverted: number }).reverted).toBe(2);
    expect((await tasksOf(ivy.user.id)).map((t) => t.id)).toEqual([kept.id]);
  });

  it("a preview creates nothing and shows what would be created", async () => {
    const erin = await createTestUser("erin");
    const res = await importCsv(erin, "title,priority,due\nPlan trip,high,2026-12-24\n,low,\n", "?preview=true");
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportAnswer;
    expect(body.imported).toBe(0);
    expect(body.tasks).toEqual([
      {
        line: 2,
        title: "Plan trip",
        description: "",
        priority: "high",
        due: "2026-12-24",
        status: "pending",
        recurrence: null,
        list: null,
        labels: [],
      },
    ]);
    expect(body.skipped).toEqual([{ line: 3, reason: "the title is empty" }]);
    expect(await tasksOf(erin.user.id)).toEqual([]);
  });

  it("reads a Todoist CSV export: sections, @labels, p1–p4, dates, notes reported", async () => {
    const frank = await createTestUser("frank");
    const csv = [
      "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
      "task,Book flights @travel @urgent,Compare prices,1,1,Frank (1),,2026-12-10,en,UTC,,",
      "note,Remember the loyalty number,,,,Frank (1),,,,,,",
      ",,,,,,,,,,,",
      "section,Errands,,,,,,,,,,",
      "task,Pick up parcel,,4,1,Frank (1),,tomorrow 5pm,en,UTC,,",
      "task,Water plants,,3,2,Frank (1),,every monday,en,UTC,,",
      "meta,view_style=list,,,,,,,,,,",
    ].join("\n");
    const res = await importCsv(frank, csv);
    const body = (await res.json()) as ImportAnswer;
    expect(body.imported).toBe(3);
    expect(body.skipped).toEqual([{ line: 3, reason: "a comment (note) on the task above: comments are not imported" }]);
    const tasks = await tasksOf(frank.user.id);
    expect(tasks.map((t) => [t.title, t.priority])).toEqual([
      ["Book flights", "high"],
      ["Pick up parcel", "medium"],
      ["Water plants", "low"],
    ]);
    expect(tasks[0]!.description).toBe("Compare prices");
    expect(tasks[0]!.labels).toEqual(["travel", "urgent"]);
    expect(tasks[0]!.dueAt?.toISOString()).toBe("2026-12-10T23:59:59.999Z");
    expect(tasks[1]!.description).toBe("");
    const errands = await db.taskList.findFirstOrThrow({ where: { userId: frank.user.id, name: "Errands" } });
    expect([tasks[0]!.listId, tasks[1]!.listId, tasks[2]!.listId]).toEqual([null, errands.id, errands.id]);
    expect(tasks[1]!.dueAt?.getUTCHours()).toBe(17);
    expect(tasks[2]!.dueAt).toBeNull();
    expect(tasks[2]!.description).toBe("Due (from Todoist): every monday");
  });

  it("accepts a multipart upload's file field", async () => {
    const gina = await createTestUser("gina");
    const form = new FormData();
    form.set("file", new Blob(["title\nFrom a file\n"], { type: "text/csv" }), "tasks.csv");
    const request = new Request("http://localhost:3000/api/import", { method: "POST", body: form, headers: gina.auth });
    const res = await importRoute(request, none);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportAnswer).imported).toBe(1);
    expect((await tasksOf(gina.user.id)).map((t) => t.title)).toEqual(["From a file"]);
  });

  it("refuses a file it cannot read, with a clear error and nothing created", async () => {
    const hal = await createTestUser("hal");
    const cases: [string, Record<string, string>, number, string][] = [
      ["name,when\nx,y\n", { "content-type": "text/csv" }, 400, "bad_request:import"],
      ["", { "content-type": "text/csv" }, 400, "bad_request:import"],
      ["title\nx\n", { "content-type": "application/json" }, 400, "bad_request:content_type"],
      ["title\n" + "x,".repeat(600_000), { "content-type": "text/csv" }, 413, "too_large:body"],
    ];
    for (const [body, headers, status, code] of cases) {
      const res = await importRoute(
        apiRequest("/api/import", { method: "POST", rawBody: body, headers: { ...hal.auth, ...headers } }),
        none,
      );
      expect(res.status, code).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    expect(await tasksOf(hal.user.id)).toEqual([]);
  });
});
