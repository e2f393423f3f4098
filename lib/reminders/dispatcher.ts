/**
 * The reminder dispatcher: sends each due reminder to the user's devices (Web Push) and, when
 * they opted in, by e-mail — at most once per channel, however many server processes run it.
 *
 * 1. `enqueueDueReminders`: every due reminder (a pending task's `remindAt` ≤ now, not
 *    dismissed, at most REMINDER_CATCHUP_HOURS old) of a user with a channel gets one
 *    ReminderDispatch row per (task, remindAt); a snoozed or repeating task's next `remindAt`
 *    is a new row. Idempotent (ON CONFLICT DO NOTHING), safe to run anywhere at once.
 * 2. `deliverNext`: ONE transaction claims an unfinished dispatch row (FOR UPDATE SKIP LOCKED:
 *    concurrent dispatchers take different rows, never the same), sends it on ONE channel not
 *    yet recorded, and records that channel's ReminderDelivery row before it commits. A process
 *    that dies mid-send never commits: its lock goes with its connection and another dispatcher
 *    retries that one channel; the channels already recorded are never sent again. Once every
 *    channel is recorded the row is finished.
 *
 * The one remaining window (docs/reminders.md): a process that dies after the push service or
 * SMTP server accepted a message but before its commit. The retry then uses the same Web Push
 * Topic (the push service replaces an undelivered message), the same notification tag (the
 * browser replaces the notification) and the same Message-ID (mail clients drop the copy).
 */
import "server-only";
import { createHash } from "node:crypto";
import type { Agent } from "node:https";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { mailConfigured, sendMail } from "@/lib/mail/mailer";
import type { VapidConfig } from "@/lib/push/config";
import { sendPush, type PushOutcome } from "@/lib/push/send";
import { pushPayload, reminderMail, type ReminderFacts } from "@/lib/reminders/message";

export type DispatchOptions = {
  /** The clock (tests move it). */
  now?: () => Date;
  /** How late a missed reminder is still sent. */
  catchupMs: number;
  /** null: no push channel (VAPID not configured). */
  vapid: VapidConfig | null;
  /** The app's public origin, for links. */
  appUrl: string;
  /** Upper bound of one send (push request, mail). */
  sendTimeoutMs?: number;
  /** TLS agent for push requests (tests trust their local push service with it). */
  pushAgent?: Agent;
};

type Claimed = { id: string; taskId: string; remindAt: Date };
type TaskRow = {
  id: string;
  userId: string;
  title: string;
  status: string;
  dueAt: Date | null;
  remindAt: Date | null;
  reminderDismissedAt: Date | null;
};

const EMAIL = "email";
const pushChannel = (subscriptionId: string) => `push:${subscriptionId}`;

/** Same reminder → same id: the Web Push Topic (≤ 32 base64url chars) and the mail's Message-ID. */
function reminderKey(taskId: string, remindAt: Date): string {
  return createHash("sha256").update(`${taskId}@${remindAt.toISOString()}`).digest("base64url").slice(0, 32);
}

