/**
 * Who the task tools act for (lib/agent/tools/operations.ts, organise.ts), and the lookup of a
 * task by the words a user or model used for it. Its own file so that operations.ts and
 * organise.ts both depend on it instead of on each other.
 */
import type { Prisma } from "@/lib/db";
import type { ChangeActor, ChangeContext } from "@/lib/tasks/activity-log";
import { resolveReference, type ReferenceResult } from "@/lib/tasks/match";
import type { TaskStatus } from "@/lib/tasks/schema";
import { listTasksForMatching } from "@/lib/tasks/service";

/**
 * Who the tools act for, set by the server from the session, never by the model: the user, and
 * how their changes are recorded (actor, the turn's or MCP call's request id). `db`: a
 * transaction to run the tool's effect in (the caller's); `conversationId`: the agent's
 * conversation (undo_last_turn).
 */
export type TaskToolContext = {
  userId: string;
  timeZone: string;
  now?: () => Date;
  actor: ChangeActor;
  requestId: string | null;
  conversationId?: string;
  db?: Prisma.TransactionClient;
};

/** The change context and transaction the service records a tool's changes with. */
export function changeOf(ctx: TaskToolContext): { change: ChangeContext; db?: Prisma.TransactionClient } {
  return { change: { actor: ctx.actor, requestId: ctx.requestId }, db: ctx.db };
}

export async function resolveTask(ctx: TaskToolContext, reference: string, prefer?: TaskStatus): Promise<ReferenceResult> {
  const tasks = await listTasksForMatching({ userId: ctx.userId, reference, db: ctx.db });
  return resolveReference(reference, tasks, prefer);
}
