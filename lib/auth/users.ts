/** Accounts: creating users and looking them up. */
import "server-only";
import { db, sql } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { RegisterInput } from "@/lib/auth/schema";

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

/** Every authenticated request asks this (a session cannot be revoked otherwise): one raw statement. */
export async function getUserById({ id }: { id: string }): Promise<SessionUser | null> {
  if (!UUID.test(id)) return null;
  const rows = await sql<SessionUser>("user_by_id", `SELECT "id", "email", "name", "timezone" FROM "User" WHERE "id" = $1::uuid`, [id]);
  return rows[0] ?? null;
}

export function getUserForSignIn({ email }: { email: string }) {
  return db.user.findUnique({ where: { email }, select: { ...sessionUserSelect, passwordHash: true } });
}

export async function updateUserSettings({ id, timezone, name }: { id: string; timezone?: string; name?: string | null }): Promise<SessionUser> {
  return db.user.update({ where: { id }, data: { timezone, name }, select: sessionUserSelect });
}

/** Deletes the account (tasks, conversations, tokens cascade) after checking the password. */
export async function deleteUserWithPassword({ id, password }: { id: string; password: string }): Promise<void> {
  const row = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  if (!row) throw new AppError("unauthorized:session");
  if (!(await verifyPassword(password, row.passwordHash))) throw new AppError("forbidden:password", "The password is not correct.");
  await db.user.deleteMany({ where: { id } });
}
