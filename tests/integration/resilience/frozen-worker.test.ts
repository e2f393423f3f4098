/**
 * Security case 44: a frozen worker (SIGSTOP: its event loop never runs again, like an endless
 * loop) is killed and replaced within 15 s, and the other workers keep serving meanwhile.
 * The cluster is a real one (tests/integration/resilience/fixtures/liveness-cluster.ts) with the
 * supervisor's own liveness watch (lib/worker-liveness.ts, used by scripts/serve.ts) at its
 * default timeout.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { WorkerLiveness } from "@/lib/worker-liveness";

/** A line the cluster printed, stamped with when the test read it. */
type Event = { event: string; pid: number; signal?: string; at: number };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One request on a new connection; the answering worker's pid, or null after `timeoutMs`/an error. */
function whoAnswers(port: number, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent: false, timeout: timeoutMs }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve((JSON.parse(body) as { pid: number }).pid));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill("SIGTERM");
  child = null;
});

describe("worker liveness", () => {
  it("reports a worker once it has been silent longer than the timeout, and only then", () => {
    const liveness = new WorkerLiveness(10_000);
    liveness.watch(1, 0);
    liveness.watch(2, 0);
    liveness.answered(1, 9_000);
    liveness.answered(3, 9_000); // not watched (not ready yet): ignored
    expect(liveness.takeUnresponsive(10_000)).toEqual([]);
    expect(liveness.takeUnresponsive(10_001)).toEqual([2]);
    expect(liveness.takeUnresponsive(30_000)).toEqual([1]);
    expect(liveness.takeUnresponsive(60_000)).toEqual([]);
  });

  it("replaces a frozen worker within 15 s while the other keeps serving", async () => {
    const port = await freePort();
    const env = { ...process.env };
    delete env.WORKER_HEARTBEAT_TIMEOUT_MS; // the default
    child = spawn("node_modules/.bin/tsx", ["tests/integration/resilience/fixtures/liveness-cluster.ts", String(port), "2"], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const events: Event[] = [];
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        events.push({ ...(JSON.parse(line) as Event), at: Date.now() });
      } catch {
        /* not an event */
      }
    });
    const until = async (predicate: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return predicate();
    };
    expect(await until(() => events.filter((e) => e.event === "ready").length >= 2, 20_000)).toBe(true);
    const [frozen, healthy] = events.filter((e) => e.event === "ready").map((e) => e.pid);

    process.kill(frozen!, "SIGSTOP");
    const frozenAt = Date.now();
    // A request every 200 ms on its own connection while we wait: who answers, and how fast.
    const answers: { pid: number | null; ms: number }[] = [];
    const inFlight: Promise<void>[] = [];
    const replaced = () => events.find((e) => e.event === "ready" && e.pid !== frozen && e.pid !== healthy);
    while (Date.now() - frozenAt < 20_000 && !replaced()) {
      const started = Date.now();
      inFlight.push(whoAnswers(port, 2_000).then((pid) => void answers.push({ pid, ms: Date.now() - started })));
      await new Promise((r) => setTimeout(r, 200));
    }
    await Promise.all(inFlight);
    const killed = events.find((e) => e.event === "killed");
    const replacement = replaced();

    expect(killed?.pid).toBe(frozen);
    expect(events).toContainEqual(expect.objectContaining({ event: "exit", pid: frozen, signal: "SIGKILL" }));
    expect(killed!.at - frozenAt).toBeLessThan(10_000); // the 8 s default and a 1 s ping
    expect(replacement).toBeDefined();
    expect(replacement!.at - frozenAt).toBeLessThan(15_000);
    // Meanwhile the healthy worker kept answering, and the frozen one never did.
    const byHealthy = answers.filter((a) => a.pid === healthy);
    expect(byHealthy.length).toBeGreaterThan(answers.length / 2);
    expect(answers.some((a) => a.pid === frozen)).toBe(false);
    // And the replacement serves.
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) seen.add((await whoAnswers(port, 5_000))!);
    expect(seen).toContain(replacement!.pid);
  }, 40_000);
});
