/** Opaque keyset cursors over the list order (status, dueAt nulls last, createdAt, id). */
import { AppError } from "@/lib/errors";
import type { TaskStatus } from "@/lib/tasks/schema";

export type TaskCursor = { s: TaskStatus; d: string | null; c: string; i: string };

export function encodeCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(text: string): TaskCursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as TaskCursor;
    const okStatus = value.s === "pending" || value.s === "completed";
    const okDates = (value.d === null || !Number.isNaN(Date.parse(value.d))) && !Number.isNaN(Date.parse(value.c));
    if (okStatus && okDates && typeof value.i === "string" && /^[0-9a-f-]{36}$/i.test(value.i)) return value;
  } catch {
    // fall through
  }
  throw new AppError("bad_request:api", "cursor: not a valid cursor");
}
