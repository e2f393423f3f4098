/**
 * Which account a single sign-on identity signs in as (lib/auth/sso.ts), on the real database,
 * with two users. SECURITY.md 37–39: an account whose owner never verified its address is never
 * linked by email (someone may have registered another person's address with a password, and
 * would keep that password into the victim's account); a verified one links; an address the
 * provider does not vouch for is refused (GitHub: the address's own `verified` flag, read from
 * a fake GitHub API over HTTP); identities are keyed by issuer and subject; a signed-in user
 * links a provider from Settings whatever its email, never one linked to someone else.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DELETE as deleteAccountRoute } from "@/app/api/account/route";
import { db } from "@/lib/db";
import { githubEmail, githubUserinfo, isEmailVerified, linkSsoIdentity, resolveSsoUser, type SsoIdentity } from "@/lib/auth/sso";
import { linkIntentCookie, readLinkIntent } from "@/lib/auth/sso-link-intent";
import { createTestUser } from "../helpers";
import { Browser } from "./auth-client";

const ISSUER = "https://idp.example.com";

function identity(email: string | null, emailVerified = true, providerAccountId = randomUUID(), issuer = ISSUER): SsoIdentity {
  return { provider: "oidc", issuer, providerAccountId, email, emailVerified, name: "Someone" };
}

async function verifiedUser(name: string) {
  const made = await createTestUser(name);
  await db.user.update({ where: { id: made.user.id }, data: { emailVerifiedAt: new Date() } });
  return made;
}

describe("single sign-on linking", () => {
  it("37: a password account registered with someone's address is not linked when they sign in with SSO", async () => {
    // The attacker registers the victim's address with a password of their own; nobody verifies it.
    const attacker = await createTestUser("victim");
    const before = await db.user.findUniqueOrThrow({ where: { id: attacker.user.id } });
    const usersBefore = await db.user.count();

    const result = await resolveSsoUser(identity(attacker.user.email));
    expect(result).toEqual({ refused: "account_exists_unverified" });
    expect(await db.userIdentity.count({ where: { userId: attacker.user.id } })).toBe(0);
    expect(await db.user.count()).toBe(usersBefore);
    expect(await db.user.findUniqueOrThrow({ where: { id: attacker.user.id } })).toEqual(before);
  });

  it("a verified account links to its own user only; its password still works", async () => {
    const ada = await verifiedUser("ada");
    const babbage = await verifiedUser("babbage");
    const result = await resolveSsoUser(identity(ada.user.email.toUpperCase()));
    expect(result).toEqual({ userId: ada.user.id });
    expect(await db.userIdentity.count({ where: { userId: babbage.user.id } })).toBe(0);
    expect(await new Browser().signIn(ada.user.email, "correct horse battery staple")).toBe(true);
  });

  it("an unverified or missing email is refused and links nothing", async () => {
    const ada = await verifiedUser("ada");
    const usersBefore = await db.user.count();
    expect(await resolveSsoUser(identity(ada.user.email, false))).toEqual({ refused: "unverified_email" });
    expect(await resolveSsoUser(identity(null))).toEqual({ refused: "unverified_email" });
    expect(await resolveSsoUser(identity("not an email"))).toEqual({ refused: "unverified_email" });
    expect(await db.userIdentity.count({ where: { userId: ada.user.id } })).toBe(0);
    expect(await db.user.count()).toBe(usersBefore);
  });

  it("an unknown verified email makes a verified account without a password; the same identity signs in as it again", async () => {
    const email = `new-${randomUUID()}@example.com`;
    const first = identity(email);
    const created = await resolveSsoUser(first);
    if (!("userId" in created)) throw new Error("expected a user");
    const user = await db.user.findUniqueOrThrow({ where: { id: created.userId } });
    expect(user.email).toBe(email);
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    // Later sign-ins, even reporting another (or no verified) email, are the same user.
    expect(await resolveSsoUser({ ...first, email: "changed@example.com", emailVerified: false })).toEqual(created);
    // Without a password, the password form cannot sign in to it.
    expect(await new Browser().signIn(email, "anything at all")).toBe(false);
  });

  it("39: two issuers with the same subject are two identities, never one", async () => {
    const subject = randomUUID();
    const ada = await resolveSsoUser(identity(`ada-${randomUUID()}@example.com`, true, subject, "https://one.example.com"));
    const eve = await resolveSsoUser(identity(`eve-${randomUUID()}@example.com`, true, subject, "https://two.example.com"));
    if (!("userId" in ada) || !("userId" in eve)) throw new Error("expected users");
    expect(eve.userId).not.toBe(ada.userId);
    expect(await db.userIdentity.count({ where: { providerAccountId: subject } })).toBe(2);
    // Each keeps signing in as its own user, whatever email it reports.
    expect(await resolveSsoUser(identity("x@example.com", true, subject, "https://two.example.com"))).toEqual(eve);
    expect(await resolveSsoUser(identity("y@example.com", true, subject, "https://one.example.com"))).toEqual(ada);
  });

  it("an OpenID Connect identity from before issuers were recorded is claimed by the configured issuer, once", async () => {
    const ada = await verifiedUser("ada");
    const subject = randomUUID();
    await db.userIdentity.create({ data: { userId: ada.user.id, provider: "oidc", issuer: "legacy:oidc", providerAccountId: subject } });
    expect(await resolveSsoUser(identity("whatever@example.com", true, subject))).toEqual({ userId: ada.user.id });
    expect(await db.userIdentity.findMany({ where: { providerAccountId: subject }, select: { issuer: true } })).toEqual([
      { issuer: ISSUER },
    ]);
    // Another issuer with that subject is someone else.
    const other = await resolveSsoUser(identity(`other-${randomUUID()}@example.com`, true, subject, "https://elsewhere.example.com"));
    expect(other).not.toEqual({ userId: ada.user.id });
  });

  it("a signed-in user links a provider whatever its email; an identity linked to another user stays there", async () => {
    const ada = await createTestUser("ada"); // unverified: linking from Settings does not need it
    const babbage = await verifiedUser("babbage");
    const adas = identity(`ada-elsewhere-${randomUUID()}@example.com`);
    expect(await linkSsoIdentity({ userId: ada.user.id, identity: adas })).toEqual({ userId: ada.user.id });
    expect(await resolveSsoUser(adas)).toEqual({ userId: ada.user.id });
    // Linking again is a no-op; Babbage cannot take Ada's identity.
    expect(await linkSsoIdentity({ userId: ada.user.id, identity: adas })).toEqual({ userId: ada.user.id });
    expect(await linkSsoIdentity({ userId: babbage.user.id, identity: adas })).toEqual({ refused: "identity_in_use" });
    expect(await db.userIdentity.count({ where: { userId: babbage.user.id } })).toBe(0);
  });

  it("the Settings link intent is signed and expires: a forged, altered or old one is ignored", () => {
    const userId = randomUUID();
    const now = Date.now();
    const cookie = linkIntentCookie({ userId, provider: "oidc", secure: false, now }).split(";")[0]!;
    expect(readLinkIntent(`a=b; ${cookie}`, now)).toEqual({ userId, provider: "oidc" });
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const other = randomUUID();
    expect(readLinkIntent(`${name}=${value.replace(userId, other)}`, now)).toBeNull();
    expect(readLinkIntent(`${name}=${value.replace(".oidc.", ".github.")}`, now)).toBeNull();
    expect(readLinkIntent(`${name}=${other}.oidc.${now + 600_000}.forged`, now)).toBeNull();
    expect(readLinkIntent(cookie, now + 11 * 60_000)).toBeNull();
    expect(readLinkIntent(null, now)).toBeNull();
  });

  it("concurrent first sign-ins of one identity make one account", async () => {
    const first = identity(`race-${randomUUID()}@example.com`);
    const results = await Promise.all([resolveSsoUser(first), resolveSsoUser(first), resolveSsoUser(first)]);
    expect(new Set(results.map((r) => ("userId" in r ? r.userId : null))).size).toBe(1);
    expect(await db.userIdentity.count({ where: { providerAccountId: first.providerAccountId } })).toBe(1);
  });

  it("providers' verification claims: email_verified for OpenID Connect and Google; for GitHub only our own flag", () => {
    expect(isEmailVerified("oidc", { email_verified: true })).toBe(true);
    expect(isEmailVerified("google", { email_verified: false })).toBe(false);
    expect(isEmailVerified("oidc", {})).toBe(false);
    expect(isEmailVerified("github", {})).toBe(false);
    expect(isEmailVerified("github", { email: "a@example.com" })).toBe(false);
    expect(isEmailVerified("github", { email_verified: true })).toBe(true);
  });

  it("38: GitHub's address is used only when GitHub's address list marks it verified", async () => {
    expect(
      githubEmail("pub@example.com", [
        { email: "pub@example.com", verified: true, primary: false },
        { email: "main@example.com", verified: true, primary: true },
      ]),
    ).toEqual({ email: "pub@example.com", verified: true });
    expect(
      githubEmail("pub@example.com", [
        { email: "pub@example.com", verified: false },
        { email: "main@example.com", verified: true, primary: true },
      ]),
    ).toEqual({ email: "main@example.com", verified: true });
    expect(githubEmail(null, [{ email: "main@example.com", verified: false, primary: true }])).toEqual({ email: null, verified: false });
    expect(githubEmail("pub@example.com", "not a list")).toEqual({ email: "pub@example.com", verified: false });

    // The userinfo step against a fake GitHub API: the victim's address, unverified on GitHub.
    const victim = await verifiedUser("victim");
    const api = createServer((req, res) => {
      if (req.headers.authorization !== "Bearer gho_test") {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url === "/user") res.end(JSON.stringify({ id: 4242, login: "mallory", name: "Mallory", email: victim.user.email }));
      else if (req.url === "/user/emails") res.end(JSON.stringify([{ email: victim.user.email, verified: false, primary: true }]));
      else res.end("null");
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      const profile = await githubUserinfo(base).request({ tokens: { access_token: "gho_test" } });
      expect(profile).toMatchObject({ login: "mallory", email: victim.user.email, email_verified: false });
      const result = await resolveSsoUser({
        provider: "github",
        issuer: "https://github.com",
        providerAccountId: String(profile.id),
        email: profile.email as string,
        emailVerified: isEmailVerified("github", profile),
        name: "Mallory",
      });
      expect(result).toEqual({ refused: "unverified_email" });
      expect(await db.userIdentity.count({ where: { userId: victim.user.id } })).toBe(0);
    } finally {
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });

  it("an account without a password is deleted only right after a sign-in (403 forbidden:reauth_required otherwise)", async () => {
    const email = `sso-${randomUUID()}@example.com`;
    const created = await resolveSsoUser(identity(email));
    if (!("userId" in created)) throw new Error("expected a user");
    const { encode } = await import("next-auth/jwt");
    const cookieFor = async (authAt: number) =>
      `authjs.session-token=${await encode({ token: { sub: created.userId, sv: 0, authAt }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token", maxAge: 3600 })}`;
    const del = (cookie: string) =>
      deleteAccountRoute(
        new Request("http://localhost:3000/api/account", {
          method: "DELETE",
          headers: { cookie, "content-type": "application/json" },
          body: "{}",
        }),
        { params: Promise.resolve({}) },
      );
    const stale = await del(await cookieFor(Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { code: string }).code).toBe("forbidden:reauth_required");
    expect(await db.user.count({ where: { id: created.userId } })).toBe(1);
    expect((await del(await cookieFor(Math.floor(Date.now() / 1000) - 60))).status).toBe(204);
    expect(await db.user.count({ where: { id: created.userId } })).toBe(0);
    expect(await db.userIdentity.count({ where: { userId: created.userId } })).toBe(0);
  });
});
