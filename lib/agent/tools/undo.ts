/**
 * The undo_last_turn tool: reverts the task changes of the previous request that changed tasks
 * (in the agent: the conversation's previous turn; over MCP: the caller's previous call), the
 * same way POST /api/undo does. Never overwrites a later change; says what it skipped.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { lastUndoableRequest, undoRequest } from "@/lib/activity";
import { describeUndo } from "@/lib/activity/describe";
import type { TaskToolContext } from "@/lib/agent/tools/operations";
import type { ToolResult } from "@/lib/agent/tools/results";

export const undoLastTurnInput = z.object({}).strict();
export type UndoLastTurnInput = z.infer<typeof undoLastTurnInput>;

export async function undoLastTurn(_input: UndoLastTurnInput, ctx: TaskToolContext): Promise<ToolResult> {
  const requestId = await lastUndoableRequest({ userId: ctx.userId, conversationId: ctx.conversationId, actor: ctx.actor, exclude: ctx.requestId });
  if (!requestId) return { ok: true, reverted: 0, changes: [], skipped: [], alreadyUndone: false, message: "There is nothing to undo here: no earlier change to the tasks." };
  const change = { actor: ctx.actor, requestId: ctx.requestId ?? randomUUID() };
  const result = await undoRequest({ userId: ctx.userId, requestId, change, db: ctx.db });
  return { ok: true, ...result, message: describeUndo(result) };
}
