#!/usr/bin/env node
/**
 * The unified benchmark (issue #18): the production build with a slow model, plus the other
 * benchmarks of the issue, in one command that writes one JSON file and prints the tables for
 * docs/benchmarks.md.
 *
 *   npm run build && npm run bench:all          # = node bench/all.mjs (≈ 10 min + the others)
 *   QUICK=1 npm run bench:all                   # small counts, short phases (≈ 4 min + the others)
 *
 * It builds nothing. It starts, each in its own process so that their CPU is counted apart:
 *   - the fake OpenAI-compatible provider (bench/fake-provider.ts, the project's
 *     tests/fakes/provider-server.ts): every answer is streamed in CHUNKS chunks over
 *     STREAM_MS (a 2-second answer in 10 chunks by default). A second model id, `fake-fast`,
 *     answers at once (the sequential phase: the server's own latency, without the model's);
 *   - the server, as `npm start` runs it (dist/serve.js, one worker per core), through
 *     scripts/e2e-server.ts (a throw-away embedded Postgres), pointed at the fake provider;
 *   - this process is the load client (node:http, keep-alive).
 * Phases:
 *   1. provider-stream load: for each of LEVELS concurrent streams, LEVEL_SECONDS of turns back
 *      to back (each slot its own conversation, a new one every 10 turns): turns/s, the
 *      overhead over the model's STREAM_MS (last byte − STREAM_MS) p50/p95, first byte, errors,
 *      CPU per turn of the server (each worker), Postgres, the fake provider and the client,
 *      RSS per worker, and the connections each worker holds (balance);
 *   2. sequential tails: SEQ_N turns one at a time with `fake-fast`: first byte and first text
 *      token p50/p95/p99;
 *   3. soak: SOAKS × SOAK_SECONDS at SOAK_CONCURRENCY, RSS per worker after each (flat?);
 *   4. persistence: every answered turn of every phase is in the database (2 messages a turn);
 *   5. the other benchmarks, when present (skipped if absent or failing):
 *      `node bench/first-load-js.mjs --json <base>` and `node --import tsx bench/data-scale.ts --json`.
 *
 * Environment: QUICK, LEVELS ("20,100,200,500"), LEVEL_SECONDS (30), STREAM_MS (2000), CHUNKS (10),
 * USERS (50), SEQ_N (300), SOAK_CONCURRENCY (500), SOAK_SECONDS (60), SOAKS (2), WEB_CONCURRENCY,
 * BENCH_SERVER_NODE_ARGS (Node flags for the server and its workers, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof"), BENCH_OUT (the JSON
 * file; default bench/results/<date>.json), SKIP_OTHERS=1 (no step 5). Loopback only; every
 * phase is bounded and the whole run stops itself after 30 minutes.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { descendants, processes } from "./lib/processes.mjs";
import { HttpClient } from "../tests/support/http-client.mjs";
import { freePort, waitHealthy } from "../tests/support/server.mjs";
import { percentile as pct } from "../tests/support/stats.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const QUICK = process.env.QUICK === "1" || process.argv.includes("--quick");
const int = (name, full, quick = full) => {
  const v = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isInteger(v) && v > 0 ? v : QUICK ? quick : full;
};
const LEVELS = (process.env.LEVELS ?? (QUICK ? "10,50" : "20,100,200,500"))
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const LEVEL_SECONDS = int("LEVEL_SECONDS", 30, 10);
const STREAM_MS = int("STREAM_MS", 2000);
const CHUNKS = int("CHUNKS", 10);
const USERS = int("USERS", 50, 10);
const SEQ_N = int("SEQ_N", 300, 60);
const SOAK_CONCURRENCY = int("SOAK_CONCURRENCY", 500, 50);
const SOAK_SECONDS = int("SOAK_SECONDS", 60, 15);
const SOAKS = int("SOAKS", 2, 2);
const TURNS_PER_CONVERSATION = 10;
const PASSWORD = "correct horse battery staple";
const FAST_MODEL = "fake-fast";
const HARD_DEADLINE_MS = 30 * 60_000;
const STARTED = new Date();
const OUT =
  process.env.BENCH_OUT ??
  path.join(ROOT, "bench", "results", `${STARTED.toISOString().slice(0, 16).replace(":", "")}${QUICK ? "-quick" : ""}.json`);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 23)}]`, ...a);
const round = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 10 ** d) / 10 ** d);

const hardStop = setTimeout(() => {
  log("hard deadline reached; stopping");
  void cleanup().finally(() => process.exit(2));
}, HARD_DEADLINE_MS);
hardStop.unref();

// ---------------------------------------------------------------------------------------------
// Processes

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat; 0 when gone. */
function cpuOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MB (VmRSS); null when gone. */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Established TCP connections to `port` held by each pid (socket inodes in /proc/<pid>/fd). */
function connectionsByPid(pids, port) {
  const inodes = new Set();
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(`:${hex}`) && f[3] === "01") inodes.add(f[9]);
    }
  }
  const out = {};
  for (const pid of pids) {
    let n = 0;
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1])) n++;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // gone
    }
    out[pid] = n;
  }
  return out;
}

