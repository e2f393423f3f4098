/**
 * "Link a sign-in method" from Settings: `POST /api/account/identities` (a recent sign-in
 * required) sets a short-lived cookie naming the user and the provider, signed with
 * AUTH_SECRET; the browser then goes through the provider's sign-in. When it comes back, the
 * signIn callback links the identity to that user, but only if the browser's session is still
 * that user's: a signed-out (shared) browser cannot link anyone's identity to anyone.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { loadEnv } from "@/lib/env";
import { REAUTH_WINDOW_MS } from "@/lib/limits";

export const LINK_INTENT_COOKIE = "talk-todo.sso-link";

function signature(payload: string): Buffer {
  const secret = loadEnv().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  return createHmac("sha256", secret).update(`sso-link\n${payload}`).digest();
}

/** The Set-Cookie value for an intent to link `provider` to the user (valid REAUTH_WINDOW_MS). */
export function linkIntentCookie({
  userId,
  provider,
  secure,
  now = Date.now(),
}: {
  userId: string;
  provider: string;
  secure: boolean;
  now?: number;
}): string {
  const payload = `${userId}.${provider}.${now + REAUTH_WINDOW_MS}`;
  const value = `${payload}.${signature(payload).toString("base64url")}`;
  return `${LINK_INTENT_COOKIE}=${value}; Path=/api/auth; Max-Age=${REAUTH_WINDOW_MS / 1000}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The intent in a request's cookies, or null (none, tampered, expired). */
export function readLinkIntent(cookieHeader: string | null, now = Date.now()): { userId: string; provider: string } | null {
  const raw = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LINK_INTENT_COOKIE}=`))
    ?.slice(LINK_INTENT_COOKIE.length + 1);
  const parts = raw?.split(".");
  if (parts?.length !== 4) return null;
  const [userId, provider, expires, sig] = parts as [string, string, string, string];
  const expected = signature(`${userId}.${provider}.${expires}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expires) > now)) return null;
  return { userId, provider };
}
