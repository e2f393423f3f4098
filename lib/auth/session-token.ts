/**
 * The signed-in user's id from the Auth.js session cookie of an API request: what `auth()`
 * returns for a JWT session, read straight from the request. `auth()` runs Auth.js's whole
 * request pipeline (a synthetic request, the callbacks, a re-encrypted cookie that a route
 * handler cannot even set), which cost several milliseconds of CPU on every chat turn.
 *
 * A decoded token is remembered until it expires: the token is an immutable string encrypted
 * with our secret, so the same string always decodes to the same claims. Revocation is not the
 * token's job: `requireUser` checks on every request that the user exists and that the token's
 * session version (`sv`) is still the user's (bumping it ends every session).
 *
 * `renewSessionCookie` re-issues the request's own cookie with a new session version (after a
 * password change the session that made it carries on), `clearSessionCookie` ends it.
 */
import "server-only";
import { decode, encode, getToken, type JWT } from "next-auth/jwt";
import { loadEnv } from "@/lib/env";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/limits";

const SESSION_COOKIE = "authjs.session-token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
const MAX_CACHED = 10_000;

export type SessionClaims = { userId: string; sessionVersion: number; signedInAt: number | null };
type Claims = SessionClaims & { expiresAt: number };
const cache = new Map<string, Claims>();

/** Auth.js picks the cookie name from the protocol the request arrived on (or AUTH_URL's). */
function usesSecureCookie(request: Request): boolean {
  const configured = loadEnv().AUTH_URL;
  if (configured) return configured.startsWith("https://");
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const protocol = forwarded ? forwarded.replace(/:$/, "") : new URL(request.url).protocol.slice(0, -1);
  return protocol === "https";
}

function remember(key: string, claims: Claims): void {
  if (cache.size >= MAX_CACHED) {
    // Expired entries first; if that is not enough, the oldest tenth (a Map keeps insertion order).
    const now = Date.now();
    for (const [k, value] of cache) if (value.expiresAt <= now) cache.delete(k);
    if (cache.size >= MAX_CACHED) {
      let drop = Math.ceil(MAX_CACHED / 10);
      for (const k of cache.keys()) {
        if (drop-- <= 0) break;
        cache.delete(k);
      }
    }
  }
  cache.set(key, claims);
}

/** The session version a token carries; tokens issued before versions existed carry 0. */
export function tokenSessionVersion(token: JWT): number {
  return typeof token.sv === "number" && Number.isInteger(token.sv) ? token.sv : 0;
}

function cookieNameOf(request: Request): { secureCookie: boolean; cookieName: string } {
  const secureCookie = usesSecureCookie(request);
  return { secureCookie, cookieName: secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE };
}

async function rawToken(request: Request, secureCookie: boolean, cookieName: string): Promise<string | null> {
  // getToken reassembles a chunked cookie; `raw` stops before decoding so the cache can answer.
  // It would also read a bearer header, which requireUser handles before calling this.
  const token = await getToken({ req: { headers: { cookie: request.headers.get("cookie") ?? "" } }, secureCookie, cookieName, raw: true });
  return token || null;
}

/** The user id and session version of the request's session, or null (no cookie, tampered, expired, other secret). */
export async function sessionClaims(request: Request): Promise<SessionClaims | null> {
  const { secureCookie, cookieName } = cookieNameOf(request);
  const token = await rawToken(request, secureCookie, cookieName);
  if (!token) return null;
  const now = Date.now();
  // The cookie name is part of the key: Auth.js salts the encryption with it, so a token is only
  // valid under the name it was issued for.
  const key = `${cookieName}\n${token}`;
  const known = cache.get(key);
  if (known) {
    if (known.expiresAt > now) return { userId: known.userId, sessionVersion: known.sessionVersion, signedInAt: known.signedInAt };
    cache.delete(key);
    return null;
  }
  const claims = await decodeToken(token, cookieName);
  if (!claims?.sub || typeof claims.exp !== "number") return null;
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= now) return null;
  const result = {
    userId: claims.sub,
    sessionVersion: tokenSessionVersion(claims),
    signedInAt: typeof claims.authAt === "number" ? claims.authAt * 1000 : null,
  };
  remember(key, { ...result, expiresAt });
  return result;
}

async function decodeToken(token: string, cookieName: string): Promise<JWT | null> {
  const secret = loadEnv().AUTH_SECRET;
  if (!secret) return null;
  try {
    return await decode({ token, secret, salt: cookieName });
  } catch {
    return null;
  }
}

function cookieAttributes(secureCookie: boolean, maxAge: number): string {
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `Path=/; Expires=${expires}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? "; Secure" : ""}`;
}

/** Set-Cookie values that expire every chunk (`name.0`, `name.1`…) of a chunked session cookie. */
function staleChunks(request: Request, cookieName: string, secureCookie: boolean): string[] {
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(`${cookieName}.`));
  return names.map((name) => `${name}=; ${cookieAttributes(secureCookie, 0)}`);
}

/**
 * Set-Cookie values that give the request's session the new session version (its other claims
 * kept, a fresh 7-day expiry), or [] when the request has no valid session cookie.
 */
export async function renewSessionCookie(request: Request, sessionVersion: number): Promise<string[]> {
  return reissueSessionCookie(request, { sv: sessionVersion });
}

/**
 * Set-Cookie values that re-issue the request's session with some claims changed (the session
 * version, `authAt` after the password was re-entered), or [] without a valid session cookie.
 */
export async function reissueSessionCookie(request: Request, changes: { sv?: number; authAt?: number }): Promise<string[]> {
  const { secureCookie, cookieName } = cookieNameOf(request);
  const token = await rawToken(request, secureCookie, cookieName);
  const secret = loadEnv().AUTH_SECRET;
  if (!token || !secret) return [];
  const claims = await decodeToken(token, cookieName);
  if (!claims?.sub) return [];
  // encode() sets iat, exp and jti afresh.
  const kept: JWT = { ...claims, ...changes };
  delete kept.iat;
  delete kept.exp;
  delete kept.jti;
  const renewed = await encode({ token: kept, secret, salt: cookieName, maxAge: SESSION_MAX_AGE_SECONDS });
  return [
    ...staleChunks(request, cookieName, secureCookie),
    `${cookieName}=${renewed}; ${cookieAttributes(secureCookie, SESSION_MAX_AGE_SECONDS)}`,
  ];
}

/** Set-Cookie values that remove the request's session cookie (and its chunks). */
export function clearSessionCookie(request: Request): string[] {
  const { secureCookie, cookieName } = cookieNameOf(request);
  return [...staleChunks(request, cookieName, secureCookie), `${cookieName}=; ${cookieAttributes(secureCookie, 0)}`];
}
