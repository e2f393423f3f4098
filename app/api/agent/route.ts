/**
 * POST /api/agent — the same agent turn as /api/chat, answered as one JSON object (API.md):
 * requestId, conversationId, status, response, toolCalls, pendingConfirmation, iterations,
 * finishReason (the seeds' vocabulary; the AI SDK's own in modelFinishReason), warning, error,
 * undoable, and messages (the conversation after the turn, newest 50; messagesTruncated).
 */
import { randomUUID } from "node:crypto";
import { changedTasks } from "@/lib/activity";
import { loadMessages } from "@/lib/conversations";
import { HISTORY_VIEW_LIMIT, historyView } from "@/lib/agent/history-view";
import { requireTurnUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { agentBodySchema, agentTurnInput, requestIdFor } from "@/lib/agent/request";
import { startTurn } from "@/lib/agent/turn";

export const maxDuration = 300;

export const POST = route(async (request) => {
  const { user } = await requireTurnUser(request);
  const body = await readJson(request, agentBodySchema);
  const input = agentTurnInput(body);
  const requestId = requestIdFor(request, body.requestId);
  const conversationId = body.conversationId ?? randomUUID();
  const turn = await startTurn({ user, conversationId, requestId, input, timeZone: body.timezone, model: body.model });
  // Nobody reads the UI stream here; the turn runs to its end on the server's own copy.
  void turn.stream.cancel().catch(() => undefined);
  const outcome = await turn.outcome;
  // `undoable`: this turn changed tasks (POST /api/undo with its requestId reverts them).
  const [undoable, stored] = await Promise.all([
    changedTasks({ userId: user.id, requestId }),
    loadMessages({ conversationId: outcome.conversationId, last: HISTORY_VIEW_LIMIT + 1 }),
  ]);
  const history = historyView(stored);
  return json(
    { ...outcome, undoable, messages: history.messages, messagesTruncated: history.truncated },
    { headers: { "x-request-id": requestId } },
  );
});
