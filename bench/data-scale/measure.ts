/**
 * The in-process half of bench/data-scale.ts (started by it, never by hand): creates the user,
 * seeds the data (./seed.ts), then times the service calls the task panel, the chat page and the
 * agent's tools make, N times each after a warm-up, one at a time. Runs with
 * `--conditions=react-server` (so `import "server-only"` resolves as inside Next.js) and
 * DATABASE_URL / AUTH_SECRET set. Prints one JSON object on stdout; logs on stderr.
 */
import { randomUUID } from "node:crypto";
import { resolveTask, type TaskToolContext } from "@/lib/agent/tools/context";
import { runTaskTool } from "@/lib/agent/tools/run";
import { createUser } from "@/lib/auth/users";
import { getConversation, loadMessagePage } from "@/lib/conversations";
import { sql } from "@/lib/db";
import { MESSAGE_PAGE_SIZE } from "@/lib/limits";
import { listLists } from "@/lib/lists/service";
import { listTasks } from "@/lib/tasks/service";
import { seed, OLDEST_TITLE, type Seeded } from "./seed";
import { summarise, type Timing } from "../../tests/support/stats.mjs";

const N = Number.parseInt(process.env.N ?? "200", 10);
const WARMUP = Number.parseInt(process.env.WARMUP ?? "20", 10);
const TASKS = Number.parseInt(process.env.TASKS ?? "10000", 10);
const MESSAGES = Number.parseInt(process.env.MESSAGES ?? "1000", 10);
const OTHER_USERS = Number.parseInt(process.env.OTHER_USERS ?? "200", 10);
const OTHER_TASKS = Number.parseInt(process.env.OTHER_TASKS ?? "500", 10);
const email = process.env.BENCH_EMAIL ?? `scale-${randomUUID()}@example.com`;
const log = (...parts: unknown[]) => console.error(`[data-scale ${new Date().toISOString().slice(11, 23)}]`, ...parts);

const EXPLAIN = process.env.MODE === "explain";
type State = { userId: string; seeded: Seeded };
async function prepare(): Promise<State> {
  if (EXPLAIN) return JSON.parse(process.env.BENCH_STATE!) as State;
  const created = await createUser({ email, password: "correct horse battery staple", name: "scale" });
  const started = performance.now();
  const seeded = await seed(process.env.DATABASE_URL!, created.id, TASKS, MESSAGES, { users: OTHER_USERS, tasks: OTHER_TASKS });
  log(
    `seeded ${seeded.tasks} tasks, ${MESSAGES} messages and ${seeded.otherTasks} tasks of ${OTHER_USERS} other users in ${Math.round(performance.now() - started)} ms`,
  );
  return { userId: created.id, seeded };
}
const { userId, seeded } = await prepare();
const user = { id: userId };

const base = { userId: user.id, timeZone: "Europe/Berlin" };
const ctx: TaskToolContext = { ...base, actor: "api", requestId: null };

/** A cursor deep into the full list (page `pages` + 1 of 100), as "Show more" reaches it. */
async function cursorAfter(pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) cursor = (await listTasks({ ...base, status: "all", limit: 100, cursor })).nextCursor ?? undefined;
  if (!cursor) throw new Error("the list ended early");
  return cursor;
}
const deepCursor = await cursorAfter(50);

type Case = {
  name: string;
  group: "list" | "search" | "lookup" | "conversation";
  run: () => Promise<unknown>;
  check?: (result: unknown) => string | null;
};

