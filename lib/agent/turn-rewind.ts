/**
 * Editing the last user message and regenerating the last answer: before the new answer, the
 * task changes of the answer being replaced are undone (lib/activity's undo: a task changed
 * again since is skipped, never overwritten), its open proposals are refused, and its messages
 * (and, for an edit, the user message itself) are removed from the conversation.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { isToolUIPart, type UIMessage } from "ai";
import { undoRequest, type UndoResult } from "@/lib/activity";
import { db } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { denyProposals, loadMessages } from "@/lib/conversations";

export type Rewind = {
  /** The user message the new answer answers (kept for regenerate, removed for edit). */
  userMessage: UIMessage;
  /** What undoing the replaced answer's changes did. */
  undone: { reverted: number; skipped: UndoResult["skipped"] };
};

/** How far back a rewind looks for the last user message. */
const REWIND_WINDOW = 200;

export async function rewindLastAnswer({
  userId,
  conversationId,
  requestId,
  dropUserMessage,
}: {
  userId: string;
  conversationId: string;
  /** This turn's request id (for the log; the undo is recorded under an id of its own). */
  requestId: string;
  dropUserMessage: boolean;
}): Promise<Rewind> {
  const messages = await loadMessages({ conversationId, last: REWIND_WINDOW });
  const index = messages.findLastIndex((m) => m.role === "user");
  const userMessage = messages[index];
  if (!userMessage) throw new AppError("bad_request:message", "There is no message to edit or regenerate in this conversation.");
  const removed = messages.slice(dropUserMessage ? index : index + 1);
  const row = await db.message.findFirst({ where: { id: userMessage.id, conversationId }, select: { createdAt: true, position: true } });
  if (!row) throw new AppError("bad_request:message", "There is no message to edit or regenerate in this conversation.");

  // The turns that answered it (its own, and confirmations after it), newest first.
  const runs = await db.agentRun.findMany({
    where: { userId, conversationId, createdAt: { gte: row.createdAt } },
    orderBy: { createdAt: "desc" },
    select: { requestId: true },
  });
  const undone: Rewind["undone"] = { reverted: 0, skipped: [] };
  // The rewind's own request id, not the new turn's: undoing the new answer must revert only
  // what it did, never bring the replaced answer's changes back.
  const rewindId = randomUUID();
  for (const answered of [...new Set(runs.map((r) => r.requestId))]) {
    try {
      const result = await undoRequest({ userId, requestId: answered, change: { actor: "agent", requestId: rewindId } });
      undone.reverted += result.reverted;
      undone.skipped.push(...result.skipped);
    } catch (error) {
      if (!(isAppError(error) && error.type === "not_found")) throw error; // nothing recorded under it
    }
  }
  const pending = removed.flatMap((m) =>
    m.parts
      .filter(isToolUIPart)
      .filter((p) => p.state === "approval-requested")
      .map((p) => p.toolCallId),
  );
  await denyProposals({ conversationId, toolCallIds: pending });
  await db.message.deleteMany({ where: { conversationId, position: dropUserMessage ? { gte: row.position } : { gt: row.position } } });
  log.info("agent.rewind", {
    requestId,
    rewindId,
    conversationId,
    removedMessages: removed.length,
    reverted: undone.reverted,
    skipped: undone.skipped.length,
  });
  return { userMessage, undone };
}
