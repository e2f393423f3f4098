/** Brute-force protection for sign-in: failed attempts per email and client address. */
import "server-only";
import { AppError } from "@/lib/errors";
import { loadEnv } from "@/lib/env";
import { clientAddressOf } from "@/lib/http/client-address";
import { LOGIN_ATTEMPTS_PER_WINDOW, LOGIN_WINDOW_MS } from "@/lib/limits";
import { log } from "@/lib/log";
import { incrementKeyCounter, readKeyCounter, windowStart } from "@/lib/rate-limit/counter";

function keys(email: string, address: string | null): string[] {
  // Per email (stops a distributed guess at one account) and per email+address.
  return address ? [`email:${email}`, `pair:${email}|${address}`] : [`email:${email}`];
}

export async function isSignInThrottled(email: string, address: string | null, now = Date.now()): Promise<boolean> {
  const start = windowStart(now, LOGIN_WINDOW_MS);
  const [byEmail, byPair] = await Promise.all(keys(email, address).map((key) => readKeyCounter(key, start)));
  // Without a known address the per-email count is the only one, so it gets the tighter limit.
  const emailLimit = address ? LOGIN_ATTEMPTS_PER_WINDOW * 5 : LOGIN_ATTEMPTS_PER_WINDOW;
  return (byPair ?? 0) >= LOGIN_ATTEMPTS_PER_WINDOW || (byEmail ?? 0) >= emailLimit;
}

export async function recordFailedSignIn(email: string, address: string | null, now = Date.now()): Promise<void> {
  const start = windowStart(now, LOGIN_WINDOW_MS);
  await Promise.all(keys(email, address).map((key) => incrementKeyCounter(key, start)));
}

/** The client's address (the socket's, or per TRUSTED_PROXY_HOPS), or null when unknown. */
export function clientAddress(headers: Headers): string | null {
  return clientAddressOf(headers, loadEnv().TRUSTED_PROXY_HOPS);
}

const HOUR = 60 * 60 * 1000;

function registerLimited(message: string, start: Date, now: number): AppError {
  return new AppError("rate_limit:register", message, { retryAfter: Math.ceil((start.getTime() + HOUR - now) / 1000) });
}

/**
 * Sign-ups per client address per hour (REGISTER_LIMIT_PER_HOUR), then for everyone together
 * (REGISTER_GLOBAL_LIMIT_PER_HOUR). Counted first, decided on the returned count, so a burst
 * cannot overshoot; an address over its own limit does not use up the global one.
 */
export async function assertRegistrationAllowed(headers: Headers, now = Date.now()): Promise<void> {
  const env = loadEnv();
  const address = clientAddress(headers);
  const start = windowStart(now, HOUR);
  if (address && (await incrementKeyCounter(`register:${address}`, start)) > env.REGISTER_LIMIT_PER_HOUR) {
    log.warn("auth.register_limited", { scope: "address" });
    throw registerLimited("Too many sign-ups from this address. Please try again later.", start, now);
  }
  if ((await incrementKeyCounter("register:*", start)) > env.REGISTER_GLOBAL_LIMIT_PER_HOUR) {
    log.warn("auth.register_limited", { scope: "global" });
    throw registerLimited("Sign-ups are paused for a while. Please try again later.", start, now);
  }
}
