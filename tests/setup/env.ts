/**
 * Vitest setupFiles: make the run's database (tests/setup/global-db.ts) visible as
 * process.env.DATABASE_URL / AUTH_SECRET in every worker, before any test module loads.
 */
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = inject("authSecret");
// Keep test output readable; tests that assert on logs spy on console themselves.
process.env.LOG_LEVEL ??= "warn";
