#!/usr/bin/env node
/**
 * Benchmark of one agent turn (issue #3): server overhead with a zero-latency model.
 *
 *   npm run bench                       # builds nothing: needs `npx next build` first
 *   BASE_URL=http://127.0.0.1:3000 DATABASE_URL=postgresql://… node bench/chat-turn.mjs
 *
 * Without BASE_URL it starts the production build on a free loopback port through
 * `scripts/e2e-server.ts` (a throw-away embedded Postgres), with the built-in offline model
 * (no AI_PROVIDER, no keys: deterministic, in-process, sub-millisecond) and per-user rate
 * limits raised, and stops it at the end. Phases:
 *
 *   0. registers users (cookie sessions, like the UI), warms up;
 *   1. sequential: SEQ_N turns per endpoint (/api/chat, /api/agent) and per kind — "hi" (text
 *      only) and "add buy milk …" (a tool call, then a reply) — time to first byte (TTFB),
 *      to the first text token (chat) and to the last byte, p50/p95/p99;
 *   2. database round trips per turn: `log_statement=all` switched on for a few turns through
 *      ALTER SYSTEM + pg_reload_conf() (and back off), statements counted per turn between two
 *      marker queries, split at the moment the client saw the first byte;
 *   3. concurrent: CONC_USERS users, each looping turns on /api/chat for CONC_SECONDS —
 *      turns/s, latency, errors; then every conversation is read back through
 *      GET /api/conversations/:id: one user + one assistant message per turn.
 *
 * Environment: SEQ_N (200), WARMUP (30), CONC_USERS (10), CONC_SECONDS (20),
 * TURNS_PER_CONVERSATION (10; a fresh conversation after that many turns), BASE_URL,
 * DATABASE_URL + PG_LOG_FILE (only with BASE_URL: a superuser URL and the server's log file;
 * enable phase 2), BENCH_OUT (JSON results file), BENCH_SERVER_NODE_OPTIONS, STATEMENT_SAMPLES (5).
 * Loopback only; every loop is bounded; exits by itself.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { descendants } from "./lib/processes.mjs";
import { freePort, waitHealthy } from "../tests/support/server.mjs";
import { HttpClient } from "../tests/support/http-client.mjs";
import { percentile as pct } from "../tests/support/stats.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const int = (name, fallback) => {
  const v = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};
const SEQ_N = int("SEQ_N", 200);
const WARMUP = int("WARMUP", 30);
const CONC_USERS = int("CONC_USERS", 10);
const CONC_SECONDS = int("CONC_SECONDS", 20);
const TURNS_PER_CONVERSATION = int("TURNS_PER_CONVERSATION", 10);
const STATEMENT_SAMPLES = int("STATEMENT_SAMPLES", 5);
const PASSWORD = "correct horse battery staple";
const OUT = process.env.BENCH_OUT ?? path.join(os.tmpdir(), `chat-turn-bench-${Date.now()}.json`);
const HARD_DEADLINE_MS = 15 * 60_000; // the whole run, server start included

const now = () => performance.timeOrigin + performance.now(); // epoch ms, sub-ms resolution
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 23)}]`, ...a);

const hardStop = setTimeout(() => {
  log(`hard deadline (${HARD_DEADLINE_MS / 60000} min) reached; stopping`);
  void cleanup().finally(() => process.exit(2));
}, HARD_DEADLINE_MS);
hardStop.unref();

// ---------------------------------------------------------------------------------------------
// Server

let server = null; // { child, logFile }

const MKDTEMP_755 = `import fs from "node:fs"; const mk = fs.mkdtempSync; fs.mkdtempSync = (...a) => { const d = mk(...a); fs.chmodSync(d, 0o755); return d; };`;

async function startServer() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first");
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `chat-turn-bench-server-${port}.log`);
  const out = fs.openSync(logFile, "w");
  const env = {
    ...process.env,
    RATE_LIMIT_PER_MINUTE: "100000",
    RATE_LIMIT_PER_DAY: "10000000",
    REGISTER_LIMIT_PER_HOUR: "1000000",
    SIGN_IN_LIMIT_PER_ADDRESS: "1000000",
    REGISTER_GLOBAL_LIMIT_PER_HOUR: "10000000",
    WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    NODE_ENV: "production",
  };
  // e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  // The built-in offline model: no provider, no keys.
  for (const k of [
    "AI_PROVIDER",
    "AI_MODEL",
    "GOOGLE_GENERATIVE_AI_API_KEY",
    "GOOGLE_GENERATIVE_AI_BASE_URL",
    "OPENAI_COMPATIBLE_BASE_URL",
    "OPENAI_COMPATIBLE_API_KEY",
    "OPENAI_COMPATIBLE_MODELS",
    "DATABASE_URL",
  ])
    delete env[k];
  // As root, Postgres runs as the `postgres` user, which cannot enter the 0700 directory that
  // e2e-server.ts gets from mkdtempSync; a preload makes that directory traversable (0755).
  const preload = process.getuid?.() === 0 ? ["--import", `data:text/javascript,${encodeURIComponent(MKDTEMP_755)}`] : [];
  const child = spawn("npx", ["tsx", ...preload, "scripts/e2e-server.ts", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  fs.closeSync(out);
  server = { child, logFile, exited: false };
  child.on("exit", () => (server.exited = true));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, { exited: () => server.exited, logFile });
  log(`server up at ${base} (log ${logFile})`);
  return base;
}

/** The embedded Postgres started by e2e-server.ts: its URL and log file, found through /proc. */
function findEmbeddedPostgres(pid) {
  const pgProc = descendants(pid).find(
    (p) => p.cmd.includes("-D") && p.cmd.some((a) => a.endsWith("/postgres") || a === "postgres") && p.cmd.includes("-p"),
  );
  if (!pgProc) return null;
  const dataDir = pgProc.cmd[pgProc.cmd.indexOf("-D") + 1];
  const port = pgProc.cmd[pgProc.cmd.indexOf("-p") + 1];
  return { url: `postgresql://postgres:postgres@127.0.0.1:${port}/app`, logFile: `${dataDir}.log`, postmaster: pgProc.pid };
}