const MKDTEMP_755 = `import fs from "node:fs"; const mk = fs.mkdtempSync; fs.mkdtempSync = (...a) => { const d = mk(...a); fs.chmodSync(d, 0o755); return d; };`;
const started = []; // { child, name } — only what this run started is stopped
let server = null; // { child, port, base, logFile }
let fake = null; // { child, baseUrl }

async function startFake() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/fake-provider.ts"], {
    cwd: ROOT,
    env: { ...process.env, STREAM_MS: String(STREAM_MS), CHUNKS: String(CHUNKS), NODE_OPTIONS: "" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  started.push({ child, name: "fake provider" });
  const line = await new Promise((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d;
      if (buf.includes("\n")) resolve(buf.split("\n")[0]);
    });
    child.on("exit", (code) => reject(new Error(`fake provider exited (${code})`)));
    setTimeout(() => reject(new Error("fake provider did not start in 60 s")), 60_000).unref();
  });
  const { baseUrl } = JSON.parse(line);
  log(`fake provider at ${baseUrl} (pid ${child.pid}): ${CHUNKS} chunks over ${STREAM_MS} ms`);
  return { child, baseUrl };
}

async function startServer(providerUrl) {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")) || !fs.existsSync(path.join(ROOT, "dist", "serve.js")))
    throw new Error("no production build: run `npm run build` first");
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-all-server-${port}.log`);
  const out = fs.openSync(logFile, "w");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    AI_PROVIDER: "openai-compatible",
    OPENAI_COMPATIBLE_BASE_URL: providerUrl,
    AI_MODEL: "fake-model",
    OPENAI_COMPATIBLE_MODELS: FAST_MODEL,
    RATE_LIMIT_PER_MINUTE: "100000",
    RATE_LIMIT_PER_DAY: "10000000",
    REGISTER_LIMIT_PER_HOUR: "1000000",
    SIGN_IN_LIMIT_PER_ADDRESS: "1000000",
    REGISTER_GLOBAL_LIMIT_PER_HOUR: "10000000",
    WRITE_RATE_LIMIT_PER_MINUTE: "100000",
    TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: "100000",
    AI_DAILY_TOKEN_BUDGET: "1000000000",
  };
  for (const k of [
    "GOOGLE_GENERATIVE_AI_API_KEY",
    "GOOGLE_GENERATIVE_AI_BASE_URL",
    "OPENAI_COMPATIBLE_API_KEY",
    "DATABASE_URL",
    "AI_ALLOWED_MODELS",
  ])
    delete env[k];
  env.NODE_OPTIONS = "";
  env.SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS ?? ""; // the server's own Node flags (scripts/e2e-server.ts)
  // As root, Postgres runs as `postgres`, which cannot enter a 0700 mkdtemp directory.
  const preload = process.getuid?.() === 0 ? ["--import", `data:text/javascript,${encodeURIComponent(MKDTEMP_755)}`] : [];
  // e2e-server.ts runs under tsx (a wrapper); the server itself is `node dist/serve.js`.
  const child = spawn(process.execPath, ["--import", "tsx", ...preload, "scripts/e2e-server.ts", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  fs.closeSync(out);
  started.push({ child, name: "server", group: true });
  let exited = false;
  child.on("exit", () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, { exited: () => exited, logFile });
  log(`server up at ${base} (log ${logFile})`);
  return { child, port, base, logFile };
}

/** The server's processes: primary and workers (node dist/serve.js), and Postgres with its backends. */
function serverProcesses() {
  const all = processes();
  const tree = descendants(server.child.pid, all);
  const serve = tree.filter((p) => p.cmd.some((a) => a.endsWith("dist/serve.js") || a.endsWith("scripts/serve.ts")));
  const servePids = new Set(serve.map((p) => p.pid));
  const primary = serve.find((p) => !servePids.has(p.ppid));
  const workers = serve
    .filter((p) => p !== primary)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
  const postmaster = tree.find(
    (p) => p.cmd.includes("-D") && p.cmd.includes("-p") && p.cmd.some((a) => a.endsWith("/postgres") || a === "postgres"),
  );
  const postgres = postmaster ? [postmaster.pid, ...descendants(postmaster.pid, all).map((p) => p.pid)] : [];
  return { primary: primary?.pid ?? null, workers, postgres, postmaster };
}

function databaseUrl() {
  const { postmaster } = serverProcesses();
  if (!postmaster) return null;
  return `postgresql://postgres:postgres@127.0.0.1:${postmaster.cmd[postmaster.cmd.indexOf("-p") + 1]}/app`;
}

