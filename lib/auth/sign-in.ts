/**
 * Checking a sign-in (what Auth.js's Credentials provider calls): the attempt is counted and
 * judged by the limits first (lib/auth/throttle.ts: per address, per email+address, per email),
 * then the password is checked; a success ends the back-off.
 *
 * An unknown email (or an account without a password) costs no scrypt: the answer instead waits
 * as long as recent password checks took (`equalTiming`), so the time still does not tell
 * whether the address is registered, and a burst of made-up emails costs the server no CPU.
 * The first such answer of a process, before any real check has been timed, hashes once.
 */
import "server-only";
import { signInInputSchema } from "@/lib/auth/schema";
import { getUserForSignIn } from "@/lib/auth/users";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";
import { setTimeout as sleep } from "node:timers/promises";
import { clearSignInBackoff, clientAddress, gateSignIn } from "@/lib/auth/throttle";
import { log } from "@/lib/log";

export class SignInThrottledError extends Error {
  constructor(readonly retryAfter: number) {
    super("sign-in attempts are backing off");
    this.name = "SignInThrottledError";
  }
}

/** Recent durations of real password checks (ms), newest last. */
const checkTimes: number[] = [];
const KEPT_TIMES = 20;

async function timedVerify(password: string, hash: string): Promise<boolean> {
  const started = performance.now();
  const ok = await verifyPassword(password, hash);
  checkTimes.push(performance.now() - started);
  if (checkTimes.length > KEPT_TIMES) checkTimes.shift();
  return ok;
}

/** The one real check a process makes for an unknown email, while no check has been timed yet (shared by a burst). */
let calibration: Promise<unknown> | undefined;

/** Takes as long as a password check does now: the median of the recent ones, without the CPU. */
async function equalTiming(password: string): Promise<void> {
  if (checkTimes.length === 0) {
    calibration ??= getDummyHash()
      .then((hash) => timedVerify(password, hash))
      .catch(() => undefined);
    await calibration;
    return;
  }
  const sorted = [...checkTimes].sort((a, b) => a - b);
  await sleep(sorted[Math.floor(sorted.length / 2)]!);
}

export type SignedInUser = { id: string; email: string; name: string | null };

/** The user for these credentials, null for wrong ones; throws SignInThrottledError while backing off. */
export async function authorizeCredentials(credentials: unknown, headers: Headers, now = Date.now()): Promise<SignedInUser | null> {
  const parsed = signInInputSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const address = clientAddress(headers);
  const gate = await gateSignIn(email, address, now);
  if (gate.refused) {
    log.warn("auth.signin_throttled", { retryAfter: gate.retryAfter });
    throw new SignInThrottledError(gate.retryAfter);
  }
  const user = await getUserForSignIn({ email });
  if (!user?.passwordHash) {
    await equalTiming(password);
    return null;
  }
  if (!(await timedVerify(password, user.passwordHash))) return null;
  await clearSignInBackoff(email, address, now);
  return { id: user.id, email: user.email, name: user.name };
}
