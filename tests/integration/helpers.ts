/**
 * Integration-test helpers: real users with real personal access tokens in the test database,
 * and requests to route handlers called directly (bearer auth needs no Next request context).
 */
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { createUser, type SessionUser } from "@/lib/auth/users";
import { createApiToken } from "@/lib/auth/tokens";

export type TestUser = { user: SessionUser; token: string; auth: Record<string, string> };

export async function createTestUser(name = "user"): Promise<TestUser> {
  const user = await createUser({ email: `${name}-${randomUUID()}@example.com`, password: "correct horse battery staple", name });
  const { token } = await createApiToken({ userId: user.id, name: "tests" });
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Request {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(init.body);
  }
  return new Request(`http://localhost:3000${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

export function params<T extends Record<string, string>>(value: T): { params: Promise<T> } {
  return { params: Promise.resolve(value) };
}

/**
 * A session cookie header as Auth.js issues it on plain http (what a signed-in browser sends),
 * signed in `signedInAt` (default: now; actions such as creating a token need a recent sign-in).
 */
export async function sessionCookie(
  userId: string,
  { signedInAt = Date.now(), sessionVersion }: { signedInAt?: number; sessionVersion?: number } = {},
): Promise<Record<string, string>> {
  const name = "authjs.session-token";
  const claims = { sub: userId, authAt: Math.floor(signedInAt / 1000), ...(sessionVersion === undefined ? {} : { sv: sessionVersion }) };
  const token = await encode({ token: claims, secret: process.env.AUTH_SECRET!, salt: name, maxAge: 3600 });
  return { cookie: `${name}=${token}` };
}
