/**
 * The morning agenda mail ("Today: 3 tasks, 1 overdue"), for users who turned it on: once per
 * local day, at or after their `agendaHour` in their time zone. The day is recorded
 * (`agendaSentFor`) in the transaction that claims the user's row (FOR UPDATE SKIP LOCKED) and
 * sends the mail, so concurrent dispatchers send it once. Missed by more than a few hours (the
 * server was down all morning): skipped for that day, a morning mail in the evening is noise.
 */
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { mailConfigured, sendMail } from "@/lib/mail/mailer";
import { localDateString, localParts, startOfLocalDay } from "@/lib/tasks/time-zone";

/** Hours after agendaHour during which a missed agenda is still sent. */
export const AGENDA_CATCHUP_HOURS = 4;
const LISTED = 10;

export type Agenda = { today: { title: string; dueAt: Date | null }[]; todayCount: number; overdueCount: number };

export function agendaMail(agenda: Agenda, timeZone: string, appUrl: string): { subject: string; text: string } {
  const counts = [`${agenda.todayCount} task${agenda.todayCount === 1 ? "" : "s"}`];
  if (agenda.overdueCount) counts.push(`${agenda.overdueCount} overdue`);
  const lines = [`Today: ${counts.join(", ")}.`, ""];
  for (const task of agenda.today) {
    const p = task.dueAt ? localParts(task.dueAt, timeZone) : null;
    const time = p && !(p.hour === 23 && p.minute === 59) ? `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")} ` : "";
    lines.push(`- ${time}${task.title}`);
  }
  if (agenda.todayCount > agenda.today.length) lines.push(`… and ${agenda.todayCount - agenda.today.length} more.`);
  lines.push(
    "",
    `Open your tasks: ${new URL("/", appUrl).toString()}`,
    "",
    "You get this mail because the morning agenda is on in Settings.",
  );
  return { subject: `Today: ${counts.join(", ")}`, text: lines.join("\n") };
}

async function agendaFor(userId: string, timeZone: string, now: Date, tx: Pick<typeof db, "task">): Promise<Agenda> {
  // The windows of the task list's due=today and due=overdue filters (lib/tasks/service.ts dueWhere).
  const startOfToday = startOfLocalDay(now, timeZone);
  const today = { userId, status: "pending" as const, dueAt: { gte: startOfToday, lt: startOfLocalDay(now, timeZone, 1) } };
  const [list, todayCount, overdueCount] = await Promise.all([
    tx.task.findMany({ where: today, orderBy: [{ dueAt: "asc" }, { id: "asc" }], take: LISTED, select: { title: true, dueAt: true } }),
    tx.task.count({ where: today }),
    tx.task.count({ where: { userId, status: "pending", dueAt: { lt: startOfToday } } }),
  ]);
  return { today: list, todayCount, overdueCount };
}

/** Sends the agendas that are due now; returns how many mails went out. */
export async function dispatchAgendas({
  now,
  appUrl,
  sendTimeoutMs = 10_000,
}: {
  now: Date;
  appUrl: string;
  sendTimeoutMs?: number;
}): Promise<number> {
  if (!mailConfigured()) return 0;
  const candidates = await db.reminderPreferences.findMany({
    where: { agendaEmail: true },
    select: { userId: true, agendaHour: true, agendaSentFor: true, user: { select: { timezone: true } } },
  });
  let sent = 0;
  for (const candidate of candidates) {
    const timeZone = candidate.user.timezone;
    const day = localDateString(now, timeZone);
    const hour = localParts(now, timeZone).hour;
    if (candidate.agendaSentFor === day || hour < candidate.agendaHour || hour >= candidate.agendaHour + AGENDA_CATCHUP_HOURS) continue;
    const mailed = await db.$transaction(
      async (tx) => {
        const [claimed] = await tx.$queryRaw<{ userId: string }[]>`
          SELECT "userId" FROM "ReminderPreferences"
          WHERE "userId" = ${candidate.userId}::uuid AND "agendaEmail" AND "agendaSentFor" IS DISTINCT FROM ${day}
          FOR UPDATE SKIP LOCKED`;
        if (!claimed) return false;
        await tx.reminderPreferences.update({ where: { userId: candidate.userId }, data: { agendaSentFor: day } });
        const agenda = await agendaFor(candidate.userId, timeZone, now, tx);
        if (agenda.todayCount === 0 && agenda.overdueCount === 0) return false; // nothing to say: no mail
        const user = await tx.user.findUniqueOrThrow({ where: { id: candidate.userId }, select: { email: true } });
        const host = new URL(appUrl).hostname;
        try {
          await Promise.race([
            sendMail({ to: user.email, ...agendaMail(agenda, timeZone, appUrl), messageId: `<agenda-${candidate.userId}-${day}@${host}>` }),
            new Promise((_, reject) => setTimeout(() => reject(new Error("mail timed out")), sendTimeoutMs).unref()),
          ]);
          return true;
        } catch (error) {
          log.warn("agenda.mail_failed", { userId: candidate.userId, error }); // recorded as done: at most once a day
          return false;
        }
      },
      { timeout: sendTimeoutMs + 15_000, maxWait: 5_000 },
    );
    if (mailed) sent++;
  }
  return sent;
}
