/**
 * Vitest globalSetup: one FRESH, migrated Postgres for the whole run — never the developer's data.
 *
 * - Default: a throw-away embedded Postgres in a temp directory on a free port (fsync off),
 *   deleted afterwards. DATABASE_URL from the shell is ignored on purpose.
 * - TEST_DATABASE_URL set (e.g. CI with a Postgres service): a randomly named database is created
 *   on that server instead, and dropped afterwards.
 *
 * The URL reaches test workers twice over: process.env.DATABASE_URL (inherited by the forked
 * workers) and `provide("databaseUrl")`, which tests/setup/env.ts copies into process.env.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDatabase } from "../../scripts/db/ensure";
import { createDatabase } from "./databases";

export const TEST_AUTH_SECRET = "test-auth-secret-not-for-production-0123456789";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    authSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const quiet = () => {};
  let url: string;
  let teardown: () => Promise<void>;

  if (process.env.TEST_DATABASE_URL) {
    const db = await createDatabase(process.env.TEST_DATABASE_URL, "test");
    await ensureDatabase({ databaseUrl: db.url, authSecret: false, setEnv: false, log: quiet });
    url = db.url;
    teardown = db.drop;
  } else {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "talk-todo-test-db-"));
    fs.chmodSync(tmp, 0o755); // as root, Postgres runs as the `postgres` user and must reach its directory
    const db = await ensureDatabase({
      databaseUrl: null,
      dataDir: tmp,
      port: 0, // any free port
      persistent: false,
      authSecret: false,
      setEnv: false,
      handleSignals: false,
      log: quiet,
    }).catch(async (error: unknown) => {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw error;
    });
    url = db.url;
    teardown = async () => {
      await db.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    };
  }

  process.env.DATABASE_URL = url;
  process.env.AUTH_SECRET = TEST_AUTH_SECRET;
  project.provide("databaseUrl", url);
  project.provide("authSecret", TEST_AUTH_SECRET);
  return teardown;
}
