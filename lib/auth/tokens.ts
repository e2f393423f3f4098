/**
 * Personal access tokens: `tt_` + 32 random bytes. Shown once; only a SHA-256 hash is stored
 * (the token has full entropy, so a slow hash adds nothing), with a short prefix to recognise it.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, sql } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/users";
import { isTokenScope, TOKEN_SCOPES, type TokenScope } from "@/lib/auth/scopes";
import { MAX_TOKENS_PER_USER } from "@/lib/auth/token-schema";

export const TOKEN_PREFIX = "tt_";
const tokenPattern = /^tt_[A-Za-z0-9_-]{43}$/;
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiTokenView = {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
};
/** The database's clock as Prisma stores timestamps (UTC, without a zone). */
const DB_NOW = `(now() AT TIME ZONE 'UTC')::timestamp(3)`;

/**
 * A live token (not revoked, not expired by the database's clock) and its user, in one statement
 * (every request with a token runs it); `lastUsedAt` is moved on at most once per $2 ms.
 */
const VERIFY_TOKEN = `
  WITH live AS (
    SELECT t."id" AS "tokenId", t."scopes", t."lastUsedAt", u."id", u."email", u."name", u."timezone"
    FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId"
    WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > ${DB_NOW})),
  touched AS (
    UPDATE "ApiToken" SET "lastUsedAt" = ${DB_NOW}
    WHERE "id" = (SELECT "tokenId" FROM live) AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${DB_NOW} - $2::int * interval '1 millisecond'))
  SELECT "tokenId", "scopes", "id", "email", "name", "timezone" FROM live`;

export type VerifiedToken = { user: SessionUser; tokenId: string; scopes: TokenScope[] };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function knownScopes(scopes: string[]): TokenScope[] {
  return scopes.filter(isTokenScope);
}

function toView(row: {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new token (all scopes and no expiry unless given). At most MAX_TOKENS_PER_USER unexpired
 * tokens per user: the user's row is locked while counting, so parallel requests cannot pass
 * the limit together.
 */
export async function createApiToken({
  userId,
  name,
  scopes = [...TOKEN_SCOPES],
  expiresAt = null,
}: {
  userId: string;
  name: string;
  scopes?: TokenScope[];
  expiresAt?: Date | null;
}): Promise<ApiTokenView & { token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
    const active = await tx.apiToken.count({
      where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    });
    if (active >= MAX_TOKENS_PER_USER) {
      throw new AppError("conflict:token_limit", `You can have at most ${MAX_TOKENS_PER_USER} tokens. Revoke one you no longer use first.`);
    }
    return tx.apiToken.create({ data: { userId, name, scopes, expiresAt, tokenHash: hashToken(token), prefix: token.slice(0, 10) } });
  });
  return { ...toView(row), token };
}

/** Every token of the user that is not revoked (expired ones too, so they can be cleaned up). */
export async function listApiTokens({ userId }: { userId: string }): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toView);
}

export async function revokeApiToken({ userId, id }: { userId: string; id: string }): Promise<void> {
  const { count } = await db.apiToken.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found:token");
}

/** The user, id and scopes of a bearer token, or null for a malformed, unknown, revoked or expired token. */
export async function verifyApiToken(token: string): Promise<VerifiedToken | null> {
  if (!tokenPattern.test(token)) return null;
  const rows = await sql<{ tokenId: string; scopes: string[]; id: string; email: string; name: string | null; timezone: string }>(
    "api_token_verify",
    VERIFY_TOKEN,
    [hashToken(token), LAST_USED_RESOLUTION_MS],
  );
  const row = rows[0];
  if (!row) return null;
  const { tokenId, scopes, ...user } = row;
  return { user, tokenId, scopes: knownScopes(scopes) };
}
