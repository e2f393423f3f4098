/**
 * POST /api/undo { requestId } → { reverted, skipped: [{ taskId, title, reason }], alreadyUndone }.
 * 404 when the user has no change under that request id. The undo is recorded under this
 * request's own id (X-Request-Id, returned), so it can be undone too.
 */
import { randomUUID } from "node:crypto";
import { undoRequest } from "@/lib/activity";
import { undoBodySchema } from "@/lib/activity/schema";
import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor, requestIdHeader } from "@/lib/http/change";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

export const POST = route(async (request) => {
  const auth = await requireUser(request);
  const { requestId } = await readJson(request, undoBodySchema);
  let change = changeContextFor(request, auth);
  // The undo gets an id of its own, never the one it reverts.
  if (change.requestId === requestId) change = { ...change, requestId: randomUUID() };
  const result = await undoRequest({ userId: auth.user.id, requestId, change });
  return json(result, { headers: requestIdHeader(change) });
});
