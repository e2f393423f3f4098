/**
 * The production server: the built app (`next build`) in one Node process per CPU core, all
 * listening on one port (node:cluster). A single Node process runs on a single core, and an
 * agent turn is CPU-bound on the server (docs/benchmarks.md), so `next start` alone leaves the
 * other cores idle. Every worker is stateless: sessions are JWTs, and rate limits, leases and
 * data live in Postgres.
 *
 *   node dist/serve.js [-p PORT] [-H HOST]     (compiled by `npm run build`, scripts/build-server.mjs;
 *                                               npm start runs it through dist/with-db.js)
 *   tsx scripts/serve.ts [-p PORT] [-H HOST]   (the same from source)
 *
 * PORT (default 3000) and -H as for `next start` (all interfaces by default); WEB_CONCURRENCY
 * = number of workers (default: the cores Node may use). Each worker has its own database pool
 * of DATABASE_POOL_MAX connections (default 10): workers × pool must fit the database's
 * connection limit, checked at start (scripts/db/budget.ts; skipped behind DATABASE_POOLER).
 *
 * A worker whose event loop stops answering the primary's heartbeat for WORKER_HEARTBEAT_TIMEOUT_MS
 * (default 8 s; lib/worker-liveness.ts) is killed, which ends its connections and turns like any
 * other death. A worker that dies is replaced, after a growing pause (up to 30 s), however often it happens:
 * the supervisor never gives up. While workers keep dying (more than 5 in a minute) /api/health
 * answers 503 "degraded" so that monitoring notices. Only when no worker has ever started (no
 * build, port taken) does the server stop with exit code 1. SIGTERM/SIGINT stop
 * it gracefully: no new connections, and running agent turns (also those whose client has left)
 * finish and are saved, for up to AI_TURN_TIMEOUT_MS plus a margin.
 */
import cluster, { type Worker } from "node:cluster";
import http from "node:http";
import os from "node:os";
import { stampSocketAddress } from "../lib/http/client-address";
import { isSupervisorReport, publishSupervisorReport, RestartPolicy, type SupervisorReport } from "../lib/supervisor";
import { answerHeartbeats, heartbeatTimeoutMs, superviseLiveness } from "../lib/worker-liveness";
import { startupBudgetCheck } from "./db/budget";
import { requireSupportedNode } from "./node-version";
import { isTurnReport, OrphanedTurns } from "./db/orphaned-turns";

function option(short: string, long: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === short || a === long);
  return index >= 0 ? args[index + 1] : undefined;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

requireSupportedNode();

