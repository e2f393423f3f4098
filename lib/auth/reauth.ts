/**
 * Recent authentication for the actions that would let a stolen session outlive a password
 * reset or take the account for good: creating an access token or a calendar-feed URL, linking
 * a sign-in method, deleting the account (and changing the email, once that exists). The
 * session's sign-in (`authAt` in its token: a password or single sign-on sign-in, or the
 * password re-entered with `POST /api/account/reauth`) must be at most REAUTH_WINDOW_MS old;
 * otherwise `403 forbidden:reauth_required`, and the client asks for the password.
 */
import "server-only";
import { AppError } from "@/lib/errors";
import { REAUTH_WINDOW_MS } from "@/lib/limits";

/** What this needs of an AuthContext (lib/auth/require-user.ts), without importing it (no file cycle). */
type Authentication = { via: "session"; signedInAt?: number } | { via: "token" };

export function reauthRequired(): AppError {
  return new AppError(
    "forbidden:reauth_required",
    "For your security, confirm it is you: enter your password again (or sign in again) and retry.",
  );
}

/** Whether a session's sign-in is recent enough; tokens never are (they cannot re-authenticate). */
export function isRecentlyAuthenticated(auth: Authentication, now = Date.now()): boolean {
  return (
    auth.via === "session" && auth.signedInAt !== undefined && now - auth.signedInAt <= REAUTH_WINDOW_MS && auth.signedInAt <= now + 60_000
  );
}

export function assertRecentlyAuthenticated(auth: Authentication, now = Date.now()): void {
  if (!isRecentlyAuthenticated(auth, now)) throw reauthRequired();
}
