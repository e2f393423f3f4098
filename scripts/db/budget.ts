/**
 * The connection budget, checked when the production server starts (scripts/serve.ts): every
 * worker has its own pool of DATABASE_POOL_MAX connections, so one instance may open
 * WEB_CONCURRENCY × DATABASE_POOL_MAX of them. If that alone exceeds what the database server
 * allows ordinary users (max_connections minus the reserved slots), the server would fail under
 * load with "too many clients" — so it refuses to start, saying which numbers to change.
 * Connections already held by others (more instances, tools) only warn: they come and go.
 *
 * Behind a pooler (DATABASE_POOLER=session|transaction) the app's connections go to the pooler,
 * whose own settings bound the server's connections, so nothing is checked here.
 */
import pg from "pg";

export interface ConnectionBudget {
  /** What this instance may open: workers × pool. */
  needed: number;
  /** max_connections − superuser_reserved_connections − reserved_connections. */
  available: number;
  /** Connections open right now (other instances, tools, ourselves if restarting). */
  inUse: number;
}

export class ConnectionBudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionBudgetError";
  }
}

/** Reads the server's limits. Throws if the database cannot be reached. */
export async function readConnectionBudget({
  databaseUrl,
  workers,
  poolMax,
}: {
  databaseUrl: string;
  workers: number;
  poolMax: number;
}): Promise<ConnectionBudget> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ max: string; superuser: string; reserved: string | null; in_use: string }>(
      `SELECT current_setting('max_connections') AS max,
              current_setting('superuser_reserved_connections') AS superuser,
              current_setting('reserved_connections', true) AS reserved,
              (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend') AS in_use`,
    );
    const row = rows[0]!;
    const available = Number(row.max) - Number(row.superuser) - Number(row.reserved ?? 0);
    return { needed: workers * poolMax, available, inUse: Number(row.in_use) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Throws ConnectionBudgetError when workers × pool cannot fit; returns a warning (or null) when
 * it fits only if others let go; returns null when the database is behind a pooler.
 */
export async function checkConnectionBudget(options: {
  databaseUrl: string;
  workers: number;
  poolMax: number;
  pooler: string;
}): Promise<string | null> {
  if (options.pooler === "session" || options.pooler === "transaction") return null;
  const budget = await readConnectionBudget(options);
  const { workers, poolMax } = options;
  if (budget.needed > budget.available) {
    throw new ConnectionBudgetError(
      `connection budget exceeded: WEB_CONCURRENCY (${workers}) × DATABASE_POOL_MAX (${poolMax}) = ${budget.needed} connections, ` +
        `but the database allows ${budget.available} (max_connections minus reserved slots). Lower WEB_CONCURRENCY or DATABASE_POOL_MAX, ` +
        `raise max_connections, or put a pooler in front (DATABASE_POOLER, see docs/deploy.md).`,
    );
  }
  if (budget.needed + budget.inUse > budget.available) {
    return (
      `connection budget is tight: this instance may open ${budget.needed} connections and ${budget.inUse} are already open, ` +
      `of ${budget.available} allowed. Several instances need instances × WEB_CONCURRENCY × DATABASE_POOL_MAX ≤ ${budget.available} (docs/deploy.md).`
    );
  }
  return null;
}

/**
 * scripts/serve.ts's start-up check: logs and returns false when the server must not start.
 * A database that cannot be reached now is not a reason to refuse: the workers answer 503
 * until it is back, so the check is skipped with a note.
 */
export async function startupBudgetCheck(
  workers: number,
  env: NodeJS.ProcessEnv = process.env,
  log: (message: string) => void = (m) => console.error(`[serve] ${m}`),
): Promise<boolean> {
  if (!env.DATABASE_URL) return true; // the workers report the missing variable
  const poolMax = Number.parseInt(env.DATABASE_POOL_MAX ?? "", 10);
  try {
    const warning = await checkConnectionBudget({
      databaseUrl: env.DATABASE_URL,
      workers,
      poolMax: Number.isInteger(poolMax) && poolMax > 0 ? poolMax : 10,
      pooler: env.DATABASE_POOLER ?? "none",
    });
    if (warning) log(warning);
    return true;
  } catch (error) {
    if (error instanceof ConnectionBudgetError) {
      log(error.message);
      return false;
    }
    log(`could not check the connection budget (${error instanceof Error ? error.message : String(error)}); starting anyway`);
    return true;
  }
}
