/**
 * Signing in by the Auth.js session cookie, read straight from the request (lib/auth/session-token.ts)
 * by `requireUser`: real cookies encrypted with the app's secret are accepted under the cookie name
 * Auth.js gives them for the request's protocol (also when chunked); tampered, foreign, expired or
 * missing cookies, and cookies of deleted accounts, are 401 even after the token was cached.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { GET as listRoute, POST as createRoute } from "@/app/api/tasks/route";
import { requireUser } from "@/lib/auth/require-user";
import { db } from "@/lib/db";
import { loadEnv, resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, type TestUser } from "../helpers";

const PLAIN = "authjs.session-token";
const SECURE = "__Secure-authjs.session-token";
const none = { params: Promise.resolve({}) };

let secret: string;

/** A session token as Auth.js issues it: the claims encrypted with the secret, salted with the cookie name. */
function sessionToken(sub: string | undefined, options: { cookieName?: string; secret?: string; maxAge?: number } = {}): Promise<string> {
  const cookieName = options.cookieName ?? PLAIN;
  return encode({
    token: sub === undefined ? {} : { sub },
    secret: options.secret ?? secret,
    salt: cookieName,
    maxAge: options.maxAge ?? 3600,
  });
}

function get(cookie: string | null, init: { url?: string; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (cookie !== null) headers.cookie = cookie;
  return new Request(init.url ?? "http://localhost:3000/api/tasks", { headers });
}

async function rejectionOf(request: Request): Promise<AppError> {
  const error = await requireUser(request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "requireUser should have rejected").toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectUnauthorized(request: Request): Promise<AppError> {
  const error = await rejectionOf(request);
  expect(error.code).toBe("unauthorized:session");
  expect(error.status).toBe(401);
  return error;
}

describe("session cookie", () => {
  const savedAuthUrl = process.env.AUTH_URL;
  let ada: TestUser;

  beforeAll(async () => {
    // The cookie name must follow the request, not a configured public URL.
    delete process.env.AUTH_URL;
    resetEnvForTests();
    const configured = loadEnv().AUTH_SECRET;
    if (!configured) throw new Error("tests/setup/env.ts should provide AUTH_SECRET");
    secret = configured;
    ada = await createTestUser("ada");
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(() => {
    if (savedAuthUrl === undefined) delete process.env.AUTH_URL;
    else process.env.AUTH_URL = savedAuthUrl;
    resetEnvForTests();
  });

  it("a valid cookie signs in as its user, among other cookies", async () => {
    const token = await sessionToken(ada.user.id);
    const auth = await requireUser(get(`theme=dark; ${PLAIN}=${token}; other=1`));
    expect(auth).toEqual({ user: ada.user, via: "session" });
    // A second request with the same cookie (answered from the cache) is the same user.
    expect(await requireUser(get(`${PLAIN}=${token}`))).toEqual({ user: ada.user, via: "session" });
  });

  it("no cookie, an empty one or an unrelated one is 401", async () => {
    await expectUnauthorized(get(null));
    await expectUnauthorized(get(`${PLAIN}=`));
    await expectUnauthorized(get("theme=dark"));
  });

  it("on http the cookie is authjs.session-token; the __Secure- name is not read there", async () => {
    const secureToken = await sessionToken(ada.user.id, { cookieName: SECURE });
    await expectUnauthorized(get(`${SECURE}=${secureToken}`));
  });

  it("behind https (x-forwarded-proto) or on an https URL the cookie is __Secure-authjs.session-token, and the plain name is refused", async () => {
    const secureToken = await sessionToken(ada.user.id, { cookieName: SECURE });
    const plainToken = await sessionToken(ada.user.id);
    const forwarded = { headers: { "x-forwarded-proto": "https" } };
    const httpsUrl = { url: "https://todo.example.com/api/tasks" };
    for (const init of [forwarded, httpsUrl]) {
      expect((await requireUser(get(`${SECURE}=${secureToken}`, init))).user.id).toBe(ada.user.id);
      await expectUnauthorized(get(`${PLAIN}=${plainToken}`, init));
    }
    // The plain token itself is fine: it is accepted on http, where its name belongs.
    expect((await requireUser(get(`${PLAIN}=${plainToken}`))).user.id).toBe(ada.user.id);
  });

  it("AUTH_URL=https://… selects the __Secure- cookie whatever the request says", async () => {
    const secureToken = await sessionToken(ada.user.id, { cookieName: SECURE });
    const plainToken = await sessionToken(ada.user.id);
    process.env.AUTH_URL = "https://todo.example.com";
    resetEnvForTests();
    try {
      expect((await requireUser(get(`${SECURE}=${secureToken}`))).user.id).toBe(ada.user.id);
      await expectUnauthorized(get(`${PLAIN}=${plainToken}`));
    } finally {
      delete process.env.AUTH_URL;
      resetEnvForTests();
    }
  });

  it("a token is bound to its cookie name: one issued for the __Secure- cookie is refused under the plain name", async () => {
    const secureToken = await sessionToken(ada.user.id, { cookieName: SECURE });
    await expectUnauthorized(get(`${PLAIN}=${secureToken}`));
    // Also once the token has been accepted (and remembered) under its own name.
    const https = { headers: { "x-forwarded-proto": "https" } };
    expect((await requireUser(get(`${SECURE}=${secureToken}`, https))).user.id).toBe(ada.user.id);
    await expectUnauthorized(get(`${PLAIN}=${secureToken}`));
  });

  it("a tampered token is 401", async () => {
    const token = await sessionToken(ada.user.id);
    const parts = token.split(".");
    expect(parts).toHaveLength(5); // JWE compact: header.key.iv.ciphertext.tag
    const ciphertext = parts[3]!;
    const middle = Math.floor(ciphertext.length / 2);
    parts[3] = ciphertext.slice(0, middle) + (ciphertext[middle] === "A" ? "B" : "A") + ciphertext.slice(middle + 1);
    await expectUnauthorized(get(`${PLAIN}=${parts.join(".")}`));
    await expectUnauthorized(get(`${PLAIN}=not-a-token`));
    // The untouched token still works, so the 401s above are about the tampering.
    expect((await requireUser(get(`${PLAIN}=${token}`))).user.id).toBe(ada.user.id);
  });

  it("a token encrypted with another secret is 401", async () => {
    const foreign = await sessionToken(ada.user.id, { secret: "another-secret-that-is-long-enough-0123456789" });
    await expectUnauthorized(get(`${PLAIN}=${foreign}`));
  });

  it("an expired token is 401, also within the decoder's clock tolerance", async () => {
    // Long expired: the JWT library itself refuses it.
    await expectUnauthorized(get(`${PLAIN}=${await sessionToken(ada.user.id, { maxAge: -3600 })}`));
    // Expiring now: still inside jose's 15 s clock tolerance, so only our own expiry check stops it.
    await expectUnauthorized(get(`${PLAIN}=${await sessionToken(ada.user.id, { maxAge: 0 })}`));
  });

  it("a token accepted (and cached) before is 401 once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await sessionToken(ada.user.id, { maxAge: 60 });
    expect((await requireUser(get(`${PLAIN}=${token}`))).user.id).toBe(ada.user.id);
    vi.setSystemTime(Date.now() + 61_000);
    await expectUnauthorized(get(`${PLAIN}=${token}`));
  });

  it("a token without a subject, or whose subject is not a user id, is 401", async () => {
    await expectUnauthorized(get(`${PLAIN}=${await sessionToken(undefined)}`));
    await expectUnauthorized(get(`${PLAIN}=${await sessionToken("not-a-uuid")}`));
    await expectUnauthorized(get(`${PLAIN}=${await sessionToken("00000000-0000-4000-8000-000000000000")}`));
  });

  it("the cookie of a deleted account is 401 although the same token was accepted just before", async () => {
    const gone = await createTestUser("gone");
    const token = await sessionToken(gone.user.id);
    expect(await requireUser(get(`${PLAIN}=${token}`))).toEqual({ user: gone.user, via: "session" });
    await db.user.delete({ where: { id: gone.user.id } });
    const error = await expectUnauthorized(get(`${PLAIN}=${token}`));
    expect(error.message).toBe("Your account no longer exists. Please sign in again.");
  });

  it("a chunked cookie (.0 + .1, in any order) is reassembled; half of it is not enough", async () => {
    const token = await sessionToken(ada.user.id);
    const cut = Math.floor(token.length / 2);
    const [first, second] = [token.slice(0, cut), token.slice(cut)];
    expect((await requireUser(get(`${PLAIN}.0=${first}; ${PLAIN}.1=${second}`))).user.id).toBe(ada.user.id);
    expect((await requireUser(get(`${PLAIN}.1=${second}; ${PLAIN}.0=${first}`))).user.id).toBe(ada.user.id);

    const other = await sessionToken(ada.user.id);
    await expectUnauthorized(get(`${PLAIN}.0=${other.slice(0, cut)}`));
  });

  it("a cookie-authenticated POST passes with a same-origin Origin and is refused cross-site", async () => {
    const token = await sessionToken(ada.user.id);
    const post = (origin: string) =>
      new Request("http://localhost:3000/api/tasks", {
        method: "POST",
        headers: { cookie: `${PLAIN}=${token}`, host: "localhost:3000", origin },
      });
    expect(await requireUser(post("http://localhost:3000"))).toEqual({ user: ada.user, via: "session" });
    const error = await rejectionOf(post("https://evil.example"));
    expect(error.code).toBe("forbidden:origin");
    expect(error.status).toBe(403);
  });

  it("GET /api/tasks with the session cookie lists that user's tasks only", async () => {
    const grace = await createTestUser("grace");
    const alan = await createTestUser("alan");
    for (const [user, title] of [
      [grace, "Grace: compile the report"],
      [grace, "Grace: fix the moth"],
      [alan, "Alan: break the code"],
    ] as const) {
      const res = await createRoute(apiRequest("/api/tasks", { body: { title }, headers: user.auth }), none);
      expect(res.status).toBe(201);
    }

    const cookie = `${PLAIN}=${await sessionToken(grace.user.id)}`;
    const res = await listRoute(new Request("http://localhost:3000/api/tasks", { headers: { cookie } }), none);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { tasks: TaskView[] };
    expect(body.tasks.map((t) => t.title).sort()).toEqual(["Grace: compile the report", "Grace: fix the moth"]);

    const anonymous = await listRoute(new Request("http://localhost:3000/api/tasks"), none);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe("unauthorized:session");
  });
});
