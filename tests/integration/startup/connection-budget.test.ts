/**
 * The connection budget (docs/deploy.md): scripts/serve.ts refuses to start when its workers'
 * pools cannot fit the database's max_connections, naming the variables to change; it starts
 * when they fit, and behind a pooler it does not check the server.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConnectionBudgetError, checkConnectionBudget, readConnectionBudget } from "../../../scripts/db/budget";

const databaseUrl = () => process.env.DATABASE_URL!;

describe("connection budget", () => {
  it("reads the server's limit and what is open", async () => {
    const budget = await readConnectionBudget({ databaseUrl: databaseUrl(), workers: 2, poolMax: 10 });
    expect(budget.needed).toBe(20);
    expect(budget.available).toBeGreaterThan(20);
    expect(budget.inUse).toBeGreaterThanOrEqual(1);
  });

  it("accepts workers × pool that fits and refuses one that does not", async () => {
    const { available } = await readConnectionBudget({ databaseUrl: databaseUrl(), workers: 1, poolMax: 1 });
    await expect(checkConnectionBudget({ databaseUrl: databaseUrl(), workers: 2, poolMax: 5, pooler: "none" })).resolves.toBeNull();
    const refused = checkConnectionBudget({ databaseUrl: databaseUrl(), workers: available, poolMax: 2, pooler: "none" });
    await expect(refused).rejects.toBeInstanceOf(ConnectionBudgetError);
    await expect(refused).rejects.toThrow(/WEB_CONCURRENCY \(\d+\) × DATABASE_POOL_MAX \(2\)/);
  });

  it("is not checked against the server behind a pooler", async () => {
    // An unreachable URL: a check would throw.
    await expect(
      checkConnectionBudget({ databaseUrl: "postgresql://u:p@127.0.0.1:1/db", workers: 1000, poolMax: 100, pooler: "transaction" }),
    ).resolves.toBeNull();
  });

  it("stops scripts/serve.ts before any worker starts, with a clear message", () => {
    const run = spawnSync("node_modules/.bin/tsx", ["scripts/serve.ts", "-p", "0", "-H", "127.0.0.1"], {
      env: { ...process.env, WEB_CONCURRENCY: "100", DATABASE_POOL_MAX: "100", DATABASE_POOLER: "none" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toMatch(/connection budget exceeded: WEB_CONCURRENCY \(100\) × DATABASE_POOL_MAX \(100\) = 10000/);
    expect(`${run.stdout}${run.stderr}`).not.toContain("ready on");
  }, 60_000);
});
