/**
 * Checking a sign-in (what Auth.js's Credentials provider calls): the attempt is counted and
 * judged by the back-off first (lib/auth/throttle.ts), then the password is checked in constant
 * time whether or not the account exists; a success ends the back-off.
 */
import "server-only";
import { signInInputSchema } from "@/lib/auth/schema";
import { getUserForSignIn } from "@/lib/auth/users";
import { getDummyHash, verifyPassword } from "@/lib/auth/password";
import { clearSignInBackoff, clientAddress, gateSignIn } from "@/lib/auth/throttle";
import { log } from "@/lib/log";

export class SignInThrottledError extends Error {
  constructor(readonly retryAfter: number) {
    super("sign-in attempts are backing off");
    this.name = "SignInThrottledError";
  }
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
  const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !ok) return null;
  await clearSignInBackoff(email, address);
  return { id: user.id, email: user.email, name: user.name };
}
