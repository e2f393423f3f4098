/**
 * Provider failures → the friendly sentences of docs/agent.md ("Friendly errors"). The raw error is logged by the
 * caller; only the code and the sentence ever reach the user.
 */
import { APICallError, RetryError } from "ai";

export type AgentErrorCode = "provider_rate_limited" | "provider_timeout" | "provider_unavailable" | "internal";

export const FRIENDLY_MESSAGES: Record<AgentErrorCode, string> = {
  provider_rate_limited: "I'm getting a lot of requests right now. Please try again in a moment.",
  provider_timeout: "That took too long. Please try again, or try a simpler request.",
  provider_unavailable: "I'm having trouble reaching my AI service. Please try again.",
  internal: "Something went wrong on my side. Please try again.",
};

export const STEP_BOUND_NOTICE = "I stopped here — tell me if you want me to continue.";

function statusOf(error: unknown): number | undefined {
  if (APICallError.isInstance(error)) return error.statusCode;
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

export function classifyAgentError(error: unknown, timedOut = false): AgentErrorCode {
  if (timedOut) return "provider_timeout";
  let current: unknown = error;
  if (RetryError.isInstance(current)) current = current.lastError;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
    if (e.name === "TimeoutError" || e.name === "AbortError") return "provider_timeout";
    const status = statusOf(current);
    if (status === 429) return "provider_rate_limited";
    if (status === 408 || status === 504) return "provider_timeout";
    if (status !== undefined && (status >= 500 || status === 401 || status === 403 || status === 404)) return "provider_unavailable";
    if (APICallError.isInstance(current) && current.isRetryable) return "provider_unavailable";
    if (typeof e.code === "string" && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|UND_ERR_)/.test(e.code)) return "provider_unavailable";
    if (typeof e.message === "string" && /fetch failed|Cannot connect to API|network/i.test(e.message)) return "provider_unavailable";
    current = e.cause;
  }
  return "internal";
}
