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

// The accounts variables: mail and single sign-on.
describe("mail variables", () => {
  it("accepts smtp:// and smtps:// URLs with AUTH_URL", () => {
    for (const SMTP_URL of ["smtp://user:pass@mail.example.com:587", "smtps://mail.example.com:465"]) {
      expect(parseEnv({ ...base, SMTP_URL, AUTH_URL: "https://todo.example.com" }).SMTP_URL).toBe(SMTP_URL);
    }
  });

  it("refuses another scheme, and SMTP without AUTH_URL (links must not take the Host header's origin)", () => {
    expect(errorOf({ ...base, SMTP_URL: "http://mail.example.com", AUTH_URL: "https://todo.example.com" })).toContain("SMTP_URL");
    expect(errorOf({ ...base, SMTP_URL: "smtp://mail.example.com" })).toContain("AUTH_URL: required when SMTP_URL is set");
  });
});

describe("single sign-on variables", () => {
  const authUrl = { AUTH_URL: "https://todo.example.com" };

  it("turns a provider on with all of its variables, and names the missing ones of a half-configured one", () => {
    const env = parseEnv({
      ...base,
      ...authUrl,
      AUTH_OIDC_ISSUER: "https://sso.example.com/realms/home",
      AUTH_OIDC_ID: "todo",
      AUTH_OIDC_SECRET: "s3cret",
    });
    expect(env.AUTH_OIDC_NAME).toBe("Single sign-on");
    const message = errorOf({ ...base, ...authUrl, AUTH_GITHUB_ID: "abc" });
    expect(message).toContain("AUTH_GITHUB_SECRET: required for GitHub sign-in");
    expect(errorOf({ ...base, ...authUrl, AUTH_OIDC_ID: "todo", AUTH_OIDC_SECRET: "x" })).toContain(
      "AUTH_OIDC_ISSUER: required for OpenID Connect sign-in",
    );
    expect(errorOf({ ...base, ...authUrl, AUTH_OIDC_ISSUER: "not a url", AUTH_OIDC_ID: "todo", AUTH_OIDC_SECRET: "x" })).toContain(
      "AUTH_OIDC_ISSUER",
    );
  });
});
