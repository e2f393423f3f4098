/**
 * POST /api/conversations/:id/stop — the chat's Stop: the turn running in this conversation
 * stops its model call and starts no further tool (what already ran stays). Works whichever
 * server process runs the turn: this one stops it at once, another one within seconds.
 * → `200 { stopped: boolean }` (false: nothing was running); another user's id → 404.
 */
import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";
import { readIdParam } from "@/lib/http/request";
import { getConversation, requestTurnStop } from "@/lib/conversations";
import { stopLocalTurn } from "@/lib/agent/in-flight";

type Context = { params: Promise<{ id: string }> };

export const POST = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "agent");
  const id = readIdParam((await params).id, "conversation");
  if (!(await getConversation({ userId: user.id, id }))) throw new AppError("not_found:conversation");
  const turnId = await requestTurnStop({ userId: user.id, conversationId: id });
  // In this process: answered once the stopped turn is saved, so the next message is accepted at once.
  if (turnId) await stopLocalTurn(turnId);
  return json({ stopped: turnId !== null });
});