function cpuSnapshot() {
  const s = serverProcesses();
  const self = process.cpuUsage();
  return {
    at: now(),
    workers: Object.fromEntries(s.workers.map((pid) => [pid, cpuOf(pid)])),
    primary: s.primary ? cpuOf(s.primary) : 0,
    postgres: s.postgres.reduce((a, pid) => a + cpuOf(pid), 0),
    fake: fake ? cpuOf(fake.child.pid) : 0,
    client: (self.user + self.system) / 1e6,
  };
}

/** CPU ms per turn between two snapshots, per part, and each worker's share of the server's. */
function cpuPerTurn(a, b, turns) {
  const per = (x) => (turns ? round((x * 1000) / turns, 2) : null);
  const workers = Object.keys(b.workers).map((pid) => ({ pid: Number(pid), seconds: b.workers[pid] - (a.workers[pid] ?? 0) }));
  const server = workers.reduce((s, w) => s + w.seconds, 0) + (b.primary - a.primary);
  const wall = (b.at - a.at) / 1000;
  return {
    serverMsPerTurn: per(server),
    postgresMsPerTurn: per(b.postgres - a.postgres),
    fakeProviderMsPerTurn: per(b.fake - a.fake),
    clientMsPerTurn: per(b.client - a.client),
    primaryMsPerTurn: per(b.primary - a.primary),
    workerCores: workers.map((w) => round(w.seconds / wall, 2)),
    workerShare: workers.map((w) => (server > 0 ? round(w.seconds / server, 2) : null)),
  };
}

/** RSS (MB) of each worker and of the primary. */
function memory() {
  const s = serverProcesses();
  return { workers: s.workers.map((pid) => round(rssOf(pid), 0)), primary: round(rssOf(s.primary), 0) };
}

async function cleanup() {
  for (const { child, group } of started.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (group) process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      // gone
    }
    const deadline = Date.now() + 30_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// Turns

// One socket per concurrent stream; kept alive between turns, as a browser or proxy would.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function post(url, headers, body, timeoutMs) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        agent,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => resolve({ status: res.statusCode, body: res }),
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

/** POST /api/chat and read the stream: first byte, first text token, last byte (ms), ok. */
async function chatTurn(user, conversationId, model) {
  const t0 = now();
  const r = { conversationId, ok: false };
  try {
    const body = {
      id: conversationId,
      message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: "what is on my list today?" }] },
      timezone: "Europe/Berlin",
    };
    if (model) body.model = model;
    const res = await post(
      `${user.base}/api/chat`,
      { cookie: user.jar.header(), "content-type": "application/json" },
      JSON.stringify(body),
      60_000,
    );
    r.status = res.status;
    let text = "";
    for await (const chunk of res.body) {
      const t = now() - t0;
      r.firstByte ??= t;
      text += chunk;
      if (r.firstToken === undefined && text.includes('"type":"text-delta"')) r.firstToken = t;
    }
    r.lastByte = now() - t0;
    const finished = text.includes('"type":"finish"') && !text.includes('"finishReason":"error"');
    r.ok = res.status === 200 && finished && !text.includes('"type":"error"');
    if (!r.ok) r.error = `status ${res.status}: ${text.slice(0, 200)}`;
  } catch (error) {
    r.error = String(error?.message ?? error);
  }
  return r;
}

/** Conversations of one slot: a new one every TURNS_PER_CONVERSATION turns. */
function conversations() {
  let current = null;
  let n = 0;
  return () => {
    if (!current || n >= TURNS_PER_CONVERSATION) {
      current = randomUUID();
      n = 0;
    }
    n++;
    return current;
  };
}

/** Turns answered 200, by conversation: what the database must hold. */
const ledger = new Map();
function record(r) {
  if (r.status === 200) ledger.set(r.conversationId, (ledger.get(r.conversationId) ?? 0) + 1);
}

