/**
 * The supervision of the production server's workers (scripts/serve.ts), shared between the
 * primary process, which replaces workers that die, and the workers, whose /api/health reports
 * what the primary told them. No `server-only`: scripts/serve.ts imports this module.
 */

/** Replacing a worker that died: never give up, wait longer the more recent deaths there are. */
export class RestartPolicy {
  private exits: number[] = [];

  constructor(
    private readonly windowMs = 60_000,
    private readonly degradedAfter = 5,
    private readonly baseDelayMs = 250,
    private readonly maxDelayMs = 30_000,
  ) {}

  /** Records a death; how long to wait before the replacement is started. */
  onExit(now: number): number {
    this.exits = [...this.exits.filter((t) => now - t < this.windowMs), now];
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(this.exits.length, 20));
  }

  restartsInWindow(now: number): number {
    return this.exits.filter((t) => now - t < this.windowMs).length;
  }

  /** Workers keep dying: the service is unhealthy although it keeps serving. */
  degraded(now: number): boolean {
    return this.restartsInWindow(now) > this.degradedAfter;
  }
}

export type SupervisorReport = {
  type: "talk-todo.supervisor";
  degraded: boolean;
  workers: number;
  ready: number;
  restartsLastMinute: number;
};

const REPORT = Symbol.for("talk-todo.supervisorReport");

export function isSupervisorReport(message: unknown): message is SupervisorReport {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "talk-todo.supervisor";
}

/** In a worker: keep the latest report of the primary for /api/health. */
export function publishSupervisorReport(report: SupervisorReport): void {
  (globalThis as { [REPORT]?: SupervisorReport })[REPORT] = report;
}

/** The latest report, or null when not running under scripts/serve.ts (e.g. `next dev`). */
export function supervisorReport(): SupervisorReport | null {
  return (globalThis as { [REPORT]?: SupervisorReport })[REPORT] ?? null;
}