/** Creates the dispatch rows of reminders that came due; returns how many were new. */
export async function enqueueDueReminders(now: Date, catchupMs: number): Promise<number> {
  const since = new Date(now.getTime() - catchupMs);
  return db.$executeRaw`
    INSERT INTO "ReminderDispatch" ("id", "taskId", "remindAt")
    SELECT gen_random_uuid(), t."id", t."remindAt" FROM "Task" t
    WHERE t."remindAt" <= ${now.toISOString()}::timestamp(3) AND t."remindAt" >= ${since.toISOString()}::timestamp(3)
      AND t."status" = 'pending' AND t."reminderDismissedAt" IS NULL
      AND (EXISTS (SELECT 1 FROM "PushSubscription" s WHERE s."userId" = t."userId")
        OR EXISTS (SELECT 1 FROM "ReminderPreferences" p WHERE p."userId" = t."userId" AND p."emailReminders"))
      AND NOT EXISTS (SELECT 1 FROM "ReminderDispatch" d WHERE d."taskId" = t."id" AND d."remindAt" = t."remindAt")
    ON CONFLICT ("taskId", "remindAt") DO NOTHING`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Claims one unfinished reminder and delivers it on one channel (or finishes it). Returns
 * false when there is nothing (left) to claim.
 */
export async function deliverNext(options: DispatchOptions): Promise<boolean> {
  const now = options.now?.() ?? new Date();
  const timeoutMs = options.sendTimeoutMs ?? 10_000;
  return db.$transaction(
    async (tx) => {
      const [claimed] = await tx.$queryRaw<Claimed[]>`
        SELECT "id", "taskId", "remindAt" FROM "ReminderDispatch"
        WHERE "finishedAt" IS NULL ORDER BY "remindAt", "id" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!claimed) return false;
      const finish = async () => {
        await tx.reminderDispatch.update({ where: { id: claimed.id }, data: { finishedAt: now } });
        return true;
      };

      const task: TaskRow | null = await tx.task.findUnique({
        where: { id: claimed.taskId },
        select: { id: true, userId: true, title: true, status: true, dueAt: true, remindAt: true, reminderDismissedAt: true },
      });
      // Completed, dismissed, snoozed or moved since it came due, or too old: nothing to send.
      const current =
        task && task.status === "pending" && !task.reminderDismissedAt && task.remindAt?.getTime() === claimed.remindAt.getTime();
      if (!task || !current || now.getTime() - claimed.remindAt.getTime() > options.catchupMs) return finish();

      const user = await tx.user.findUnique({
        where: { id: task.userId },
        select: { email: true, timezone: true, reminderPreferences: { select: { emailReminders: true } } },
      });
      if (!user) return finish();
      const subscriptions = options.vapid
        ? await tx.pushSubscription.findMany({
            where: { userId: task.userId },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { id: true, endpoint: true, p256dh: true, auth: true },
          })
        : [];
      const channels = [
        ...(user.reminderPreferences?.emailReminders && mailConfigured() ? [EMAIL] : []),
        ...subscriptions.map((s) => pushChannel(s.id)),
      ];
      const recorded = new Set(
        (await tx.reminderDelivery.findMany({ where: { dispatchId: claimed.id }, select: { channel: true } })).map((d) => d.channel),
      );
      const channel = channels.find((c) => !recorded.has(c));
      if (!channel) return finish();

      const facts: ReminderFacts = {
        taskId: task.id,
        title: task.title,
        dueAt: task.dueAt,
        remindAt: claimed.remindAt,
        timeZone: user.timezone,
        appUrl: options.appUrl,
        now,
      };
      const key = reminderKey(task.id, claimed.remindAt);
      let status: string;
      if (channel === EMAIL) {
        const mail = reminderMail(facts);
        const host = new URL(options.appUrl).hostname;
        status = await withTimeout(sendMail({ to: user.email, ...mail, messageId: `<reminder-${key}@${host}>` }), timeoutMs, "mail")
          .then((sent) => (sent ? "sent" : "skipped"))
          .catch((error: unknown) => {
            log.warn("reminder.mail_failed", { dispatchId: claimed.id, error });
            return "failed";
          });
      } else {
        const subscription = subscriptions.find((s) => pushChannel(s.id) === channel)!;
        const outcome: PushOutcome = await sendPush(subscription, pushPayload(facts), {
          vapid: options.vapid!,
          topic: key,
          timeoutMs,
          agent: options.pushAgent,
        });
        status = outcome.status;
        if (outcome.status === "gone") await tx.pushSubscription.deleteMany({ where: { id: subscription.id } });
        else if (outcome.status === "sent")
          await tx.pushSubscription.updateMany({ where: { id: subscription.id }, data: { lastSuccessAt: now } });
        else
          log.warn("reminder.push_failed", {
            dispatchId: claimed.id,
            subscriptionId: subscription.id,
            status: outcome.status,
            statusCode: outcome.statusCode,
            error: outcome.error,
          });
      }
      await tx.reminderDelivery.create({ data: { dispatchId: claimed.id, channel, status, at: now } });
      log.info("reminder.delivered", {
        dispatchId: claimed.id,
        taskId: task.id,
        channel: channel === EMAIL ? EMAIL : "push",
        status,
        lateMs: now.getTime() - claimed.remindAt.getTime(),
      });
      return true;
    },
    // A send may take up to its timeout; the transaction (holding the claim) outlives it.
    { timeout: timeoutMs + 15_000, maxWait: 5_000 },
  );
}

/**
 * Deletes the records of reminders finished and older than the catch-up window plus a day:
 * enqueueDueReminders no longer looks that far back, so they cannot be sent again.
 */
export async function pruneFinishedReminders(now: Date, catchupMs: number): Promise<number> {
  const before = new Date(now.getTime() - catchupMs - 86_400_000);
  return db.reminderDispatch.deleteMany({ where: { finishedAt: { not: null }, remindAt: { lt: before } } }).then((r) => r.count);
}

/** One round: enqueue what came due, then deliver until nothing is left (at most `max` sends). */
export async function dispatchDueReminders(options: DispatchOptions, max = 500): Promise<number> {
  const now = options.now?.() ?? new Date();
  await pruneFinishedReminders(now, options.catchupMs);
  await enqueueDueReminders(now, options.catchupMs);
  let steps = 0;
  while (steps < max && (await deliverNext(options))) steps++;
  return steps;
}
