/**
 * SECURITY.md 41 with two users: a session signed in more than 10 minutes ago cannot create an
 * access token or a calendar-feed URL, link a sign-in method or (without a password) delete the
 * account — `403 forbidden:reauth_required`, nothing created — until the password is re-entered
 * with `POST /api/account/reauth`, which makes only that session recent again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as reauthRoute } from "@/app/api/account/reauth/route";
import { POST as identitiesRoute } from "@/app/api/account/identities/route";
import { GET as feedGet, POST as feedPost } from "@/app/api/calendar-feed/route";
import { POST as createTokenRoute } from "@/app/api/tokens/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { REAUTH_WINDOW_MS } from "@/lib/limits";
import { apiRequest, createTestUser, sessionCookie } from "../helpers";
import { Browser } from "./auth-client";

const none = { params: Promise.resolve({}) };
const PASSWORD = "correct horse battery staple";
const ORIGIN_HEADERS = { origin: "http://localhost:3000", host: "localhost:3000" };

async function code(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

describe("recent sign-in for sensitive actions", () => {
  const saved = {
    AUTH_OIDC_ISSUER: process.env.AUTH_OIDC_ISSUER,
    AUTH_OIDC_ID: process.env.AUTH_OIDC_ID,
    AUTH_OIDC_SECRET: process.env.AUTH_OIDC_SECRET,
  };
  beforeAll(() => {
    process.env.AUTH_OIDC_ISSUER = "http://127.0.0.1:9/oidc";
    process.env.AUTH_OIDC_ID = "client";
    process.env.AUTH_OIDC_SECRET = "secret";
    resetEnvForTests();
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  });

  it("a stale session gets 403 forbidden:reauth_required and creates nothing; a fresh one works", async () => {
    const ada = await createTestUser("ada");
    const stale = { ...(await sessionCookie(ada.user.id, { signedInAt: Date.now() - REAUTH_WINDOW_MS - 60_000 })), ...ORIGIN_HEADERS };
    const fresh = { ...(await sessionCookie(ada.user.id, { signedInAt: Date.now() - 60_000 })), ...ORIGIN_HEADERS };
    const tokensBefore = await db.apiToken.count({ where: { userId: ada.user.id } });

    for (const res of [
      await createTokenRoute(apiRequest("/api/tokens", { body: { name: "stolen" }, headers: stale }), none),
      await feedPost(apiRequest("/api/calendar-feed", { method: "POST", headers: stale }), none),
      await identitiesRoute(apiRequest("/api/account/identities", { body: { provider: "oidc" }, headers: stale }), none),
    ]) {
      expect(res.status).toBe(403);
      expect(await code(res)).toBe("forbidden:reauth_required");
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(await db.apiToken.count({ where: { userId: ada.user.id } })).toBe(tokensBefore);
    expect(await db.calendarFeed.count({ where: { userId: ada.user.id } })).toBe(0);
    // Reading the feed URL needs no re-authentication.
    expect((await feedGet(apiRequest("/api/calendar-feed", { headers: stale }), none)).status).toBe(200);

    expect((await createTokenRoute(apiRequest("/api/tokens", { body: { name: "mine" }, headers: fresh }), none)).status).toBe(201);
    expect((await feedPost(apiRequest("/api/calendar-feed", { method: "POST", headers: fresh }), none)).status).toBe(201);
    const linked = await identitiesRoute(apiRequest("/api/account/identities", { body: { provider: "oidc" }, headers: fresh }), none);
    expect(linked.status).toBe(204);
    expect(linked.headers.getSetCookie().join("\n")).toMatch(
      /^talk-todo\.sso-link=.+; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
  });

  it("re-entering the password makes this session recent again, and only this one; a wrong one does not", async () => {
    const ada = await createTestUser("ada");
    const babbage = await createTestUser("babbage");
    // A real browser session, ten minutes on.
    const laptop = new Browser();
    expect(await laptop.signIn(ada.user.email, PASSWORD)).toBe(true);
    const babbageBrowser = new Browser();
    expect(await babbageBrowser.signIn(babbage.user.email, PASSWORD)).toBe(true);
    const later = Date.now() + REAUTH_WINDOW_MS + 60_000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      const mint = (browser: Browser) => createTokenRoute(browser.request("/api/tokens", { json: { name: "cli" } }), none);
      expect(await code(await mint(laptop))).toBe("forbidden:reauth_required");

      const wrong = await reauthRoute(laptop.request("/api/account/reauth", { json: { password: "not it" } }), none);
      expect(wrong.status).toBe(403);
      expect(await code(wrong)).toBe("forbidden:password");
      expect((await mint(laptop)).status).toBe(403);

      // Babbage's password does not re-authenticate Ada.
      expect((await reauthRoute(laptop.request("/api/account/reauth", { json: { password: PASSWORD.toUpperCase() } }), none)).status).toBe(
        403,
      );

      const ok = await reauthRoute(laptop.request("/api/account/reauth", { json: { password: PASSWORD } }), none);
      expect(ok.status).toBe(204);
      laptop.store(ok);
      expect((await mint(laptop)).status).toBe(201);
      // Babbage's stale session is still stale.
      expect(await code(await mint(babbageBrowser))).toBe("forbidden:reauth_required");
      // A bearer token can never re-authenticate.
      expect((await reauthRoute(apiRequest("/api/account/reauth", { body: { password: PASSWORD }, headers: ada.auth }), none)).status).toBe(
        403,
      );
    } finally {
      Date.now = realNow;
    }
  });
});