const hasTasks = (min: number) => (r: unknown) => ((r as { tasks: unknown[] }).tasks.length >= min ? null : `fewer than ${min} tasks`);
const cases: Case[] = [
  { name: "panel: all, first 100", group: "list", run: () => listTasks({ ...base, status: "all", limit: 100 }), check: hasTasks(100) },
  {
    name: "panel: pending, first 100",
    group: "list",
    run: () => listTasks({ ...base, status: "pending", limit: 100 }),
    check: hasTasks(100),
  },
  {
    name: "panel: page 51 (cursor)",
    group: "list",
    run: () => listTasks({ ...base, status: "all", limit: 100, cursor: deepCursor }),
    check: hasTasks(1),
  },
  { name: "filter: due today", group: "list", run: () => listTasks({ ...base, status: "pending", due: "today", limit: 100 }) },
  {
    name: "filter: overdue",
    group: "list",
    run: () => listTasks({ ...base, status: "pending", due: "overdue", limit: 100 }),
    check: hasTasks(1),
  },
  {
    name: "filter: high priority",
    group: "list",
    run: () => listTasks({ ...base, status: "pending", priority: "high", limit: 100 }),
    check: hasTasks(1),
  },
  {
    name: "filter: one list",
    group: "list",
    run: () => listTasks({ ...base, status: "pending", listId: seeded.listIds[0], limit: 100 }),
    check: hasTasks(1),
  },
  {
    name: "filter: Inbox",
    group: "list",
    run: () => listTasks({ ...base, status: "pending", listId: null, limit: 100 }),
    check: hasTasks(1),
  },
  { name: "filter: label", group: "list", run: () => listTasks({ ...base, status: "all", label: "work", limit: 100 }), check: hasTasks(1) },
  { name: "lists with counts (sidebar)", group: "list", run: () => listLists({ userId: user.id }) },
  {
    name: "search: common word (milk)",
    group: "search",
    run: () => listTasks({ ...base, status: "all", q: "milk", limit: 100 }),
    check: hasTasks(100),
  },
  {
    name: "search: rare word (passport)",
    group: "search",
    run: () => listTasks({ ...base, status: "all", q: "passport", limit: 100 }),
    check: hasTasks(1),
  },
  {
    name: "search: two words",
    group: "search",
    run: () => listTasks({ ...base, status: "all", q: "dentist call", limit: 100 }),
    check: hasTasks(1),
  },
  { name: "search: no match", group: "search", run: () => listTasks({ ...base, status: "all", q: "xylophone", limit: 100 }) },
  {
    name: "agent: find the oldest task by words",
    group: "lookup",
    run: () => resolveTask(ctx, "renew passport"),
    check: (r) =>
      (r as { kind: string; task?: { id: string } }).task?.id === seeded.oldestTaskId ? null : `did not find '${OLDEST_TITLE}'`,
  },
  {
    name: "agent: find with a typo",
    group: "lookup",
    run: () => resolveTask(ctx, "the pasport one"),
    check: (r) => ((r as { task?: { id: string } }).task?.id === seeded.oldestTaskId ? null : `did not find '${OLDEST_TITLE}' with a typo`),
  },
  {
    name: "agent: common words (ambiguous)",
    group: "lookup",
    run: () => resolveTask(ctx, "buy milk"),
    check: (r) => ((r as { kind: string }).kind === "ambiguous" ? null : "expected ambiguous"),
  },
  {
    name: "agent: list_tasks, misspelt query",
    group: "lookup",
    run: () => runTaskTool("list_tasks", { query: "pasport" }, ctx),
    check: (r) =>
      (r as { tasks?: { id: string }[] }).tasks?.some((t) => t.id === seeded.oldestTaskId) ? null : "the fuzzy fallback missed the task",
  },
  {
    name: "chat page data: newest page of 1,000",
    group: "conversation",
    run: async () => {
      const conversation = await getConversation({ userId: user.id, id: seeded.conversationId });
      if (!conversation) throw new Error("no conversation");
      return loadMessagePage({ conversationId: conversation.id, limit: MESSAGE_PAGE_SIZE });
    },
    check: (r) => ((r as { messages: unknown[] }).messages.length === MESSAGE_PAGE_SIZE ? null : "not a full page"),
  },
];

if (EXPLAIN) {
  // One call per case, each after a marker statement, so the plans in the log can be told apart.
  for (const [i, c] of cases.entries()) {
    await sql(`marker_${i}`, `SELECT 'case: ${c.name.replace(/'/g, "")}' AS marker`, []);
    await c.run();
  }
  process.exit(0);
}

const results: (Timing & { name: string; group: string; problem: string | null })[] = [];
for (const c of cases) {
  let problem: string | null = null;
  for (let i = 0; i < WARMUP; i++) {
    const result = await c.run();
    if (i === 0) problem = c.check?.(result) ?? null;
  }
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await c.run();
    samples.push(performance.now() - t0);
  }
  const timing = summarise(samples);
  results.push({ name: c.name, group: c.group, ...timing, problem });
  log(`${c.name}: p50 ${timing.p50} p95 ${timing.p95} ms${problem ? ` — PROBLEM: ${problem}` : ""}`);
}

process.stdout.write(`${JSON.stringify({ userId: user.id, email, seeded, n: N, results })}\n`);
process.exit(0);
