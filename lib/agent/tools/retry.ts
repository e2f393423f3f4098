/**
 * Seed 003's tool-call retry (AGENT_TOOL_RETRY / AGENT_TOOL_RETRY_ATTEMPTS): a call that failed
 * because the database was unavailable runs again, up to `attempts` more times, before the model
 * hears of the failure. Only for runs that are idempotent by tool-call id (runRecorded,
 * runApproved): a call whose write did commit is found by its id and answered with the stored
 * result, never run twice. Any other error is not retried.
 */
import { isDatabaseUnavailable } from "@/lib/db/errors";

/** The pause before retry n (1-based): 250 ms, 500 ms, … at most 2 s. */
export const retryDelayMs = (attempt: number) => Math.min(250 * attempt, 2_000);

export async function retryWhenUnavailable<T>(
  attempts: number,
  run: () => Promise<T>,
  onRetry: (error: unknown, attempt: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt > attempts || !isDatabaseUnavailable(error) || signal?.aborted) throw error;
      onRetry(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
