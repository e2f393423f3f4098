/**
 * Security case 45: no single request of a signed-in user costs the server more than ~1 s of
 * CPU — a 1 MB CSV import (preview or import), completing 50 repeating tasks at once, a long
 * quick-add line — and quick-add readings are limited per user. The route handlers run in this
 * process, so its CPU time around one call is the server's cost of that call.
 */
import { afterEach, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { POST as parseRoute } from "@/app/api/tasks/parse/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { MAX_IMPORT_BYTES } from "@/lib/limits";
import { apiRequest, createTestUser, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

/** CPU seconds (user + system, every thread of this process) the call took. */
async function cpuSeconds<T>(work: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpu: (used.user + used.system) / 1e6 };
}

function importCsv(user: TestUser, csv: string, query = "") {
  return importRoute(
    apiRequest(`/api/import${query}`, { method: "POST", rawBody: csv, headers: { ...user.auth, "content-type": "text/csv" } }),
    none,
  );
}

/** A CSV of `rows` lines whose due cells are `due(i)`, as close to the 1 MB limit as it gets. */
function csvWithDue(due: (i: number) => string): string {
  const lines = ["title,due"];
  let size = lines[0]!.length;
  for (let i = 0; i < 2000; i++) {
    const line = `task ${i},"${due(i)}"`;
    if (size + line.length + 2 > MAX_IMPORT_BYTES) break;
    lines.push(line);
    size += line.length + 2;
  }
  return lines.join("\r\n");
}

const DATE_WORDS = "next friday at 5pm in 3 weeks on the 12th of may tomorrow noon ";

describe("CSV import", () => {
  it("reads a 1 MB file of long date-like due cells in well under a second of CPU, preview and import", async () => {
    const user = await createTestUser("csv-cpu");
    const csv = csvWithDue((i) => `${DATE_WORDS.repeat(8)}${i}`);
    expect(csv.length).toBeGreaterThan(MAX_IMPORT_BYTES * 0.9);
    for (const query of ["?preview=true", ""]) {
      const { result: res, cpu } = await cpuSeconds(() => importCsv(user, csv, query));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { imported: number; skipped: { line: number; reason: string }[] };
      // Each line is refused with a reason (a due cell that long is not a date), none is lost silently.
      expect(body.imported).toBe(0);
      expect(body.skipped.length).toBeGreaterThan(1000);
      expect(body.skipped[0]!.reason).toMatch(/is not a date/);
      expect(cpu).toBeLessThan(1);
    }
    expect(await db.task.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it("reads at most 250 different dates in words per file, in under a second of CPU; the rest are skipped with a reason", async () => {
    const user = await createTestUser("csv-cpu-short");
    const csv = csvWithDue((i) => `${i} ${DATE_WORDS}`.slice(0, 40));
    const { result: res, cpu } = await cpuSeconds(() => importCsv(user, csv, "?preview=true"));
    expect(res.status).toBe(200);
    expect(cpu).toBeLessThan(1);
    const body = (await res.json()) as { tasks: unknown[]; skipped: { reason: string }[] };
    expect(body.tasks.length + body.skipped.length).toBe(2000);
    expect(body.skipped.filter((s) => /more than 250 different due dates written in words/.test(s.reason))).toHaveLength(1750);
  });

  it("reads a date in words once however often it repeats: 2000 lines of a few such dates all import", async () => {
    const user = await createTestUser("csv-repeated-dates");
    const csv = csvWithDue((i) => ["Dec 1 2030", "next friday", "tomorrow at 5pm"][i % 3]!);
    const { result: res, cpu } = await cpuSeconds(() => importCsv(user, csv, "?preview=true"));
    expect(res.status).toBe(200);
    expect(cpu).toBeLessThan(1);
    const body = (await res.json()) as { tasks: { due: string | null }[]; skipped: unknown[] };
    expect(body.skipped).toEqual([]);
    expect(body.tasks).toHaveLength(2000);
    expect(body.tasks.every((t) => t.due !== null)).toBe(true);
  });

  it("refuses a line with an over-long field, naming it", async () => {
    const user = await createTestUser("csv-long-cell");
    const res = await importCsv(user, `title,description\r\nfine,short\r\nlong,"${"x".repeat(5000)}"`, "?preview=true");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { tasks: { title: string }[]; skipped: { line: number; reason: string }[] };
    expect(body.tasks.map((t) => t.title)).toEqual(["fine"]);
    expect(body.skipped).toEqual([{ line: 3, reason: expect.stringMatching(/"description" is longer than 4000 characters/) }]);
  });
});

describe("due dates and repeating tasks", () => {
  it("refuses a due date in year 0100 or 9999 with 400", async () => {
    const user = await createTestUser("old-due");
    for (const dueAt of ["0100-01-01", "0100-01-01T10:00", "0100-01-01T10:00:00Z", "9999-12-31"]) {
      const res = await createRoute(
        apiRequest("/api/tasks", { body: { title: "ancient", dueAt, recurrence: "FREQ=DAILY" }, headers: user.auth }),
        none,
      );
      expect(res.status, dueAt).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("bad_request:task");
    }
    expect(await db.task.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it("completes 50 daily tasks due decades ago through MCP complete_tasks in under a second of CPU", async () => {
    const user = await createTestUser("old-repeats");
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await createRoute(
        apiRequest("/api/tasks", {
          body: { title: `water plant ${i}`, dueAt: "1970-01-01T08:00", recurrence: i % 2 ? "FREQ=DAILY" : "FREQ=WEEKLY;BYDAY=MO,WE" },
          headers: user.auth,
        }),
        none,
      );
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { task: { id: string } }).task.id);
    }
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "complete_tasks", arguments: { ids } } };
    const { result: res, cpu } = await cpuSeconds(() =>
      mcpRoute(
        new Request("http://localhost:3000/api/mcp", {
          method: "POST",
          headers: { ...user.auth, "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify(call),
        }),
      ),
    );
    expect(res.status).toBe(200);
    expect(cpu).toBeLessThan(1);
    // Each moved on to its next occurrence after now, at 08:00.
    const tasks = await db.task.findMany({ where: { userId: user.user.id } });
    expect(tasks).toHaveLength(50);
    for (const task of tasks) {
      expect(task.status).toBe("pending");
      expect(task.dueAt!.getTime()).toBeGreaterThan(Date.now());
      expect(task.dueAt!.getTime()).toBeLessThan(Date.now() + 8 * 24 * 3600 * 1000);
    }
  });
});

describe("quick add (POST /api/tasks/parse)", () => {
  const parse = (user: TestUser, text: string) => parseRoute(apiRequest("/api/tasks/parse", { body: { text }, headers: user.auth }), none);

  it("reads an 800-character line of dates, repeats and reminders in under a second of CPU", async () => {
    const user = await createTestUser("parse-cpu");
    const line = "call mum every monday at 5pm remind me 30 minutes before tomorrow next friday #work !high ".repeat(10).slice(0, 800);
    const { result: res, cpu } = await cpuSeconds(() => parse(user, line));
    expect(res.status).toBe(200);
    expect(cpu).toBeLessThan(1);
  });

  it("is limited per user: over PARSE_RATE_LIMIT_PER_MINUTE → 429 with Retry-After; another user is unaffected", async () => {
    process.env.PARSE_RATE_LIMIT_PER_MINUTE = "3";
    resetEnvForTests();
    const [ada, bob] = [await createTestUser("parse-ada"), await createTestUser("parse-bob")];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await parse(ada, `buy milk ${i} tomorrow`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await parse(ada, "buy milk tomorrow");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe("rate_limit:parse");
    expect((await parse(bob, "buy bread tomorrow")).status).toBe(200);
  });
});
