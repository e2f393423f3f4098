/**
 * Per-user and per-token limits on writes through the REST API and MCP (WRITE_RATE_LIMIT_PER_MINUTE,
 * TOKEN_WRITE_RATE_LIMIT_PER_MINUTE). Both counters move in one statement, atomically in
 * Postgres, and the request is decided on the returned counts, so a burst from many processes
 * cannot overshoot. Agent turns have their own limits (lib/agent/rate-limit.ts).
 */
import "server-only";
import { sql } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { windowStart } from "@/lib/rate-limit/counter";
import { schedulePrune } from "@/lib/rate-limit/prune";

const MINUTE = 60_000;

export async function enforceWriteRateLimit({
  userId,
  tokenId,
  units = 1,
  now = Date.now(),
}: {
  userId: string;
  tokenId: string | null;
  units?: number;
  now?: number;
}): Promise<void> {
  const env = loadEnv();
  schedulePrune();
  const start = windowStart(now, MINUTE);
  const limits = new Map<string, number>([["write", env.WRITE_RATE_LIMIT_PER_MINUTE]]);
  if (tokenId) limits.set(`write:${tokenId}`, env.TOKEN_WRITE_RATE_LIMIT_PER_MINUTE);
  const rows = await sql<{ bucket: string; count: number }>(
    "rate_write",
    `INSERT INTO "RateCounter" ("userId", "bucket", "windowStart", "count")
     SELECT $1::uuid, b, $3::timestamp(3), $4::int FROM unnest($2::text[]) AS b
     ON CONFLICT ("userId", "bucket", "windowStart") DO UPDATE SET "count" = "RateCounter"."count" + EXCLUDED."count"
     RETURNING "bucket", "count"`,
    [userId, [...limits.keys()], start.toISOString(), units],
  );
  const over = rows.find((r) => Number(r.count) > (limits.get(r.bucket) ?? Infinity));
  if (!over) return;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + MINUTE - now) / 1000));
  log.warn("api.write_rate_limited", { userId, tokenId, bucket: over.bucket === "write" ? "user" : "token", retryAfter });
  throw new AppError("rate_limit:write", "Too many changes in a short time. Please wait a moment and try again.", { retryAfter });
}
