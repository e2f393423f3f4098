/**
 * Importing tasks from a CSV file (lib/portability/csv-import.ts reads it): a preview of what
 * would be created, or the creation itself through the task service, so each imported task is
 * created (and recorded in the activity log) exactly as one added in the app is. The whole
 * import is one transaction under one request id: all of it or nothing, and one
 * `POST /api/undo { requestId }` takes it back.
 */
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { listNameKey } from "@/lib/lists/schema";
import { ensureList, LISTS_MAX } from "@/lib/lists/service";
import { createTask, ensureTaskRoom, setTasksStatus, type ChangeContext } from "@/lib/tasks/service";
import { parseImportCsv, type ImportRow, type SkippedLine } from "@/lib/portability/csv-import";

export type ImportPreview = { format: "talk-todo" | "todoist"; tasks: ImportRow[]; skipped: SkippedLine[] };
export type ImportResult = { imported: number; skipped: SkippedLine[]; requestId: string | null };

/** Up to MAX_IMPORT_ROWS creations in one transaction: longer than Prisma's 5-second default. */
const IMPORT_TRANSACTION_MS = 120_000;

export function previewImport({ text, timeZone }: { text: string; timeZone: string }): ImportPreview {
  const { format, rows, skipped } = parseImportCsv(text, { timeZone });
  return { format, tasks: rows, skipped };
}

/** The lists the file names that the user does not have must fit under LISTS_MAX. */
async function ensureListRoom(tx: Prisma.TransactionClient, userId: string, rows: ImportRow[]): Promise<void> {
  const named = [...new Set(rows.flatMap((r) => (r.list ? [listNameKey(r.list)] : [])))];
  if (!named.length) return;
  const existing = await tx.taskList.count({ where: { userId, nameKey: { in: named } } });
  const have = await tx.taskList.count({ where: { userId } });
  const adding = named.length - existing;
  if (have + adding > LISTS_MAX) {
    throw new AppError(
      "bad_request:import",
      `The file names ${adding} new list${adding === 1 ? "" : "s"}, and you have ${have}: you can have at most ${LISTS_MAX} lists. Nothing was imported.`,
    );
  }
}

export async function importTasks({
  userId,
  timeZone,
  text,
  change,
}: {
  userId: string;
  timeZone: string;
  text: string;
  change: ChangeContext;
}): Promise<ImportResult> {
  const { rows, skipped } = parseImportCsv(text, { timeZone });
  if (!rows.length) return { imported: 0, skipped, requestId: null };
  await db.$transaction(
    async (tx) => {
      // The same limits as adding tasks and lists one by one: refused whole, before anything is created.
      await ensureTaskRoom({ userId, adding: rows.length, db: tx });
      await ensureListRoom(tx, userId, rows);
      const completed: string[] = [];
      // A list named in the file is the user's list of that name, created if it does not exist.
      const lists = new Map<string, string>();
      for (const row of rows) {
        const listId = row.list ? (lists.get(row.list.toLowerCase()) ?? (await ensureList({ userId, name: row.list, db: tx })).id) : null;
        if (row.list && listId) lists.set(row.list.toLowerCase(), listId);
        const input = {
          title: row.title,
          description: row.description,
          priority: row.priority,
          dueAt: row.due,
          recurrence: row.recurrence,
          listId,
          labels: row.labels,
        };
        const task = await createTask({ userId, timeZone, input, change, db: tx, roomChecked: true });
        if (row.status === "completed") completed.push(task.id);
      }
      if (completed.length) await setTasksStatus({ userId, ids: completed, status: "completed", timeZone, change, db: tx });
    },
    { timeout: IMPORT_TRANSACTION_MS, maxWait: 10_000 },
  );
  return { imported: rows.length, skipped, requestId: change.requestId };
}
