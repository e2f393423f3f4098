import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";
import { listConversations } from "@/lib/conversations";
import { conversationListQuerySchema } from "@/lib/conversations/schema";

export const GET = route(async (request) => {
  const { user } = await requireUser(request, "agent");
  const query = readQuery(request, conversationListQuerySchema);
  return json(await listConversations({ userId: user.id, ...query }));
});
