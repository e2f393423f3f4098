/**
 * The secret in a mailed link (password reset, email verification): 32 random bytes, base64url
 * in the link; only its sha256 is stored (the token has full entropy, so a slow hash adds
 * nothing), looked up before any other work is done for it.
 */
import { createHash, randomBytes } from "node:crypto";

const pattern = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether the text can be a link token at all (anything else is refused without a lookup). */
export function isLinkToken(token: string): boolean {
  return pattern.test(token);
}
