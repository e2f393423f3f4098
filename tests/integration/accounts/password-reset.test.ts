/**
 * Password reset by email, end to end against a real SMTP server started by the test: the mail
 * arrives with a link; the link works once; afterwards the old password no longer signs in and
 * every other session has ended. Nothing tells whether an address is registered, one user's
 * link never touches another user, and requests are limited per email and per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as resetRoute } from "@/app/api/password-reset/route";
import { POST as confirmRoute } from "@/app/api/password-reset/confirm/route";
import { GET as listTasks } from "@/app/api/tasks/route";
import { GET as publicFeed } from "@/app/api/calendar-feed/[secret]/route";
import { createApiToken } from "@/lib/auth/tokens";
import { createFeedSecret, currentFeedSecret } from "@/lib/calendar/feed-tokens";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { SOCKET_ADDRESS_HEADER, stampSocketAddress } from "@/lib/http/client-address";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { Browser } from "./auth-client";
import { resetLinkIn, startSmtpServer, textOf } from "./smtp";

const none = { params: Promise.resolve({}) };
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "the new secret phrase";

function askReset(email: string, headers: Record<string, string> = {}) {
  return resetRoute(apiRequest("/api/password-reset", { body: { email }, headers }), none);
}

function confirm(token: string, newPassword = NEW_PASSWORD, headers: Record<string, string> = {}) {
  return confirmRoute(apiRequest("/api/password-reset/confirm", { body: { token, newPassword }, headers }), none);
}

function feedStatus(secret: string): Promise<number> {
  return publicFeed(new Request(`http://localhost:3000/api/calendar-feed/${secret}.ics`), {
    params: Promise.resolve({ secret: `${secret}.ics` }),
  }).then((r) => r.status);
}

function tasksStatus(token: string): Promise<number> {
  return listTasks(apiRequest("/api/tasks", { headers: { authorization: `Bearer ${token}` } }), none).then((r) => r.status);
}

describe("password reset by email", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const saved = { SMTP_URL: process.env.SMTP_URL, AUTH_URL: process.env.AUTH_URL, MAIL_FROM: process.env.MAIL_FROM };
  let ada: TestUser;
  let babbage: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    process.env.AUTH_URL = "http://localhost:3000";
    process.env.MAIL_FROM = "Talk Todo <todo@example.com>";
    resetEnvForTests();
    ada = await createTestUser("ada");
    babbage = await createTestUser("babbage");
  });

  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
    await smtp.close();
  });

  it("mails a link that works once; the old password and every other session stop working; Babbage is untouched", async () => {
    const laptop = new Browser();
    expect(await laptop.signIn(ada.user.email, PASSWORD)).toBe(true);
    const babbageBrowser = new Browser();
    expect(await babbageBrowser.signIn(babbage.user.email, PASSWORD)).toBe(true);
    const babbageBefore = await db.user.findUniqueOrThrow({ where: { id: babbage.user.id } });

    const res = await askReset(ada.user.email.toUpperCase());
    expect(res.status).toBe(202);
    const mail = await smtp.waitForMail(ada.user.email);
    expect(mail.from).toBe("todo@example.com");
    expect(mail.raw).toMatch(/Subject: Reset your Talk Todo password/);
    const link = resetLinkIn(mail);
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;
    // Only a hash is stored.
    const stored = await db.passwordResetToken.findMany({ where: { userId: ada.user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    expect((await confirm(token)).status).toBe(204);
    // Once only.
    const again = await confirm(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe("bad_request:reset_token");

    expect((await listTasks(laptop.request("/api/tasks"), none)).status).toBe(401);
    expect(await new Browser().signIn(ada.user.email, PASSWORD)).toBe(false);
    expect(await new Browser().signIn(ada.user.email, "yet another passphrase")).toBe(false);
    expect(await new Browser().signIn(ada.user.email, NEW_PASSWORD)).toBe(true);

    expect((await listTasks(babbageBrowser.request("/api/tasks"), none)).status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: babbage.user.id } })).toEqual(babbageBefore);
  });

  it("40: a completed reset revokes every token, replaces the feed URL and kills other reset links, and mails what it revoked; Babbage is untouched", async () => {
    const ada = await createTestUser("ada-recovery");
    const babbage = await createTestUser("babbage-recovery");
    // What an intruder would have left behind: a second token and the calendar feed.
    const script = await createApiToken({ userId: ada.user.id, name: "intruder script" });
    const adaFeed = await createFeedSecret({ userId: ada.user.id });
    const babbageFeed = await createFeedSecret({ userId: babbage.user.id });
    expect([await tasksStatus(ada.token), await tasksStatus(script.token), await feedStatus(adaFeed)]).toEqual([200, 200, 200]);

    // Two links outstanding; the owner uses the second.
    await askReset(ada.user.email);
    const first = resetLinkIn(await smtp.waitForMail(ada.user.email)).searchParams.get("token")!;
    const mailsBefore = smtp.mails.length;
    await askReset(ada.user.email);
    for (let i = 0; i < 200 && smtp.mails.length === mailsBefore; i++) await new Promise((r) => setTimeout(r, 50));
    const second = resetLinkIn(smtp.mails.at(-1)!).searchParams.get("token")!;
    expect(second).not.toBe(first);
    const babbageBefore = await db.user.findUniqueOrThrow({ where: { id: babbage.user.id } });

    expect((await confirm(second)).status).toBe(204);

    expect(await tasksStatus(ada.token)).toBe(401);
    expect(await tasksStatus(script.token)).toBe(401);
    expect(await feedStatus(adaFeed)).toBe(404);
    const newFeed = await currentFeedSecret({ userId: ada.user.id });
    expect(newFeed).not.toBeNull();
    expect(newFeed).not.toBe(adaFeed);
    expect(await feedStatus(newFeed!)).toBe(200);
    const other = await confirm(first, "an intruder's password");
    expect(other.status).toBe(400);
    expect(await new Browser().signIn(ada.user.email, "an intruder's password")).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { id: ada.user.id } })).emailVerifiedAt).not.toBeNull();

    // The follow-up mail names the revoked tokens.
    let done: (typeof smtp.mails)[number] | undefined;
    for (let i = 0; i < 200 && !done; i++) {
      done = smtp.mails.find((m) => m.to.includes(ada.user.email) && /Subject: Your Talk Todo password was reset/.test(m.raw));
      if (!done) await new Promise((r) => setTimeout(r, 50));
    }
    expect(done).toBeDefined();
    expect(textOf(done!)).toContain("intruder script");
    expect(textOf(done!)).toContain("tests");
    expect(textOf(done!)).toContain("calendar feed has a new private address");

    expect([await tasksStatus(babbage.token), await feedStatus(babbageFeed)]).toEqual([200, 200]);
    expect(await db.user.findUniqueOrThrow({ where: { id: babbage.user.id } })).toEqual(babbageBefore);
  });

  it("answers an unknown address exactly like a known one, and mails nothing for it", async () => {
    const carol = await createTestUser("carol");
    const unknown = `nobody-${Date.now()}@example.com`;
    const before = smtp.mails.length;
    const a = await askReset(unknown);
    const b = await askReset(carol.user.email);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.text()).toBe(await b.text());
    expect([...a.headers].filter(([k]) => k !== "date")).toEqual([...b.headers].filter(([k]) => k !== "date"));
    await smtp.waitForMail(carol.user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([[carol.user.email]]);
  });

  it("an expired, unknown or malformed token is refused and changes nothing", async () => {
    const dave = await createTestUser("dave");
    await askReset(dave.user.email);
    const token = resetLinkIn(await smtp.waitForMail(dave.user.email)).searchParams.get("token")!;
    await db.passwordResetToken.updateMany({ where: { userId: dave.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await db.user.findUniqueOrThrow({ where: { id: dave.user.id } });
    for (const t of [token, "A".repeat(43), "short", token + "x"]) {
      const res = await confirm(t);
      expect(res.status, t).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("bad_request:reset_token");
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: dave.user.id } })).toEqual(before);
    const weak = await confirm(token, "short");
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { code: string }).code).toBe("bad_request:api");
  });

  it("limits requests per email (registered or not, the same way) and per client address", async () => {
    const erin = await createTestUser("erin");
    for (const email of [erin.user.email, `ghost-${Date.now()}@example.com`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await askReset(email)).status);
      expect(statuses, email).toEqual([202, 202, 202, 429]);
      const limited = await askReset(email);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await limited.json()) as { code: string }).code).toBe("rate_limit:password_reset");
    }
    // At most 3 mails reached Erin.
    await smtp.waitForMail(erin.user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.to.includes(erin.user.email)).length).toBe(3);

    // The client's address as scripts/serve.ts stamps it from the socket.
    const stamped: { headers: Record<string, string>; socket: { remoteAddress: string } } = {
      headers: {},
      socket: { remoteAddress: "203.0.113.77" },
    };
    stampSocketAddress(stamped);
    const address = { [SOCKET_ADDRESS_HEADER]: stamped.headers[SOCKET_ADDRESS_HEADER]! };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await askReset(`many-${i}-${Date.now()}@example.com`, address)).status);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("a bad body is 400 and sends nothing", async () => {
    const before = smtp.mails.length;
    for (const body of [{}, { email: "not-an-email" }, { email: "a@example.com", extra: 1 }]) {
      const res = await resetRoute(apiRequest("/api/password-reset", { body }), none);
      expect(res.status).toBe(400);
    }
    expect(smtp.mails.length).toBe(before);
  });
});
