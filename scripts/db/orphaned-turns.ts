/**
 * The supervisor's side of turn leases (scripts/serve.ts). Workers report the agent turns they
 * run (lib/agent/in-flight.ts); when a worker dies, the leases of its turns are given back at
 * once, so the conversation takes the next message without waiting for the lease to expire. The
 * next turn then closes the dead turn's run as interrupted (docs/agent.md, "Interrupted turns").
 * Only a lease still held by that turn is touched: one taken over meanwhile is left alone.
 */
import pg from "pg";

export type TurnReport = { type: "talk-todo.turn"; running: boolean; conversationId: string; turnId: string };

export function isTurnReport(message: unknown): message is TurnReport {
  const m = message as Partial<TurnReport> | null;
  return typeof m === "object" && m !== null && m.type === "talk-todo.turn" && typeof m.conversationId === "string" && typeof m.turnId === "string" && typeof m.running === "boolean";
}

const RELEASE = `
  UPDATE "Conversation" AS c SET "activeTurnId" = NULL, "activeTurnUntil" = NULL
  FROM unnest($1::uuid[], $2::text[]) AS t(id, turn)
  WHERE c."id" = t.id AND c."activeTurnId" = t.turn`;

export class OrphanedTurns {
  private readonly byWorker = new Map<number, Map<string, string>>();
  private pool: pg.Pool | null = null;

  constructor(private readonly databaseUrl: string | undefined) {}

  /** Keeps track of a worker's running turns from its reports. */
  onReport(workerId: number, report: TurnReport): void {
    let turns = this.byWorker.get(workerId);
    if (!turns) this.byWorker.set(workerId, (turns = new Map()));
    if (report.running) turns.set(report.turnId, report.conversationId);
    else turns.delete(report.turnId);
  }

  /** The worker is gone: gives back the leases of the turns it was running; how many it freed. */
  async release(workerId: number): Promise<number> {
    const turns = this.byWorker.get(workerId);
    this.byWorker.delete(workerId);
    if (!turns?.size || !this.databaseUrl) return 0;
    this.pool ??= new pg.Pool({ connectionString: this.databaseUrl, max: 1, connectionTimeoutMillis: 5000, idleTimeoutMillis: 10_000 });
    this.pool.on("error", () => undefined);
    const result = await this.pool.query(RELEASE, [[...turns.values()], [...turns.keys()]]);
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
  }
}
