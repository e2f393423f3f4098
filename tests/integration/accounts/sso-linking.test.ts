/**
 * Which account a single sign-on identity signs in as (lib/auth/sso.ts), on the real database,
 * with two users: a verified email links to its account (and only that one), an unverified one
 * is refused, an unknown verified email makes an account without a password, and a linked
 * identity keeps signing in as its user whatever email it reports later.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELETE as deleteAccountRoute } from "@/app/api/account/route";
import { db } from "@/lib/db";
import { isEmailVerified, resolveSsoUser } from "@/lib/auth/sso";
import { createTestUser } from "../helpers";
import { Browser } from "./auth-client";

function identity(email: string | null, emailVerified = true, providerAccountId = randomUUID()) {
  return { provider: "oidc", providerAccountId, email, emailVerified, name: "Someone" };
}

describe("single sign-on linking", () => {
  it("a verified email links to the account with that email, and not to the other user's", async () => {
    const ada = await createTestUser("ada");
    const babbage = await createTestUser("babbage");
    const result = await resolveSsoUser(identity(ada.user.email.toUpperCase()));
    expect(result).toEqual({ userId: ada.user.id });
    expect(await db.userIdentity.count({ where: { userId: babbage.user.id } })).toBe(0);
    // Her password still works alongside.
    expect(await new Browser().signIn(ada.user.email, "correct horse battery staple")).toBe(true);
  });

  it("an unverified or missing email is refused and links nothing", async () => {
    const ada = await createTestUser("ada");
    const usersBefore = await db.user.count();
    expect(await resolveSsoUser(identity(ada.user.email, false))).toEqual({ refused: "unverified_email" });
    expect(await resolveSsoUser(identity(null))).toEqual({ refused: "unverified_email" });
    expect(await resolveSsoUser(identity("not an email"))).toEqual({ refused: "unverified_email" });
    expect(await db.userIdentity.count({ where: { userId: ada.user.id } })).toBe(0);
    expect(await db.user.count()).toBe(usersBefore);
  });

  it("an unknown verified email makes an account without a password; the same identity signs in as it again", async () => {
    const email = `new-${randomUUID()}@example.com`;
    const first = identity(email);
    const created = await resolveSsoUser(first);
    if (!("userId" in created)) throw new Error("expected a user");
    const user = await db.user.findUniqueOrThrow({ where: { id: created.userId } });
    expect(user.email).toBe(email);
    expect(user.passwordHash).toBeNull();
    // Later sign-ins, even reporting another (or no verified) email, are the same user.
    expect(await resolveSsoUser({ ...first, email: "changed@example.com", emailVerified: false })).toEqual(created);
    // Without a password, the password form cannot sign in to it.
    expect(await new Browser().signIn(email, "anything at all")).toBe(false);
  });

  it("concurrent first sign-ins of one identity make one account", async () => {
    const first = identity(`race-${randomUUID()}@example.com`);
    const results = await Promise.all([resolveSsoUser(first), resolveSsoUser(first), resolveSsoUser(first)]);
    expect(new Set(results.map((r) => ("userId" in r ? r.userId : null))).size).toBe(1);
    expect(await db.userIdentity.count({ where: { providerAccountId: first.providerAccountId } })).toBe(1);
  });

  it("providers' verification claims: email_verified for OpenID Connect and Google; GitHub only shows verified addresses", () => {
    expect(isEmailVerified("oidc", { email_verified: true })).toBe(true);
    expect(isEmailVerified("google", { email_verified: false })).toBe(false);
    expect(isEmailVerified("oidc", {})).toBe(false);
    expect(isEmailVerified("github", {})).toBe(true);
  });

  it("an account without a password is deleted only right after a sign-in", async () => {
    const email = `sso-${randomUUID()}@example.com`;
    const created = await resolveSsoUser(identity(email));
    if (!("userId" in created)) throw new Error("expected a user");
    const { encode } = await import("next-auth/jwt");
    const cookieFor = async (authAt: number) =>
      `authjs.session-token=${await encode({ token: { sub: created.userId, sv: 0, authAt }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token", maxAge: 3600 })}`;
    const del = (cookie: string) =>
      deleteAccountRoute(new Request("http://localhost:3000/api/account", { method: "DELETE", headers: { cookie, "content-type": "application/json" }, body: "{}" }), { params: Promise.resolve({}) });
    const stale = await del(await cookieFor(Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { code: string }).code).toBe("forbidden:reauth");
    expect(await db.user.count({ where: { id: created.userId } })).toBe(1);
    expect((await del(await cookieFor(Math.floor(Date.now() / 1000) - 60))).status).toBe(204);
    expect(await db.user.count({ where: { id: created.userId } })).toBe(0);
    expect(await db.userIdentity.count({ where: { userId: created.userId } })).toBe(0);
  });
});
