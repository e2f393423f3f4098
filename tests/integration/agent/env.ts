/** Environment switches for agent integration tests (the env is parsed once, so reset it). */
import { resetEnvForTests } from "@/lib/env";

const AGENT_KEYS = [
  "AI_PROVIDER",
  "AI_MODEL",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GOOGLE_GENERATIVE_AI_BASE_URL",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OPENAI_COMPATIBLE_API_KEY",
  "AI_MAX_RETRIES",
  "AI_STEP_TIMEOUT_MS",
  "AI_TURN_TIMEOUT_MS",
  "RATE_LIMIT_PER_MINUTE",
  "RATE_LIMIT_PER_DAY",
  "AGENT_MAX_STEPS",
  "AGENT_MAX_TOOL_CALLS",
  "AI_ALLOWED_MODELS",
  "AI_DAILY_TOKEN_BUDGET",
  "AGENT_HISTORY_CHARS",
  "AGENT_TOOL_RETRY",
  "AGENT_TOOL_RETRY_ATTEMPTS",
  "AI_MAX_OUTPUT_TOKENS",
] as const;

export function setAgentEnv(values: Partial<Record<(typeof AGENT_KEYS)[number], string>>): void {
  for (const key of AGENT_KEYS) delete process.env[key];
  process.env.RATE_LIMIT_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_PER_DAY = "1000000";
  process.env.LOG_LEVEL ??= "warn";
  Object.assign(process.env, values);
  resetEnvForTests();
}
