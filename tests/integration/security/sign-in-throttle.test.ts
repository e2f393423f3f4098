/**
 * SECURITY.md 33 through the real Auth.js credentials endpoint over HTTP: every attempt is
 * counted before the password is checked (30 parallel guesses cannot slip through together),
 * an email backs off with growing delays instead of locking, the owner is delayed but never
 * locked out for good, and a successful sign-in ends the back-off.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handlers } from "@/lib/auth/config";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { SIGN_IN_BACKOFF_BASE_MS, SIGN_IN_FREE_FAILURES_PER_ADDRESS } from "@/lib/limits";
import { serveHandler } from "../http-server";

const PASSWORD = "correct horse battery staple";
let served: Awaited<ReturnType<typeof serveHandler>>;
let csrf: { token: string; cookie: string };
let clock = Date.UTC(2102, 0, 1);

type Outcome = "signed_in" | "wrong" | "throttled";

async function attempt(email: string, password: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const res = await fetch(`${served.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie, ...headers },
    body: new URLSearchParams({ email, password, csrfToken: csrf.token, callbackUrl: "/" }),
  });
  const location = res.headers.get("location") ?? "";
  if (location.includes("code=rate_limited")) return "throttled";
  if (location.includes("error=CredentialsSignin")) return "wrong";
  if (res.status === 302 && (res.headers.get("set-cookie") ?? "").includes("authjs.session-token=")) return "signed_in";
  throw new Error(`unexpected answer ${res.status} ${location}`);
}

async function newAccount(): Promise<string> {
  const email = `owner-${randomUUID()}@example.com`;
  await createUser({ email, password: PASSWORD });
  return email;
}

function tally(outcomes: Outcome[]): Record<Outcome, number> {
  return { signed_in: outcomes.filter((o) => o === "signed_in").length, wrong: outcomes.filter((o) => o === "wrong").length, throttled: outcomes.filter((o) => o === "throttled").length };
}

describe("sign-in back-off", () => {
  beforeAll(async () => {
    delete process.env.AUTH_URL;
    resetEnvForTests();
    served = await serveHandler((request) => (request.method === "GET" ? handlers.GET(request as never) : handlers.POST(request as never)));
    const res = await fetch(`${served.url}/api/auth/csrf`);
    csrf = { token: ((await res.json()) as { csrfToken: string }).csrfToken, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
  });
  afterAll(async () => {
    await served.close();
  });
  beforeEach(() => {
    // A frozen clock: the whole burst happens "at once", and the test moves time on itself.
    vi.useFakeTimers({ toFake: ["Date"] });
    clock += 86_400_000 * 7;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.TRUSTED_PROXY_HOPS;
    resetEnvForTests();
  });

  it("counts all of 30 parallel wrong guesses; the right password is delayed, then works and resets", async () => {
    const email = await newAccount();
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `wrong guess ${i}`)));
    // The free failures, and the one that starts the back-off, reach the password check; no more.
    expect(tally(outcomes)).toEqual({ signed_in: 0, wrong: SIGN_IN_FREE_FAILURES_PER_ADDRESS + 1, throttled: 30 - SIGN_IN_FREE_FAILURES_PER_ADDRESS - 1 });
    const pair = await db.signInBackoff.findUniqueOrThrow({ where: { key: `pair:${email}|127.0.0.1` } });
    expect(pair.attempts).toBe(30);
    expect(pair.failures).toBe(SIGN_IN_FREE_FAILURES_PER_ADDRESS + 1);

    // The owner's right password now waits for the back-off…
    expect(await attempt(email, PASSWORD)).toBe("throttled");
    // …and works once it has passed; the success clears the back-off.
    vi.setSystemTime(clock + SIGN_IN_BACKOFF_BASE_MS + 1);
    expect(await attempt(email, PASSWORD)).toBe("signed_in");
    expect(await db.signInBackoff.count({ where: { key: { in: [`pair:${email}|127.0.0.1`, `email:${email}`] } } })).toBe(0);
  });

  it("grows the delay with every further failure instead of locking", async () => {
    const email = await newAccount();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES_PER_ADDRESS; i++) expect(await attempt(email, "wrong")).toBe("wrong");
    let now = clock;
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await attempt(email, "wrong")).toBe("wrong");
      const row = await db.signInBackoff.findUniqueOrThrow({ where: { key: `pair:${email}|127.0.0.1` } });
      waits.push(row.blockedUntil!.getTime() - now);
      expect(await attempt(email, PASSWORD)).toBe("throttled");
      now = row.blockedUntil!.getTime() + 1;
      vi.setSystemTime(now);
    }
    expect(waits).toEqual([1, 2, 4, 8].map((n) => n * SIGN_IN_BACKOFF_BASE_MS));
    expect(await attempt(email, PASSWORD)).toBe("signed_in");
  });

  it("a client hammering from one address does not slow the owner down elsewhere", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetEnvForTests();
    const email = await newAccount();
    const attacker = { "x-forwarded-for": "203.0.113.9" };
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => attempt(email, "wrong", attacker)));
    expect(tally(outcomes).wrong).toBe(SIGN_IN_FREE_FAILURES_PER_ADDRESS + 1);
    expect(await attempt(email, PASSWORD, attacker)).toBe("throttled");
    expect(await attempt(email, PASSWORD, { "x-forwarded-for": "198.51.100.20" })).toBe("signed_in");
  });

  it("while many addresses push the email into back-off, the owner's own attempts do not add a back-off of their own", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetEnvForTests();
    const email = await newAccount();
    // A botnet: every address makes its free failures; together they pass the email's allowance.
    const bots = Array.from({ length: 6 }, (_, i) => ({ "x-forwarded-for": `203.0.113.${100 + i}` }));
    for (const bot of bots) for (let i = 0; i < SIGN_IN_FREE_FAILURES_PER_ADDRESS; i++) await attempt(email, "wrong", bot);
    const owner = { "x-forwarded-for": "198.51.100.77" };
    for (let i = 0; i < 10; i++) expect(await attempt(email, PASSWORD, owner)).toBe("throttled");
    const ownPair = await db.signInBackoff.findUniqueOrThrow({ where: { key: `pair:${email}|198.51.100.77` } });
    expect(ownPair).toMatchObject({ attempts: 10, failures: 0, blockedUntil: null });
    // Once the email's wait is over, the owner gets straight in.
    const byEmail = await db.signInBackoff.findUniqueOrThrow({ where: { key: `email:${email}` } });
    vi.setSystemTime(byEmail.blockedUntil!.getTime() + 1);
    expect(await attempt(email, PASSWORD, owner)).toBe("signed_in");
  });
});
