/**
 * Personal access tokens: `tt_` + 32 random bytes. Shown once; only a SHA-256 hash is stored
 * (the token has full entropy, so a slow hash adds nothing), with a short prefix to recognise it.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/users";

export const TOKEN_PREFIX = "tt_";
const tokenPattern = /^tt_[A-Za-z0-9_-]{43}$/;
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiTokenView = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function toView(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiTokenView {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function createApiToken({ userId, name }: { userId: string; name: string }): Promise<ApiTokenView & { token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiToken.create({
    data: { userId, name, tokenHash: hashToken(token), prefix: token.slice(0, 10) },
  });
  return { ...toView(row), token };
}

export async function listApiTokens({ userId }: { userId: string }): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toView);
}

export async function revokeApiToken({ userId, id }: { userId: string; id: string }): Promise<void> {
  const { count } = await db.apiToken.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found:token");
}

/** The user a bearer token belongs to, or null for a malformed, unknown or revoked token. */
export async function verifyApiToken(token: string): Promise<SessionUser | null> {
  if (!tokenPattern.test(token)) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, email: true, name: true, timezone: true } } },
  });
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return row.user;
}