const port = Number.parseInt(option("-p", "--port") ?? process.env.PORT ?? "3000", 10);
// Not $HOSTNAME: shells and containers set it to the machine's name, which `next start` ignores too.
const hostname = option("-H", "--hostname");
const workers = positiveInt(process.env.WEB_CONCURRENCY, os.availableParallelism());
const DRAIN_MS = positiveInt(process.env.AI_TURN_TIMEOUT_MS, 60_000) + 5_000;
const TURNS = Symbol.for("talk-todo.inFlightTurns"); // lib/agent/in-flight.ts

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[serve] invalid port: ${option("-p", "--port") ?? process.env.PORT}`);
  process.exit(2);
}

if (cluster.isPrimary && !(await startupBudgetCheck(workers))) process.exit(1);

if (cluster.isPrimary) {
  // Round-robin: the primary accepts each connection and hands it to the next free worker. It is
  // Node's default on Linux, but NODE_CLUSTER_SCHED_POLICY=none would switch to the kernel's
  // choice, which piles long-lived keep-alive connections onto one worker (docs/benchmarks.md).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // glibc malloc: blocks of 1 MB and more are mapped on their own and given back when freed.
  // By default the threshold rises to the largest block freed so far, so the 16 MB that scrypt
  // takes for each sign-in (lib/auth/password.ts, on libuv's threads) stayed in every thread's
  // arena: ~100 MB of RSS per worker that never went back (docs/benchmarks.md, issue 18). Read by
  // each worker at its start; ignored by other C libraries.
  process.env.MALLOC_MMAP_THRESHOLD_ ??= String(1024 * 1024);
  // V8 lets the old generation grow to up to 4× what survived the last full GC before it
  // collects again; a streaming turn allocates ~3.6 MB and lives seconds, so a worker's heap
  // sat at 3–4× its live set (RSS 400–660 MB at 500 streams, rising between soaks). 1.5×
  // keeps it at ~350 MB, flat, for no measurable CPU (docs/benchmarks.md, issue 18). A flag
  // given to the primary (node --heap-growing-percent=… dist/serve.js) wins.
  //
  // Node 24's V8 grows the young generation to 2 × 32 MB semi-spaces where Node 20's stopped at
  // 2 × 16 MB: a worker's RSS rose by that and more at 300 streams (456 vs 364 MB, issue 23).
  // A turn's objects live seconds and are promoted anyway, so the larger nursery buys little;
  // 16 MB is Node 20's size (docs/runtime.md, "Memory"). Flags given to the primary win.
  const flags = [
    ["--heap-growing-percent", "--heap-growing-percent=50"],
    ["--max-semi-space-size", "--max-semi-space-size=16"],
  ].flatMap(([name, flag]) => (process.execArgv.some((a) => a.startsWith(name!)) ? [] : [flag!]));
  if (flags.length) cluster.setupPrimary({ execArgv: [...process.execArgv, ...flags] });
  const live = new Set<Worker>();
  const ready = new Set<number>();
  let announced = false;
  let stopping = false;
  let everReady = false;
  let exitCode = 0;
  const policy = new RestartPolicy();
  const orphans = new OrphanedTurns(process.env.DATABASE_URL);
  const report = (): void => {
    const now = Date.now();
    const message: SupervisorReport = {
      type: "talk-todo.supervisor",
      degraded: policy.degraded(now),
      workers,
      ready: ready.size,
      restartsLastMinute: policy.restartsInWindow(now),
    };
    for (const worker of live) if (worker.isConnected()) worker.send(message, () => undefined);
  };

  const fork = () => {
    if (!stopping) live.add(cluster.fork());
  };
  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const worker of live) worker.process.kill("SIGTERM");
    if (live.size === 0) process.exit(exitCode);
    setTimeout(() => process.exit(exitCode), DRAIN_MS + 2_000).unref();
  };

  cluster.on("message", (worker, message: unknown) => {
    if (isTurnReport(message)) return orphans.onReport(worker.id, message);
    if (message !== "ready") return;
    ready.add(worker.id);
    everReady = true;
    report();
    if (!announced && ready.size >= workers) {
      announced = true;
      console.log(`▲ ready on http://${hostname ?? "localhost"}:${port} (${workers} worker${workers === 1 ? "" : "s"})`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const wasReady = ready.delete(worker.id);
    // Its turns died with it: free their conversations now rather than when the leases expire.
    orphans.release(worker.id).then(
      (freed) => freed && console.error(`[serve] released ${freed} conversation${freed === 1 ? "" : "s"} of worker ${worker.process.pid}`),
      (error: unknown) =>
        console.error(
          `[serve] could not release the dead worker's conversations: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    console.error(`[serve] worker ${worker.process.pid} exited (${signal ?? code})`);
    if (!wasReady && signal === null && !everReady) {
      // Nothing has ever started: another try would fail the same way (no build, port taken, …).
      console.error("[serve] a worker could not start; stopping");
      stop(1);
      return;
    }
    const delay = policy.onExit(Date.now());
    if (policy.degraded(Date.now()))
      console.error(`[serve] workers keep exiting; replacing them every ${Math.round(delay / 1000)} s and reporting degraded health`);
    report();
    setTimeout(fork, delay);
  });
  // A frozen worker (an endless loop) never exits on its own: kill it, and the exit above replaces it.
  superviseLiveness(cluster, {
    timeoutMs: heartbeatTimeoutMs(),
    onKill: (worker, ms) =>
      console.error(`[serve] worker ${worker.process.pid} has not answered for ${Math.round(ms / 1000)} s; killing it`),
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(0));
  for (let i = 0; i < workers; i++) fork();
  setInterval(report, 10_000).unref(); // "degraded" ends a minute after the last death
} else {
  answerHeartbeats(); // the primary kills a worker whose event loop stops answering
  // The same environment `next start` sets up, before Next is loaded.
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  process.on("message", (message: unknown) => {
    if (isSupervisorReport(message)) publishSupervisorReport(message);
  });
  let draining = false;
  const server = http.createServer((request, response) => {
    stampSocketAddress(request); // the client address for per-address limits (docs/security.md)
    // While draining, a kept-alive connection is closed after its current response.
    if (draining) response.setHeader("Connection", "close");
    void handle(request, response);
  });
  server.keepAliveTimeout = 65_000; // longer than the usual proxy's idle timeout
  // Next.js catches uncaught exceptions and carries on; a server that cannot listen must not.
  server.on("error", (error) => {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  });
  server.listen(port, hostname, () => process.send?.("ready"));

  let closed = false;
  const turnsRunning = () => (globalThis as { [TURNS]?: { count: number } })[TURNS]?.count ?? 0;
  const shutdown = () => {
    // A stop signal may arrive twice (from the primary and from a process-group kill).
    if (draining) return;
    draining = true;
    const deadline = Date.now() + DRAIN_MS;
    server.close(() => (closed = true)); // stops accepting; idle keep-alive connections close now
    const check = () => {
      // Connections that finish a response while we drain would otherwise idle until keepAliveTimeout.
      server.closeIdleConnections();
      if ((closed && turnsRunning() === 0) || Date.now() > deadline) process.exit(0);
      setTimeout(check, 100);
    };
    check();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", () => undefined); // the primary decides; a terminal's Ctrl-C reaches every process
}
