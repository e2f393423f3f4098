/**
 * POST /api/tasks/parse on a table of quick-add lines, through the real route handler and the
 * test database: the fields, where each recognised phrase is, list names resolved to the
 * signed-in user's own lists only, bad input, and that nothing is created. The lines the chat
 * also takes ("add …") go through the built-in model too and must give the same fields.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createListRoute } from "@/app/api/lists/route";
import { POST as parseRoute } from "@/app/api/tasks/parse/route";
import { db } from "@/lib/db";
import { parseDue } from "@/lib/tasks/due";
import { localParts } from "@/lib/tasks/time-zone";
import { once } from "../../unit/builtin/harness";
import { apiRequest, createTestUser, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };
const NY = "America/New_York";

type Parsed = {
  title: string; description: string; dueAt: string | null; priority: string | null; recurrence: string | null;
  remindAt: string | null; listId: string | null; labels: string[]; spans: { start: number; end: number; kind: string }[];
};

async function parse(user: TestUser, body: unknown): Promise<Response> {
  return parseRoute(apiRequest("/api/tasks/parse", { body, headers: user.auth }), none);
}

async function parsed(user: TestUser, text: string): Promise<Parsed> {
  const res = await parse(user, { text, timezone: NY });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await res.json()) as Parsed;
}

function spanTexts(text: string, p: Parsed): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of p.spans) (out[s.kind] ??= []).push(text.slice(s.start, s.end).trim());
  return out;
}

function local(iso: string | null) {
  if (!iso) return null;
  const p = localParts(new Date(iso), NY);
  return { ...p, weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() };
}

let alice: TestUser;
let bob: TestUser;
let groceries: string;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser("alice"), createTestUser("bob")]);
  const res = await createListRoute(apiRequest("/api/lists", { body: { name: "groceries" }, headers: alice.auth }), none);
  groceries = ((await res.json()) as { list: { id: string } }).list.id;
});

type Row = { text: string; check: (p: Parsed) => void; spans?: Record<string, string[]>; chat?: boolean };

const TABLE: Row[] = [
  {
    text: "pay rent on the 1st of every month 9am #home high",
    check: (p) => {
      expect(p).toMatchObject({ title: "Pay rent", priority: "high", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1", labels: ["home"], listId: null, remindAt: null });
      expect(local(p.dueAt)).toMatchObject({ day: 1, hour: 9, minute: 0 });
    },
    spans: { recurrence: ["on the 1st of every month"], time: ["9am"], label: ["#home"], priority: ["high"] },
  },
  {
    text: "call mom on march 5 2027 at 3pm, remind me 30 minutes before",
    check: (p) => {
      expect(p).toMatchObject({ title: "Call mom", priority: null, recurrence: null, labels: [] });
      expect(p.dueAt).toBe(parseDue("2027-03-05T15:00", NY)!.toISOString());
      expect(p.remindAt).toBe(parseDue("2027-03-05T14:30", NY)!.toISOString());
    },
    spans: { reminder: [", remind me 30 minutes before"] },
  },
  {
    text: "write the report low priority by 2027-01-10",
    check: (p) => {
      expect(p).toMatchObject({ title: "Write the report", priority: "low", recurrence: null, remindAt: null });
      expect(p.dueAt).toBe(parseDue("2027-01-10", NY)!.toISOString());
    },
    spans: { priority: ["low priority"] },
    chat: true,
  },
  {
    text: "book flights, it's urgent, due friday at 5pm",
    check: (p) => {
      expect(p.title).toBe("Book flights");
      expect(p.priority).toBe("high");
      expect(local(p.dueAt)).toMatchObject({ hour: 17, minute: 0 });
      expect(new Date(p.dueAt!).getTime()).toBeGreaterThan(Date.now());
    },
    chat: true,
  },
  {
    text: "buy oat milk @groceries #errands",
    check: (p) => expect(p).toMatchObject({ title: "Buy oat milk", listId: groceries, labels: ["errands"], dueAt: null, priority: null }),
    spans: { list: ["@groceries"], label: ["#errands"] },
  },
  {
    text: "water the plants every sunday",
    check: (p) => {
      expect(p).toMatchObject({ title: "Water the plants", recurrence: "FREQ=WEEKLY;BYDAY=SU" });
      expect(local(p.dueAt)).toMatchObject({ weekday: 0, hour: 23, minute: 59 });
    },
    spans: { recurrence: ["every sunday"] },
  },
  {
    text: "email @nobody about C# and issue #1",
    check: (p) => expect(p).toMatchObject({ title: "Email @nobody about C# and issue #1", listId: null, labels: [], dueAt: null, priority: null, recurrence: null }),
    spans: {},
  },
  {
    text: "renew passport",
    check: (p) => expect(p).toMatchObject({ title: "Renew passport", dueAt: null, priority: null, recurrence: null, remindAt: null, listId: null, labels: [], spans: [] }),
    chat: true,
  },
];

describe("POST /api/tasks/parse", () => {
  it.each(TABLE)("reads $text", async ({ text, check, spans }) => {
    const p = await parsed(alice, text);
    check(p);
    if (spans) expect(spanTexts(text, p)).toMatchObject(spans);
    if (spans && Object.keys(spans).length === 0) expect(p.spans).toEqual([]);
    for (const s of p.spans) expect(s.start).toBeLessThan(s.end);
  });

  it.each(TABLE.filter((r) => r.chat))("the chat's add reads $text the same way", async ({ text }) => {
    const p = await parsed(alice, text);
    const turn = await once(`add ${text}`, { now: new Date().toISOString(), timeZone: NY });
    const add = turn.calls.find((c) => c.toolName === "add_task");
    expect(add, JSON.stringify(turn.calls)).toBeDefined();
    const input = add!.input as { title: string; priority?: string; due?: string };
    expect(input.title).toBe(p.title);
    expect(input.priority ?? null).toBe(p.priority);
    expect(input.due ? parseDue(input.due, NY)!.toISOString() : null).toBe(p.dueAt);
  });

  it("resolves a list name only among the caller's own lists, and creates nothing", async () => {
    const before = await db.task.count({ where: { userId: { in: [alice.user.id, bob.user.id] } } });
    const res = await parse(bob, { text: "buy oat milk @groceries", timezone: NY });
    expect(res.status).toBe(200);
    const p = (await res.json()) as Parsed;
    expect(p.listId).toBeNull();
    expect(p.spans.some((s) => s.kind === "list")).toBe(false);
    expect(await db.task.count({ where: { userId: { in: [alice.user.id, bob.user.id] } } })).toBe(before);
  });

  it("rejects bad input with a clear error", async () => {
    for (const body of [{}, { text: "" }, { text: "   " }, { text: 5 }, { text: "x", timezone: "Mars/Base" }, { text: "x", extra: 1 }]) {
      const res = await parse(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const long = await parse(alice, { text: "a".repeat(5000) });
    expect(long.status).toBe(413);
  });

  it("needs a signed-in caller", async () => {
    const res = await parseRoute(apiRequest("/api/tasks/parse", { body: { text: "x" } }), none);
    expect(res.status).toBe(401);
  });
});
