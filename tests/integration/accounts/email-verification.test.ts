/**
 * Email verification (lib/auth/email-verification.ts) against a real SMTP server started by the
 * test, with two users: sign-up mails a link; the link verifies only with the account's own
 * session (the mailbox alone — a victim clicking a mail about an account someone registered
 * with their address — verifies nothing, nor does another user's session); it works once; a new
 * link can be asked for from Settings, a few an hour; and only a verified account is linked by
 * single sign-on.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as accountRoute } from "@/app/api/account/route";
import { POST as verifyRoute } from "@/app/api/account/verify-email/route";
import { POST as sendRoute } from "@/app/api/account/verify-email/send/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { resolveSsoUser } from "@/lib/auth/sso";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { apiRequest } from "../helpers";
import { Browser, ORIGIN } from "./auth-client";
import { startSmtpServer, verifyLinkIn } from "./smtp";

const none = { params: Promise.resolve({}) };
const PASSWORD = "correct horse battery staple";

async function register(email: string): Promise<{ id: string; browser: Browser }> {
  const res = await registerRoute(
    apiRequest("/api/register", { body: { email, password: PASSWORD }, headers: { origin: ORIGIN, host: "localhost:3000" } }),
    none,
  );
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const browser = new Browser();
  expect(await browser.signIn(email, PASSWORD)).toBe(true);
  return { id, browser };
}

function verify(browser: Browser, token: string) {
  return verifyRoute(browser.request("/api/account/verify-email", { json: { token } }), none);
}

async function account(browser: Browser) {
  return (await (await accountRoute(browser.request("/api/account"), none)).json()) as {
    id: string;
    email: string;
    emailVerified: boolean;
    hasPassword: boolean;
    identities: { provider: string }[];
  };
}

describe("email verification", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const saved = { SMTP_URL: process.env.SMTP_URL, AUTH_URL: process.env.AUTH_URL };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    process.env.AUTH_URL = "http://localhost:3000";
    resetEnvForTests();
  });

  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
    await smtp.close();
  });

  it("sign-up mails a link that verifies the account with its own session, once; another user's session or none cannot use it", async () => {
    const adaEmail = `ada-${randomUUID()}@example.com`;
    const ada = await register(adaEmail);
    const babbage = await register(`babbage-${randomUUID()}@example.com`);
    const link = verifyLinkIn(await smtp.waitForMail(adaEmail));
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;
    expect(await account(ada.browser)).toEqual({ id: ada.id, email: adaEmail, emailVerified: false, hasPassword: true, identities: [] });

    // No session (whoever holds the mailbox but not the account): 401; Babbage's session: refused.
    expect((await verify(new Browser(), token)).status).toBe(401);
    const wrongUser = await verify(babbage.browser, token);
    expect(wrongUser.status).toBe(400);
    expect(((await wrongUser.json()) as { code: string }).code).toBe("bad_request:verify_token");
    expect((await account(babbage.browser)).emailVerified).toBe(false);

    expect((await verify(ada.browser, token)).status).toBe(204);
    expect((await account(ada.browser)).emailVerified).toBe(true);
    expect((await account(babbage.browser)).emailVerified).toBe(false);
    // Once only (and a made-up token never works).
    expect((await verify(ada.browser, token)).status).toBe(400);
    expect((await verify(babbage.browser, "A".repeat(43))).status).toBe(400);
  });

  it("a link for an address the account no longer has, or an expired one, verifies nothing", async () => {
    const email = `carol-${randomUUID()}@example.com`;
    const carol = await register(email);
    const token = verifyLinkIn(await smtp.waitForMail(email)).searchParams.get("token")!;
    await db.emailVerificationToken.updateMany({ where: { userId: carol.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify(carol.browser, token)).status).toBe(400);
    await db.emailVerificationToken.updateMany({
      where: { userId: carol.id },
      data: { expiresAt: new Date(Date.now() + 60_000), email: "old@example.com" },
    });
    expect((await verify(carol.browser, token)).status).toBe(400);
    expect((await account(carol.browser)).emailVerified).toBe(false);
  });

  it("Settings sends a new link (3 an hour); once verified, single sign-on links the account", async () => {
    const email = `dave-${randomUUID()}@example.com`;
    const dave = await register(email);
    await smtp.waitForMail(email);
    // Unverified: single sign-on with that address is refused.
    const sso = {
      provider: "oidc",
      issuer: "https://idp.example.com",
      providerAccountId: randomUUID(),
      email,
      emailVerified: true,
      name: "Dave",
    };
    expect(await resolveSsoUser(sso)).toEqual({ refused: "account_exists_unverified" });

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await sendRoute(dave.browser.request("/api/account/verify-email/send", { method: "POST" }), none)).status);
    // Sign-up's mail did not count here (it was sent by the register route, not Settings): 3 more pass, the 4th is refused.
    const fourth = await sendRoute(dave.browser.request("/api/account/verify-email/send", { method: "POST" }), none);
    expect([...statuses, fourth.status]).toEqual([202, 202, 202, 429]);
    expect(((await fourth.json()) as { code: string }).code).toBe("rate_limit:verify_email");
    for (let i = 0; i < 100 && smtp.mails.filter((m) => m.to.includes(email)).length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    const mails = smtp.mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(4);
    // The newest link works (older unused ones too, until one is used).
    expect((await verify(dave.browser, verifyLinkIn(mails.at(-1)!).searchParams.get("token")!)).status).toBe(204);
    expect(await resolveSsoUser(sso)).toEqual({ userId: dave.id });
    expect((await account(dave.browser)).identities).toEqual([{ provider: "oidc" }]);
  });
});