/** CPU seconds (user+system) of a set of pids, from /proc/<pid>/stat. */
function cpuSeconds(pids) {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      // gone
    }
  }
  return total;
}

/** Whole-machine CPU: busy and total jiffies from /proc/stat. */
function machineCpu() {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = line[3] + line[4];
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

function processGroups() {
  if (!server) return null;
  const all = descendants(server.child.pid);
  // The app server: dist/serve.js or scripts/serve.ts (its primary and one worker per core), or a plain `next start`.
  const next = all
    .filter((p) =>
      p.cmd.some(
        (a) =>
          a.includes("next-server") ||
          a.endsWith("dist/serve.js") ||
          a.endsWith("scripts/serve.ts") ||
          (a.endsWith("next") && p.cmd.includes("start")),
      ),
    )
    .map((p) => p.pid);
  const pgPids = all.filter((p) => p.cmd[0]?.includes("postgres") || p.cmd.some((a) => a.startsWith("postgres:"))).map((p) => p.pid);
  // Postgres backends are children of the postmaster; re-read so new backends count.
  const postmaster = findEmbeddedPostgres(server.child.pid)?.postmaster;
  const backends = postmaster ? descendants(postmaster).map((p) => p.pid) : [];
  return { next, postgres: [...new Set([...pgPids, ...backends])] };
}

function cpuSnapshot() {
  const groups = processGroups();
  const self = process.cpuUsage();
  return {
    at: now(),
    machine: machineCpu(),
    next: groups ? cpuSeconds(groups.next) : null,
    postgres: groups ? cpuSeconds(groups.postgres) : null,
    bench: (self.user + self.system) / 1e6,
    load: fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
  };
}

function cpuDelta(a, b, turns) {
  const wall = (b.at - a.at) / 1000;
  const ms = (x, y) => (x === null || y === null ? null : Math.round((((y - x) * 1000) / turns) * 100) / 100);
  const machineBusy = b.machine.busy - a.machine.busy;
  const nextCpu = b.next !== null ? b.next - a.next : null;
  const pgCpu = b.postgres !== null ? b.postgres - a.postgres : null;
  const benchCpu = b.bench - a.bench;
  const others = machineBusy - (nextCpu ?? 0) - (pgCpu ?? 0) - benchCpu;
  return {
    wallSeconds: round(wall),
    cores: os.cpus().length,
    machineBusyCores: round(machineBusy / wall),
    nextCpuMsPerTurn: ms(a.next, b.next),
    postgresCpuMsPerTurn: ms(a.postgres, b.postgres),
    benchClientCpuMsPerTurn: ms(a.bench, b.bench),
    otherProcessesBusyCores: round(others / wall),
    loadBefore: a.load,
    loadAfter: b.load,
  };
}

async function cleanup() {
  if (!server || server.exited) return;
  const { child } = server;
  // What to wait for: everything under our child (npx → tsx → e2e-server → next), and Postgres.
  const pids = descendants(child.pid).map((p) => p.pid);
  const embedded = findEmbeddedPostgres(child.pid);
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    // Our own process group (spawned detached): e2e-server.ts stops `next start` and its Postgres.
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
  const deadline = Date.now() + 30_000;
  while ([...pids, child.pid].some(alive) && Date.now() < deadline) await sleep(200);
  for (const pid of pids.filter(alive)) {
    try {
      process.kill(pid, "SIGKILL"); // only processes this run started
    } catch {
      // gone
    }
  }
  if (embedded && alive(embedded.postmaster)) {
    try {
      process.kill(embedded.postmaster, "SIGTERM");
    } catch {
      // gone
    }
  }
  if (embedded) {
    // e2e-server.ts deletes its throw-away cluster; make sure, for this run's directory only.
    const dir = path.dirname(embedded.logFile);
    if (dir.startsWith(path.join(os.tmpdir(), "talk-todo-e2e-"))) {
      for (let i = 0; i < 50 && alive(embedded.postmaster); i++) await sleep(100);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP client (cookie jar): tests/support/http-client.mjs

/** A simulated user: the kit's HTTP client with its own X-Forwarded-For, so per-address sign-up limits don't bite. */
class Client extends HttpClient {
  constructor(base, address) {
    super(base, { address });
  }
  cookie() {
    return this.jar.header();
  }
  signUpAndIn(email) {
    return super.signUpAndIn(email, PASSWORD);
  }
}

// ---------------------------------------------------------------------------------------------
// One turn

/**
 * A POST over node:http with a keep-alive agent: the turns' client. It costs a fraction of the
 * CPU of fetch (undici) per request, and the client runs on the same cores as the server.
 * Resolves on the response head; `chunks` iterates the body.
 */
const turnAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(url, headers, body, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        agent: turnAgent,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => resolve({ status: res.statusCode, chunks: res }),
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

let milk = 0;
function message(kind) {
  // Distinct titles, so the built-in model never sees a duplicate to ask about.
  return kind === "tool" ? `add buy milk ${++milk}` : "hi";
}

/**
 * POST /api/chat; reads the UI message stream. Times (ms from the request): headers, first
 * body byte, first text-delta chunk, last byte. ok = 200, a `finish` chunk, no `error` chunk.
 */
async function chatTurn(client, conversationId, kind) {
  const text = message(kind);
  const t0 = now();
  const r = { endpoint: "chat", kind, conversationId, t0, ok: false };
  try {
    const res = await post(
      `${client.base}/api/chat`,
      { cookie: client.cookie(), "content-type": "application/json" },
      JSON.stringify({
        id: conversationId,
        message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] },
        timezone: "Europe/Berlin",
      }),
    );
    r.status = res.status;
    r.headers = now() - t0;
    const decoder = new TextDecoder();
    let body = "";
    for await (const chunk of res.chunks) {
      const t = now() - t0;
      if (r.firstByte === undefined) {
        r.firstByte = t;
        r.firstByteWall = Date.now(); // wall clock, comparable with the Postgres log's timestamps
      }
      body += decoder.decode(chunk, { stream: true });
      if (r.firstToken === undefined && body.includes('"type":"text-delta"')) r.firstToken = t;
    }
    r.lastByte = now() - t0;
    const chunks = body
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
      .map((l) => JSON.parse(l.slice(6)));
    r.toolCalls = chunks.filter((c) => c.type === "tool-input-available").length;
    const hasError = chunks.some((c) => c.type === "error");
    const finished = chunks.some((c) => c.type === "finish" && c.finishReason !== "error");
    r.ok = res.status === 200 && finished && !hasError && (kind === "tool" ? r.toolCalls === 1 : r.toolCalls === 0);
    if (!r.ok)
      r.error = `status ${res.status}${hasError ? ", error chunk" : ""}${finished ? "" : ", no finish"}, ${r.toolCalls} tool calls: ${body.slice(0, 300)}`;
  } catch (error) {
    r.error = String(error?.message ?? error);
  }
  return r;
}

/** POST /api/agent: one JSON answer. TTFB = headers (the JSON is sent in one piece at the end). */
async function agentTurn(client, conversationId, kind) {
  const text = message(kind);
  const t0 = now();
  const r = { endpoint: "agent", kind, conversationId, t0, ok: false };
  try {
    const res = await post(
      `${client.base}/api/agent`,
      { cookie: client.cookie(), "content-type": "application/json" },
      JSON.stringify({ message: text, conversationId, timezone: "Europe/Berlin" }),
    );
    r.status = res.status;
    r.headers = now() - t0;
    r.firstByte = r.headers;
    r.firstByteWall = Date.now();
    let raw = "";
    for await (const chunk of res.chunks) raw += chunk;
    let json = null;
    try {
      json = JSON.parse(raw);
    } catch {
      // not JSON: reported below
    }
    r.lastByte = now() - t0;
    r.toolCalls = json?.toolCalls?.length ?? 0;
    r.ok = res.status === 200 && json?.status === "completed" && (kind === "tool" ? r.toolCalls === 1 : r.toolCalls === 0);
    if (!r.ok) r.error = `status ${res.status}: ${JSON.stringify(json).slice(0, 300)}`;
  } catch (error) {
    r.error = String(error?.message ?? error);
  }
  return r;
}

const turnFns = { chat: chatTurn, agent: agentTurn };

/** Conversations of one client: a fresh one every TURNS_PER_CONVERSATION turns; counts turns. */
class Conversations {
  constructor() {
    this.turns = new Map(); // id → turns sent
    this.current = null;
  }
  next() {
    if (!this.current || this.turns.get(this.current) >= TURNS_PER_CONVERSATION) {
      this.current = randomUUID();
      this.turns.set(this.current, 0);
    }
    this.turns.set(this.current, this.turns.get(this.current) + 1);
    return this.current;
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics

function round(x, digits = 2) {
  return x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 10 ** digits) / 10 ** digits;
}
function summary(results) {
  const ok = results.filter((r) => r.ok);
  const s = (field) => ({
    p50: round(
      pct(
        ok.map((r) => r[field]),
        50,
      ),
    ),
    p95: round(
      pct(
        ok.map((r) => r[field]),
        95,
      ),
    ),
    p99: round(
      pct(
        ok.map((r) => r[field]),
        99,
      ),
    ),
    max: round(Math.max(...ok.map((r) => r[field] ?? 0))),
  });
  return {
    n: results.length,
    errors: results.length - ok.length,
    firstByte: s("firstByte"),
    firstToken: ok.some((r) => r.firstToken !== undefined) ? s("firstToken") : null,
    lastByte: s("lastByte"),
  };
}

// ---------------------------------------------------------------------------------------------
// Database round trips (phase 2)

/** Statements in a Postgres log between two marker queries, one entry per execution. */
function parseStatements(logText, startMarker, endMarker) {
  const lines = logText.split("\n");
  const startIdx = lines.findIndex((l) => l.includes(startMarker));
  const endIdx = lines.findIndex((l, i) => i > startIdx && l.includes(endMarker));
  if (startIdx < 0 || endIdx < 0) return null;
  const out = [];
  // Default log_line_prefix '%m [%p] ': "2026-11-22 01:30:00.123 UTC [1234] LOG:  execute <unnamed>: SELECT …"
  const re = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\S+) \[(\d+)\] LOG:\s+(statement|execute [^:]*): (.*)$/;
  const prefix = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} /;
  let current = null;
  for (const line of lines.slice(startIdx + 1, endIdx)) {
    const m = re.exec(line);
    if (m) {
      const [, ts, tz, pid, , sql] = m;
      current = { at: Date.parse(`${ts.replace(" ", "T")}${tz === "UTC" ? "Z" : ""}`), pid: Number(pid), sql };
      out.push(current);
    } else if (prefix.test(line)) {
      current = null; // DETAIL (parameters) and other messages
    } else if (current) {
      current.sql += `\n${line}`; // a multi-line statement continues without a prefix
    }
  }
  for (const s of out) s.sql = s.sql.trim();
  return out;
}

function shortSql(sql) {
  const s = sql.replace(/\s+/g, " ");
  const table = /(?:FROM|INTO|UPDATE)\s+"?(?:public"?\.)?"?(\w+)"?/i.exec(s)?.[1] ?? "";
  const verb = s.split(" ")[0].toUpperCase();
  if (/ON CONFLICT/i.test(s)) return `${verb} … ON CONFLICT ${table}`.trim();
  if (/count\(|MAX\(|max\(/i.test(s) && verb === "SELECT") return `SELECT aggregate ${table}`.trim();
  return `${verb} ${table}`.trim();
}

async function countRoundTrips({ db, client }) {
  const conn = new pg.Client({ connectionString: db.url });
  await conn.connect();
  const results = [];
  try {
    const { rows } = await conn.query(
      "SELECT pg_backend_pid() AS pid, current_setting('log_statement') AS ls, current_setting('log_line_prefix') AS prefix",
    );
    const benchPid = rows[0].pid;
    log(`statement logging: was log_statement=${rows[0].ls}, prefix '${rows[0].prefix}'`);
    await conn.query("ALTER SYSTEM SET log_statement = 'all'");
    await conn.query("SELECT pg_reload_conf()");
    await sleep(300);
    const cases = [
      { endpoint: "chat", kind: "text", fresh: true },
      { endpoint: "chat", kind: "text", fresh: false },
      { endpoint: "chat", kind: "tool", fresh: false },
      { endpoint: "agent", kind: "text", fresh: false },
      { endpoint: "agent", kind: "tool", fresh: false },
    ];
    for (const c of cases) {
      const convo = randomUUID();
      if (!c.fresh) {
        // An existing conversation with a little history.
        for (let i = 0; i < 2; i++) await turnFns[c.endpoint](client, convo, "text");
        await sleep(50);
      }
      for (let i = 0; i < STATEMENT_SAMPLES; i++) {
        const id = c.fresh ? randomUUID() : convo;
        const marker = randomUUID();
        await conn.query(`SELECT 'bench-start-${marker}'`);
        const r = await turnFns[c.endpoint](client, id, c.kind);
        await sleep(150); // /api/chat: the server saves the turn just after the stream ends
        await conn.query(`SELECT 'bench-end-${marker}'`);
        results.push({ ...c, marker, turn: r });
      }
    }
    await sleep(500);
    const text = fs.readFileSync(db.logFile, "utf8");
    const cooked = [];
    for (const x of results) {
      const stmts = (parseStatements(text, `bench-start-${x.marker}`, `bench-end-${x.marker}`) ?? []).filter((s) => s.pid !== benchPid);
      // Log timestamps are whole milliseconds; a statement in the same millisecond as the first byte counts as before it.
      const cut = x.turn.firstByteWall;
      const before = stmts.filter((s) => s.at <= cut);
      cooked.push({
        endpoint: x.endpoint,
        kind: x.kind,
        fresh: x.fresh,
        ok: x.turn.ok,
        total: stmts.length,
        beforeFirstByte: before.length,
        sequence: stmts.map((s) => `${s.at <= cut ? "•" : " "} ${shortSql(s.sql)}`),
      });
    }
    return cooked;
  } finally {
    await conn.query("ALTER SYSTEM RESET log_statement").catch(() => undefined);
    await conn.query("SELECT pg_reload_conf()").catch(() => undefined);
    await conn.end().catch(() => undefined);
  }
}

function summarizeRoundTrips(cooked) {
  const groups = new Map();
  for (const c of cooked) {
    const key = `${c.endpoint} ${c.kind === "tool" ? "add (tool call)" : "hi (text)"}${c.fresh ? ", new conversation" : ""}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  return [...groups].map(([key, list]) => ({
    case: key,
    samples: list.length,
    allOk: list.every((c) => c.ok),
    // A statement logged before the client saw the first byte was sent before it, or within the
    // client's read delay: the minimum over the samples is the tightest upper bound.
    beforeFirstByte: Math.min(...list.map((c) => c.beforeFirstByte)),
    beforeFirstByteMax: Math.max(...list.map((c) => c.beforeFirstByte)),
    total: [...new Set(list.map((c) => c.total))].join("/"),
    sequence: list[list.length - 1].sequence,
  }));
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const started = new Date();
  let base = process.env.BASE_URL?.replace(/\/$/, "");
  let db = null;
  if (base) {
    if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(base)) throw new Error("BASE_URL must be a loopback http URL");
    if (process.env.DATABASE_URL) db = { url: process.env.DATABASE_URL, logFile: process.env.PG_LOG_FILE ?? null };
  } else {
    base = await startServer();
    db = findEmbeddedPostgres(server.child.pid);
    if (!db) log("embedded Postgres not found; skipping the round-trip count");
  }
  const health = await (await fetch(`${base}/api/health`)).json();
  log(`health: ${JSON.stringify(health)}`);
  if (health.model !== "builtin") log(`WARNING: the model provider is ${health.model}, not the built-in offline model`);

  // Users: one for the sequential phases, CONC_USERS for the concurrent one.
  const tag = randomUUID().slice(0, 8);
  const mk = async (i) => {
    const c = new Client(base, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    await c.signUpAndIn(`bench-${tag}-${i}@example.com`);
    return c;
  };
  const seqClient = await mk(0);
  const users = [];
  for (let i = 1; i <= CONC_USERS; i++) users.push(await mk(i));
  log(`registered and signed in ${1 + CONC_USERS} users`);

  // Warm-up: JIT, connection pool, route modules.
  const warm = new Conversations();
  for (let i = 0; i < WARMUP; i++) {
    for (const ep of ["chat", "agent"]) {
      for (const kind of ["text", "tool"]) {
        const r = await turnFns[ep](seqClient, warm.next(), kind);
        if (!r.ok) throw new Error(`warm-up turn failed: ${r.error}`);
      }
    }
  }
  // A short concurrent warm-up too.
  await Promise.all(
    users.map(async (u) => {
      const cv = new Conversations();
      for (let i = 0; i < 5; i++) await chatTurn(u, cv.next(), i % 2 ? "tool" : "text");
    }),
  );
  log(`warmed up (${WARMUP * 4} sequential + ${CONC_USERS * 5} concurrent turns)`);
  await sleep(500);

  // Phase 1: sequential.
  const seq = {};
  const seqConvs = new Map(); // conversation id → turns
  const seqCpu0 = cpuSnapshot();
  let seqTurns = 0;
  for (const ep of ["chat", "agent"]) {
    for (const kind of ["text", "tool"]) {
      const convs = new Conversations();
      const list = [];
      for (let i = 0; i < SEQ_N; i++) {
        list.push(await turnFns[ep](seqClient, convs.next(), kind));
        seqTurns++;
      }
      for (const [id, n] of convs.turns) seqConvs.set(id, n);
      seq[`${ep} ${kind}`] = {
        summary: summary(list),
        firstErrors: list
          .filter((r) => !r.ok)
          .slice(0, 3)
          .map((r) => r.error),
      };
      log(`sequential ${ep} ${kind}: ${JSON.stringify(seq[`${ep} ${kind}`].summary)}`);
    }
  }
  const seqCpu = cpuDelta(seqCpu0, cpuSnapshot(), seqTurns);
  log(`sequential CPU: ${JSON.stringify(seqCpu)}`);

  // Phase 2: database round trips per turn.
  let roundTrips = null;
  if (db?.logFile) {
    try {
      roundTrips = summarizeRoundTrips(await countRoundTrips({ db, client: seqClient }));
      for (const r of roundTrips)
        log(`round trips ${r.case}: before first byte ${r.beforeFirstByte}, total ${r.total}\n    ${r.sequence.join("\n    ")}`);
    } catch (error) {
      log(`round-trip count failed: ${error.message}`);
    }
  }

  // Phase 3: concurrent users on /api/chat.
  await sleep(500);
  const concConvs = users.map(() => new Conversations());
  const conc = [];
  const cpu0 = cpuSnapshot();
  const t0 = now();
  const stopAt = t0 + CONC_SECONDS * 1000;
  await Promise.all(
    users.map(async (u, i) => {
      let n = 0;
      while (now() < stopAt && n < 100_000) {
        conc.push(await chatTurn(u, concConvs[i].next(), n++ % 2 ? "tool" : "text"));
      }
    }),
  );
  const elapsed = (now() - t0) / 1000;
  const concCpu = cpuDelta(cpu0, cpuSnapshot(), conc.length);
  const concOk = conc.filter((r) => r.ok).length;
  const concSummary = {
    users: CONC_USERS,
    seconds: round(elapsed),
    turns: conc.length,
    ok: concOk,
    errors: conc.length - concOk,
    turnsPerSecond: round(concOk / elapsed, 1),
    latency: summary(conc),
    errorSamples: [...new Set(conc.filter((r) => !r.ok).map((r) => r.error))].slice(0, 5),
    cpu: concCpu,
  };
  log(`concurrent: ${JSON.stringify(concSummary)}`);

  // Persistence: every turn of phases 1 and 3 is in the database (user + assistant message).
  await sleep(1000);
  const check = async (client, turnsById) => {
    const bad = [];
    for (const [id, turns] of turnsById) {
      let count = -1;
      for (let attempt = 0; attempt < 5; attempt++) {
        const r = await client.req("GET", `/api/conversations/${id}`);
        count = r.status === 200 ? r.json.messages.length : -r.status;
        if (count === 2 * turns) break;
        await sleep(200);
      }
      if (count !== 2 * turns) bad.push({ id, turns, messages: count });
    }
    return bad;
  };
  const seqBad = await check(seqClient, seqConvs);
  const concBad = [];
  for (let i = 0; i < users.length; i++) {
    // Only turns that were answered 200 must be persisted; a refused turn saves nothing.
    const okTurns = new Map();
    for (const r of conc.filter((x) => concConvs[i].turns.has(x.conversationId))) {
      if (r.status === 200) okTurns.set(r.conversationId, (okTurns.get(r.conversationId) ?? 0) + 1);
    }
    concBad.push(...(await check(users[i], okTurns)));
  }
  const persistence = {
    sequential: {
      conversations: seqConvs.size,
      turns: [...seqConvs.values()].reduce((a, b) => a + b, 0),
      mismatches: seqBad.length,
      samples: seqBad.slice(0, 5),
    },
    concurrent: {
      conversations: concConvs.reduce((a, c) => a + c.turns.size, 0),
      turns: conc.filter((r) => r.status === 200).length,
      mismatches: concBad.length,
      samples: concBad.slice(0, 5),
    },
  };
  log(`persistence: ${JSON.stringify(persistence)}`);

  const result = {
    date: started.toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    config: { base, SEQ_N, WARMUP, CONC_USERS, CONC_SECONDS, TURNS_PER_CONVERSATION },
    sequential: seq,
    sequentialCpu: seqCpu,
    roundTrips,
    concurrent: concSummary,
    persistence,
  };
  fs.writeFileSync(OUT, JSON.stringify(result, null, 2));
  printReport(result);
  log(`results written to ${OUT}`);
  const goals = {
    ttfbP95: Object.entries(seq)
      .filter(([k]) => k.startsWith("chat"))
      .every(([, v]) => v.summary.firstByte.p95 <= 30),
    throughput: concSummary.turnsPerSecond >= 150 && concSummary.errors === 0,
    persisted: persistence.sequential.mismatches === 0 && persistence.concurrent.mismatches === 0,
  };
  console.log(
    `\nGoals: TTFB p95 ≤ 30 ms (chat): ${goals.ttfbP95 ? "met" : "MISSED"}; ≥150 turns/s, 0 errors: ${goals.throughput ? "met" : "MISSED"}; every turn persisted: ${goals.persisted ? "yes" : "NO"}`,
  );
  return goals;
}

function printReport(r) {
  const row = (name, s) =>
    `| ${name} | ${s.n} | ${s.errors} | ${s.firstByte.p50} / ${s.firstByte.p95} / ${s.firstByte.p99} | ${s.firstToken ? `${s.firstToken.p50} / ${s.firstToken.p95} / ${s.firstToken.p99}` : "—"} | ${s.lastByte.p50} / ${s.lastByte.p95} / ${s.lastByte.p99} |`;
  console.log("\n| turns (sequential) | n | errors | TTFB p50/p95/p99 ms | first text token p50/p95/p99 ms | last byte p50/p95/p99 ms |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [k, v] of Object.entries(r.sequential))
    console.log(row(`/api/${k.replace(" text", ' "hi"').replace(" tool", ' "add buy milk …"')}`, v.summary));
  console.log(row(`/api/chat, ${r.concurrent.users} users concurrently`, r.concurrent.latency));
  console.log(
    `\nConcurrent: ${r.concurrent.turns} turns in ${r.concurrent.seconds} s = ${r.concurrent.turnsPerSecond} turns/s, ${r.concurrent.errors} errors`,
  );
  if (r.roundTrips) {
    console.log("\n| DB statements per turn | before first byte | whole turn |\n| --- | --- | --- |");
    for (const x of r.roundTrips)
      console.log(
        `| ${x.case} | ${x.beforeFirstByte}${x.beforeFirstByteMax !== x.beforeFirstByte ? ` (max ${x.beforeFirstByteMax})` : ""} | ${x.total} |`,
      );
  }
}

let code = 1;
try {
  const goals = await main();
  code = goals.persisted ? 0 : 1;
} catch (error) {
  log(`failed: ${error?.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(code);
