/**
 * SECURITY.md 25: a missing or malformed variable stops the real server at startup, naming it.
 * Runs `next start` itself (it loads next.config.ts, which validates the environment).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function startWith(env: Record<string, string | undefined>): { status: number | null; output: string } {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...env })) if (value !== undefined) merged[key] = value;
  const run = spawnSync("npx", ["next", "start", "-p", "0"], { env: merged as NodeJS.ProcessEnv, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const valid = { DATABASE_URL: "postgresql://u:p@127.0.0.1:1/db", AUTH_SECRET: "s".repeat(32), NODE_ENV: "production" };

describe("startup environment check", () => {
  it.each([
    ["DATABASE_URL", { DATABASE_URL: "mysql://nope" }],
    ["AUTH_SECRET", { AUTH_SECRET: undefined }],
    ["AGENT_MAX_STEPS", { AGENT_MAX_STEPS: "0" }],
    ["AI_TEMPERATURE", { AI_TEMPERATURE: "hot" }],
    ["GOOGLE_GENERATIVE_AI_API_KEY", { AI_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: undefined }],
  ])(
    "stops when %s is missing or malformed",
    (name, override) => {
      const { status, output } = startWith({ ...valid, ...override });
      expect(status).not.toBe(0);
      expect(output).toContain(name);
      expect(output).not.toContain("s".repeat(32));
    },
    60_000,
  );
});
