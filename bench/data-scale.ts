/**
 * Scale of data (issue 18): how fast the task panel, search, the agent's task lookup and the
 * chat page are for one user with 10,000 tasks and a 1,000-message conversation.
 *
 *   node --import tsx bench/data-scale.ts          # a table on stdout
 *   node --import tsx bench/data-scale.ts --json   # one JSON object on stdout, logs on stderr
 *
 * Starts its own throw-away embedded Postgres (deleted at the end), then:
 *   1. in-process (bench/data-scale/measure.ts, a child with `--conditions=react-server`):
 *      creates the user, seeds the data with SQL (bench/data-scale/seed.ts) and times the service
 *      calls — N (200) each after a warm-up, one at a time;
 *   2. the plans: auto_explain (ANALYZE, BUFFERS) switched on for a second pass of one call per
 *      case, and the plans of the hot statements read back from the server's log;
 *   3. over HTTP, when a production build exists (`npm run build`: .next/BUILD_ID and
 *      dist/serve.js): the compiled server (BENCH_WORKERS workers, 1 by default) on a free port
 *      from 3313, with a session cookie — GET /api/tasks (list, filters, search), GET /api/lists,
 *      GET /api/conversations/:id and the chat page /chat/:id (server time to the last byte);
 *      and, if Chromium is there (CHROMIUM_PATH or /usr/bin/chromium), the chat page in a real
 *      browser: navigation start to the first contentful paint, to the newest message in the
 *      document, and the later of the two (the first paint that can show it), NAV_N (20) times.
 * Environment: N, WARMUP (20), HTTP_N (200), NAV_N, TASKS (10000), MESSAGES (1000), OTHER_USERS (200)
 * and OTHER_TASKS (500 each: the table holds other users' tasks too, as in production),
 * BENCH_WORKERS, SKIP_HTTP=1, SKIP_BROWSER=1. Loopback only; every step is bounded. Exit code 1
 * when a case's answer was wrong (its `problem`), 2 when the 10-minute deadline was hit.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureDatabase } from "../scripts/db/ensure";
import { findFreePort } from "../scripts/db/embedded";
import { summarise, type Timing } from "../tests/support/stats.mjs";
import { portIsFree } from "../tests/support/server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JSON_OUT = process.argv.includes("--json");
const int = (name: string, fallback: number) => {
  const v = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};
const HTTP_N = int("HTTP_N", 200);
const NAV_N = int("NAV_N", 20);
const WORKERS = int("BENCH_WORKERS", 1);
const AUTH_SECRET = "data-scale-bench-secret-data-scale-bench";
/** Text of the newest message of the seeded conversation (bench/data-scale/seed.ts, position 999). */
const NEWEST_TEXT = "You have 999 tasks due this week";
const HARD_DEADLINE_MS = 10 * 60_000;
const log = (...parts: unknown[]) => console.error(`[data-scale ${new Date().toISOString().slice(11, 23)}]`, ...parts);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Row = Timing & { name: string; group: string; layer: "service" | "http" | "browser"; problem?: string | null };
type Measured = {
  userId: string;
  email: string;
  seeded: { tasks: number; otherTasks: number; messages: number; conversationId: string; oldestTaskId: string; listIds: string[] };
  n: number;
  results: (Timing & { name: string; group: string; problem: string | null })[];
};

const cleanups: (() => Promise<void>)[] = [];
async function cleanup(): Promise<void> {
  for (const fn of cleanups.reverse()) await fn().catch((error: unknown) => log("cleanup:", error));
}
const hardStop = setTimeout(() => {
  log(`hard deadline (${HARD_DEADLINE_MS / 60000} min) reached; stopping`);
  void cleanup().finally(() => process.exit(2));
}, HARD_DEADLINE_MS);
hardStop.unref();

