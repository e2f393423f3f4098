/**
 * The secret calendar URL of a user: one per user, replaced by creating a new one, revoked by
 * deleting it. The secret is an HMAC of the feed's id under the server's AUTH_SECRET, so the
 * URL can be shown again while the database holds only the secret's SHA-256 (for lookup).
 * Rotating AUTH_SECRET makes existing URLs unshowable: the user creates a new one.
 */
import "server-only";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

const SECRET = /^[A-Za-z0-9_-]{43}$/;

function serverKey(): string {
  const secret = loadEnv().AUTH_SECRET;
  if (!secret) throw new AppError("unavailable:calendar", "Calendar feeds need AUTH_SECRET to be set.");
  return secret;
}

function secretFor(feedId: string): string {
  return createHmac("sha256", serverKey()).update(`calendar-feed\n${feedId}`).digest("base64url");
}

function hash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The path of the public feed for a secret. */
export function feedPath(secret: string): string {
  return `/api/calendar-feed/${secret}.ics`;
}

/** Creates the user's feed secret, replacing (and so revoking) any previous one. */
export async function createFeedSecret({ userId }: { userId: string }): Promise<string> {
  const id = randomUUID();
  const secret = secretFor(id);
  await db.$transaction([
    db.calendarFeed.deleteMany({ where: { userId } }),
    db.calendarFeed.create({ data: { id, userId, secretHash: hash(secret) } }),
  ]);
  return secret;
}

/**
 * Inside a transaction (a password reset): replaces the user's feed, if any, with a new secret,
 * so the old URL stops working; the owner sees the new one in Settings. True when there was one.
 */
export async function rotateFeedSecretIn(tx: Prisma.TransactionClient, userId: string): Promise<boolean> {
  const { count } = await tx.calendarFeed.deleteMany({ where: { userId } });
  if (count === 0) return false;
  const id = randomUUID();
  await tx.calendarFeed.create({ data: { id, userId, secretHash: hash(secretFor(id)) } });
  return true;
}

/** The user's current feed secret, or null when there is none (or it cannot be shown again). */
export async function currentFeedSecret({ userId }: { userId: string }): Promise<string | null> {
  const feed = await db.calendarFeed.findUnique({ where: { userId }, select: { id: true, secretHash: true } });
  if (!feed) return null;
  const secret = secretFor(feed.id);
  return hash(secret) === feed.secretHash ? secret : null;
}

export async function revokeFeed({ userId }: { userId: string }): Promise<void> {
  const { count } = await db.calendarFeed.deleteMany({ where: { userId } });
  if (count === 0) throw new AppError("not_found:calendar", "There is no calendar feed to revoke.");
}

/** The owner of a feed secret (taken from a `<secret>.ics` path segment), or null. */
export async function feedOwner(segment: string): Promise<{ id: string; timezone: string } | null> {
  const secret = segment.replace(/\.ics$/i, "");
  if (!SECRET.test(secret)) return null;
  const feed = await db.calendarFeed.findUnique({
    where: { secretHash: hash(secret) },
    select: { user: { select: { id: true, timezone: true } } },
  });
  return feed?.user ?? null;
}
