/**
 * Password reset by email. A request always answers the same way, and the work behind it
 * (looking the address up, storing a token, sending the mail) runs after the answer, so neither
 * the answer nor its timing tells whether the address is registered. The link carries a random
 * token that works once, for an hour; only its sha256 is stored.
 *
 * Using it must leave whoever else got into the account outside: it sets the password, ends
 * every session (the session version), voids the user's other reset links, revokes every
 * personal access token, replaces the calendar-feed URL, clears the sign-in back-off (the
 * owner gets straight in, lib/auth/throttle.ts) and marks the email verified (the link proved
 * the mailbox). A follow-up mail lists the revoked tokens. The token is looked up before the new
 * password is hashed, and uses are limited per client address, so bogus tokens cost no scrypt.
 */
import "server-only";
import { db } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { hashLinkToken, isLinkToken, newLinkToken } from "@/lib/auth/link-token";
import { hashPassword } from "@/lib/auth/password";
import { clearSignInBackoffAfterReset } from "@/lib/auth/throttle";
import { rotateFeedSecretIn } from "@/lib/calendar/feed-tokens";
import { sendMail } from "@/lib/mail/mailer";
import {
  PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
  PASSWORD_RESET_TTL_MS,
} from "@/lib/limits";
import { incrementKeyCounter, windowStart } from "@/lib/rate-limit/counter";

const HOUR = 60 * 60 * 1000;

/** Reset requests per email address and per client address; throws rate_limit:password_reset past either. */
export async function assertPasswordResetAllowed({
  email,
  address,
  now = Date.now(),
}: {
  email: string;
  address: string | null;
  now?: number;
}): Promise<void> {
  const start = windowStart(now, HOUR);
  const byEmail = await incrementKeyCounter(`reset-email:${email}`, start);
  const byAddress = address ? await incrementKeyCounter(`reset-address:${address}`, start) : 0;
  if (byEmail > PASSWORD_RESETS_PER_EMAIL_PER_HOUR || byAddress > PASSWORD_RESETS_PER_ADDRESS_PER_HOUR) {
    throw new AppError("rate_limit:password_reset", "Too many reset requests. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + HOUR - now) / 1000),
    });
  }
}

/**
 * The origin of links in mails: AUTH_URL (required with SMTP, see lib/env.ts); without it, in
 * development only, the request's own origin (the link is then only written to the log).
 */
export function linkOrigin(request: Request): string {
  // eslint-disable-next-line regexp/no-super-linear-move -- AUTH_URL is the operator's own setting, never a request's
  return loadEnv().AUTH_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}

/** Starts a reset for the address (in the background: returns at once, never throws). */
export function requestPasswordReset({ email, origin }: { email: string; origin: string }): void {
  void sendResetLink(email, origin).catch((error: unknown) => log.error("auth.password_reset_failed", { error }));
}

async function sendResetLink(email: string, origin: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  const { token, tokenHash } = newLinkToken();
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) } });
  const url = `${origin}/reset-password?token=${token}`;
  const sent = await sendMail({
    to: email,
    subject: "Reset your Talk Todo password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Talk Todo account.",
      "Open this link within the next hour to choose a new password:",
      "",
      url,
      "",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
  if (sent) log.info("auth.password_reset_sent", { userId: user.id });
  else if (loadEnv().NODE_ENV === "development")
    log.warn("auth.password_reset_link", { note: "SMTP_URL is not set, so the link is logged instead of mailed", url });
  else log.warn("auth.password_reset_unsent", { userId: user.id, note: "SMTP_URL is not set: no reset mail can be sent" });
}

/** Uses of reset links per client address per hour, valid or not; throws rate_limit:password_reset past it. */
async function assertConfirmAllowed(address: string | null, now: number): Promise<void> {
  if (!address) return;
  const start = windowStart(now, HOUR);
  if ((await incrementKeyCounter(`reset-confirm:${address}`, start)) > PASSWORD_RESET_CONFIRMS_PER_ADDRESS_PER_HOUR) {
    throw new AppError("rate_limit:password_reset", "Too many attempts. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + HOUR - now) / 1000),
    });
  }
}

type ResetOutcome = { userId: string; email: string; revokedTokens: { name: string; prefix: string }[]; feedReplaced: boolean };

/**
 * Sets a new password with a reset link's token (once) and shuts everyone else out (see the top
 * of this file). Checked in order of cost: the per-address limit, the token's shape, the token's
 * row; only a live token gets its new password hashed, and claiming it is still one conditional
 * update (two concurrent uses cannot both succeed).
 */
export async function confirmPasswordReset({
  token,
  newPassword,
  address = null,
  now = Date.now(),
}: {
  token: string;
  newPassword: string;
  address?: string | null;
  now?: number;
}): Promise<void> {
  const invalid = new AppError("bad_request:reset_token", "This reset link is invalid, already used or expired. Ask for a new one.");
  await assertConfirmAllowed(address, now);
  if (!isLinkToken(token)) throw invalid;
  const tokenHash = hashLinkToken(token);
  const live = await db.passwordResetToken.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  if (!live) throw invalid;
  const passwordHash = await hashPassword(newPassword);
  const outcome = await db.$transaction(async (tx): Promise<ResetOutcome> => {
    const at = new Date();
    const claimed = await tx.passwordResetToken.updateManyAndReturn({
      where: { tokenHash, usedAt: null, expiresAt: { gt: at } },
      data: { usedAt: at },
      select: { id: true, userId: true },
    });
    const row = claimed[0];
    if (!row) throw invalid;
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true, emailVerifiedAt: true } });
    await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, emailVerifiedAt: user.emailVerifiedAt ?? at },
    });
    await tx.passwordResetToken.deleteMany({ where: { userId: row.userId, id: { not: row.id } } });
    const revokedTokens = await tx.apiToken.updateManyAndReturn({
      where: { userId: row.userId, revokedAt: null },
      data: { revokedAt: at },
      select: { name: true, prefix: true },
    });
    const feedReplaced = await rotateFeedSecretIn(tx, row.userId);
    return { userId: row.userId, email: user.email, revokedTokens, feedReplaced };
  });
  await clearSignInBackoffAfterReset(outcome.email, address, now);
  log.info("auth.password_reset_done", {
    userId: outcome.userId,
    revokedTokens: outcome.revokedTokens.length,
    feedReplaced: outcome.feedReplaced,
  });
  void sendResetDoneMail(outcome).catch((error: unknown) =>
    log.error("auth.password_reset_mail_failed", { error, userId: outcome.userId }),
  );
}

/** The follow-up mail: what the reset shut off, so the owner can tell what an intruder had. */
async function sendResetDoneMail({ email, revokedTokens, feedReplaced }: ResetOutcome): Promise<void> {
  const tokens = revokedTokens.length
    ? [
        "These personal access tokens were revoked; make new ones in Settings where you still need them:",
        ...revokedTokens.map((t) => `  - ${t.name} (${t.prefix}…)`),
      ]
    : ["There were no personal access tokens to revoke."];
  await sendMail({
    to: email,
    subject: "Your Talk Todo password was reset",
    text: [
      "The password of your Talk Todo account was just reset with a link mailed to this address.",
      "Every session on every device was signed out.",
      "",
      ...tokens,
      "",
      feedReplaced
        ? "Your calendar feed has a new private address: the old one stopped working. Copy the new one from Settings into your calendar apps."
        : "",
      "If you did not reset your password, reset it again now from the sign-in page.",
    ].join("\n"),
  });
}
