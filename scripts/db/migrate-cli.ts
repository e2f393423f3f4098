/**
 * npm run db:migrate — applies pending migrations to DATABASE_URL, or (unset) to the embedded dev
 * database under DATA_DIR (started for the occasion, or reused if already running).
 */
import { ensureDatabase } from "./ensure";

try {
  const db = await ensureDatabase({ authSecret: false });
  try {
    const { applied = [], alreadyApplied = [] } = db.migrations ?? {};
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
        : `Database is up to date (${alreadyApplied.length} migration(s) applied).`,
    );
  } finally {
    await db.stop();
  }
} catch (error) {
  console.error(`[db] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
