/**
 * Every statement of the app runs under DATABASE_STATEMENT_TIMEOUT_MS: a statement that runs
 * longer is cancelled by Postgres (through Prisma and through the raw `sql` path alike), the
 * connection stays usable, and a route answers 503 instead of hanging.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { resetEnvForTests } from "@/lib/env";

beforeAll(() => {
  // Before this process's pool exists (it is created on first use).
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = "300";
  resetEnvForTests();
});

describe("statement timeout", () => {
  it("cancels a slow statement on both query paths, and the pool keeps working", async () => {
    await db.$queryRaw`SELECT 1`; // connect first: only the statement is timed
    const timed = async (run: () => Promise<unknown>) => {
      const started = Date.now();
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      // Without the timeout each would take the full 5 s.
      expect(Date.now() - started).toBeLessThan(4000);
      return error;
    };
    const viaPrisma = await timed(() => db.$queryRaw`SELECT pg_sleep(5)`);
    const viaSql = await timed(() => sql("slow_statement", "SELECT pg_sleep(5)", []));
    for (const error of [viaPrisma, viaSql]) {
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    expect(await db.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`).toEqual([{ ok: 1 }]);
  });
});
