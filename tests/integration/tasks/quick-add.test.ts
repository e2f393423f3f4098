/**
 * POST /api/tasks/parse on a table of quick-add lines, through the real route handler and the
 * test database: the fields, where each recognised phrase is, list names resolved to the
 * signed-in user's own lists only, ranges kept as plain text (`ignore`), bad input, and that
 * nothing is created. The same table drives the chat: each line typed in the panel (parsed, then
 * created with POST /api/tasks as the panel does) and said as "add <line>" to the built-in model
 * (the real task tools, on the test database) must make the same task.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createListRoute } from "@/app/api/lists/route";
import { POST as parseRoute } from "@/app/api/tasks/parse/route";
import { POST as createTaskRoute } from "@/app/api/tasks/route";
import { db } from "@/lib/db";
import { parseDue } from "@/lib/tasks/due";
import { localParts } from "@/lib/tasks/time-zone";
import { Harness } from "../builtin/harness";
import { apiRequest, createTestUser, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };
const NY = "America/New_York";

type Parsed = {
  title: string;
  description: string;
  dueAt: string | null;
  priority: string | null;
  recurrence: string | null;
  recurrenceText: string | null;
  remindAt: string | null;
  listId: string | null;
  labels: string[];
  spans: { start: number; end: number; kind: string }[];
};

async function parse(user: TestUser, body: unknown): Promise<Response> {
  return parseRoute(apiRequest("/api/tasks/parse", { body, headers: user.auth }), none);
}

async function parsed(user: TestUser, text: string, ignore?: { start: number; end: number }[]): Promise<Parsed> {
  const res = await parse(user, { text, timezone: NY, ...(ignore ? { ignore } : {}) });
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
  await db.user.update({ where: { id: alice.user.id }, data: { timezone: NY } });
  const res = await createListRoute(apiRequest("/api/lists", { body: { name: "groceries" }, headers: alice.auth }), none);
  groceries = ((await res.json()) as { list: { id: string } }).list.id;
});

/** `chat: false`: a line the chat reads differently on purpose (see the test's note). */
type Row = { text: string; check: (p: Parsed) => void; spans?: Record<string, string[]>; chat?: boolean };