/** Transactions committed in the app's database so far (each autocommit statement is one). */
async function transactions() {
  const url = databaseUrl();
  if (!url) return null;
  const conn = new pg.Client({ connectionString: url });
  try {
    await conn.connect();
    const { rows } = await conn
      .query(`SELECT pg_stat_force_next_flush()`)
      .then(() => conn.query(`SELECT xact_commit::float8 AS n FROM pg_stat_database WHERE datname = current_database()`));
    return rows[0]?.n ?? null;
  } catch {
    return null;
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** `concurrency` slots running turns back to back for `seconds`; CPU, memory and balance measured. */
async function load(users, concurrency, seconds, label) {
  const results = [];
  const slots = Array.from({ length: concurrency }, (_, i) => ({ user: users[i % users.length], next: conversations() }));
  const rss = [];
  const conns = [];
  const s = serverProcesses();
  const sampler = setInterval(() => {
    rss.push(memory().workers);
    const c = connectionsByPid(s.workers, server.port);
    conns.push(s.workers.map((pid) => c[pid]));
  }, 1000);
  const xact0 = await transactions();
  const cpu0 = cpuSnapshot();
  const t0 = now();
  const stopAt = t0 + seconds * 1000;
  await Promise.all(
    slots.map(async (slot, i) => {
      await sleep((i / concurrency) * Math.min(STREAM_MS, 1000)); // a ramp, not one burst
      while (now() < stopAt) {
        const r = await chatTurn(slot.user, slot.next());
        record(r);
        results.push(r);
        if (!r.ok && r.status !== 200) await sleep(100);
      }
    }),
  );
  const elapsed = (now() - t0) / 1000;
  clearInterval(sampler);
  const ok = results.filter((r) => r.ok);
  const cpu = cpuPerTurn(cpu0, cpuSnapshot(), ok.length);
  await sleep(1000); // the stats collector's flush, and the last turns' saves
  const xact1 = await transactions();
  // Statements the turns cost the database (autocommit: one transaction each), plus this
  // function's own two reads; per answered turn.
  const dbTransactionsPerTurn = xact0 !== null && xact1 !== null && ok.length ? round((xact1 - xact0 - 2) / ok.length, 2) : null;
  const overhead = ok.map((r) => r.lastByte - STREAM_MS);
  const peak = rss.reduce((m, row) => row.map((v, i) => Math.max(v ?? 0, m[i] ?? 0)), []);
  const out = {
    label,
    concurrency,
    seconds: round(elapsed, 1),
    turns: results.length,
    errors: results.length - ok.length,
    errorSamples: [...new Set(results.filter((r) => !r.ok).map((r) => r.error))].slice(0, 3),
    turnsPerSecond: round(ok.length / elapsed, 1),
    overheadMs: { p50: round(pct(overhead, 50), 0), p95: round(pct(overhead, 95), 0), p99: round(pct(overhead, 99), 0) },
    firstByteMs: {
      p50: round(
        pct(
          ok.map((r) => r.firstByte),
          50,
        ),
        0,
      ),
      p95: round(
        pct(
          ok.map((r) => r.firstByte),
          95,
        ),
        0,
      ),
    },
    cpu,
    dbTransactionsPerTurn,
    rssPeakMb: peak,
    rssEndMb: memory().workers,
    // Connections each worker held, at the sample where the load was highest.
    connectionsPerWorker: conns.reduce((best, row) => (row.reduce((a, b) => a + b, 0) > best.reduce((a, b) => a + b, 0) ? row : best), []),
  };
  log(`${label}: ${JSON.stringify(out)}`);
  return out;
}

async function sequential(user, n) {
  const results = [];
  const next = conversations();
  for (let i = 0; i < n; i++) {
    const r = await chatTurn(user, next(), FAST_MODEL);
    record(r);
    results.push(r);
  }
  const ok = results.filter((r) => r.ok);
  const stat = (field) => ({
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
  });
  const out = { n, errors: n - ok.length, firstByteMs: stat("firstByte"), firstTokenMs: stat("firstToken"), lastByteMs: stat("lastByte") };
  out.firstByteP99OverMedian = round(out.firstByteMs.p99 / out.firstByteMs.p50, 2);
  out.firstTokenP95OverMedian = round(out.firstTokenMs.p95 / out.firstTokenMs.p50, 2);
  log(`sequential: ${JSON.stringify(out)}`);
  return out;
}

/** Every conversation of `ledger` holds 2 messages per answered turn (read from the database). */
async function checkPersistence() {
  const url = databaseUrl();
  if (!url) return { checked: false, reason: "embedded Postgres not found" };
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    const ids = [...ledger.keys()];
    let mismatches = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const counts = new Map();
      for (let i = 0; i < ids.length; i += 5000) {
        const { rows } = await conn.query(
          `SELECT "conversationId"::text AS id, count(*)::int AS n FROM "Message" WHERE "conversationId" = ANY($1::uuid[]) GROUP BY 1`,
          [ids.slice(i, i + 5000)],
        );
        for (const row of rows) counts.set(row.id, row.n);
      }
      mismatches = ids
        .filter((id) => counts.get(id) !== 2 * ledger.get(id))
        .map((id) => ({ id, turns: ledger.get(id), messages: counts.get(id) ?? 0 }));
      if (!mismatches.length) break;
      await sleep(500); // the last turns are saved just after their stream ends
    }
    const turns = [...ledger.values()].reduce((a, b) => a + b, 0);
    return { checked: true, conversations: ids.length, turns, mismatches: mismatches.length, samples: mismatches.slice(0, 5) };
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** Runs another benchmark script; its last stdout line that parses as JSON, or why not. */
function other(name, args, timeoutMs, env = {}) {
  const script = path.join(
    ROOT,
    args.find((a) => a.startsWith("bench/")),
  );
  if (!fs.existsSync(script)) return { skipped: `${path.relative(ROOT, script)} not present` };
  log(`running ${name}: node ${args.join(" ")}`);
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, NODE_OPTIONS: "", ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0)
    return { skipped: `exit ${r.status ?? r.signal}: ${(r.stderr ?? "").trim().split("\n").slice(-3).join(" | ").slice(0, 400)}` };
  for (const line of r.stdout.trim().split("\n").reverse()) {
    try {
      return JSON.parse(line);
    } catch {
      // not this line
    }
  }
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { skipped: "no JSON on stdout" };
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  fake = await startFake();
  server = await startServer(fake.baseUrl);
  const health = await (await fetch(`${server.base}/api/health`)).json();
  log(`health: ${JSON.stringify(health)}`);
  const procs = serverProcesses();
  log(`workers ${procs.workers.join(", ")}, primary ${procs.primary}; RSS at start ${JSON.stringify(memory())}`);
  const idleMemory = memory();

  const tag = randomUUID().slice(0, 8);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const c = new HttpClient(server.base);
    await c.signUpAndIn(`bench-${tag}-${i}@example.com`, PASSWORD);
    users.push(c);
  }
  log(`${USERS} users signed in`);

  // Warm-up: JIT, pools, route modules (not measured).
  await load(users, Math.min(20, USERS), QUICK ? 3 : 6, "warm-up");

  const levels = [];
  for (const c of LEVELS) {
    levels.push(await load(users, c, LEVEL_SECONDS, `${c} concurrent`));
    await sleep(2000);
  }

  const seq = await sequential(users[0], SEQ_N);

  const soaks = [];
  for (let i = 0; i < SOAKS; i++) {
    const s = await load(users, SOAK_CONCURRENCY, SOAK_SECONDS, `soak ${i + 1}`);
    // Idle: what stays resident after the load (V8 shrinks an idle heap after a few seconds).
    await sleep(15_000);
    s.rssAfterIdleMb = memory().workers;
    log(`soak ${i + 1} RSS after 15 s idle: ${JSON.stringify(s.rssAfterIdleMb)}`);
    soaks.push(s);
  }

  const persistence = await checkPersistence();
  log(`persistence: ${JSON.stringify(persistence)}`);

  const others = {};
  if (process.env.SKIP_OTHERS !== "1") {
    others.firstLoadJs = other("first-load-js", ["bench/first-load-js.mjs", "--json", server.base], 4 * 60_000);
  }
  await cleanup();
  if (process.env.SKIP_OTHERS !== "1") {
    // Its own embedded Postgres and server; it stops itself after 10 minutes. QUICK: fewer repetitions.
    const quick = QUICK ? { N: "50", HTTP_N: "50", NAV_N: "5" } : {};
    others.dataScale = other("data-scale", ["--import", "tsx", "bench/data-scale.ts", "--json"], 11 * 60_000, quick);
  }

  const result = {
    date: STARTED.toISOString(),
    quick: QUICK,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      loadBefore: LOAD_BEFORE,
    },
    commit: spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim(),
    config: {
      LEVELS,
      LEVEL_SECONDS,
      STREAM_MS,
      CHUNKS,
      USERS,
      SEQ_N,
      SOAK_CONCURRENCY,
      SOAK_SECONDS,
      SOAKS,
      workers: procs.workers.length,
      serverNodeArgs: process.env.BENCH_SERVER_NODE_ARGS ?? "",
    },
    idleMemory,
    levels,
    sequential: seq,
    soaks,
    persistence,
    others,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  printTables(result);
  log(`results written to ${OUT}`);
  return result;
}

