import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, noContent, route } from "@/lib/http/respond";
import { readIdParam, readJson, readQuery } from "@/lib/http/request";
import { deleteConversation, getConversation, loadMessagePage, renameConversation } from "@/lib/conversations";
import { conversationPatchSchema, messagePageQuerySchema } from "@/lib/conversations/schema";
import { MESSAGE_PAGE_SIZE } from "@/lib/limits";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "agent");
  const id = readIdParam((await params).id, "conversation");
  const query = readQuery(request, messagePageQuerySchema);
  const conversation = await getConversation({ userId: user.id, id });
  if (!conversation) throw new AppError("not_found:conversation");
  // The newest page (or the one before `before`); older pages through `nextCursor`.
  const { messages, nextCursor } = await loadMessagePage({
    conversationId: id,
    before: query.before,
    limit: query.limit ?? MESSAGE_PAGE_SIZE,
  });
  return json({ id: conversation.id, title: conversation.title, messages, nextCursor });
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
