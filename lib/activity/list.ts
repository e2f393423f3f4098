/** Reading a user's activity log: newest first, keyset-paged by insertion order. */
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ACTIVITY_PAGE_DEFAULT, type ActivityView } from "@/lib/activity/schema";
import type { TaskView } from "@/lib/tasks/schema";

type ActivityRow = {
  id: string;
  seq: bigint;
  at: Date;
  actor: ActivityView["actor"];
  requestId: string | null;
  taskId: string;
  action: ActivityView["action"];
  before: unknown;
  after: unknown;
  undoOf: string | null;
  undoneBy: string | null;
};

export function toActivityView(row: ActivityRow): ActivityView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    requestId: row.requestId,
    taskId: row.taskId,
    action: row.action,
    before: (row.before as TaskView | null) ?? null,
    after: (row.after as TaskView | null) ?? null,
    undoOf: row.undoOf,
    undoneBy: row.undoneBy,
  };
}

function encodeCursor(seq: bigint): string {
  return Buffer.from(`a${seq}`).toString("base64url");
}

function decodeCursor(cursor: string): bigint {
  const match = /^a(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match?.[1]) throw new AppError("bad_request:api", "cursor: not a valid cursor");
  return BigInt(match[1]);
}

export async function listActivity({
  userId,
  limit = ACTIVITY_PAGE_DEFAULT,
  cursor,
  requestId,
}: {
  userId: string;
  limit?: number;
  cursor?: string;
  requestId?: string;
}): Promise<{ activity: ActivityView[]; nextCursor: string | null }> {
  const rows = await db.taskActivity.findMany({
    where: { userId, ...(requestId ? { requestId } : {}), ...(cursor ? { seq: { lt: decodeCursor(cursor) } } : {}) },
    orderBy: { seq: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { activity: page.map(toActivityView), nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null };
}

/** Whether a request changed any of the user's tasks (an agent turn's `undoable`). */
export async function changedTasks({ userId, requestId }: { userId: string; requestId: string }): Promise<boolean> {
  return (await db.taskActivity.count({ where: { userId, requestId }, take: 1 })) > 0;
}
