/**
 * Per-user turn limits (per minute and per day, RATE_LIMIT_PER_MINUTE / RATE_LIMIT_PER_DAY),
 * counted atomically in Postgres so a burst cannot overshoot. A refused turn is taken back
 * from the counters so that it does not count against the user.
 */
import "server-only";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { decrementUserCounter, incrementUserCounter, windowStart } from "@/lib/rate-limit/counter";

const MINUTE = 60_000;
const DAY = 86_400_000;

export async function enforceAgentRateLimit({ userId, requestId, now = Date.now() }: { userId: string; requestId?: string; now?: number }): Promise<void> {
  const env = loadEnv();
  const windows = [
    { bucket: "agent:minute", ms: MINUTE, limit: env.RATE_LIMIT_PER_MINUTE },
    { bucket: "agent:day", ms: DAY, limit: env.RATE_LIMIT_PER_DAY },
  ];
  const taken: { bucket: string; start: Date }[] = [];
  for (const w of windows) {
    const start = windowStart(now, w.ms);
    const count = await incrementUserCounter(userId, w.bucket, start);
    taken.push({ bucket: w.bucket, start });
    if (count > w.limit) {
      await Promise.all(taken.map((t) => decrementUserCounter(userId, t.bucket, t.start)));
      const retryAfter = Math.max(1, Math.ceil((start.getTime() + w.ms - now) / 1000));
      log.warn("agent.rate_limited", { requestId, userId, bucket: w.bucket, limit: w.limit, retryAfter });
      throw new AppError("rate_limit:agent", "You're sending messages too quickly. Please wait a moment and try again.", { retryAfter });
    }
  }
}
