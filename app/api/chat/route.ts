/**
 * POST /api/chat — one agent turn as an AI SDK UI message stream (what useChat speaks).
 * Body (API.md): `{ id, message, timezone? }` or `{ id, confirmation: { id, approved } }`;
 * see docs/agent.md for the exact shapes the UI sends.
 */
import { requireTurnUser } from "@/lib/auth/require-user";
import { route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { uiMessageStreamResponse } from "@/lib/http/sse";
import { chatBodySchema, chatTurnInput, requestIdFor } from "@/lib/agent/request";
import { startTurn } from "@/lib/agent/turn";

export const maxDuration = 300;

export const POST = route(async (request) => {
  const { user } = await requireTurnUser(request);
  const body = await readJson(request, chatBodySchema);
  const input = chatTurnInput(body);
  const requestId = requestIdFor(request);
  const turn = await startTurn({ user, conversationId: body.id, requestId, input, timeZone: body.timezone, model: body.model });
  // The client leaving does not stop the turn: the server drains its own copy and saves it.
  // no-transform: compressing a token stream costs CPU per turn and can hold tokens back.
  return uiMessageStreamResponse(turn.stream, { "x-request-id": requestId, "cache-control": "no-cache, no-transform" });
});
