/**
 * Email verification: proof that the person who holds an account also reads mail at its
 * address. Sign-up (and "Send a new link" in Settings) mails a link with a random token that
 * works once, for a day; only its sha256 is stored, with the address it was sent to. Using it
 * needs the account's own session as well: the mailbox alone (a victim clicking a link from an
 * account someone registered with their address) or the session alone (that someone) verifies
 * nothing. A password reset proves the mailbox too (lib/auth/password-reset.ts), and a single
 * sign-on provider that vouches for the address does (lib/auth/sso.ts).
 *
 * Only a verified account is ever linked to a single sign-on identity by its email.
 */
import "server-only";
import { db } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { hashLinkToken, isLinkToken, newLinkToken } from "@/lib/auth/link-token";
import { sendMail } from "@/lib/mail/mailer";
import { EMAIL_VERIFICATIONS_PER_USER_PER_HOUR, EMAIL_VERIFICATION_TTL_MS } from "@/lib/limits";
import { incrementUserCounter, windowStart } from "@/lib/rate-limit/counter";

const HOUR = 60 * 60 * 1000;

/** Verification mails per user per hour; throws rate_limit:verify_email past it. */
export async function assertVerificationMailAllowed(userId: string, now = Date.now()): Promise<void> {
  const start = windowStart(now, HOUR);
  if ((await incrementUserCounter(userId, "verify-email", start)) > EMAIL_VERIFICATIONS_PER_USER_PER_HOUR) {
    throw new AppError("rate_limit:verify_email", "Too many verification mails. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + HOUR - now) / 1000),
    });
  }
}

/** Sends a verification link for the account's current address (in the background: never throws). */
export function requestEmailVerification({ userId, origin }: { userId: string; origin: string }): void {
  void sendVerificationLink(userId, origin).catch((error: unknown) => log.error("auth.verify_email_failed", { error, userId }));
}

async function sendVerificationLink(userId: string, origin: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return;
  const { token, tokenHash } = newLinkToken();
  await db.emailVerificationToken.create({
    data: { userId, email: user.email, tokenHash, expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS) },
  });
  const url = `${origin}/verify-email?token=${token}`;
  const sent = await sendMail({
    to: user.email,
    subject: "Confirm your email address for Talk Todo",
    text: [
      "Someone (hopefully you) made a Talk Todo account with this email address.",
      "If it was you, open this link within a day while signed in to confirm the address:",
      "",
      url,
      "",
      "If it was not you, ignore this mail: without the account's password the link does nothing,",
      "and you can take the account over with “Forgot password?” on the sign-in page.",
    ].join("\n"),
  });
  if (sent) log.info("auth.verify_email_sent", { userId });
  else if (loadEnv().NODE_ENV === "development")
    log.warn("auth.verify_email_link", { note: "SMTP_URL is not set, so the link is logged instead of mailed", url });
  else log.warn("auth.verify_email_unsent", { userId, note: "SMTP_URL is not set: no verification mail can be sent" });
}

/**
 * Verifies the signed-in user's address with a link's token (once). The token must be the
 * user's own, unused, unexpired, and sent to the address the account still has.
 */
export async function confirmEmailVerification({ userId, token }: { userId: string; token: string }): Promise<void> {
  const invalid = new AppError(
    "bad_request:verify_token",
    "This verification link is invalid, already used, expired or for another account. Send a new one from Settings.",
  );
  if (!isLinkToken(token)) throw invalid;
  await db.$transaction(async (tx) => {
    const now = new Date();
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) throw invalid;
    // Claiming the token is one conditional update: two concurrent uses cannot both succeed.
    const claimed = await tx.emailVerificationToken.updateMany({
      where: { tokenHash: hashLinkToken(token), userId, email: user.email, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw invalid;
    await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
    await tx.emailVerificationToken.deleteMany({ where: { userId, usedAt: null } });
  });
}
