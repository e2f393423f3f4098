/**
 * Fixed-window counters in Postgres, incremented atomically with INSERT … ON CONFLICT, so a
 * burst from many processes can never overshoot a limit.
 */
import "server-only";
import { db } from "@/lib/db";
import { schedulePrune } from "@/lib/rate-limit/prune";

export function windowStart(now: number, windowMs: number): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/** Adds one to the user's counter for this window and returns the new count. */
export async function incrementUserCounter(userId: string, bucket: string, start: Date): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateCounter" ("userId", "bucket", "windowStart", "count")
    VALUES (${userId}::uuid, ${bucket}, ${start}, 1)
    ON CONFLICT ("userId", "bucket", "windowStart") DO UPDATE SET "count" = "RateCounter"."count" + 1
    RETURNING "count"`;
  return rows[0]?.count ?? 1;
}

/** Takes back one unit (the request was refused, so it should not count). */
export async function decrementUserCounter(userId: string, bucket: string, start: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateCounter" SET "count" = GREATEST("count" - 1, 0)
    WHERE "userId" = ${userId}::uuid AND "bucket" = ${bucket} AND "windowStart" = ${start}`;
}

export async function incrementKeyCounter(key: string, start: Date): Promise<number> {
  schedulePrune();
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "LoginAttempt" ("key", "windowStart", "count")
    VALUES (${key}, ${start}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "LoginAttempt"."count" + 1
    RETURNING "count"`;
  return rows[0]?.count ?? 1;
}
