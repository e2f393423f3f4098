/**
 * The signed-in user's id from the Auth.js session cookie of an API request: what `auth()`
 * returns for a JWT session, read straight from the request. `auth()` runs Auth.js's whole
 * request pipeline (a synthetic request, the callbacks, a re-encrypted cookie that a route
 * handler cannot even set), which cost several milliseconds of CPU on every chat turn.
 *
 * A decoded token is remembered until it expires: the token is an immutable string encrypted
 * with our secret, so the same string always decodes to the same claims. Revocation is not the
 * token's job: `requireUser` still checks that the user exists on every request.
 */
import "server-only";
import { decode, getToken } from "next-auth/jwt";
import { loadEnv } from "@/lib/env";

const SESSION_COOKIE = "authjs.session-token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
const MAX_CACHED = 10_000;

type Claims = { userId: string; expiresAt: number };
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

/** The user id of the request's session, or null (no cookie, tampered, expired, other secret). */
export async function sessionUserId(request: Request): Promise<string | null> {
  const secureCookie = usesSecureCookie(request);
  const cookieName = secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  // getToken reassembles a chunked cookie; `raw` stops before decoding so the cache can answer.
  // It would also read a bearer header, which requireUser handles before calling this.
  const token = await getToken({ req: { headers: { cookie: request.headers.get("cookie") ?? "" } }, secureCookie, cookieName, raw: true });
  if (!token) return null;
  const now = Date.now();
  // The cookie name is part of the key: Auth.js salts the encryption with it, so a token is only
  // valid under the name it was issued for.
  const key = `${cookieName}\n${token}`;
  const known = cache.get(key);
  if (known) {
    if (known.expiresAt > now) return known.userId;
    cache.delete(key);
    return null;
  }
  const secret = loadEnv().AUTH_SECRET;
  if (!secret) return null;
  try {
    const claims = await decode({ token, secret, salt: cookieName });
    if (!claims?.sub || typeof claims.exp !== "number") return null;
    const expiresAt = claims.exp * 1000;
    if (expiresAt <= now) return null;
    remember(key, { userId: claims.sub, expiresAt });
    return claims.sub;
  } catch {
    return null;
  }
}
