/**
 * Security cases 47 and 49 and the data limits of issue 25, with two users: CSV export
 * neutralises spreadsheet formulae (and our import reads them back unchanged); a CSV priority
 * of `__proto__`/`constructor` is a skipped line, never a 500; an import respects the 200-list
 * limit and the per-user task cap (TASKS_PER_USER_MAX), refused whole with a clear error; the
 * export streams page by page and still holds every task in order.
 */
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { db } from "@/lib/db";
import { TASKS_PER_USER_MAX } from "@/lib/limits";
import { LISTS_MAX } from "@/lib/lists/service";
import { apiRequest, createTestUser, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

function importCsv(user: TestUser, csv: string, query = "") {
  return importRoute(
    apiRequest(`/api/import${query}`, { method: "POST", rawBody: csv, headers: { ...user.auth, "content-type": "text/csv" } }),
    none,
  );
}

function addTask(user: TestUser, body: Record<string, unknown>) {
  return createRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
}

async function exportCsv(user: TestUser): Promise<string[][]> {
  const res = await exportRoute(apiRequest("/api/export?format=csv", { headers: user.auth }), none);
  expect(res.status).toBe(200);
  return Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data;
}

/** `count` tasks for the user straight in the database (fast), titled `prefix N`, created in that order. */
async function insertTasks(userId: string, count: number, prefix = "bulk"): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "Task" ("id", "userId", "title", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${userId}::uuid, ${prefix} || ' ' || n, TIMESTAMP '2026-01-01' + n * INTERVAL '1 second', now()
    FROM generate_series(1, ${count}::int) AS n`;
}

describe("CSV export (case 47)", () => {
  const formulae = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A2)", "=1+1\nsecond line"];

  it("writes a title or description starting with = + - @ with a leading ' so a spreadsheet shows text, and our import reads it back as it was", async () => {
    const [ada, bob] = [await createTestUser("formula-ada"), await createTestUser("formula-bob")];
    for (const [i, text] of formulae.entries())
      expect((await addTask(ada, { title: `${text.split("\n")[0]}`, description: i === 4 ? text : "" })).status).toBe(201);
    expect((await addTask(bob, { title: "=bob's own" })).status).toBe(201);

    const rows = await exportCsv(ada);
    expect(rows[0]).toEqual(["title", "description", "priority", "due", "list", "labels", "status", "recurrence"]);
    const titles = rows.slice(1).map((r) => r[0]!);
    expect(titles).toEqual(formulae.map((f) => `'${f.split("\n")[0]}`));
    expect(rows.find((r) => r[1]!.includes("second line"))?.[1]).toBe("'=1+1\nsecond line");
    expect(rows.some((r) => r[0]!.includes("bob"))).toBe(false);
    // No cell of the file starts a formula.
    expect(
      rows
        .slice(1)
        .flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    ).toEqual([]);

    // Bob imports Ada's file: the same titles as Ada wrote them, in Bob's account only.
    const csv = Papa.unparse(rows);
    const preview = await importCsv(bob, csv, "?preview=true");
    const body = (await preview.json()) as { tasks: { title: string; description: string }[] };
    expect(body.tasks.map((t) => t.title)).toEqual(formulae.map((f) => f.split("\n")[0]));
    expect(body.tasks[4]!.description).toBe("=1+1\nsecond line");
  });

  it("streams a large export page by page with every task once, oldest first", async () => {
    const user = await createTestUser("big-export");
    await insertTasks(user.user.id, 1234);
    const res = await exportRoute(apiRequest("/api/export?format=csv", { headers: user.auth }), none);
    expect(res.body).toBeInstanceOf(ReadableStream);
    const rows = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 1234 }, (_, i) => `bulk ${i + 1}`));

    const json = await exportRoute(apiRequest("/api/export?format=json", { headers: user.auth }), none);
    expect(json.status).toBe(200);
    const data = (await json.json()) as {
      format: string;
      tasks: { title: string }[];
      conversations: unknown[];
      account: { email: string };
    };
    expect(data.format).toBe("talk-todo-export");
    expect(data.account.email).toBe(user.user.email);
    expect(data.tasks.map((t) => t.title)).toEqual(Array.from({ length: 1234 }, (_, i) => `bulk ${i + 1}`));
    expect(data.conversations).toEqual([]);
  });
});

