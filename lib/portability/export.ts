/**
 * Everything a user owns, in the formats people take elsewhere: JSON (tasks and conversations
 * with every message), CSV of the tasks (the columns the importer reads back), and the calendar
 * feed's content as a file (pending tasks with a due date). Every query is scoped by the user's id.
 */
import "server-only";
import Papa from "papaparse";
import { buildCalendarFeed } from "@/lib/calendar/feed";
import { db, type Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import type { SessionUser } from "@/lib/auth/users";
import { isEndOfLocalDay } from "@/lib/tasks/due";
import { taskSelect, toTaskView } from "@/lib/tasks/service";
import type { TaskView } from "@/lib/tasks/schema";
import { localDateString, localParts } from "@/lib/tasks/time-zone";

export type ExportFormat = "json" | "csv" | "ics";
export type ExportFile = { body: ReadableStream<Uint8Array> | string; contentType: string; filename: string };

const PAGE = 500;
const CONVERSATION_PAGE = 20;

/** The user's tasks, oldest first, a page at a time: an export never holds them all in memory. */
async function* taskPages(userId: string, where: Prisma.TaskWhereInput = {}): AsyncGenerator<TaskView[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: Prisma.TaskWhereInput = after
      ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
      : {};
    const rows = await db.task.findMany({
      where: { userId, ...where, AND: [cursor] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PAGE,
      select: taskSelect,
    });
    if (rows.length) yield rows.map(toTaskView);
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Text pieces → a byte stream that asks for the next piece only when the client has read the last. */
function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        log.error("export.failed", { error: error instanceof Error ? error.message : String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** A due instant as the user wrote it: a bare day for "by the end of that day", else local date and time. */
export function dueForCsv(dueAt: string | null, timeZone: string): string {
  if (!dueAt) return "";
  const instant = new Date(dueAt);
  const p = localParts(instant, timeZone);
  const day = localDateString(instant, timeZone);
  return isEndOfLocalDay(p) ? day : `${day}T${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

async function* exportJson(user: SessionUser): AsyncGenerator<string> {
  const account = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { email: true, name: true, timezone: true, createdAt: true },
  });
  const head = {
    format: "talk-todo-export",
    version: 1,
    exportedAt: new Date().toISOString(),
    account: { ...account, createdAt: account.createdAt.toISOString() },
  };
  yield `${JSON.stringify(head).slice(0, -1)},\n"tasks": [`;
  let first = true;
  for await (const page of taskPages(user.id)) {
    yield page.map((t) => `${first ? ((first = false), "\n") : ",\n"}${JSON.stringify(t)}`).join("");
  }
  yield `\n],\n"conversations": [`;
  first = true;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: Prisma.ConversationWhereInput = after
      ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
      : {};
    const conversations = await db.conversation.findMany({
      where: { userId: user.id, AND: [cursor] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: CONVERSATION_PAGE,
      select: {
        id: true,
        title: true,
        createdAt: true,
        updatedAt: true,
        messages: { orderBy: { position: "asc" }, select: { id: true, role: true, parts: true, metadata: true, createdAt: true } },
      },
    });
    for (const c of conversations) {
      const conversation = {
        ...c,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        messages: c.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      };
      yield `${first ? "\n" : ",\n"}${JSON.stringify(conversation)}`;
      first = false;
    }
    if (conversations.length < CONVERSATION_PAGE) break;
    const last = conversations[conversations.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  yield "\n]}\n";
}

/** Papa's own pattern for `escapeFormulae: true` (/^[=+\-@\t\r].*$/) misses a cell with a line break. */
const FORMULA = /^[=+\-@\t\r]/;
const CSV_FIELDS = ["title", "description", "priority", "due", "list", "labels", "status", "recurrence"];

/**
 * The tasks as CSV, the columns the importer reads back. escapeFormulae: a cell that starts with
 * =, +, -, @, a tab or a carriage return gets a leading ' so that a spreadsheet shows it as text
 * instead of running it (CSV injection, security case 47); the importer takes the ' off again.
 */
async function* exportCsv(user: SessionUser): AsyncGenerator<string> {
  yield Papa.unparse([CSV_FIELDS]);
  for await (const page of taskPages(user.id)) {
    const data = page.map((t) => [
      t.title,
      t.description,
      t.priority,
      dueForCsv(t.dueAt, user.timezone),
      t.list?.name ?? "",
      t.labels.join(", "),
      t.status,
      t.recurrence?.rule ?? "",
    ]);
    yield `\r\n${Papa.unparse(data, { escapeFormulae: FORMULA })}`;
  }
}

/** The calendar file holds pending tasks with a due date only; built whole (ical-generator writes one string). */
async function exportIcs(user: SessionUser): Promise<string> {
  const tasks: TaskView[] = [];
  for await (const page of taskPages(user.id, { status: "pending", dueAt: { not: null } })) tasks.push(...page);
  return buildCalendarFeed({ tasks, timeZone: user.timezone });
}

export async function exportData(user: SessionUser, format: ExportFormat): Promise<ExportFile> {
  const day = localDateString(new Date(), user.timezone);
  switch (format) {
    case "json":
      return { body: streamOf(exportJson(user)), contentType: "application/json; charset=utf-8", filename: `talk-todo-${day}.json` };
    case "csv":
      return { body: streamOf(exportCsv(user)), contentType: "text/csv; charset=utf-8", filename: `talk-todo-tasks-${day}.csv` };
    case "ics":
      return { body: await exportIcs(user), contentType: "text/calendar; charset=utf-8", filename: `talk-todo-${day}.ics` };
  }
}
