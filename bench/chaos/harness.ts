/**
 * The pieces the fault-injection suite (bench/chaos.ts) is made of: its own embedded Postgres
 * (stoppable and restartable), production app instances (`scripts/serve.ts`, 2 workers each,
 * on 127.0.0.1 ports 3300–3399), PgBouncer, and a small HTTP client. Every process started
 * here is remembered and stopped by `cleanup()`, by its own pid only.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { findFreePort, startEmbeddedPostgres } from "../../scripts/db/embedded";
import { ensureDatabase } from "../../scripts/db/ensure";
import { portIsFree } from "../../tests/support/server.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const AUTH_SECRET = "chaos-suite-secret-chaos-suite-secret";
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const now = () => performance.timeOrigin + performance.now();
export const log = (...parts: unknown[]) => console.error(`[chaos ${new Date().toISOString().slice(11, 23)}]`, ...parts);

export const WORK_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-chaos-"));
fs.chmodSync(WORK_DIR, 0o755); // as root, Postgres and PgBouncer run as `postgres` and must reach it

const started: { child: ChildProcess; group: boolean }[] = [];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Direct children of a pid (cluster workers of a serve.ts primary). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid && alive(Number(entry))) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

export function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(m?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return Math.round(kb / 1024);
}

// ---------------------------------------------------------------------------------------------
// Postgres

export interface Database {
  url: string;
  port: number;
  admin: pg.Pool;
  restart(): Promise<void>;
  /** Fast shutdown (SIGINT): sessions are terminated, like a managed database's failover. */
  halt(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function startDatabase(): Promise<Database> {
  const dataDir = path.join(WORK_DIR, "db");
  const port = await findFreePort();
  const quiet = () => undefined;
  const ensured = await ensureDatabase({
    dataDir,
    databaseUrl: null,
    persistent: false,
    port,
    authSecret: false,
    setEnv: false,
    handleSignals: false,
    log: quiet,
  });
  let stopLatest = ensured.stop;
  const admin = new pg.Pool({ connectionString: ensured.url, max: 3, connectionTimeoutMillis: 5000 });
  admin.on("error", () => undefined);
  const pgData = path.join(dataDir, "postgres");
  const postmaster = () => Number.parseInt(fs.readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
  const db: Database = {
    url: ensured.url,
    port,
    admin,
    async halt() {
      const pid = postmaster();
      process.kill(pid, "SIGINT");
      for (let i = 0; i < 300 && alive(pid); i++) await sleep(50);
    },
    async restart() {
      const server = await startEmbeddedPostgres({ dataDir: pgData, port, persistent: false, handleSignals: false, log: quiet });
      stopLatest = server.stop;
    },
    async cleanup() {
      await admin.end().catch(() => undefined);
      await stopLatest().catch(() => undefined);
    },
  };
  return db;
}

// ---------------------------------------------------------------------------------------------
// PgBouncer (Debian's package; run as the `postgres` user, which it requires when we are root)

export interface Bouncer {
  url: string;
  stop(): Promise<void>;
}

export function pgbouncerBinary(): string | null {
  for (const candidate of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

export async function startPgbouncer(db: Database, mode: "session" | "transaction"): Promise<Bouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
  const port = await findFreePort();
  const dir = path.join(WORK_DIR, `pgbouncer-${mode}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"postgres" "postgres"\n`, { mode: 0o644 });
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `app = host=127.0.0.1 port=${db.port} dbname=app`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = scram-sha-256",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      `pool_mode = ${mode}`,
      // Session mode pins a server connection to each client one: room for 2 workers × 10.
      "default_pool_size = 25",
      "max_client_conn = 200",
      "server_reset_query = DISCARD ALL",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  const ids = process.getuid?.() === 0 ? postgresIds() : {};
  const child = spawn(binary, [path.join(dir, "pgbouncer.ini")], { ...ids, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  started.push({ child, group: false });
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/app`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(
          `pgbouncer did not start: ${stderr}${fs.existsSync(path.join(dir, "pgbouncer.log")) ? fs.readFileSync(path.join(dir, "pgbouncer.log"), "utf8").slice(-800) : ""}`,
        );
      await sleep(200);
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill("SIGINT");
      for (let i = 0; i < 100 && child.exitCode === null; i++) await sleep(50);
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

// ---------------------------------------------------------------------------------------------
// App instances: scripts/serve.ts, the production build, 2 workers

const PORT_MIN = Number.parseInt(process.env.CHAOS_PORT_BASE ?? "3300", 10);
const PORT_MAX = PORT_MIN + 99;
let nextPort = PORT_MIN;

async function takePort(): Promise<number> {
  for (let tries = 0; tries <= PORT_MAX - PORT_MIN; tries++) {
    const port = nextPort;
    nextPort = nextPort >= PORT_MAX ? PORT_MIN : nextPort + 1;
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_MIN}–${PORT_MAX}`);
}

export interface App {
  name: string;
  port: number;
  base: string;
  pid: number;
  logFile: string;
  /** Resolves when the primary exits: its code/signal and when. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  isRunning(): boolean;
  workers(): number[];
  rss(): number;
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

const PROVIDER_VARS = [
  "AI_PROVIDER",
  "AI_MODEL",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GOOGLE_GENERATIVE_AI_BASE_URL",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OPENAI_COMPATIBLE_API_KEY",
  "OPENAI_COMPATIBLE_MODELS",
];

export async function startApp(name: string, databaseUrl: string, overrides: Record<string, string> = {}): Promise<App> {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const port = await takePort();
  const logFile = path.join(WORK_DIR, `app-${name}-${port}.log`);
  const out = fs.openSync(logFile, "w");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !PROVIDER_VARS.includes(k)) env[k] = v;
  Object.assign(env, {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    WEB_CONCURRENCY: "2",
    // Limits out of the way (many users from one address); scenario 5 sets its own turn limit.
    RATE_LIMIT_PER_MINUTE: "100000",
    RATE_LIMIT_PER_DAY: "10000000",
    WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    REGISTER_LIMIT_PER_HOUR: "1000000",
    SIGN_IN_LIMIT_PER_ADDRESS: "1000000",
    REGISTER_GLOBAL_LIMIT_PER_HOUR: "1000000",
    AI_DAILY_TOKEN_BUDGET: "1000000000",
    LOG_LEVEL: "warn",
    ...overrides,
  });
  // Node runs the compiled server (dist/serve.js, `npm run build`) itself, so signals reach the primary directly.
  const child = spawn(process.execPath, ["dist/serve.js", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", out, out],
    detached: true,
  });
  fs.closeSync(out);
  started.push({ child, group: true });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: now() })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const base = `http://127.0.0.1:${port}`;
  const pid = child.pid!;
  const app: App = {
    name,
    port,
    base,
    pid,
    logFile,
    exited,
    isRunning: () => running,
    workers: () => childrenOf(pid),
    rss: () => rssMb([pid, ...childrenOf(pid)]),
    signal: (signal) => {
      if (running) process.kill(pid, signal);
    },
    async stop() {
      if (!running) return;
      process.kill(pid, "SIGTERM");
      const timeout = sleep(20_000).then(() => "timeout");
      if ((await Promise.race([exited.then(() => "exited"), timeout])) === "timeout") {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          // gone
        }
      }
    },
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!running) throw new Error(`${name} exited during start-up; log ${logFile}:\n${fs.readFileSync(logFile, "utf8").slice(-1500)}`);
    const r = await request("GET", `${base}/api/health`, { timeoutMs: 2000 }).catch(() => null);
    if (r?.status === 200 && app.workers().length >= 2) break;
    if (Date.now() > deadline) throw new Error(`${name} not healthy within 180 s; log ${logFile}`);
    await sleep(300);
  }
  // Both workers answer (the first request of a worker loads its routes).
  for (let i = 0; i < 6; i++) await request("GET", `${base}/api/health`, { timeoutMs: 10_000 }).catch(() => null);
  log(`${name} up at ${base} (pid ${pid}, workers ${app.workers().join(",")})`);
  return app;
}

export async function cleanup(): Promise<void> {
  for (const { child, group } of started.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      if (group) process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      // gone
    }
  }
  const deadline = Date.now() + 15_000;
  while (started.some(({ child }) => child.exitCode === null && child.signalCode === null) && Date.now() < deadline) await sleep(100);
  for (const { child, group } of started) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      if (group) process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // gone
    }
  }
}

/** CHAOS_KEEP=1 keeps the app and PgBouncer logs for a look afterwards. */
export function removeWorkDir(): void {
  if (process.env.CHAOS_KEEP === "1") log(`logs kept in ${WORK_DIR}`);
  else fs.rmSync(WORK_DIR, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  /** ms from the request to the response head, to the first body byte, to the end. */
  head: number;
  firstByte: number;
  total: number;
}

export class RequestError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly elapsed: number,
  ) {
    super(message);
  }
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request to 127.0.0.1, bounded by `timeoutMs`. `fresh`: a new connection, never a kept-alive one. */
export function request(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number; fresh?: boolean } = {},
): Promise<Reply> {
  const u = new URL(url);
  if (u.hostname !== "127.0.0.1") throw new Error("load goes to 127.0.0.1 only");
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const t0 = now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method,
        headers,
        agent: options.fresh ? false : keepAlive,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const head = now() - t0;
        let firstByte: number | undefined;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => {
          firstByte ??= now() - t0;
          chunks.push(c);
        });
        res.on("error", (e: NodeJS.ErrnoException) => reject(new RequestError(e.message, e.code ?? "ERESPONSE", now() - t0)));
        res.on("aborted", () => reject(new RequestError("response aborted", "EABORTED", now() - t0)));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, head, firstByte: firstByte ?? head, total: now() - t0 });
        });
      },
    );
    req.on("timeout", () => req.destroy(new RequestError("timeout", "ETIMEOUT", now() - t0)));
    req.on("error", (e: NodeJS.ErrnoException) =>
      reject(e instanceof RequestError ? e : new RequestError(e.message, e.code ?? "EREQUEST", now() - t0)),
    );
    req.end(payload);
  });
}
