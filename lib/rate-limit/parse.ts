/**
 * POST /api/tasks/parse changes nothing, so it is outside the write budget, but each call runs
 * the task-line reader (up to tens of milliseconds of CPU on a long line): it has its own budget
 * per user, PARSE_RATE_LIMIT_PER_MINUTE (default 120: a person typing, debounced, is far below).
 */
import "server-only";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { incrementUserCounter, windowStart } from "@/lib/rate-limit/counter";
import { schedulePrune } from "@/lib/rate-limit/prune";

const MINUTE = 60_000;

export async function enforceParseRateLimit({ userId, now = Date.now() }: { userId: string; now?: number }): Promise<void> {
  schedulePrune();
  const start = windowStart(now, MINUTE);
  const count = await incrementUserCounter(userId, "parse", start);
  const limit = loadEnv().PARSE_RATE_LIMIT_PER_MINUTE;
  if (count <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + MINUTE - now) / 1000));
  log.warn("api.parse_rate_limited", { userId, retryAfter });
  throw new AppError("rate_limit:parse", "Too many quick-add readings in a short time. Please wait a moment.", { retryAfter });
}
