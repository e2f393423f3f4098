/**
 * Everything a user owns, in the formats people take elsewhere: JSON (tasks and conversations
 * with every message), CSV of the tasks (the columns the importer reads back), and the calendar
 * feed's content as a file (pending tasks with a due date). Every query is scoped by the user's id.
 */
import "server-only";
import Papa from "papaparse";
import { buildCalendarFeed } from "@/lib/calendar/feed";
import { db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/users";
import { isEndOfLocalDay } from "@/lib/tasks/due";
import { taskSelect, toTaskView } from "@/lib/tasks/service";
import type { TaskView } from "@/lib/tasks/schema";
import { localDateString, localParts } from "@/lib/tasks/time-zone";

export type ExportFormat = "json" | "csv" | "ics";
export type ExportFile = { body: string; contentType: string; filename: string };

async function allTasks(userId: string): Promise<TaskView[]> {
  const rows = await db.task.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: taskSelect });
  return rows.map(toTaskView);
}

/** A due instant as the user wrote it: a bare day for "by the end of that day", else local date and time. */
export function dueForCsv(dueAt: string | null, timeZone: string): string {
  if (!dueAt) return "";
  const instant = new Date(dueAt);
  const p = localParts(instant, timeZone);
  const day = localDateString(instant, timeZone);
  return isEndOfLocalDay(p) ? day : `${day}T${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

async function exportJson(user: SessionUser): Promise<string> {
  const [account, tasks, conversations] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, name: true, timezone: true, createdAt: true } }),
    allTasks(user.id),
    db.conversation.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        title: true,
        createdAt: true,
        updatedAt: true,
        messages: { orderBy: { position: "asc" }, select: { id: true, role: true, parts: true, metadata: true, createdAt: true } },
      },
    }),
  ]);
  return JSON.stringify(
    {
      format: "talk-todo-export",
      version: 1,
      exportedAt: new Date().toISOString(),
      account: { ...account, createdAt: account.createdAt.toISOString() },
      tasks,
      conversations: conversations.map((c) => ({
        ...c,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        messages: c.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      })),
    },
    null,
    2,
  );
}

async function exportCsv(user: SessionUser): Promise<string> {
  const tasks = await allTasks(user.id);
  return Papa.unparse({
    fields: ["title", "description", "priority", "due", "list", "labels", "status", "recurrence"],
    data: tasks.map((t) => [t.title, t.description, t.priority, dueForCsv(t.dueAt, user.timezone), t.list?.name ?? "", t.labels.join(", "), t.status, t.recurrence?.rule ?? ""]),
  });
}

async function exportIcs(user: SessionUser): Promise<string> {
  return buildCalendarFeed({ tasks: await allTasks(user.id), timeZone: user.timezone });
}

export async function exportData(user: SessionUser, format: ExportFormat): Promise<ExportFile> {
  const day = localDateString(new Date(), user.timezone);
  switch (format) {
    case "json":
      return { body: await exportJson(user), contentType: "application/json; charset=utf-8", filename: `talk-todo-${day}.json` };
    case "csv":
      return { body: await exportCsv(user), contentType: "text/csv; charset=utf-8", filename: `talk-todo-tasks-${day}.csv` };
    case "ics":
      return { body: await exportIcs(user), contentType: "text/calendar; charset=utf-8", filename: `talk-todo-${day}.ics` };
  }
}
