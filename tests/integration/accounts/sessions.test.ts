/**
 * Session versions, through the real Auth.js sign-in and the real route handlers, with two
 * users: a password change ends every other session of that user at once (the session that
 * made it carries on with a re-issued cookie); "sign out everywhere" ends them all; sessions
 * slide (each read through Auth.js re-issues the cookie for 7 more days). The other user is
 * never touched.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { decode } from "next-auth/jwt";
import { GET as listTasks } from "@/app/api/tasks/route";
import { POST as changePasswordRoute } from "@/app/api/account/password/route";
import { DELETE as endSessionsRoute } from "@/app/api/account/sessions/route";
import { db } from "@/lib/db";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { Browser } from "./auth-client";

const none = { params: Promise.resolve({}) };
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase";

async function tasksStatus(browser: Browser): Promise<number> {
  return (await listTasks(browser.request("/api/tasks"), none)).status;
}

async function signedIn(user: TestUser, password = PASSWORD): Promise<Browser> {
  const browser = new Browser();
  expect(await browser.signIn(user.user.email, password)).toBe(true);
  return browser;
}

describe("sessions", () => {
  let ada: TestUser;
  let babbage: TestUser;

  beforeEach(async () => {
    ada = await createTestUser("ada");
    babbage = await createTestUser("babbage");
  });

  it("changing the password ends Ada's other sessions, keeps this one (re-issued), and leaves Babbage alone", async () => {
    const laptop = await signedIn(ada);
    const phone = await signedIn(ada);
    const babbageBrowser = await signedIn(babbage);
    const laptopBefore = laptop.clone();
    for (const b of [laptop, phone, babbageBrowser]) expect(await tasksStatus(b)).toBe(200);

    const res = await changePasswordRoute(
      laptop.request("/api/account/password", { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }),
      none,
    );
    expect(res.status).toBe(204);
    laptop.store(res);
    expect(laptop.sessionToken()).not.toBe(laptopBefore.sessionToken());

    expect(await tasksStatus(laptop)).toBe(200);
    const ended = await listTasks(phone.request("/api/tasks"), none);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ code: "unauthorized:session", message: "Your session has ended. Please sign in again." });
    // The laptop's cookie from before the change is as dead as the phone's.
    expect(await tasksStatus(laptopBefore)).toBe(401);
    expect(await tasksStatus(babbageBrowser)).toBe(200);
    // Ada's personal access token is not a session: it keeps working.
    expect((await listTasks(apiRequest("/api/tasks", { headers: ada.auth }), none)).status).toBe(200);

    // Auth.js agrees: the ended session is reported as none and its cookie removed; it cannot be renewed.
    expect(await phone.session()).toBeNull();
    expect(phone.sessionToken()).toBeUndefined();
    expect((await laptop.session())?.user?.email).toBe(ada.user.email);

    // The old password no longer signs in; the new one does.
    expect(await new Browser().signIn(ada.user.email, PASSWORD)).toBe(false);
    expect(await tasksStatus(await signedIn(ada, NEW_PASSWORD))).toBe(200);
    expect(await new Browser().signIn(babbage.user.email, PASSWORD)).toBe(true);
  });

  it("a wrong current password is 403 and changes nothing; a bad body is 400", async () => {
    const laptop = await signedIn(ada);
    const phone = await signedIn(ada);
    const before = await db.user.findUniqueOrThrow({ where: { id: ada.user.id } });

    const wrong = await changePasswordRoute(
      laptop.request("/api/account/password", { json: { currentPassword: "not it at all", newPassword: NEW_PASSWORD } }),
      none,
    );
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { code: string }).code).toBe("forbidden:password");

    for (const json of [
      { currentPassword: PASSWORD, newPassword: "short" },
      { currentPassword: PASSWORD },
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, userId: babbage.user.id },
    ]) {
      const res = await changePasswordRoute(laptop.request("/api/account/password", { json }), none);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const unauthenticated = await changePasswordRoute(
      new Browser().request("/api/account/password", { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }),
      none,
    );
    expect(unauthenticated.status).toBe(401);

    const after = await db.user.findUniqueOrThrow({ where: { id: ada.user.id } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(await tasksStatus(phone)).toBe(200);
  });

  it("sign out everywhere ends every session of Ada, this one too; tokens and Babbage carry on", async () => {
    const laptop = await signedIn(ada);
    const phone = await signedIn(ada);
    const babbageBrowser = await signedIn(babbage);
    const laptopCookie = laptop.clone();

    const res = await endSessionsRoute(laptop.request("/api/account/sessions", { method: "DELETE" }), none);
    expect(res.status).toBe(204);
    laptop.store(res);
    expect(laptop.sessionToken()).toBeUndefined();

    for (const b of [phone, laptopCookie]) expect(await tasksStatus(b)).toBe(401);
    expect(await tasksStatus(babbageBrowser)).toBe(200);
    expect((await listTasks(apiRequest("/api/tasks", { headers: ada.auth }), none)).status).toBe(200);
    // Signing in again works and starts a new session.
    expect(await tasksStatus(await signedIn(ada))).toBe(200);
  });

  it("sessions last 7 days and slide: reading the session re-issues the cookie with a fresh expiry", async () => {
    const browser = await signedIn(ada);
    const secret = process.env.AUTH_SECRET!;
    const first = await decode({ token: browser.sessionToken()!, secret, salt: "authjs.session-token" });
    const week = 7 * 24 * 60 * 60;
    expect(first!.exp! - first!.iat!).toBe(week);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const session = await browser.session();
    expect(session?.user?.email).toBe(ada.user.email);
    const renewed = await decode({ token: browser.sessionToken()!, secret, salt: "authjs.session-token" });
    expect(renewed!.exp!).toBeGreaterThan(first!.exp!);
    expect(renewed!.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(week - 5);
    expect(await tasksStatus(browser)).toBe(200);
  });
});
