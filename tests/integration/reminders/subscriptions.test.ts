/**
 * Push subscriptions through the API: only endpoints on an allowed push service are accepted
 * (a user-supplied URL the server would POST to), the same endpoint twice is one device, and a
 * user can neither list nor delete another user's devices. Preferences likewise per user.
 */
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as publicKeyRoute } from "@/app/api/push/public-key/route";
import { GET as listRoute, POST as subscribeRoute } from "@/app/api/push/subscriptions/route";
import { DELETE as deleteRoute } from "@/app/api/push/subscriptions/[id]/route";
import { GET as getPreferences, PATCH as patchPreferences } from "@/app/api/account/preferences/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { apiRequest, createTestUser, params, sessionCookie, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };
const saved = {
  PUSH_ALLOWED_ORIGINS: process.env.PUSH_ALLOWED_ORIGINS,
  VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY,
};

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const fcmEndpoint = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString("base64url")}`;

async function subscribe(user: TestUser, endpoint: string, extra: Record<string, unknown> = {}) {
  return subscribeRoute(
    apiRequest("/api/push/subscriptions", {
      body: { endpoint, keys: browserKeys(), ...extra },
      headers: await sessionCookie(user.user.id),
    }),
    none,
  );
}

async function list(user: TestUser) {
  const res = await listRoute(apiRequest("/api/push/subscriptions", { headers: await sessionCookie(user.user.id) }), none);
  expect(res.status).toBe(200);
  return ((await res.json()) as { subscriptions: { id: string; label: string }[] }).subscriptions;
}

beforeAll(() => {
  delete process.env.PUSH_ALLOWED_ORIGINS; // the defaults: the browsers' push services
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  process.env.VAPID_PUBLIC_KEY = ecdh.getPublicKey().toString("base64url");
  process.env.VAPID_PRIVATE_KEY = ecdh.getPrivateKey().toString("base64url");
  resetEnvForTests();
});

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

describe("push subscriptions", () => {
  it("serves the VAPID public key", async () => {
    const res = await publicKeyRoute(apiRequest("/api/push/public-key"), none);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: process.env.VAPID_PUBLIC_KEY });
  });

  it.each([
    ["Chrome (FCM)", "https://fcm.googleapis.com/fcm/send/abc123"],
    ["Firefox", "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABc"],
    ["Safari", "https://web.push.apple.com/QGuQyavXutnMH"],
    ["Edge", "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB"],
  ])("accepts the push service of %s", async (_name, endpoint) => {
    const user = await createTestUser("browser");
    const res = await subscribe(user, `${endpoint}${randomBytes(4).toString("hex")}`, { label: "My browser" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      id: expect.any(String),
      label: "My browser",
      createdAt: expect.any(String),
      lastSuccessAt: null,
    });
  });

  it.each([
    ["an internal address", "http://127.0.0.1:5432/x"],
    ["the cloud metadata service", "http://169.254.169.254/latest/meta-data"],
    ["an https look-alike host", "https://fcm.googleapis.com.evil.example/fcm/send/x"],
    ["a push service on another port", "https://fcm.googleapis.com:8443/fcm/send/x"],
    ["plain http to a push service", "http://fcm.googleapis.com/fcm/send/x"],
    ["credentials in the URL", "https://user:pw@fcm.googleapis.com/fcm/send/x"],
    ["a host that only begins like a push service", "https://web.push.apple.com.attacker.net/x"],
  ])("refuses %s (400 invalid_input) and stores nothing", async (_name, endpoint) => {
    const user = await createTestUser("ssrf");
    const res = await subscribe(user, endpoint);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("bad_request:invalid_input");
    expect(await db.pushSubscription.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it("refuses malformed keys", async () => {
    const user = await createTestUser("keys");
    const res = await subscribeRoute(
      apiRequest("/api/push/subscriptions", {
        body: { endpoint: fcmEndpoint(), keys: { p256dh: "short", auth: "x" } },
        headers: await sessionCookie(user.user.id),
      }),
      none,
    );
    expect(res.status).toBe(400);
  });

  it("keeps one device for the same endpoint subscribed again (200)", async () => {
    const user = await createTestUser("again");
    const endpoint = fcmEndpoint();
    const first = await subscribe(user, endpoint, { label: "Old name" });
    const second = await subscribe(user, endpoint, { label: "New name" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect(await list(user)).toEqual([expect.objectContaining({ label: "New name" })]);
  });

  it("needs the session: an access token cannot manage devices", async () => {
    const user = await createTestUser("token");
    const res = await subscribeRoute(
      apiRequest("/api/push/subscriptions", { body: { endpoint: fcmEndpoint(), keys: browserKeys() }, headers: user.auth }),
      none,
    );
    expect(res.status).toBe(403);
  });
});

describe("isolation between users", () => {
  it("one user can neither list nor delete another's devices", async () => {
    const alice = await createTestUser("alice");
    const mallory = await createTestUser("mallory");
    const created = (await (await subscribe(alice, fcmEndpoint(), { label: "Alice's phone" })).json()) as { id: string };
    await subscribe(mallory, fcmEndpoint(), { label: "Mallory's laptop" });

    expect((await list(mallory)).map((s) => s.label)).toEqual(["Mallory's laptop"]);
    const stolen = await deleteRoute(
      apiRequest(`/api/push/subscriptions/${created.id}`, { method: "DELETE", headers: await sessionCookie(mallory.user.id) }),
      params({ id: created.id }),
    );
    expect(stolen.status).toBe(404);
    expect((await list(alice)).map((s) => s.id)).toEqual([created.id]);

    const own = await deleteRoute(
      apiRequest(`/api/push/subscriptions/${created.id}`, { method: "DELETE", headers: await sessionCookie(alice.user.id) }),
      params({ id: created.id }),
    );
    expect(own.status).toBe(204);
    expect(await list(alice)).toEqual([]);
  });

  it("keeps each user's preferences to themselves", async () => {
    const alice = await createTestUser("alice");
    const bob = await createTestUser("bob");
    const patched = await patchPreferences(
      apiRequest("/api/account/preferences", {
        method: "PATCH",
        body: { emailReminders: true, agendaHour: 6 },
        headers: await sessionCookie(alice.user.id),
      }),
      none,
    );
    expect(await patched.json()).toEqual({ emailReminders: true, agendaEmail: false, agendaHour: 6 });
    const bobs = await getPreferences(apiRequest("/api/account/preferences", { headers: await sessionCookie(bob.user.id) }), none);
    expect(await bobs.json()).toEqual({ emailReminders: false, agendaEmail: false, agendaHour: 7 });
    const bad = await patchPreferences(
      apiRequest("/api/account/preferences", { method: "PATCH", body: { agendaHour: 24 }, headers: await sessionCookie(alice.user.id) }),
      none,
    );
    expect(bad.status).toBe(400);
  });
});
