/**
 * Password reset by email. A request always answers the same way, and the work behind it
 * (looking the address up, storing a token, sending the mail) runs after the answer, so neither
 * the answer nor its timing tells whether the address is registered. The link carries a random
 * token that works once, for an hour; only its sha256 is stored. Using it sets the password and
 * ends every session of the user (the session version), and voids the user's other links.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { hashPassword } from "@/lib/auth/password";
import { sendMail } from "@/lib/mail/mailer";
import { PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, PASSWORD_RESETS_PER_EMAIL_PER_HOUR, PASSWORD_RESET_TTL_MS } from "@/lib/limits";
import { incrementKeyCounter, windowStart } from "@/lib/rate-limit/counter";

const HOUR = 60 * 60 * 1000;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Reset requests per email address and per client address; throws rate_limit:password_reset past either. */
export async function assertPasswordResetAllowed({ email, address, now = Date.now() }: { email: string; address: string | null; now?: number }): Promise<void> {
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
  const token = randomBytes(32).toString("base64url");
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) } });
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
  else if (loadEnv().NODE_ENV === "development") log.warn("auth.password_reset_link", { note: "SMTP_URL is not set, so the link is logged instead of mailed", url });
  else log.warn("auth.password_reset_unsent", { userId: user.id, note: "SMTP_URL is not set: no reset mail can be sent" });
}

/** Sets a new password with a reset link's token (once); every session of the user ends. */
export async function confirmPasswordReset({ token, newPassword }: { token: string; newPassword: string }): Promise<void> {
  const invalid = new AppError("bad_request:reset_token", "This reset link is invalid, already used or expired. Ask for a new one.");
  if (!tokenPattern.test(token)) throw invalid;
  const tokenHash = hashToken(token);
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    const now = new Date();
    // Claiming the token is one conditional update: two concurrent uses cannot both succeed.
    const claimed = await tx.passwordResetToken.updateManyAndReturn({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { id: true, userId: true },
    });
    const row = claimed[0];
    if (!row) throw invalid;
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await tx.passwordResetToken.deleteMany({ where: { userId: row.userId, id: { not: row.id } } });
  });
}
