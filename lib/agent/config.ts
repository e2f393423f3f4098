/**
 * The agent's configuration, read from the validated environment (lib/env.ts). The API key is
 * deliberately not part of it: only the model registry reads keys, so a config object can be
 * logged or returned without leaking a secret.
 */
import { loadEnv, type Env } from "@/lib/env";
import { describeActiveModel, type ProviderId } from "@/lib/agent/models";

export type AgentConfig = {
  provider: ProviderId;
  modelId: string;
  /** Only whether a key is configured, never the key. */
  hasApiKey: boolean;
  baseUrl: string | null;
  temperature: number;
  maxOutputTokens: number;
  stepTimeoutMs: number;
  turnTimeoutMs: number;
  maxRetries: number;
  maxSteps: number;
  maxToolCalls: number;
  historyMessages: number;
  /** The most characters of history sent with a turn (AGENT_HISTORY_CHARS). */
  historyChars: number;
  /**
   * Retries of a tool call that failed because the database was unavailable (seed 003's
   * enable_retry / retry_attempts): AGENT_TOOL_RETRY_ATTEMPTS when AGENT_TOOL_RETRY=true, else 0.
   */
  toolRetryAttempts: number;
};

export function getAgentConfig(env: Env = loadEnv()): AgentConfig {
  const active = describeActiveModel(env);
  const key =
    active.provider === "google"
      ? env.GOOGLE_GENERATIVE_AI_API_KEY
      : active.provider === "openai-compatible"
        ? env.OPENAI_COMPATIBLE_API_KEY
        : undefined;
  const baseUrl =
    active.provider === "google"
      ? env.GOOGLE_GENERATIVE_AI_BASE_URL
      : active.provider === "openai-compatible"
        ? env.OPENAI_COMPATIBLE_BASE_URL
        : undefined;
  return {
    provider: active.provider,
    modelId: active.modelId,
    hasApiKey: Boolean(key),
    baseUrl: baseUrl ?? null,
    temperature: env.AI_TEMPERATURE,
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    stepTimeoutMs: env.AI_STEP_TIMEOUT_MS,
    turnTimeoutMs: env.AI_TURN_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
    maxSteps: env.AGENT_MAX_STEPS,
    maxToolCalls: env.AGENT_MAX_TOOL_CALLS,
    historyMessages: env.AGENT_HISTORY_MESSAGES,
    historyChars: env.AGENT_HISTORY_CHARS,
    toolRetryAttempts: env.AGENT_TOOL_RETRY ? env.AGENT_TOOL_RETRY_ATTEMPTS : 0,
  };
}