/** Runs a child node process; resolves with its stdout (its stderr goes to ours). */
function runNode(args: string[], env: Record<string, string>, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${args.join(" ")} exited with ${code ?? signal}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Database

const loadBefore = os.loadavg().map((v) => Math.round(v * 100) / 100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-data-scale-"));
fs.chmodSync(dataDir, 0o755); // as root, Postgres runs as the `postgres` user and must reach it
const database = await ensureDatabase({
  dataDir,
  databaseUrl: null,
  persistent: false,
  port: await findFreePort(),
  authSecret: false,
  setEnv: false,
  handleSignals: false,
  log: () => undefined,
});
cleanups.push(async () => {
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const childEnv: Record<string, string> = { DATABASE_URL: database.url, AUTH_SECRET, NODE_ENV: "production", LOG_LEVEL: "warn" };
const childArgs = [
  "--conditions=react-server",
  "--import",
  "tsx",
  "--import",
  "./bench/data-scale/rrule-esm.mjs",
  path.join("bench", "data-scale", "measure.ts"),
];

try {
  // 1. In-process.
  log(`seeding and timing the service calls (embedded Postgres ${database.url.replace(/:[^:@/]*@/, ":***@")})`);
  const measured = JSON.parse((await runNode(childArgs, childEnv, 5 * 60_000)).trim().split("\n").pop()!) as Measured;
  const rows: Row[] = measured.results.map((r) => ({ ...r, layer: "service" }));

  // 2. Plans of the hot statements.
  const plans = await explainPass(measured);

  // 3. HTTP and the browser.
  const buildThere = fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")) && fs.existsSync(path.join(ROOT, "dist", "serve.js"));
  let http: { workers: number; skipped?: string } = { workers: WORKERS };
  if (process.env.SKIP_HTTP === "1") http = { workers: WORKERS, skipped: "SKIP_HTTP=1" };
  else if (!buildThere) http = { workers: WORKERS, skipped: "no production build (npm run build)" };
  else rows.push(...(await overHttp(measured)));

  const report = {
    bench: "data-scale",
    at: new Date().toISOString(),
    // Other processes share the machine: its load before and after the run says how clean the figures are.
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
    },
    data: { tasks: measured.seeded.tasks, messages: measured.seeded.messages, otherUsersTasks: measured.seeded.otherTasks },
    n: { service: measured.n, http: HTTP_N, browser: NAV_N },
    http,
    targets: { listAndSearchP95Ms: 20, conversationFirstPaintMs: 100 },
    results: rows,
    plans,
  };
  if (JSON_OUT) process.stdout.write(`${JSON.stringify(report)}\n`);
  else printTable(report.results, plans, http);
  // A case whose answer was wrong (e.g. the lookup missed the oldest task) fails the run.
  if (rows.some((r) => r.problem)) process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);

// ---------------------------------------------------------------------------------------------

/** auto_explain for new sessions of the bench database, one more pass of every case, and the plans out of the log. */
async function explainPass(measured: Measured): Promise<Plan[]> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const dbName = new URL(database.url).pathname.slice(1);
  const settings = [
    "session_preload_libraries = 'auto_explain'",
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
    "auto_explain.log_timing = on",
    "auto_explain.log_nested_statements = on",
  ];
  const logFile = [path.join(dataDir, "postgres.log"), `${path.join(dataDir, "postgres")}.log`].find((f) => fs.existsSync(f));
  try {
    for (const s of settings) await admin.query(`ALTER DATABASE "${dbName}" SET ${s}`);
    const offset = logFile ? fs.statSync(logFile).size : 0;
    await runNode(childArgs, { ...childEnv, MODE: "explain", BENCH_STATE: JSON.stringify(measured) }, 2 * 60_000);
    for (const s of settings) await admin.query(`ALTER DATABASE "${dbName}" RESET ${s.split(" = ")[0]}`);
    if (!logFile) return [{ case: "-", ms: 0, statement: "(no server log found)", plan: "" }];
    await sleep(300);
    const text = fs.readFileSync(logFile, "utf8").slice(offset);
    return parsePlans(text);
  } finally {
    await admin.end();
  }
}

type Plan = { case: string; ms: number; statement: string; plan: string };

/** auto_explain log entries → the plans of each case's statements (after its marker statement). */
function parsePlans(text: string): Plan[] {
  const out: Plan[] = [];
  let current: string | null = null;
  for (const entry of text.split(/\n(?=\S[^\n]*LOG:\s+duration: )/)) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:\n\s*Query Text: ([\s\S]*?)\n(\s*(?:Query Parameters:[^\n]*\n\s*)?[A-Z][\s\S]*)$/.exec(
      entry,
    );
    if (!m) continue;
    const statement = m[2]!
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^SELECT (?!'case: ).*? FROM /, "SELECT … FROM ");
    const marker = /^SELECT 'case: (.*)' AS marker$/.exec(statement);
    if (marker) {
      current = marker[1]!;
      continue;
    }
    if (current === null || /^(BEGIN|COMMIT|ROLLBACK|SET |SHOW |DEALLOCATE)/i.test(statement)) continue;
    const plan = m[3]!
      .split("\n")
      .filter((line) => !/^\d{4}-\d\d-\d\d /.test(line))
      .map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line))
      .join("\n")
      .replace(/\s+$/, "");
    out.push({ case: current, ms: Number(m[1]), statement: statement.length > 600 ? `${statement.slice(0, 600)}…` : statement, plan });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

async function overHttp(measured: Measured): Promise<Row[]> {
  let port = int("BENCH_PORT", 3313);
  while (!(await portIsFree(port))) port++;
  const logPath = path.join(dataDir, "app.log");
  const out = fs.openSync(logPath, "w");
  const child = spawn(process.execPath, ["dist/serve.js", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...childEnv, WEB_CONCURRENCY: String(WORKERS), LOG_LEVEL: "warn" } as NodeJS.ProcessEnv,
    stdio: ["ignore", out, out],
    detached: true,
  });
  fs.closeSync(out);
  let running = true;
  const exited = new Promise<void>((resolve) => child.once("exit", () => ((running = false), resolve())));
  cleanups.push(async () => {
    if (!running) return;
    process.kill(child.pid!, "SIGTERM");
    if ((await Promise.race([exited.then(() => "exited"), sleep(15_000).then(() => "timeout")])) === "timeout")
      process.kill(-child.pid!, "SIGKILL");
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!running) throw new Error(`the server exited during start-up:\n${fs.readFileSync(logPath, "utf8").slice(-1500)}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server was not healthy within 120 s");
    await sleep(250);
  }
  log(`production server up on ${base} (${WORKERS} worker${WORKERS > 1 ? "s" : ""})`);
  const { encode } = await import("next-auth/jwt");
  const cookieName = "authjs.session-token";
  const session = await encode({ token: { sub: measured.userId, sv: 0 }, secret: AUTH_SECRET, salt: cookieName, maxAge: 3600 });
  const headers = { cookie: `${cookieName}=${session}` };
  const { conversationId, listIds } = measured.seeded;

  const cases: { name: string; group: string; path: string; check?: (body: string) => string | null }[] = [
    {
      name: "GET /api/tasks (panel: all, 100)",
      group: "list",
      path: "/api/tasks?status=all&limit=100",
      check: (b) => ((JSON.parse(b) as { tasks: unknown[] }).tasks.length === 100 ? null : "not 100 tasks"),
    },
    { name: "GET /api/tasks (pending, 100)", group: "list", path: "/api/tasks?status=pending&limit=100" },
    { name: "GET /api/tasks (overdue)", group: "list", path: "/api/tasks?status=pending&due=overdue&limit=100" },
    { name: "GET /api/tasks (one list)", group: "list", path: `/api/tasks?status=pending&list=${listIds[0]}&limit=100` },
    { name: "GET /api/tasks (label)", group: "list", path: "/api/tasks?status=all&label=work&limit=100" },
    { name: "GET /api/lists (sidebar counts)", group: "list", path: "/api/lists" },
    { name: "GET /api/tasks?q=milk", group: "search", path: "/api/tasks?status=all&q=milk&limit=100" },
    {
      name: "GET /api/tasks?q=passport",
      group: "search",
      path: "/api/tasks?status=all&q=passport&limit=100",
      check: (b) => ((JSON.parse(b) as { tasks: unknown[] }).tasks.length >= 1 ? null : "no result"),
    },
    { name: "GET /api/tasks?q=xylophone (none)", group: "search", path: "/api/tasks?status=all&q=xylophone&limit=100" },
    { name: "GET /api/conversations/:id (newest page)", group: "conversation", path: `/api/conversations/${conversationId}` },
    {
      name: "GET /chat/:id (server render, last byte)",
      group: "conversation",
      path: `/chat/${conversationId}`,
      check: (b) => (b.split("self.__next_f")[0]!.includes(NEWEST_TEXT) ? null : "the newest message is not in the server-rendered HTML"),
    },
  ];
  const rows: Row[] = [];
  for (const c of cases) {
    let problem: string | null = null;
    for (let i = 0; i < 20; i++) {
      const r = await fetch(base + c.path, { headers, redirect: "manual" });
      const body = await r.text();
      if (i === 0) problem = r.status !== 200 ? `HTTP ${r.status}: ${body.slice(0, 120)}` : (c.check?.(body) ?? null);
    }
    const samples: number[] = [];
    for (let i = 0; i < HTTP_N; i++) {
      const t0 = performance.now();
      const r = await fetch(base + c.path, { headers, redirect: "manual" });
      await r.arrayBuffer();
      samples.push(performance.now() - t0);
    }
    const timing = summarise(samples);
    rows.push({ name: c.name, group: c.group, layer: "http", ...timing, problem });
    log(`${c.name}: p50 ${timing.p50} p95 ${timing.p95} ms${problem ? ` — PROBLEM: ${problem}` : ""}`);
  }
  if (process.env.SKIP_BROWSER !== "1") rows.push(...(await inBrowser(base, session, cookieName, conversationId)));
  return rows;
}

/** The chat page in headless Chromium: first contentful paint, and the newest message on screen. */
async function inBrowser(base: string, session: string, cookieName: string, conversationId: string): Promise<Row[]> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(executablePath)) {
    log(`no Chromium at ${executablePath}: browser timings skipped`);
    return [];
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: cookieName, value: session, url: base }]);
    // Notes when the parser (or React) puts the newest message into the document. Strings, not
    // functions: tsx's transform would put helper names into the page's code.
    await context.addInitScript(`
      window.__newestAt = null;
      new MutationObserver((_, observer) => {
        if (window.__newestAt === null && document.body && document.body.textContent.includes(${JSON.stringify(NEWEST_TEXT)})) {
          window.__newestAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });`);
    const page = await context.newPage();
    const fcp: number[] = [];
    const inDom: number[] = [];
    const painted: number[] = [];
    const firstByte: number[] = [];
    let missed = 0;
    for (let i = 0; i < NAV_N + 3; i++) {
      await page.goto(`${base}/chat/${conversationId}`, { waitUntil: "load" });
      const [newestAt, paint, responseStart] = await timings(page);
      if (newestAt === null) missed++;
      if (i < 3) continue; // warm-up
      if (responseStart !== null) firstByte.push(responseStart);
      if (paint !== null) fcp.push(paint);
      if (newestAt !== null) inDom.push(newestAt);
      // The first paint that can show it: the first contentful paint, or the next frame after it arrived.
      if (paint !== null && newestAt !== null) painted.push(Math.max(paint, newestAt));
    }
    const problem = missed ? `the newest message was not in the document in ${missed} of ${NAV_N + 3} loads` : null;
    // Controls in the same browser: the sign-in page (no data, the same CSS and framework: the
    // floor of this machine and browser) and a new chat (the same shell and task panel, no messages).
    const controls: Row[] = [];
    for (const [name, url, signedIn] of [
      ["control: sign-in page", "/login", false],
      ["control: new chat (same shell, no messages)", "/", true],
    ] as const) {
      const controlPage = signedIn ? page : await (await browser.newContext()).newPage();
      const controlFcp: number[] = [];
      for (let i = 0; i < NAV_N + 3; i++) {
        await controlPage.goto(base + url, { waitUntil: "load" });
        const [, paint] = await timings(controlPage);
        if (i >= 3 && paint !== null) controlFcp.push(paint);
      }
      controls.push({
        name: `${name}, first contentful paint`,
        group: "conversation",
        layer: "browser",
        ...summarise(controlFcp),
        problem: controlFcp.length ? null : "no paint entry",
      });
    }
    return [
      { name: "chat page: first byte of the HTML", group: "conversation", layer: "browser", ...summarise(firstByte), problem: null },
      {
        name: "chat page: first contentful paint",
        group: "conversation",
        layer: "browser",
        ...summarise(fcp),
        problem: fcp.length ? null : "no paint entry",
      },
      { name: "chat page: newest message in the document", group: "conversation", layer: "browser", ...summarise(inDom), problem },
      { name: "chat page: first paint with the newest message", group: "conversation", layer: "browser", ...summarise(painted), problem },
      ...controls,
    ];
  } finally {
    await browser.close();
  }
}

/** [newest message in the document, first contentful paint, first byte] in ms from navigation start (null: none). */
async function timings(page: import("playwright-core").Page): Promise<[number | null, number | null, number | null]> {
  return (await page.evaluate(`new Promise((resolve) => {
    const find = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const done = () => resolve([window.__newestAt ?? null, find(), performance.getEntriesByType("navigation")[0]?.responseStart ?? null]);
    if (find() !== null) done();
    else setTimeout(done, 2000);
  })`)) as [number | null, number | null, number | null];
}

function printTable(rows: Row[], plans: Plan[], http: { workers: number; skipped?: string }): void {
  const lines = [
    "| layer | case | p50 ms | p95 ms | p99 ms | max ms | n | problem |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const r of rows) lines.push(`| ${r.layer} | ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.n} | ${r.problem ?? ""} |`);
  if (http.skipped) lines.push("", `HTTP and browser: skipped (${http.skipped}).`);
  lines.push(
    "",
    `Load average (1/5/15 min) before: ${loadBefore.join(" / ")}, after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" / ")} on ${os.cpus().length} CPUs.`,
  );
  console.log(lines.join("\n"));
  console.log(`\n${plans.length} statement plans (auto_explain, ANALYZE); with --json they are in "plans".`);
}
