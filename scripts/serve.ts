/**
 * The production server: the built app (`next build`) in one Node process per CPU core, all
 * listening on one port (node:cluster). A single Node process runs on a single core, and an
 * agent turn is CPU-bound on the server (docs/benchmarks.md), so `next start` alone leaves the
 * other cores idle. Every worker is stateless: sessions are JWTs, and rate limits, leases and
 * data live in Postgres.
 *
 *   tsx scripts/serve.ts [-p PORT] [-H HOST]     (npm start runs it through scripts/with-db.ts)
 *
 * PORT (default 3000) and -H as for `next start` (all interfaces by default); WEB_CONCURRENCY
 * = number of workers (default: the cores Node may use). A worker that dies is replaced; one that cannot start
 * stops the server. SIGTERM/SIGINT stop the workers gracefully (open requests finish).
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";

function option(short: string, long: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === short || a === long);
  return index >= 0 ? args[index + 1] : undefined;
}

const port = Number.parseInt(option("-p", "--port") ?? process.env.PORT ?? "3000", 10);
// Not $HOSTNAME: shells and containers set it to the machine's name, which `next start` ignores too.
const hostname = option("-H", "--hostname");
const requested = Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10);
const workers = Number.isInteger(requested) && requested > 0 ? requested : os.availableParallelism();
const STOP_GRACE_MS = 10_000;

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[serve] invalid port: ${port}`);
  process.exit(2);
}

if (cluster.isPrimary) {
  let stopping = false;
  let ready = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on("message", (_worker, message: unknown) => {
    if (message === "ready" && ++ready === workers) {
      console.log(`▲ ready on http://${hostname ?? "localhost"}:${port} (${workers} worker${workers === 1 ? "" : "s"})`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    console.error(`[serve] worker ${worker.process.pid} exited (${signal ?? code})`);
    if (lived < 30_000 && ready < workers) {
      // It died while starting: another try would die the same way.
      console.error("[serve] a worker failed to start; stopping");
      stop(1);
      return;
    }
    fork();
  });
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(code), STOP_GRACE_MS + 1000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(0));
  for (let i = 0; i < workers; i++) fork();
} else {
  // The same environment `next start` sets up, before Next is loaded.
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((request, response) => void handle(request, response));
  server.keepAliveTimeout = 65_000; // longer than the usual proxy's idle timeout
  server.listen(port, hostname, () => process.send?.("ready"));
  const shutdown = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", () => undefined); // the primary decides; a terminal's Ctrl-C reaches every process
}
