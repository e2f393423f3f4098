/**
 * The model registry: which language model answers, chosen by configuration only. A client
 * may name a model, but only one from the operator's allow-list: the configured model, plus
 * AI_ALLOWED_MODELS (and, for OpenAI-compatible servers, OPENAI_COMPATIBLE_MODELS).
 */
import type { LanguageModel } from "ai";
import { createGoogle } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { loadEnv, type Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createBuiltinModel } from "@/lib/agent/builtin";

export type ProviderId = "builtin" | "google" | "openai-compatible";
export type ActiveModel = { provider: ProviderId; modelId: string; label: string; allowed: string[] };

export const BUILTIN_MODEL_ID = "builtin-offline";
export const GOOGLE_DEFAULT_MODEL = "gemini-2.5-flash";

function modelList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The configured model first, then the operator's other allowed models (no duplicates). */
function allowList(modelId: string, ...extra: string[][]): string[] {
  return [...new Set([modelId, ...extra.flat()])];
}

export function resolveProvider(env: Env): ProviderId {
  if (env.AI_PROVIDER) return env.AI_PROVIDER;
  if (env.GOOGLE_GENERATIVE_AI_API_KEY) return "google";
  if (env.OPENAI_COMPATIBLE_BASE_URL && env.AI_MODEL) return "openai-compatible";
  return "builtin";
}

export function describeActiveModel(env: Env = loadEnv()): ActiveModel {
  const provider = resolveProvider(env);
  switch (provider) {
    case "google": {
      const modelId = env.AI_MODEL ?? GOOGLE_DEFAULT_MODEL;
      return { provider, modelId, label: `Gemini (${modelId})`, allowed: allowList(modelId, modelList(env.AI_ALLOWED_MODELS)) };
    }
    case "openai-compatible": {
      const modelId = env.AI_MODEL ?? "";
      return {
        provider,
        modelId,
        label: modelId,
        allowed: allowList(modelId, modelList(env.AI_ALLOWED_MODELS), modelList(env.OPENAI_COMPATIBLE_MODELS)),
      };
    }
    case "builtin":
      return { provider, modelId: BUILTIN_MODEL_ID, label: "Built-in offline assistant", allowed: [BUILTIN_MODEL_ID] };
  }
}

let testOverride: { model: LanguageModel; info: ActiveModel } | null = null;

/**
 * Tests only: answer every turn with this model (e.g. a MockLanguageModelV4). Refused in
 * production so no request path can swap the model.
 */
export function setModelOverrideForTests(model: LanguageModel | null, modelId = "test-model"): void {
  if (loadEnv().NODE_ENV === "production") throw new Error("setModelOverrideForTests is for tests only");
  testOverride = model ? { model, info: { provider: "builtin", modelId, label: "Test model", allowed: [modelId] } } : null;
}

/** The language model for a turn; `requested` must be in the allow-list (else 400, no provider call). */
export function getLanguageModel(requested?: string, env: Env = loadEnv()): { model: LanguageModel; info: ActiveModel } {
  if (testOverride) {
    if (requested !== undefined && !testOverride.info.allowed.includes(requested)) {
      throw new AppError("bad_request:model", `model: "${requested.slice(0, 64)}" is not available`);
    }
    return testOverride;
  }
  const active = describeActiveModel(env);
  const modelId = requested ?? active.modelId;
  if (!active.allowed.includes(modelId)) {
    throw new AppError("bad_request:model", `model: "${modelId.slice(0, 64)}" is not available`);
  }
  const info = { ...active, modelId };
  if (active.provider === "builtin") return { model: createBuiltinModel(), info };
  return { model: providerModel(env, active.provider, modelId), info };
}

/**
 * Provider clients are stateless: one per model id and environment (a test that changes the
 * environment gets a new one), instead of a new client for every turn (~0.3 ms of CPU a turn).
 */
const providerModels = new WeakMap<Env, Map<string, LanguageModel>>();

function providerModel(env: Env, provider: "google" | "openai-compatible", modelId: string): LanguageModel {
  let models = providerModels.get(env);
  if (!models) providerModels.set(env, (models = new Map()));
  let model = models.get(modelId);
  if (!model) {
    model =
      provider === "google"
        ? createGoogle({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, baseURL: env.GOOGLE_GENERATIVE_AI_BASE_URL })(modelId)
        : createOpenAICompatible({
            name: "openai-compatible",
            baseURL: env.OPENAI_COMPATIBLE_BASE_URL!,
            apiKey: env.OPENAI_COMPATIBLE_API_KEY,
          }).chatModel(modelId);
    models.set(modelId, model);
  }
  return model;
}
