/**
 * SECURITY.md 43: nobody can make the server hash passwords (scrypt, ~50 ms of CPU each) at
 * will. Over real HTTP: a burst of made-up reset tokens is answered without hashing, then 429;
 * a burst of sign-ins with unknown emails hashes at most once per process (to time a check),
 * then waits instead of hashing, and is refused past the per-address limit. The password module
 * is wrapped to count its calls; everything else is the real code.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as confirmReset } from "@/app/api/password-reset/confirm/route";
import { handlers } from "@/lib/auth/config";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { newLinkToken } from "@/lib/auth/link-token";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { loadEnv, resetEnvForTests } from "@/lib/env";
import { PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR } from "@/lib/limits";
import { serveHandler } from "../http-server";

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
let served: Awaited<ReturnType<typeof serveHandler>>;
let csrf: { token: string; cookie: string };

async function signIn(email: string, password: string, from: string): Promise<"signed_in" | "wrong" | "throttled"> {
  const res = await fetch(`${served.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie, "x-forwarded-for": from },
    body: new URLSearchParams({ email, password, csrfToken: csrf.token, callbackUrl: "/" }),
  });
  const location = res.headers.get("location") ?? "";
  if (location.includes("code=rate_limited")) return "throttled";
  if (location.includes("error=CredentialsSignin")) return "wrong";
  if ((res.headers.get("set-cookie") ?? "").includes("authjs.session-token=")) return "signed_in";
  throw new Error(`unexpected answer ${res.status} ${location}`);
}

function confirm(token: string, from: string): Promise<Response> {
  return fetch(`${served.url}/api/password-reset/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ token, newPassword: "a brand new passphrase" }),
  });
}

describe("what an anonymous burst costs", () => {
  beforeAll(async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    delete process.env.AUTH_URL;
    resetEnvForTests();
    served = await serveHandler((request) => {
      if (new URL(request.url).pathname === "/api/password-reset/confirm") return confirmReset(request, { params: Promise.resolve({}) });
      return request.method === "GET" ? handlers.GET(request as never) : handlers.POST(request as never);
    });
    const res = await fetch(`${served.url}/api/auth/csrf`);
    csrf = {
      token: ((await res.json()) as { csrfToken: string }).csrfToken,
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  });
  afterAll(async () => {
    delete process.env.TRUSTED_PROXY_HOPS;
    resetEnvForTests();
    await served.close();
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
