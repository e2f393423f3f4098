import { requireUser } from "@/lib/auth/require-user";
import { noContent, route } from "@/lib/http/respond";
import { readIdParam } from "@/lib/http/request";
import { deleteSubscription } from "@/lib/push/subscriptions";

type Context = { params: Promise<{ id: string }> };

/** `DELETE /api/push/subscriptions/:id` → 204; another user's (or an unknown) id → 404. */
export const DELETE = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "session");
  const id = readIdParam((await params).id, "push_subscription");
  await deleteSubscription(user.id, id);
  return noContent();
});
