/** The activity log's shapes: what clients may send and what they get back. */
import { z } from "zod";
import type { ActivityAction, ChangeActor } from "@/lib/tasks/activity-log";
import type { TaskView } from "@/lib/tasks/schema";

/** A request id as clients may send one (X-Request-Id, /api/agent's requestId). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const requestIdSchema = z.string().regex(REQUEST_ID_PATTERN, "must be 1..128 letters, digits or . _ : -");

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 100;

export const activityQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional(),
    cursor: z.string().max(64).optional(),
    requestId: requestIdSchema.optional(),
  })
  .strict();

export const undoBodySchema = z.object({ requestId: requestIdSchema }).strict();

/** One recorded change, newest first in lists. `undoOf`: the request this change undid; `undoneBy`: the undo that reverted it. */
export type ActivityView = {
  id: string;
  at: string;
  actor: ChangeActor;
  requestId: string | null;
  taskId: string;
  action: ActivityAction;
  before: TaskView | null;
  after: TaskView | null;
  undoOf: string | null;
  undoneBy: string | null;
};

export type UndoResult = {
  /** How many tasks were put back. */
  reverted: number;
  /** What the undo did to each task it put back (e.g. "deleted" for a task the request had created). */
  changes: { taskId: string; title: string; action: ActivityAction }[];
  /** Tasks left as they are because they changed again since (never overwritten). */
  skipped: { taskId: string; title: string; reason: string }[];
  /** Everything that request changed had already been undone. */
  alreadyUndone: boolean;
};
