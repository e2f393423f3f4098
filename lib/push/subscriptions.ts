/**
 * A user's Web Push subscriptions (one per browser/device). Only endpoints on an allowed push
 * service are stored (lib/push/origins.ts). Every read and delete is scoped to the user.
 */
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { pushEndpointAllowed } from "@/lib/push/config";

/** Devices per user: enough for every browser someone uses; bounds a user's fan-out per reminder. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** The browser's `PushSubscription.toJSON()`, plus an optional label ("Firefox on Linux"). */
export const subscriptionInputSchema = z
  .object({
    endpoint: z.string().max(2048).url("must be the push service URL"),
    // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    keys: z.object({ p256dh: base64url(86, 90), auth: base64url(20, 26) }).loose(),
    expirationTime: z.number().nullable().optional(),
    label: z.string().trim().max(100).optional(),
  })
  .loose();

export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;
export type SubscriptionView = { id: string; label: string; createdAt: string; lastSuccessAt: string | null };

const viewSelect = { id: true, label: true, createdAt: true, lastSuccessAt: true } as const;
function toView(row: { id: string; label: string; createdAt: Date; lastSuccessAt: Date | null }): SubscriptionView {
  return { id: row.id, label: row.label, createdAt: row.createdAt.toISOString(), lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null };
}

/**
 * Stores the subscription; `created: false` when this user already had this endpoint (its keys
 * and label are refreshed). An endpoint another user subscribed before moves to this user: the
 * browser now belongs to whoever signed in and turned push on last.
 */
export async function saveSubscription(
  userId: string,
  input: SubscriptionInput,
): Promise<{ subscription: SubscriptionView; created: boolean }> {
  if (!pushEndpointAllowed(input.endpoint)) {
    throw new AppError("bad_request:invalid_input", "endpoint: not a push service this server sends to (PUSH_ALLOWED_ORIGINS).");
  }
  try {
    return await upsertSubscription(userId, input);
  } catch (error) {
    // The same endpoint posted twice at once: the second insert lost the race; now it updates.
    if (isUniqueViolation(error)) return upsertSubscription(userId, input);
    throw error;
  }
}

function upsertSubscription(userId: string, input: SubscriptionInput): Promise<{ subscription: SubscriptionView; created: boolean }> {
  const data = { p256dh: input.keys.p256dh, auth: input.keys.auth, ...(input.label !== undefined ? { label: input.label } : {}) };
  return db.$transaction(async (tx) => {
    const existing = await tx.pushSubscription.findUnique({ where: { endpoint: input.endpoint }, select: { id: true, userId: true } });
    if (existing?.userId === userId) {
      const row = await tx.pushSubscription.update({ where: { id: existing.id }, data, select: viewSelect });
      return { subscription: toView(row), created: false };
    }
    if (existing) await tx.pushSubscription.delete({ where: { id: existing.id } });
    const count = await tx.pushSubscription.count({ where: { userId } });
    if (count >= PUSH_SUBSCRIPTIONS_MAX) {
      throw new AppError("conflict:push_subscription", `At most ${PUSH_SUBSCRIPTIONS_MAX} devices get push reminders; remove one first.`);
    }
    const row = await tx.pushSubscription.create({
      data: { userId, endpoint: input.endpoint, label: input.label ?? "", p256dh: data.p256dh, auth: data.auth },
      select: viewSelect,
    });
    return { subscription: toView(row), created: true };
  });
}

export async function listSubscriptions(userId: string): Promise<SubscriptionView[]> {
  const rows = await db.pushSubscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: viewSelect,
  });
  return rows.map(toView);
}

/** Deletes one of the user's subscriptions; another user's id is simply not found. */
export async function deleteSubscription(userId: string, id: string): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found:push_subscription", "No such device.");
}
