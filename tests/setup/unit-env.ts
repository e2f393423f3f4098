/**
 * Vitest setupFiles of the unit tier: no database. DATABASE_URL points at a closed port, so a test
 * that reaches Postgres fails at once (connection refused) instead of finding someone's data;
 * such a test belongs in tests/integration.
 */
process.env.DATABASE_URL = "postgresql://unit-tier:no-database@127.0.0.1:9/no_database_in_the_unit_tier";
process.env.AUTH_SECRET = "unit-test-auth-secret-not-for-production-0123456789";
// Keep test output readable; tests that assert on logs spy on console themselves.
process.env.LOG_LEVEL ??= "warn";
