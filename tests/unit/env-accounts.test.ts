/** The accounts variables of lib/env.ts: mail and single sign-on. */
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
    const env = parseEnv({ ...base, ...authUrl, AUTH_OIDC_ISSUER: "https://sso.example.com/realms/home", AUTH_OIDC_ID: "todo", AUTH_OIDC_SECRET: "s3cret" });
    expect(env.AUTH_OIDC_NAME).toBe("Single sign-on");
    const message = errorOf({ ...base, ...authUrl, AUTH_GITHUB_ID: "abc" });
    expect(message).toContain("AUTH_GITHUB_SECRET: required for GitHub sign-in");
    expect(errorOf({ ...base, ...authUrl, AUTH_OIDC_ID: "todo", AUTH_OIDC_SECRET: "x" })).toContain("AUTH_OIDC_ISSUER: required for OpenID Connect sign-in");
    expect(errorOf({ ...base, ...authUrl, AUTH_OIDC_ISSUER: "not a url", AUTH_OIDC_ID: "todo", AUTH_OIDC_SECRET: "x" })).toContain("AUTH_OIDC_ISSUER");
  });
});
