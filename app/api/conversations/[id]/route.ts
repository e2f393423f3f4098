import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, noContent, route } from "@/lib/http/respond";
import { readIdParam, readJson } from "@/lib/http/request";
import { deleteConversation, getConversation, loadMessages, renameConversation } from "@/lib/conversations";
import { conversationPatchSchema } from "@/lib/conversations/schema";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "agent");
  const id = readIdParam((await params).id, "conversation");
  const conversation = await getConversation({ userId: user.id, id });
  if (!conversation) throw new AppError("not_found:conversation");
  const messages = await loadMessages({ conversationId: id });
  return json({ id: conversation.id, title: conversation.title, messages });
});

export const PATCH = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "agent");
  const id = readIdParam((await params).id, "conversation");
  const { title } = await readJson(request, conversationPatchSchema);
  return json({ conversation: await renameConversation({ userId: user.id, id, title }) });
});

export const DELETE = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "agent");
  const id = readIdParam((await params).id, "conversation");
  await deleteConversation({ userId: user.id, id });
  return noContent();
});
