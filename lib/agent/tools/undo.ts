/**
 * The undo_last_turn tool: reverts the task changes of the previous request that changed tasks
 * (in the agent: the conversation's previous turn; over MCP: the caller's previous call), the
 * same way POST /api/undo does. Never overwrites a later change; says what it skipped.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { lastUndoableRequest, undoRequest, type UndoResult } from "@/lib/activity";
import type { TaskToolContext } from "@/lib/agent/tools/operations";
import { notFound, type ToolResult } from "@/lib/agent/tools/results";

export const undoLastTurnInput = z.object({}).strict();
export type UndoLastTurnInput = z.infer<typeof undoLastTurnInput>;

const quote = (title: string) => `'${title}'`;

const DONE: Record<UndoResult["changes"][number]["action"], string> = {
  created: "brought back",
  deleted: "removed",
  completed: "marked as done again",
  reopened: "reopened",
  updated: "put back as it was",
};

/** One plain sentence (or two) of what the undo did, from its result only. */
export function describeUndo(result: UndoResult): string {
  const parts = result.changes.map((c) => `${DONE[c.action]} ${quote(c.title)}`);
  const done = parts.length ? `Undone: ${parts.join(", ")}.` : result.alreadyUndone ? "That was already undone." : "Nothing could be undone.";
  const skipped = result.skipped.map((s) => `${quote(s.title)} was left as it is because it changed since.`);
  return [done, ...skipped].join(" ");
}

export async function undoLastTurn(_input: UndoLastTurnInput, ctx: TaskToolContext): Promise<ToolResult> {
  const requestId = await lastUndoableRequest({ userId: ctx.userId, conversationId: ctx.conversationId, actor: ctx.actor, exclude: ctx.requestId });
  if (!requestId) return notFound("undo", "There is nothing to undo: no earlier change to the tasks was found here.");
  const change = { actor: ctx.actor, requestId: ctx.requestId ?? randomUUID() };
  const result = await undoRequest({ userId: ctx.userId, requestId, change, db: ctx.db });
  return { ok: true, ...result, message: describeUndo(result) };
}
