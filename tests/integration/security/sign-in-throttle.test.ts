/**
 * SECURITY.md 33 and 42 through the real Auth.js credentials endpoint over HTTP: every attempt
 * is counted before the password is checked (30 parallel guesses cannot slip through together),
 * an email backs off with growing delays instead of locking, never longer than 15 minutes; the
 * owner is delayed but never locked out for good: a successful sign-in ends the back-off and
 * trusts that address, and a password reset (served over HTTP too) lets the owner in while an
 * attacker keeps guessing from everywhere.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newLinkToken } from "@/lib/auth/link-token";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import {
  SIGN_IN_BACKOFF_BASE_MS,
  SIGN_IN_BACKOFF_MAX_MS,
  SIGN_IN_FREE_FAILURES_PER_ADDRESS,
  SIGN_IN_FREE_FAILURES_PER_EMAIL,
} from "@/lib/limits";
import { serveAuthEndpoints, type SignInOutcome } from "./auth-endpoints";

const PASSWORD = "correct horse battery staple";
let endpoints: Awaited<ReturnType<typeof serveAuthEndpoints>>;
let clock = Date.UTC(2102, 0, 1);

type Outcome = SignInOutcome;

const attempt = (email: string, password: string, headers: Record<string, string> = {}) => endpoints.signIn(email, password, headers);

async function newAccount(): Promise<string> {
  const email = `owner-${randomUUID()}@example.com`;
  await createUser({ email, password: PASSWORD });
  return email;
}

function tally(outcomes: Outcome[]): Record<Outcome, number> {
  return {
    signed_in: outcomes.filter((o) => o === "signed_in").length,
    wrong: outcomes.filter((o) => o === "wrong").length,
    throttled: outcomes.filter((o) => o === "throttled").length,
  };
}

describe("sign-in back-off", () => {
  beforeAll(async () => {
    delete process.env.AUTH_URL;
    resetEnvForTests();
    endpoints = await serveAuthEndpoints();
  });
  afterAll(async () => {
    await endpoints.close();
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
    expect(tally(outcomes)).toEqual({
      signed_in: 0,
      wrong: SIGN_IN_FREE_FAILURES_PER_ADDRESS + 1,
      throttled: 30 - SIGN_IN_FREE_FAILURES_PER_ADDRESS - 1,
    });
    const pair = await db.signInBackoff.findUniqueOrThrow({ where: { key: `pair:${email}|127.0.0.1` } });
    expect(pair.attempts).toBe(30);
    expect(pair.failures).toBe(SIGN_IN_FREE_FAILURES_PER_ADDRESS + 1);

    // The owner's right password now waits for the back-off…
    expect(await attempt(email, PASSWORD)).toBe("throttled");
    // …and works once it has passed; the success clears the back-off.
    vi.setSystemTime(clock + SIGN_IN_BACKOFF_BASE_MS + 1);
    expect(await attempt(email, PASSWORD)).toBe("signed_in");
    // The success ends the email's back-off and the pair's, and trusts the pair.
    expect(await db.signInBackoff.count({ where: { key: `email:${email}` } })).toBe(0);
    expect(await db.signInBackoff.findUniqueOrThrow({ where: { key: `pair:${email}|127.0.0.1` } })).toMatchObject({
      failures: 0,
      blockedUntil: null,
      trustedUntil: expect.any(Date),
    });
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

  it("42: an attacker failing from many addresses at any rate never blocks longer than 15 minutes, and the owner is in after a reset", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetEnvForTests();
    const email = await newAccount();
    let bot = 0;
    // Every bot address makes its free failures, and one more: together past the email's allowance.
    const botnetRound = (addresses: number) =>
      Promise.all(
        Array.from({ length: addresses }, async () => {
          const from = { "x-forwarded-for": `203.0.113.${bot++}` };
          for (let i = 0; i <= SIGN_IN_FREE_FAILURES_PER_ADDRESS; i++) await attempt(email, `guess ${i}`, from);
        }),
      );
    const bots = Math.ceil(SIGN_IN_FREE_FAILURES_PER_EMAIL / SIGN_IN_FREE_FAILURES_PER_ADDRESS) + 1;
    await botnetRound(bots);
    expect((await db.signInBackoff.findUniqueOrThrow({ where: { key: `email:${email}` } })).blockedUntil).not.toBeNull();
    const now = Date.now();
    for (const row of await db.signInBackoff.findMany({ where: { key: { contains: email } } })) {
      if (row.blockedUntil) expect(row.blockedUntil.getTime() - now).toBeLessThanOrEqual(SIGN_IN_BACKOFF_MAX_MS);
    }
    // Refused attempts, however many, neither extend the block nor count as activity.
    const armed = await db.signInBackoff.findUniqueOrThrow({ where: { key: `email:${email}` } });
    vi.setSystemTime(Date.now() + 100);
    await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(email, "wrong", { "x-forwarded-for": `192.0.2.${100 + i}` })));
    expect(await db.signInBackoff.findUniqueOrThrow({ where: { key: `email:${email}` } })).toMatchObject({
      blockedUntil: armed.blockedUntil,
      failures: armed.failures,
      updatedAt: armed.updatedAt,
    });
    // The owner, from an address of their own, waits behind the email's back-off…
    const owner = { "x-forwarded-for": "198.51.100.7" };
    expect(await attempt(email, PASSWORD, owner)).toBe("throttled");

    // …until they reset the password from there (a link as the reset mail carries).
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const { token, tokenHash } = newLinkToken();
    await db.passwordResetToken.create({ data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) } });
    const NEW = "the owner's new passphrase";
    const reset = await endpoints.confirmResetLink(token, NEW, owner);
    expect(reset.status).toBe(204);
    expect(
      await db.signInBackoff.count({ where: { OR: [{ key: `email:${email}` }, { key: { startsWith: `pair:${email}|203.` } }] } }),
    ).toBe(0);

    // The attacker carries on and pushes the email into back-off again; the owner still gets in.
    await botnetRound(bots);
    const elsewhere = { "x-forwarded-for": "192.0.2.44" };
    expect(await attempt(email, NEW, elsewhere)).toBe("throttled");
    expect(await attempt(email, NEW, owner)).toBe("signed_in");
  }, 120_000);
});
