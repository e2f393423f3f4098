/**
 * SECURITY.md 43: nobody can make the server hash passwords (scrypt, ~50 ms of CPU each) at
 * will. Over real HTTP: a burst of made-up reset tokens is answered without hashing, then 429;
 * a burst of sign-ins with unknown emails hashes at most once per process (to time a check),
 * then waits instead of hashing, and is refused past the per-address limit. The password module
 * is wrapped to count its calls; everything else is the real code.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { newLinkToken } from "@/lib/auth/link-token";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { loadEnv, resetEnvForTests } from "@/lib/env";
import { PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR } from "@/lib/limits";
import { serveAuthEndpoints } from "./auth-endpoints";

vi.mock("@/lib/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/password")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

const PASSWORD = "correct horse battery staple";

/** Runs the calls in waves of `size` parallel requests (a burst the shared test machine's database pool can take). */
async function inWaves<T>(calls: (() => Promise<T>)[], size: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < calls.length; i += size) out.push(...(await Promise.all(calls.slice(i, i + size).map((call) => call()))));
  return out;
}
let endpoints: Awaited<ReturnType<typeof serveAuthEndpoints>>;

const signIn = (email: string, password: string, from: string) => endpoints.signIn(email, password, { "x-forwarded-for": from });
const confirm = (token: string, from: string) => endpoints.confirmResetLink(token, "a brand new passphrase", { "x-forwarded-for": from });

describe("what an anonymous burst costs", () => {
  beforeAll(async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    delete process.env.AUTH_URL;
    resetEnvForTests();
    endpoints = await serveAuthEndpoints();
  });
  afterAll(async () => {
    delete process.env.TRUSTED_PROXY_HOPS;
    resetEnvForTests();
    await endpoints.close();
  });
  afterEach(() => {
    vi.mocked(hashPassword).mockClear();
    vi.mocked(verifyPassword).mockClear();
  });

  it("made-up reset tokens are refused without hashing, then 429; a real link from elsewhere still works", async () => {
    const bogus = Array.from({ length: PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR + 5 }, () => newLinkToken().token);
    const answers = await inWaves(
      bogus.map((token) => () => confirm(token, "203.0.113.50")),
      5,
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((r) => r.status === 429)!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(hashPassword).not.toHaveBeenCalled();

    const email = `owner-${randomUUID()}@example.com`;
    const user = await createUser({ email, password: PASSWORD });
    vi.mocked(hashPassword).mockClear();
    const { token, tokenHash } = newLinkToken();
    await db.passwordResetToken.create({ data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) } });
    expect((await confirm(token, "203.0.113.50")).status).toBe(429);
    expect((await confirm(token, "198.51.100.8")).status).toBe(204);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it("sign-ins with unknown emails hash at most once, take about as long as a real check, and are refused past the address's limit", async () => {
    const from = "203.0.113.60";
    const outcomes = await inWaves(
      Array.from(
        { length: loadEnv().SIGN_IN_LIMIT_PER_ADDRESS + 3 },
        (_, i) => () => signIn(`nobody-${i}-${randomUUID()}@example.com`, "some guess", from),
      ),
      10,
    );
    expect(outcomes.filter((o) => o === "wrong")).toHaveLength(loadEnv().SIGN_IN_LIMIT_PER_ADDRESS);
    expect(outcomes.filter((o) => o === "throttled")).toHaveLength(3);
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(1);

    // Timing: an unknown email is not answered much faster than a known one with a wrong password.
    const email = `known-${randomUUID()}@example.com`;
    await createUser({ email, password: PASSWORD });
    const time = async (address: string, who: string) => {
      const started = performance.now();
      expect(await signIn(who, "wrong password", address)).toBe("wrong");
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(`198.51.100.${10 + i}`, email));
      unknown.push(await time(`198.51.100.${20 + i}`, `ghost-${randomUUID()}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  }, 120_000);
});
