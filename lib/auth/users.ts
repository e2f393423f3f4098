/** Accounts: creating users and looking them up. */
import "server-only";
import { db, sql } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { RegisterInput } from "@/lib/auth/schema";
import { reauthRequired } from "@/lib/auth/reauth";

export type SessionUser = { id: string; email: string; name: string | null; timezone: string };

const sessionUserSelect = { id: true, email: true, name: true, timezone: true } as const;

export async function createUser(input: RegisterInput): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: { email: input.email, passwordHash, name: input.name || null },
      select: sessionUserSelect,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict:auth", "An account with this email already exists.");
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SessionUserRow = SessionUser & { sessionVersion: number };

/**
 * Every authenticated request asks this (a JWT session cannot be revoked otherwise): one raw
 * statement, which also returns the session version the request's token must carry.
 */
export async function getSessionUser({ id }: { id: string }): Promise<{ user: SessionUser; sessionVersion: number } | null> {
  if (!UUID.test(id)) return null;
  const rows = await sql<SessionUserRow>(
    "session_user_by_id",
    `SELECT "id", "email", "name", "timezone", "sessionVersion" FROM "User" WHERE "id" = $1::uuid`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { sessionVersion, ...user } = row;
  return { user, sessionVersion };
}

/** The user's current session version, or null when the user no longer exists. */
export async function getSessionVersion({ id }: { id: string }): Promise<number | null> {
  return (await getSessionUser({ id }))?.sessionVersion ?? null;
}

/** Ends every session of the user (each token carries the old version); returns the new version. */
export async function endAllSessions({ id }: { id: string }): Promise<number> {
  const row = await db.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } }, select: { sessionVersion: true } });
  return row.sessionVersion;
}

export function getUserForSignIn({ email }: { email: string }) {
  return db.user.findUnique({ where: { email }, select: { ...sessionUserSelect, passwordHash: true } });
}

export async function updateUserSettings({
  id,
  timezone,
  name,
}: {
  id: string;
  timezone?: string;
  name?: string | null;
}): Promise<SessionUser> {
  return db.user.update({ where: { id }, data: { timezone, name }, select: sessionUserSelect });
}

/** What Settings and `GET /api/account` show of the account. */
export async function accountOverview({
  id,
}: {
  id: string;
}): Promise<{ id: string; email: string; emailVerified: boolean; hasPassword: boolean; identities: { provider: string }[] } | null> {
  const row = await db.user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      emailVerifiedAt: true,
      passwordHash: true,
      identities: { select: { provider: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    identities: row.identities,
  };
}

/** Checks the signed-in user's own password (re-authentication); throws forbidden:password when wrong or absent. */
export async function checkOwnPassword({ id, password }: { id: string; password: string }): Promise<void> {
  const row = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  if (!row) throw new AppError("unauthorized:session");
  if (!row.passwordHash)
    throw new AppError("forbidden:password", "This account has no password: sign in again with your single sign-on provider instead.");
  if (!(await verifyPassword(password, row.passwordHash))) throw new AppError("forbidden:password", "The password is not correct.");
}

/** Checks the current password, stores the new one and ends every session; returns the new session version. */
export async function changePassword({
  id,
  currentPassword,
  newPassword,
}: {
  id: string;
  currentPassword: string;
  newPassword: string;
}): Promise<number> {
  const row = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  if (!row) throw new AppError("unauthorized:session");
  if (!row.passwordHash)
    throw new AppError("forbidden:password", "This account has no password yet: set one with “Forgot password?” on the sign-in page.");
  if (!(await verifyPassword(currentPassword, row.passwordHash)))
    throw new AppError("forbidden:password", "The current password is not correct.");
  return setPassword({ id, newPassword });
}

/** Stores a new password and ends every session of the user; returns the new session version. */
export async function setPassword({ id, newPassword }: { id: string; newPassword: string }): Promise<number> {
  const passwordHash = await hashPassword(newPassword);
  const updated = await db.user.update({
    where: { id },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return updated.sessionVersion;
}

/**
 * Deletes the account: everything it owns goes with it (every user-owned table cascades from
 * User). The password confirms it (it is re-entered, so it is a recent authentication too); an
 * account without one (made by single sign-on) needs a sign-in within the last REAUTH_WINDOW_MS
 * instead (`recentlyAuthenticated`, lib/auth/reauth.ts).
 */
export async function deleteAccount({
  id,
  password,
  recentlyAuthenticated,
}: {
  id: string;
  password?: string;
  recentlyAuthenticated: boolean;
}): Promise<void> {
  const row = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  if (!row) throw new AppError("unauthorized:session");
  if (row.passwordHash) {
    if (!password || !(await verifyPassword(password, row.passwordHash)))
      throw new AppError("forbidden:password", "The password is not correct.");
  } else if (!recentlyAuthenticated) {
    throw reauthRequired();
  }
  await db.user.deleteMany({ where: { id } });
}
