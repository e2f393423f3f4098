/**
 * Our migration runner: applies prisma/migrations/<name>/migration.sql in name order with `pg`,
 * keeping the `_prisma_migrations` table exactly as Prisma Migrate does, so `prisma migrate deploy`
 * / `migrate status` agree with it wherever the Prisma CLI can download its engine.
 *
 * - Same table DDL, same columns: id (uuid), checksum (sha256 hex of migration.sql), started_at,
 *   finished_at, migration_name, logs, rolled_back_at, applied_steps_count (1 when applied).
 * - Same advisory lock as Prisma (pg_advisory_lock(72707369)), so neither this runner nor the CLI
 *   race each other or themselves.
 * - Each migration runs in one transaction together with its bookkeeping row. If it fails, it is
 *   rolled back and recorded like `prisma migrate resolve --rolled-back` would leave it (a row with
 *   rolled_back_at set and the error in logs), so it is retried after the SQL is fixed.
 * - Refuses to run when an applied migration's file changed (checksum), when Prisma left a failed
 *   migration (P3009 state), or when migration_lock.toml names another provider.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_DIR, migrationFolderNames } from "./paths";

/** Prisma Migrate's advisory lock key ("a unique number we chose to identify Migrate"). */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateOptions {
  databaseUrl: string;
  migrationsDir?: string;
  log?: (message: string) => void;
  /** How long to wait for another migrator holding the lock. Default 120 s. */
  lockTimeoutMs?: number;
}

export interface MigrateResult {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations that were already applied before this call. */
  alreadyApplied: string[];
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** sha256 hex of the file's bytes, as Prisma stores it. */
export function checksumOf(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/**
 * Prisma's comparison (migration-connector checksum.rs): the script as-is or with its line endings
 * converted either way; the stored value may be the legacy form that dropped leading zeros per byte.
 */
export function checksumMatches(sql: string, stored: string): boolean {
  const variants = [sql, sql.replaceAll("\r\n", "\n"), sql.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n")];
  return variants.some((variant) => {
    const digest = createHash("sha256").update(variant, "utf8").digest();
    const legacy = [...digest].map((byte) => byte.toString(16)).join("");
    return stored === digest.toString("hex") || stored === legacy;
  });
}

/** The migration folders, sorted by name (Prisma's order), each with its migration.sql. */
export function listMigrations(migrationsDir = MIGRATIONS_DIR): MigrationFile[] {
  if (!fs.existsSync(migrationsDir)) return [];
  const lock = path.join(migrationsDir, "migration_lock.toml");
  if (fs.existsSync(lock)) {
    const provider = /^\s*provider\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(lock, "utf8"))?.[1];
    if (provider && provider !== "postgresql") {
      throw new MigrationError(`${lock} is for provider "${provider}", not "postgresql"`);
    }
  }
  return migrationFolderNames(migrationsDir).map((name) => {
    const file = path.join(migrationsDir, name, "migration.sql");
    if (!fs.existsSync(file)) throw new MigrationError(`${file} is missing`);
    const sql = fs.readFileSync(file, "utf8");
    return { name, sql, checksum: checksumOf(sql) };
  });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** Applies every pending migration to `databaseUrl`. Safe to call repeatedly and concurrently. */
export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? ((message: string) => console.error(`[db] ${message}`));
  const migrations = listMigrations(options.migrationsDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on("error", () => {}); // surfaced through the failing query instead
  await client.connect();
  try {
    // Quieten "relation already exists, skipping" notices.
    await client.query("SET client_min_messages = warning");
    await client.query(`SET lock_timeout = ${Math.max(1, options.lockTimeoutMs ?? 120_000)}`);
    try {
      await client.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK_KEY})`);
    } catch (error) {
      throw new MigrationError(`Could not acquire the migration lock (another migration running?): ${String(error)}`);
    }
    await client.query("SET lock_timeout = 0");
    try {
      await client.query(MIGRATIONS_TABLE_DDL);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at ASC`,
      );

      const failed = rows.filter((row) => row.finished_at === null && row.rolled_back_at === null);
      if (failed.length > 0) {
        throw new MigrationError(
          `Migration(s) ${failed.map((row) => row.migration_name).join(", ")} failed earlier and were not resolved ` +
            `(Prisma P3009). Fix the database, then mark them with \`prisma migrate resolve --rolled-back <name>\` ` +
            `(or set rolled_back_at on their _prisma_migrations rows).`,
        );
      }

      const applied = new Map<string, AppliedRow>();
      for (const row of rows) if (row.finished_at !== null && row.rolled_back_at === null) applied.set(row.migration_name, row);

      const local = new Set(migrations.map((migration) => migration.name));
      const missing = [...applied.keys()].filter((name) => !local.has(name));
      if (missing.length > 0)
        log(`warning: applied migrations missing from ${options.migrationsDir ?? MIGRATIONS_DIR}: ${missing.join(", ")}`);

      const edited = migrations.filter((m) => applied.has(m.name) && !checksumMatches(m.sql, applied.get(m.name)!.checksum));
      if (edited.length > 0) {
        throw new MigrationError(
          `Migration(s) ${edited.map((m) => m.name).join(", ")} were modified after being applied (checksum mismatch). ` +
            `Never edit an applied migration: restore the file and add a new migration instead.`,
        );
      }

      const result: MigrateResult = { applied: [], alreadyApplied: [] };
      for (const migration of migrations) {
        if (applied.has(migration.name)) {
          result.alreadyApplied.push(migration.name);
          continue;
        }
        const id = randomUUID();
        await client.query("BEGIN");
        try {
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), 0)`,
            [id, migration.checksum, migration.name],
          );
          await client.query(migration.sql); // simple query protocol: multiple statements allowed
          await client.query(`UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [
            id,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          const message = error instanceof Error ? error.message : String(error);
          await client
            .query(
              `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, rolled_back_at, applied_steps_count)
               VALUES ($1, $2, $3, $4, now(), now(), 0)`,
              [randomUUID(), migration.checksum, migration.name, message],
            )
            .catch(() => {});
          throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${message}`);
        }
        log(`applied migration ${migration.name}`);
        result.applied.push(migration.name);
      }
      return result;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATE_LOCK_KEY})`).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
