/**
 * Per-user turn limits (per minute and per day, RATE_LIMIT_PER_MINUTE / RATE_LIMIT_PER_DAY),
 * counted atomically in Postgres so a burst cannot overshoot. Both windows are counted in one
 * statement (one database round trip per turn). A refused turn is taken back from the counters
 * so that it does not count against the user; so is a turn refused after counting (another
 * user's conversation, a turn already running): the caller gets a `refund` for that.
 */
import "server-only";
import { sql } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { decrementUserCounter, windowStart } from "@/lib/rate-limit/counter";
import { schedulePrune } from "@/lib/rate-limit/prune";

const MINUTE = 60_000;
const DAY = 86_400_000;

export async function enforceAgentRateLimit({
  userId,
  requestId,
  now = Date.now(),
}: {
  userId: string;
  requestId?: string;
  now?: number;
}): Promise<{ refund: () => Promise<void> }> {
  const env = loadEnv();
  schedulePrune();
  const windows = [
    { bucket: "agent:minute", ms: MINUTE, limit: env.RATE_LIMIT_PER_MINUTE, start: windowStart(now, MINUTE) },
    { bucket: "agent:day", ms: DAY, limit: env.RATE_LIMIT_PER_DAY, start: windowStart(now, DAY) },
  ] as const;
  const [minute, day] = windows;
  const rows = await sql<{ bucket: string; count: number }>(
    "rate_agent",
    `INSERT INTO "RateCounter" ("userId", "bucket", "windowStart", "count")
     VALUES ($1::uuid, $2, $3::timestamp(3), 1), ($1::uuid, $4, $5::timestamp(3), 1)
     ON CONFLICT ("userId", "bucket", "windowStart") DO UPDATE SET "count" = "RateCounter"."count" + 1
     RETURNING "bucket", "count"`,
    [userId, minute.bucket, minute.start.toISOString(), day.bucket, day.start.toISOString()],
  );
  const counts = new Map(rows.map((r) => [r.bucket, Number(r.count)]));
  const over = windows.find((w) => (counts.get(w.bucket) ?? 1) > w.limit);
  const refund = async () => {
    await Promise.all(windows.map((w) => decrementUserCounter(userId, w.bucket, w.start)));
  };
  if (!over) return { refund };
  await refund();
  const retryAfter = Math.max(1, Math.ceil((over.start.getTime() + over.ms - now) / 1000));
  log.warn("agent.rate_limited", { requestId, userId, bucket: over.bucket, limit: over.limit, retryAfter });
  throw new AppError("rate_limit:agent", "You're sending messages too quickly. Please wait a moment and try again.", { retryAfter });
}
