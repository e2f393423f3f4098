/**
 * The Prisma client (server-only), and `sql` for the few raw statements on the hot path of an
 * agent turn. One pg pool per process, shared by both.
 */
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { loadEnv } from "@/lib/env";

export type { Prisma } from "@/lib/generated/prisma/client";

const globalForDb = globalThis as unknown as { __db?: PrismaClient; __dbPool?: pg.Pool; __dbNamedStatements?: boolean };

function createClient(): PrismaClient {
  const url = loadEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const pool = new pg.Pool({
    connectionString: url,
    max: loadEnv().DATABASE_POOL_MAX,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // No statement may hold a connection longer than this (Postgres cancels it: 57014). Sent
    // as a startup parameter, which poolers refuse (PgBouncer: "unsupported startup parameter"):
    // behind one, set it on the database role instead (docs/deploy.md).
    ...(loadEnv().DATABASE_POOLER === "none" ? { statement_timeout: loadEnv().DATABASE_STATEMENT_TIMEOUT_MS } : {}),
  });
  // An idle client losing its connection (a database restart) must not crash the process;
  // the pool drops it and the next query reconnects.
  pool.on("error", () => undefined);
  globalForDb.__dbPool = pool;
  // Prisma's adapter sends unnamed statements; only `sql()` below names its own.
  globalForDb.__dbNamedStatements = loadEnv().DATABASE_POOLER !== "transaction";
  // A transaction may wait for a pooled connection as long as a query may (connectionTimeoutMillis)
  // instead of Prisma's 2 s: under load the pool is busy, not broken (bench/chaos.ts, soak).
  return new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: 5000 } });
}

/** Lazily created so that importing a module never opens a connection (e.g. during `next build`). */
export function getDb(): PrismaClient {
  globalForDb.__db ??= createClient();
  return globalForDb.__db;
}

export { jsonParam } from "@/lib/db/json-param";

/**
 * Writes that commit together as parts of one statement (one round trip, no BEGIN/COMMIT):
 * `ctes` are its WITH items (`name AS (…)`, parameters `$1…` over `values`); the CTE named
 * `done` has a row if and only if the writes happened. A caller adds its own CTEs after them.
 */
export type StatementParts = { ctes: string[]; values: unknown[]; done: string };

/**
 * One raw statement through the shared pool: `$1…` parameters only, never spliced text. The
 * statement is prepared once per connection under `name` — except behind a transaction-mode
 * pooler (DATABASE_POOLER=transaction), where it is sent unnamed (parsed on every call). For
 * the hot path of a turn, where Prisma's query engine costs more CPU than Postgres itself;
 * everything else uses `db`. Timestamps are passed as ISO strings and cast
 * (`::timestamp(3)`), as Prisma stores them: UTC.
 */
export async function sql<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
  getDb();
  const pool = globalForDb.__dbPool;
  if (!pool) throw new Error("the database pool is not initialised");
  const result = await pool.query<Row & pg.QueryResultRow>(globalForDb.__dbNamedStatements ? { name, text, values } : { text, values });
  return result.rows;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
