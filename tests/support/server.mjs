/**
 * What every test or benchmark that starts a server needs: a free loopback port, and the wait
 * until the server answers /api/health with 200 (or dies, or 180 s pass).
 */
import net from "node:net";

/** A port nothing listens on at the moment, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on `port` of 127.0.0.1 at the moment. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Resolves once `${base}/api/health` answers 200; rejects when `exited()` says the server died or after `timeoutMs`. */
export async function waitHealthy(base, { exited, logFile, timeoutMs = 180_000 }) {
  const where = logFile ? `; log: ${logFile}` : "";
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`server exited during start-up${where}`);
    try {
      const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy within ${Math.round(timeoutMs / 1000)} s${where}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
