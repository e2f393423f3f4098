/**
 * The undo_last_turn tool: reverts the task changes of the previous request that changed tasks
 * (in the agent: the conversation's previous turn; over MCP: the caller's previous call), the
 * same way POST /api/undo does. Never overwrites a later change; says what it skipped.
 *
 * An undo that would remove tasks (the turn created them) is a removal like delete_tasks: in the
 * agent it waits for the user's approval, bound to exactly those tasks (security case 48).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { lastUndoableRequest, undoRemovals, undoRequest } from "@/lib/activity";
import { describeUndo } from "@/lib/activity/describe";
import type { TaskToolContext } from "@/lib/agent/tools/context";
import type { ToolResult } from "@/lib/agent/tools/results";

export const undoLastTurnInput = z.object({}).strict();
export type UndoLastTurnInput = z.infer<typeof undoLastTurnInput>;

const NOTHING: ToolResult = {
  ok: true,
  reverted: 0,
  changes: [],
  skipped: [],
  alreadyUndone: false,
  message: "There is nothing to undo here: no earlier change to the tasks.",
};

function lastRequest(ctx: TaskToolContext): Promise<string | null> {
  return lastUndoableRequest({ userId: ctx.userId, conversationId: ctx.conversationId, actor: ctx.actor, exclude: ctx.requestId });
}

async function undo(requestId: string, ctx: TaskToolContext): Promise<ToolResult> {
  const change = { actor: ctx.actor, requestId: ctx.requestId ?? randomUUID() };
  const result = await undoRequest({ userId: ctx.userId, requestId, change, db: ctx.db });
  return { ok: true, ...result, message: describeUndo(result) };
}

export async function undoLastTurn(_input: UndoLastTurnInput, ctx: TaskToolContext): Promise<ToolResult> {
  const requestId = await lastRequest(ctx);
  return requestId ? undo(requestId, ctx) : NOTHING;
}

/** In the agent: the tasks this undo would remove now (ask first), or none (run). */
export async function proposeUndo(ctx: TaskToolContext): Promise<{ id: string; title: string }[]> {
  const requestId = await lastRequest(ctx);
  return requestId ? undoRemovals({ userId: ctx.userId, requestId }) : [];
}

/** Runs the undo only if every task it would remove now is among `approved` (the tasks the user was asked about). */
export async function undoApproved(approved: { id: string; title: string }[], ctx: TaskToolContext): Promise<ToolResult> {
  const requestId = await lastRequest(ctx);
  if (!requestId) return NOTHING;
  const allowed = new Set(approved.map((t) => t.id));
  const removals = await undoRemovals({ userId: ctx.userId, requestId, db: ctx.db });
  if (removals.some((t) => !allowed.has(t.id))) {
    return {
      ok: false,
      code: "not_found",
      message:
        "The change to undo is no longer the one the user was asked about (it was undone or changed meanwhile), so nothing was undone. Tell the user and ask again if they still want it.",
    };
  }
  return undo(requestId, ctx);
}