describe("CSV import limits", () => {
  it("skips a line whose priority is __proto__ or constructor, naming it, and never answers 500 (case 49)", async () => {
    const user = await createTestUser("proto");
    for (const query of ["?preview=true", ""]) {
      const res = await importCsv(user, "title,priority\r\nfirst,__proto__\r\nsecond,constructor\r\nthird,toString\r\nfourth,high", query);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { skipped: { line: number; reason: string }[] };
      expect(body.skipped).toEqual([
        { line: 2, reason: 'the priority "__proto__" is not low, medium or high' },
        { line: 3, reason: 'the priority "constructor" is not low, medium or high' },
        { line: 4, reason: 'the priority "tostring" is not low, medium or high' },
      ]);
    }
    expect((await db.task.findMany({ where: { userId: user.user.id } })).map((t) => [t.title, t.priority])).toEqual([["fourth", "high"]]);

    // A Todoist file's priority column: an unknown value is Todoist's default, not Object's.
    const todoist = await importCsv(user, "TYPE,CONTENT,PRIORITY\r\ntask,fifth,__proto__\r\ntask,sixth,constructor", "?preview=true");
    expect(todoist.status).toBe(200);
    expect(((await todoist.json()) as { tasks: { priority: string }[] }).tasks.map((t) => t.priority)).toEqual(["medium", "medium"]);
  });

  it("refuses, whole, an import that would take the user past the list limit; another user is unaffected", async () => {
    const [ada, bob] = [await createTestUser("lists-ada"), await createTestUser("lists-bob")];
    await db.taskList.createMany({
      data: Array.from({ length: LISTS_MAX - 1 }, (_, i) => ({ userId: ada.user.id, name: `list ${i}`, nameKey: `list ${i}` })),
    });
    const csv = "title,list\r\nin an old one,list 3\r\nin a new one,fresh\r\nin another new one,fresher";
    const res = await importCsv(ada, csv);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("bad_request:import");
    expect(body.message).toMatch(/2 new lists.*at most 200 lists/);
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(0);
    expect(await db.taskList.count({ where: { userId: ada.user.id } })).toBe(LISTS_MAX - 1);
    // One new list still fits.
    expect((await importCsv(ada, "title,list\r\nin an old one,list 3\r\nin a new one,fresh")).status).toBe(200);
    expect(await db.taskList.count({ where: { userId: ada.user.id } })).toBe(LISTS_MAX);
    expect((await importCsv(bob, csv)).status).toBe(200);
    expect(await db.taskList.count({ where: { userId: bob.user.id } })).toBe(3);
  });

  it(`caps an account at ${TASKS_PER_USER_MAX} tasks: the next create or import is 400 bad_request:task_limit; another user is unaffected`, async () => {
    const [ada, bob] = [await createTestUser("cap-ada"), await createTestUser("cap-bob")];
    await insertTasks(ada.user.id, TASKS_PER_USER_MAX - 2);
    // An import of three does not fit in the two left: nothing of it is created.
    const tooMany = await importCsv(ada, "title\r\none\r\ntwo\r\nthree");
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { code: string }).code).toBe("bad_request:task_limit");
    expect((await importCsv(ada, "title\r\none")).status).toBe(200);
    expect((await addTask(ada, { title: "the last one" })).status).toBe(201);
    const over = await addTask(ada, { title: "one too many" });
    expect(over.status).toBe(400);
    const body = (await over.json()) as { code: string; message: string };
    expect(body.code).toBe("bad_request:task_limit");
    expect(body.message).toContain(String(TASKS_PER_USER_MAX));
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(TASKS_PER_USER_MAX);
    expect((await addTask(bob, { title: "bob is fine" })).status).toBe(201);
  }, 60_000);
});