const TABLE: Row[] = [
  {
    text: "pay rent on the 1st of every month 9am #home high",
    check: (p) => {
      expect(p).toMatchObject({
        title: "Pay rent",
        priority: "high",
        recurrence: "FREQ=MONTHLY;BYMONTHDAY=1",
        labels: ["home"],
        listId: null,
        remindAt: null,
      });
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
  },
  {
    text: "book flights, it's urgent, due friday at 5pm",
    check: (p) => {
      expect(p.title).toBe("Book flights");
      expect(p.priority).toBe("high");
      // The coming Friday, or today when today is Friday (5 pm may already be gone on a Friday evening).
      expect(local(p.dueAt)).toMatchObject({ weekday: 5, hour: 17, minute: 0 });
      const ahead = new Date(p.dueAt!).getTime() - Date.now();
      expect(ahead).toBeGreaterThan(-24 * 3600_000);
      expect(ahead).toBeLessThan(7 * 24 * 3600_000);
    },
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
    check: (p) =>
      expect(p).toMatchObject({
        title: "Email @nobody about C# and issue #1",
        listId: null,
        labels: [],
        dueAt: null,
        priority: null,
        recurrence: null,
      }),
    spans: {},
    chat: false,
  },
  {
    text: "renew passport",
    check: (p) =>
      expect(p).toMatchObject({
        title: "Renew passport",
        dueAt: null,
        priority: null,
        recurrence: null,
        remindAt: null,
        listId: null,
        labels: [],
        spans: [],
      }),
  },
  {
    text: "remind me at 5pm to call the bank",
    check: (p) => {
      expect(p).toMatchObject({ title: "Call the bank", recurrence: null });
      expect(local(p.remindAt)).toMatchObject({ hour: 17, minute: 0 });
      expect(p.dueAt).toBe(p.remindAt);
    },
    spans: { reminder: ["remind me at 5pm to"] },
  },
  {
    text: "buy bread to the groceries list tomorrow",
    check: (p) => {
      expect(p).toMatchObject({ title: "Buy bread", listId: groceries });
      expect(p.dueAt).not.toBeNull();
    },
    spans: { list: ["to the groceries list"], date: ["tomorrow"] },
  },
  {
    text: "submit expenses tomorrow 10am, remind me 1 hour before #work",
    check: (p) => {
      expect(p).toMatchObject({ title: "Submit expenses", labels: ["work"] });
      expect(local(p.dueAt)).toMatchObject({ hour: 10, minute: 0 });
      expect(local(p.remindAt)).toMatchObject({ hour: 9, minute: 0 });
    },
  },
  {
    text: "plan the trip next monday with notes: check the visas",
    check: (p) => {
      expect(p).toMatchObject({ title: "Plan the trip", description: "check the visas" });
      expect(local(p.dueAt)).toMatchObject({ weekday: 1 });
    },
    spans: { description: ["with notes: check the visas"] },
  },
  {
    text: "clean the gutters every 2 weeks on saturday medium",
    check: (p) => {
      expect(p).toMatchObject({ title: "Clean the gutters", priority: "medium", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA" });
      expect(local(p.dueAt)).toMatchObject({ weekday: 6 });
    },
  },
  {
    text: '"Friday review" next monday high',
    check: (p) => {
      expect(p).toMatchObject({ title: "Friday review", priority: "high" });
      expect(local(p.dueAt)).toMatchObject({ weekday: 1 });
    },
    spans: { date: ["next monday"], priority: ["high"] },
  },
  {
    text: "turn the heating to low",
    check: (p) => expect(p).toMatchObject({ title: "Turn the heating to low", priority: null, spans: [] }),
  },
];

type Made = {
  title: string;
  description: string;
  priority: string;
  dueAt: string | null;
  recurrence: { rule: string } | null;
  remindAt: string | null;
  labels: string[];
  list: { name: string } | null;
};

/** The fields a person sees on the task, whichever way it was made. */
function fields(t: Made) {
  return {
    title: t.title,
    description: t.description,
    priority: t.priority,
    dueAt: t.dueAt,
    recurrence: t.recurrence?.rule ?? null,
    remindAt: t.remindAt,
    labels: [...t.labels].sort(),
    list: t.list?.name.toLowerCase() ?? null,
  };
}

/** As the panel does on Enter: the parse, then POST /api/tasks with what it read. */
async function typedInPanel(user: TestUser, text: string): Promise<Made> {
  const p = await parsed(user, text);
  const body = {
    title: p.title,
    ...(p.description ? { description: p.description } : {}),
    ...(p.priority ? { priority: p.priority } : {}),
    ...(p.dueAt ? { dueAt: p.dueAt } : {}),
    ...(p.recurrence ? { recurrence: p.recurrence } : {}),
    ...(p.remindAt ? { remindAt: p.remindAt } : {}),
    ...(p.listId ? { listId: p.listId } : {}),
    ...(p.labels.length ? { labels: p.labels } : {}),
  };
  const res = await createTaskRoute(apiRequest("/api/tasks", { body, headers: user.auth }), none);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { task: Made }).task;
}

describe("POST /api/tasks/parse", () => {
  it.each(TABLE)("reads $text", async ({ text, check, spans }) => {
    const p = await parsed(alice, text);
    check(p);
    if (spans) expect(spanTexts(text, p)).toMatchObject(spans);
    if (spans && Object.keys(spans).length === 0) expect(p.spans).toEqual([]);
    for (const s of p.spans) expect(s.start).toBeLessThan(s.end);
  });

  it.each(TABLE.filter((r) => r.chat !== false))("typed in the panel or said in the chat, $text makes the same task", async ({ text }) => {
    const panel = await typedInPanel(alice, text);
    const h = await Harness.create({ now: new Date().toISOString(), timeZone: NY });
    await h.createList("groceries");
    const turn = await h.say(`add ${text}`);
    const made = await h.all();
    expect(made, `${turn.text} ${JSON.stringify(turn.calls)}`).toHaveLength(1);
    expect(fields(made[0] as unknown as Made)).toEqual(fields(panel));
  });

  // The one difference: "@nobody" names no list of the caller's. The panel cannot ask, so the
  // words stay in the title; the chat's tool never creates a list on the side and asks instead.
  it("an unknown @list: the panel keeps the words, the chat asks and creates nothing", async () => {
    const text = "email @nobody about the invoice";
    expect((await parsed(alice, text)).title).toBe("Email @nobody about the invoice");
    const h = await Harness.create({ now: new Date().toISOString(), timeZone: NY });
    const turn = await h.say(`add ${text}`);
    expect(await h.all()).toHaveLength(0);
    expect(turn.text.toLowerCase()).toContain("nobody");
  });

  // The other: the box takes the line as the title as typed; "add a …" in the chat drops the article.
  it("keeps a leading 'a', 'an' or 'about' that the chat drops after 'add'", async () => {
    expect((await parsed(alice, "a day at the beach")).title).toBe("A day at the beach");
    expect((await parsed(alice, "about page redesign")).title).toBe("About page redesign");
    expect((await parsed(alice, "I need to call the bank")).title).toBe("Call the bank");
  });

  it("says when 'remind me … before' has no due time to count from, and sets no reminder", async () => {
    const none = await parsed(alice, "call mom, remind me an hour before");
    expect(none).toMatchObject({ title: "Call mom", remindAt: null, remindBeforeWithoutDue: 60 });
    const timed = await parsed(alice, "call mom tomorrow at 6pm, remind me an hour before");
    expect(timed).toMatchObject({ remindBeforeWithoutDue: null });
    expect(timed.remindAt).not.toBeNull();
  });

  it("keeps ignored ranges as plain text: in the title, never a field, and the spans still point into the line", async () => {
    const text = "pay rent on the 1st of every month 9am #home high";
    const full = await parsed(alice, text);
    const span = (kind: string) => {
      const s = full.spans.find((x) => x.kind === kind)!;
      return { start: s.start, end: s.end };
    };

    const noPriority = await parsed(alice, text, [span("priority")]);
    expect(noPriority).toMatchObject({ title: "Pay rent high", priority: null, recurrence: "FREQ=MONTHLY;BYMONTHDAY=1", labels: ["home"] });
    expect(noPriority.spans.map((s) => s.kind)).not.toContain("priority");
    expect(spanTexts(text, noPriority)).toMatchObject({ label: ["#home"], time: ["9am"] });

    const noLabel = await parsed(alice, text, [span("label")]);
    expect(noLabel).toMatchObject({ title: "Pay rent #home", labels: [], priority: "high" });

    const noRepeat = await parsed(alice, text, [span("recurrence"), span("priority")]);
    expect(noRepeat).toMatchObject({
      title: "Pay rent on the 1st of every month high",
      recurrence: null,
      priority: null,
      labels: ["home"],
    });
    expect(local(noRepeat.dueAt)).toMatchObject({ hour: 9, minute: 0 });

    // An ignored list name stays in the title; the list is not used.
    const noList = await parsed(alice, "buy oat milk @groceries", [{ start: 13, end: 23 }]);
    expect(noList).toMatchObject({ title: "Buy oat milk @groceries", listId: null, spans: [] });
  });

  it("rejects bad ignore ranges with a clear error", async () => {
    const text = "call mom friday";
    for (const ignore of [
      [{ start: 3, end: 3 }],
      [{ start: 5, end: 2 }],
      [{ start: 0, end: 99 }],
      [{ start: -1, end: 2 }],
      [{ start: 0.5, end: 2 }],
      [{ start: 0 }],
      [{ start: 0, end: 2, kind: "date" }],
      "0-2",
      Array.from({ length: 51 }, () => ({ start: 0, end: 1 })),
    ]) {
      const res = await parse(alice, { text, ignore });
      expect(res.status, JSON.stringify(ignore)).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toMatch(/^bad_request/);
      // Names the field at fault ("ignore.0.end: …", or the unknown key).
      expect(body.message).toMatch(/ignore|kind/);
    }
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

  it("reading as the person types does not use up their write budget", async () => {
    const carol = await createTestUser("carol");
    // Past the per-token write limit (60 a minute by default): a long line typed key by key.
    const line = "call the plumber about the leak under the kitchen sink tomorrow at 9am";
    for (let n = 1; n <= line.length; n++) expect((await parse(carol, { text: line.slice(0, n) })).status).toBe(200);
    const res = await createTaskRoute(apiRequest("/api/tasks", { body: { title: "Call the plumber" }, headers: carol.auth }), none);
    expect(res.status).toBe(201);
  });

  it("needs a signed-in caller", async () => {
    const res = await parseRoute(apiRequest("/api/tasks/parse", { body: { text: "x" } }), none);
    expect(res.status).toBe(401);
  });
});
