/**
 * Attempts at the signed-in user's own password (changing it, deleting the account) are limited
 * per user, so a stolen session cannot be used to guess the password.
 */
import "server-only";
import { AppError } from "@/lib/errors";
import { PASSWORD_CHECKS_PER_WINDOW, PASSWORD_CHECK_WINDOW_MS } from "@/lib/limits";
import { incrementUserCounter, windowStart } from "@/lib/rate-limit/counter";

export async function assertPasswordAttemptAllowed(userId: string, now = Date.now()): Promise<void> {
  const start = windowStart(now, PASSWORD_CHECK_WINDOW_MS);
  const count = await incrementUserCounter(userId, "password", start);
  if (count > PASSWORD_CHECKS_PER_WINDOW) {
    throw new AppError("rate_limit:password", "Too many password attempts. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + PASSWORD_CHECK_WINDOW_MS - now) / 1000),
    });
  }
}
