/**
 * The supervisor's side of turn leases (scripts/serve.ts). Workers report the agent turns they
 * run (lib/agent/in-flight.ts); when a worker dies, each of its turns is ended at once: its run
 * is closed as interrupted, the user's message gets a reply that says so (with what its tools
 * did — lib/conversations/interrupted.ts, the same code the next turn would run), and the
 * conversation's lease is given back, so it takes the next message without waiting for the
 * lease to expire and nothing is left unanswered if the user never writes again. Only a lease
 * still held by that turn is touched (its row is locked meanwhile): one taken over is left alone.
 */
import pg from "pg";
import { answerInterruptedTurns } from "../../lib/conversations/interrupted";

export type TurnReport = { type: "talk-todo.turn"; running: boolean; conversationId: string; turnId: string };

export function isTurnReport(message: unknown): message is TurnReport {
  const m = message as Partial<TurnReport> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.type === "talk-todo.turn" &&
    typeof m.conversationId === "string" &&
    typeof m.turnId === "string" &&
    typeof m.running === "boolean"
  );
}

const HOLD = `SELECT 1 FROM "Conversation" WHERE "id" = $1::uuid AND "activeTurnId" = $2 FOR UPDATE`;
const RELEASE = `UPDATE "Conversation" SET "activeTurnId" = NULL, "activeTurnUntil" = NULL, "stopTurnId" = NULL WHERE "id" = $1::uuid`;

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

  /** The worker is gone: ends the turns it was running and frees their conversations; how many it freed. */
  async release(workerId: number): Promise<number> {
    const turns = this.byWorker.get(workerId);
    this.byWorker.delete(workerId);
    if (!turns?.size || !this.databaseUrl) return 0;
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 1, connectionTimeoutMillis: 5000, idleTimeoutMillis: 10_000 });
      this.pool.on("error", () => undefined);
    }
    let freed = 0;
    let failure: unknown = null;
    for (const [turnId, conversationId] of turns) {
      try {
        if (await this.endTurn(this.pool, conversationId, turnId)) freed++;
      } catch (error) {
        failure ??= error; // the others are still ended; this lease runs out on its own
      }
    }
    if (failure) throw failure;
    return freed;
  }

  private async endTurn(pool: pg.Pool, conversationId: string, turnId: string): Promise<boolean> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const held = await client.query(HOLD, [conversationId, turnId]);
      if (held.rowCount) {
        await answerInterruptedTurns((_name, text, values) => client.query(text, values).then((r) => r.rows), conversationId);
        await client.query(RELEASE, [conversationId]);
      }
      await client.query("COMMIT");
      return Boolean(held.rowCount);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
  }
}
