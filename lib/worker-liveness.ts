/**
 * A worker whose event loop is stuck (an endless loop, a pathological regular expression, a
 * SIGSTOP) keeps its connections and its turns' leases but answers nothing, and node:cluster
 * only notices workers that exit. The primary of scripts/serve.ts therefore pings every ready
 * worker over the IPC channel each second; a worker answers from its event loop
 * (answerHeartbeats). One that has not answered for WORKER_HEARTBEAT_TIMEOUT_MS (default 8 s)
 * is killed with SIGKILL: its connections close, and the supervisor's usual handling of a dead
 * worker releases its turns (scripts/db/orphaned-turns.ts) and starts a replacement.
 * No `server-only`: scripts/serve.ts imports this module.
 */
import type { Cluster, Worker } from "node:cluster";

export type Heartbeat = { type: "talk-todo.heartbeat"; sentAt: number };

export function isHeartbeat(message: unknown): message is Heartbeat {
  const m = message as Partial<Heartbeat> | null;
  return typeof m === "object" && m !== null && m.type === "talk-todo.heartbeat" && typeof m.sentAt === "number";
}

export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 8_000;

/** WORKER_HEARTBEAT_TIMEOUT_MS, at least 2 s (a busy but healthy worker may lag a little). */
export function heartbeatTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number.parseInt(env.WORKER_HEARTBEAT_TIMEOUT_MS ?? "", 10);
  return Number.isInteger(n) && n > 0 ? Math.max(2_000, n) : DEFAULT_HEARTBEAT_TIMEOUT_MS;
}

/** The primary's book of when each watched worker last answered. */
export class WorkerLiveness {
  private readonly lastAnswer = new Map<number, number>();

  constructor(private readonly timeoutMs: number) {}

  /** From now on the worker must answer (called once it is ready: starting up may block for a while). */
  watch(workerId: number, now: number): void {
    this.lastAnswer.set(workerId, now);
  }

  answered(workerId: number, now: number): void {
    if (this.lastAnswer.has(workerId)) this.lastAnswer.set(workerId, now);
  }

  forget(workerId: number): void {
    this.lastAnswer.delete(workerId);
  }

  watched(): number[] {
    return [...this.lastAnswer.keys()];
  }

  /** The workers that have not answered within the timeout; each is reported once. */
  takeUnresponsive(now: number): number[] {
    const stuck = [...this.lastAnswer].filter(([, at]) => now - at > this.timeoutMs).map(([id]) => id);
    for (const id of stuck) this.lastAnswer.delete(id);
    return stuck;
  }
}

/**
 * In the primary: pings every worker that has said "ready" and kills those that stop answering.
 * `onKill` is told before the SIGKILL (for the log). Returns a function that stops watching.
 */
export function superviseLiveness(
  cluster: Cluster,
  options: { timeoutMs: number; intervalMs?: number; onKill?: (worker: Worker, silentMs: number) => void },
): () => void {
  const liveness = new WorkerLiveness(options.timeoutMs);
  const onMessage = (worker: Worker, message: unknown) => {
    if (message === "ready") liveness.watch(worker.id, Date.now());
    else if (isHeartbeat(message)) liveness.answered(worker.id, Date.now());
  };
  const onExit = (worker: Worker) => liveness.forget(worker.id);
  cluster.on("message", onMessage);
  cluster.on("exit", onExit);
  const timer = setInterval(() => {
    const now = Date.now();
    for (const id of liveness.takeUnresponsive(now)) {
      const worker = cluster.workers?.[id];
      if (!worker) continue;
      options.onKill?.(worker, options.timeoutMs);
      worker.process.kill("SIGKILL"); // SIGTERM would wait for a loop that never comes back
    }
    const ping: Heartbeat = { type: "talk-todo.heartbeat", sentAt: now };
    for (const id of liveness.watched()) {
      const worker = cluster.workers?.[id];
      if (worker?.isConnected()) worker.send(ping, () => undefined);
    }
  }, options.intervalMs ?? 1_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    cluster.off("message", onMessage);
    cluster.off("exit", onExit);
  };
}

/** In a worker: answer the primary's pings from this event loop. */
export function answerHeartbeats(): void {
  process.on("message", (message: unknown) => {
    if (isHeartbeat(message) && process.connected) process.send?.(message, undefined, undefined, () => undefined);
  });
}
