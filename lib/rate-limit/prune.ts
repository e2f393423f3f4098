/**
 * Counters and sign-in back-off rows of windows that have passed are deleted, so the tables
 * stay small however many requests (also unauthenticated ones) create rows. Every writer of
 * those tables calls `schedulePrune()`; at most once a minute per process it starts one
 * cheap statement per table in the background (indexed on the window). Times are the
 * database's own clock.
 */
import "server-only";
import { sql } from "@/lib/db";
import { log } from "@/lib/log";

const PRUNE_INTERVAL_MS = 60_000;
/** Buckets counted per day (lib/agent/rate-limit.ts). */
const DAY_BUCKETS = ["agent:day"];
/**
 * Buckets of windows up to an hour: verification mails per hour (lib/auth/email-verification.ts),
 * password re-entries per 15 minutes (lib/auth/password-attempts.ts). Every other RateCounter
 * bucket is per minute. A bucket pruned before its window ends would let its limit start over.
 */
const HOUR_BUCKETS = ["verify-email", "password"];

let lastPrune = 0;

export type PruneResult = { rateCounters: number; loginAttempts: number; signInBackoffs: number };

/** Deletes every expired window now; returns how many rows went. */
export async function pruneExpiredCounters(): Promise<PruneResult> {
  const [rateCounters, loginAttempts, signInBackoffs] = await Promise.all([
    sql<{ n: number }>(
      "prune_rate_counters",
      `WITH gone AS (
         DELETE FROM "RateCounter" WHERE "windowStart" < (now() AT TIME ZONE 'UTC') - interval '2 days'
           OR ("windowStart" < (now() AT TIME ZONE 'UTC') - interval '2 hours' AND NOT ("bucket" = ANY($1::text[])))
           OR ("windowStart" < (now() AT TIME ZONE 'UTC') - interval '2 minutes' AND NOT ("bucket" = ANY($1::text[]) OR "bucket" = ANY($2::text[])))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [DAY_BUCKETS, HOUR_BUCKETS],
    ),
    // Sign-up windows are hourly (lib/auth/throttle.ts).
    sql<{ n: number }>(
      "prune_login_attempts",
      `WITH gone AS (DELETE FROM "LoginAttempt" WHERE "windowStart" < (now() AT TIME ZONE 'UTC') - interval '2 hours' RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [],
    ),
    // A back-off quiet for a day starts over anyway (SIGN_IN_BACKOFF_RESET_MS).
    sql<{ n: number }>(
      "prune_signin_backoff",
      `WITH gone AS (
         DELETE FROM "SignInBackoff" WHERE "updatedAt" < (now() AT TIME ZONE 'UTC') - interval '1 day'
           AND ("blockedUntil" IS NULL OR "blockedUntil" < (now() AT TIME ZONE 'UTC'))
           AND ("trustedUntil" IS NULL OR "trustedUntil" < (now() AT TIME ZONE 'UTC'))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [],
    ),
  ]);
  return { rateCounters: rateCounters[0]?.n ?? 0, loginAttempts: loginAttempts[0]?.n ?? 0, signInBackoffs: signInBackoffs[0]?.n ?? 0 };
}

/** Called on every counter write; prunes in the background at most once per interval. */
export function schedulePrune(now = performance.now()): void {
  if (lastPrune !== 0 && now - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = now;
  void pruneExpiredCounters().then(
    (result) => log.debug("rate_limit.pruned", result),
    (error: unknown) => log.warn("rate_limit.prune_failed", { error }),
  );
}
