/** Brute-force protection for sign-in: failed attempts per email and client address. */
import "server-only";
import { AppError } from "@/lib/errors";
import { LOGIN_ATTEMPTS_PER_WINDOW, LOGIN_WINDOW_MS, REGISTRATIONS_PER_HOUR } from "@/lib/limits";
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

/**
 * The client's address as a proxy in front of us reports it, or null when there is none
 * (route handlers cannot see the socket). Without an address, per-address limits are skipped
 * rather than turned into one global limit shared by every visitor.
 */
export function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || null;
}

/** Loopback is the operator's own machine (local use, scripts, test runners): never limited. */
export function isLoopback(address: string): boolean {
  return /^(127\.|::1$|::ffff:127\.|localhost$)/i.test(address);
}

/** Sign-ups per client address per hour; throws rate_limit:register past the limit. */
export async function assertRegistrationAllowed(headers: Headers, now = Date.now()): Promise<void> {
  const address = clientAddress(headers);
  if (!address || isLoopback(address)) return;
  const hour = 60 * 60 * 1000;
  const start = windowStart(now, hour);
  const count = await incrementKeyCounter(`register:${address}`, start);
  if (count > REGISTRATIONS_PER_HOUR) {
    throw new AppError("rate_limit:register", "Too many sign-ups from this address. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + hour - now) / 1000),
    });
  }
}
