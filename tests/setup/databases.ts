/**
 * Throw-away databases on the test server, for tests that need a database of their own
 * (e.g. an empty one to run migrations on). `serverUrl` defaults to the run's DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty, randomly named database on the server of `serverUrl`. */
export async function createDatabase(serverUrl = process.env.DATABASE_URL, prefix = "t"): Promise<TestDatabase> {
  if (!serverUrl) throw new Error("createDatabase: no server URL (is the vitest globalSetup configured?)");
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
