/**
 * Migrations take a session-level advisory lock (one instance applies each migration), which a
 * transaction-mode pooler cannot hold: behind one they need a direct URL (docs/deploy.md).
 */
import { describe, expect, it } from "vitest";
import { migrationUrl } from "../../../scripts/db/ensure";

const pooled = "postgresql://u:p@pooler:6432/app";
const direct = "postgresql://u:p@db:5432/app";

describe("where migrations run", () => {
  it("uses the database URL directly, or the embedded one", () => {
    expect(migrationUrl(pooled, pooled, {})).toBe(pooled);
    expect(migrationUrl(undefined, "postgresql://embedded/app", { DATABASE_POOLER: "transaction" })).toBe("postgresql://embedded/app");
  });

  it("uses DATABASE_DIRECT_URL when given", () => {
    expect(migrationUrl(pooled, pooled, { DATABASE_DIRECT_URL: direct, DATABASE_POOLER: "transaction" })).toBe(direct);
  });

  it("refuses a transaction-mode pooler without a direct URL, naming the variable", () => {
    expect(() => migrationUrl(pooled, pooled, { DATABASE_POOLER: "transaction" })).toThrow(/DATABASE_DIRECT_URL/);
  });
});
