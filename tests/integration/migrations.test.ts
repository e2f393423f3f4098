/**
 * The committed migrations are the schema: applied to a fresh database they yield exactly
 * prisma/schema.prisma (Prisma's own schema engine finds nothing to diff), and our runner keeps
 * `_prisma_migrations` the way Prisma Migrate does.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checksumOf, listMigrations, migrate } from "../../scripts/db/migrate";
import { MIGRATIONS_DIR } from "../../scripts/db/paths";
import { diffToSchema, readMigrationsList, withSchemaEngine } from "../../scripts/db/schema-engine";
import { createDatabase, type TestDatabase } from "../setup/databases";

const quiet = () => {};

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

/** The SQL lines of a diff script, without comments and blank lines. */
const sqlStatements = (script: string | null) =>
  (script ?? "").split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("--"));

const rowsOf = (url: string) => query<MigrationRow>(url, `SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name`);

/** A copy of the committed migrations in a temp dir, to tamper with. */
function copyMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

describe("migrations", () => {
  const committed = listMigrations();
  let fresh: TestDatabase;
  const cleanup: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    fresh = await createDatabase(undefined, "drift");
    cleanup.push(fresh.drop);
  });
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it("exist, with a postgresql migration_lock.toml", () => {
    expect(committed.length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(MIGRATIONS_DIR, "migration_lock.toml"), "utf8")).toMatch(/^provider = "postgresql"$/m);
  });

  it("apply to a fresh database and record one finished _prisma_migrations row each", async () => {
    const result = await migrate({ databaseUrl: fresh.url, log: quiet });
    expect(result).toEqual({ applied: committed.map((m) => m.name), alreadyApplied: [] });

    const rows = await rowsOf(fresh.url);
    expect(rows.map((r) => r.migration_name)).toEqual(committed.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      const migration = committed[i]!;
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.checksum).toBe(checksumOf(migration.sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("yield exactly prisma/schema.prisma (schema engine diff is empty)", async () => {
    const diff = await diffToSchema(fresh.url, "database", { script: true });
    expect(sqlStatements(diff.stdout), "SQL needed to bring the migrated database to schema.prisma").toEqual([]);
    expect(diff.exitCode).toBe(0);
  });

  it("drift check is real: a database that differs from the schema is reported", async () => {
    const db = await createDatabase(undefined, "drifted");
    cleanup.push(db.drop);
    await migrate({ databaseUrl: db.url, log: quiet });
    await query(db.url, `DROP INDEX "Task_userId_dueAt_idx"; ALTER TABLE "User" ADD COLUMN "extra" text`);
    const diff = await diffToSchema(db.url, "database", { script: true });
    expect(diff.exitCode).toBe(2);
    expect(diff.stdout).toContain(`CREATE INDEX "Task_userId_dueAt_idx"`);
    expect(diff.stdout).toContain(`DROP COLUMN "extra"`);
  });

  it("replayed by the schema engine on a shadow database, also match the schema", async () => {
    const diff = await diffToSchema(fresh.url, "migrations", { script: true });
    expect(sqlStatements(diff.stdout)).toEqual([]);
    expect(diff.exitCode).toBe(0);
  });

  it("bookkeeping is what Prisma Migrate expects: its engine sees nothing edited, failed or pending", async () => {
    const filters = { externalTables: [], externalEnums: [] };
    await withSchemaEngine(fresh.url, async (engine) => {
      const diagnosis = await engine.diagnoseMigrationHistory({
        migrationsList: readMigrationsList(),
        optInToShadowDatabase: false,
        filters,
      });
      expect(diagnosis).toMatchObject({ editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null });
      // What `prisma migrate deploy` runs: it must find nothing to apply.
      const deploy = await engine.applyMigrations({ migrationsList: readMigrationsList(), filters });
      expect(deploy.appliedMigrationNames).toEqual([]);
    });
  });

  it("a database migrated by Prisma's engine (migrate deploy) is up to date for our runner", async () => {
    const db = await createDatabase(undefined, "prisma_deploy");
    cleanup.push(db.drop);
    const deployed = await withSchemaEngine(db.url, (engine) =>
      engine.applyMigrations({ migrationsList: readMigrationsList(), filters: { externalTables: [], externalEnums: [] } }),
    );
    expect(deployed.appliedMigrationNames).toEqual(committed.map((m) => m.name));
    expect(await migrate({ databaseUrl: db.url, log: quiet })).toEqual({ applied: [], alreadyApplied: committed.map((m) => m.name) });
    const theirs = await rowsOf(db.url);
    const ours = await rowsOf(fresh.url);
    const shape = (rows: MigrationRow[]) =>
      rows.map((r) => ({ ...r, id: typeof r.id, started_at: typeof r.started_at, finished_at: typeof r.finished_at }));
    expect(shape(ours)).toEqual(shape(theirs));
  });

  it("runner is idempotent: a second run applies nothing and adds no rows", async () => {
    const before = await rowsOf(fresh.url);
    const result = await migrate({ databaseUrl: fresh.url, log: quiet });
    expect(result).toEqual({ applied: [], alreadyApplied: committed.map((m) => m.name) });
    expect(await rowsOf(fresh.url)).toEqual(before);
  });

  it("concurrent runners apply each migration once (advisory lock)", async () => {
    const db = await createDatabase(undefined, "race");
    cleanup.push(db.drop);
    const results = await Promise.all([1, 2, 3].map(() => migrate({ databaseUrl: db.url, log: quiet })));
    expect(results.flatMap((r) => r.applied).sort()).toEqual(committed.map((m) => m.name).sort());
    expect((await rowsOf(db.url)).length).toBe(committed.length);
  });

  it("refuses when an applied migration was edited", async () => {
    const db = await createDatabase(undefined, "edited");
    cleanup.push(db.drop);
    const dir = copyMigrations();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await migrate({ databaseUrl: db.url, migrationsDir: dir, log: quiet });
    fs.appendFileSync(path.join(dir, committed[0]!.name, "migration.sql"), "\n-- edited\n");
    await expect(migrate({ databaseUrl: db.url, migrationsDir: dir, log: quiet })).rejects.toThrow(/modified after being applied/);
  });

  it("rolls back a failing migration entirely and records it as rolled back", async () => {
    const db = await createDatabase(undefined, "failing");
    cleanup.push(db.drop);
    const dir = copyMigrations();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const bad = "99999999999999_bad";
    fs.mkdirSync(path.join(dir, bad));
    fs.writeFileSync(path.join(dir, bad, "migration.sql"), `CREATE TABLE "Half" (id int);\nSELECT * FROM "DoesNotExist";\n`);

    await expect(migrate({ databaseUrl: db.url, migrationsDir: dir, log: quiet })).rejects.toThrow(/99999999999999_bad failed/);
    expect(await query(db.url, `SELECT to_regclass('"Half"') AS t`)).toEqual([{ t: null }]);
    const failed = (await rowsOf(db.url)).filter((r) => r.migration_name === bad);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ finished_at: null, applied_steps_count: 0 });
    expect(failed[0]!.rolled_back_at).toBeInstanceOf(Date);
    expect(failed[0]!.logs).toMatch(/DoesNotExist/);

    // Fixed → retried and applied; the earlier migrations are not re-run.
    fs.writeFileSync(path.join(dir, bad, "migration.sql"), `CREATE TABLE "Half" (id int);\n`);
    const retry = await migrate({ databaseUrl: db.url, migrationsDir: dir, log: quiet });
    expect(retry.applied).toEqual([bad]);
  });
});
