/**
 * Conversations of one user. Every query carries `userId`, so another user's conversation is
 * indistinguishable from a missing one (404), and a client-chosen id can never take one over.
 */
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { CONVERSATION_PAGE_DEFAULT } from "@/lib/limits";

export type ConversationSummary = { id: string; title: string; updatedAt: string };

const summarySelect = { id: true, title: true, updatedAt: true } as const;

function toSummary(row: { id: string; title: string; updatedAt: Date }): ConversationSummary {
  return { id: row.id, title: row.title, updatedAt: row.updatedAt.toISOString() };
}

export async function getConversation({ userId, id }: { userId: string; id: string }): Promise<ConversationSummary | null> {
  const row = await db.conversation.findFirst({ where: { id, userId }, select: summarySelect });
  return row ? toSummary(row) : null;
}

type Cursor = { u: string; i: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Cursor>;
    if (
      typeof parsed.u === "string" &&
      typeof parsed.i === "string" &&
      !Number.isNaN(Date.parse(parsed.u)) &&
      /^[0-9a-f-]{36}$/i.test(parsed.i)
    ) {
      return { u: parsed.u, i: parsed.i };
    }
  } catch {
    // fall through
  }
  throw new AppError("bad_request:cursor", "cursor: not a valid cursor");
}

export async function listConversations({
  userId,
  limit = CONVERSATION_PAGE_DEFAULT,
  cursor,
}: {
  userId: string;
  limit?: number;
  cursor?: string;
}): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const where = after
    ? { userId, OR: [{ updatedAt: { lt: new Date(after.u) } }, { updatedAt: new Date(after.u), id: { lt: after.i } }] }
    : { userId };
  const rows = await db.conversation.findMany({
    where,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: summarySelect,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    conversations: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ u: last.updatedAt.toISOString(), i: last.id }) : null,
  };
}

export async function renameConversation({
  userId,
  id,
  title,
}: {
  userId: string;
  id: string;
  title: string;
}): Promise<ConversationSummary> {
  const { count } = await db.conversation.updateMany({ where: { id, userId }, data: { title } });
  if (count === 0) throw new AppError("not_found:conversation");
  const row = await getConversation({ userId, id });
  if (!row) throw new AppError("not_found:conversation");
  return row;
}

export async function deleteConversation({ userId, id }: { userId: string; id: string }): Promise<void> {
  const { count } = await db.conversation.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found:conversation");
}
