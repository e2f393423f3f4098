import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

const base = { NODE_ENV: "production", DATABASE_URL: "postgresql://u:p@localhost:5432/db", AUTH_SECRET: "x".repeat(32) } as const;

function errorOf(vars: Record<string, string | undefined>): string {
  try {
    parseEnv(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  it("applies defaults to a minimal environment", () => {
    const env = parseEnv({ ...base });
    expect(env.AGENT_MAX_STEPS).toBe(10);
    expect(env.AGENT_MAX_TOOL_CALLS).toBe(10);
    expect(env.AI_TURN_TIMEOUT_MS).toBe(30000);
    expect(env.AGENT_HISTORY_MESSAGES).toBe(20);
    expect(env.AI_TEMPERATURE).toBe(0);
  });

  it("names a missing required variable", () => {
    expect(errorOf({ ...base, DATABASE_URL: undefined })).toContain("DATABASE_URL");
    expect(errorOf({ ...base, AUTH_SECRET: "" })).toContain("AUTH_SECRET");
  });

  it("names a malformed variable", () => {
    expect(errorOf({ ...base, DATABASE_URL: "mysql://x" })).toContain("DATABASE_URL");
    expect(errorOf({ ...base, AGENT_MAX_STEPS: "51" })).toContain("AGENT_MAX_STEPS");
    expect(errorOf({ ...base, AGENT_MAX_TOOL_CALLS: "0" })).toContain("AGENT_MAX_TOOL_CALLS");
    expect(errorOf({ ...base, AGENT_MAX_TOOL_CALLS: "ten" })).toContain("AGENT_MAX_TOOL_CALLS");
    expect(errorOf({ ...base, AI_TEMPERATURE: "1.5" })).toContain("AI_TEMPERATURE");
    expect(errorOf({ ...base, AUTH_SECRET: "short" })).toContain("AUTH_SECRET");
    expect(errorOf({ ...base, AI_PROVIDER: "openai" })).toContain("AI_PROVIDER");
  });

  it("requires the key of the provider it is told to use", () => {
    expect(errorOf({ ...base, AI_PROVIDER: "google" })).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
    expect(errorOf({ ...base, AI_PROVIDER: "openai-compatible", AI_MODEL: "llama3" })).toContain("OPENAI_COMPATIBLE_BASE_URL");
  });

  it("lets a production build run without runtime secrets", () => {
    expect(() => parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
  });
});
