/** Brute-force protection for sign-in: failed attempts per email and client address. */
import "server-only";
import { LOGIN_ATTEMPTS_PER_WINDOW, LOGIN_WINDOW_MS } from "@/lib/limits";
import { incrementKeyCounter, readKeyCounter, windowStart } from "@/lib/rate-limit/counter";

function keys(email: string, address: string): string[] {
  // Per email (stops a distributed guess at one account) and per email+address.
  return [`email:${email}`, `pair:${email}|${address}`];
}

export async function isSignInThrottled(email: string, address: string, now = Date.now()): Promise<boolean> {
  const start = windowStart(now, LOGIN_WINDOW_MS);
  const [byEmail, byPair] = await Promise.all(keys(email, address).map((key) => readKeyCounter(key, start)));
  return (byPair ?? 0) >= LOGIN_ATTEMPTS_PER_WINDOW || (byEmail ?? 0) >= LOGIN_ATTEMPTS_PER_WINDOW * 5;
}

export async function recordFailedSignIn(email: string, address: string, now = Date.now()): Promise<void> {
  const start = windowStart(now, LOGIN_WINDOW_MS);
  await Promise.all(keys(email, address).map((key) => incrementKeyCounter(key, start)));
}

export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "local";
}
