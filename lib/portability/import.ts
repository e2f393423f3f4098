/**
 * Importing tasks from a CSV file (lib/portability/csv-import.ts reads it): a preview of what
 * would be created, or the creation itself through the task service, so each imported task is
 * created exactly as one added in the app is.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { createTask, setTasksStatus } from "@/lib/tasks/service";
import type { TaskView } from "@/lib/tasks/schema";
import { parseImportCsv, type ImportRow, type SkippedLine } from "@/lib/portability/csv-import";

export type ImportPreview = { format: "talk-todo" | "todoist"; tasks: ImportRow[]; skipped: SkippedLine[] };
export type ImportResult = { imported: number; skipped: SkippedLine[]; requestId: string };

export function previewImport({ text, timeZone }: { text: string; timeZone: string }): ImportPreview {
  const { format, rows, skipped } = parseImportCsv(text, { timeZone });
  return { format, tasks: rows, skipped };
}

export async function importTasks({ userId, timeZone, text }: { userId: string; timeZone: string; text: string }): Promise<ImportResult> {
  const { rows, skipped } = parseImportCsv(text, { timeZone });
  const requestId = `import-${randomUUID()}`;
  const created: TaskView[] = [];
  const completed: string[] = [];
  for (const row of rows) {
    const task = await createTask({ userId, timeZone, input: { title: row.title, description: row.description, priority: row.priority, dueAt: row.due } });
    created.push(task);
    if (row.status === "completed") completed.push(task.id);
  }
  if (completed.length) await setTasksStatus({ userId, ids: completed, status: "completed" });
  return { imported: created.length, skipped, requestId };
}