function printTables(r) {
  const w = (a) => (a ?? []).join(" / ");
  console.log(
    `\nProvider-backed turns: ${r.config.STREAM_MS} ms answers in ${r.config.CHUNKS} chunks, ${r.config.workers} workers, commit ${r.commit}${r.quick ? " (QUICK)" : ""}\n`,
  );
  console.log(
    "| concurrent streams | turns/s | errors | overhead p50 / p95 ms | first byte p50 / p95 ms | CPU ms/turn: server / Postgres / fake / client | DB transactions per turn | worker CPU share | connections per worker | RSS per worker, peak MB |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const l of [...r.levels, ...r.soaks]) {
    console.log(
      `| ${l.label} | ${l.turnsPerSecond} | ${l.errors} of ${l.turns} | ${l.overheadMs.p50} / ${l.overheadMs.p95} | ${l.firstByteMs.p50} / ${l.firstByteMs.p95} | ${l.cpu.serverMsPerTurn} / ${l.cpu.postgresMsPerTurn} / ${l.cpu.fakeProviderMsPerTurn} / ${l.cpu.clientMsPerTurn} | ${l.dbTransactionsPerTurn} | ${w(l.cpu.workerShare)} | ${w(l.connectionsPerWorker)} | ${w(l.rssPeakMb)} |`,
    );
  }
  const s = r.sequential;
  console.log("\n| sequential (zero-latency provider) | n | errors | p50 | p95 | p99 | tail / median |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  console.log(
    `| first byte ms | ${s.n} | ${s.errors} | ${s.firstByteMs.p50} | ${s.firstByteMs.p95} | ${s.firstByteMs.p99} | p99 ${s.firstByteP99OverMedian}× |`,
  );
  console.log(
    `| first text token ms | ${s.n} | ${s.errors} | ${s.firstTokenMs.p50} | ${s.firstTokenMs.p95} | ${s.firstTokenMs.p99} | p95 ${s.firstTokenP95OverMedian}× |`,
  );
  console.log("\n| memory, MB per worker | RSS |\n| --- | --- |");
  console.log(`| idle after start | ${w(r.idleMemory.workers)} |`);
  r.soaks.forEach((x, i) =>
    console.log(
      `| soak ${i + 1} (${x.concurrency} streams, ${x.seconds} s): peak / after 15 s idle | ${w(x.rssPeakMb)} / ${w(x.rssAfterIdleMb)} |`,
    ),
  );
  const p = r.persistence;
  console.log(
    `\nPersistence: ${p.checked ? `${p.turns} turns in ${p.conversations} conversations, ${p.mismatches} mismatches` : p.reason}`,
  );
  const fl = r.others.firstLoadJs;
  if (fl?.pages) {
    console.log("\n| page JS, KB gzip -9 (bench/first-load-js.mjs) | first load | later | all |\n| --- | --- | --- | --- |");
    for (const pg of fl.pages) console.log(`| ${pg.path} | ${pg.firstLoadGzipKB} | ${pg.laterGzipKB} | ${pg.gzipKB} |`);
  } else if (fl) console.log(`\nfirst-load-js: ${JSON.stringify(fl).slice(0, 300)}`);
  const ds = r.others.dataScale;
  if (ds?.results) {
    console.log(
      `\n| data scale (bench/data-scale.ts), ${ds.data?.tasks ?? "?"} tasks | layer | p50 ms | p95 ms | problem |\n| --- | --- | --- | --- | --- |`,
    );
    for (const x of ds.results) console.log(`| ${x.name} | ${x.layer} | ${x.p50} | ${x.p95} | ${x.problem ?? ""} |`);
  } else if (ds) console.log(`\ndata-scale: ${JSON.stringify(ds).slice(0, 300)}`);
}

const LOAD_BEFORE = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
let code = 1;
try {
  const r = await main();
  code = r.persistence.checked && r.persistence.mismatches === 0 ? 0 : 1;
} catch (error) {
  log(`failed: ${error?.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(code);
