import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { listSubscriptions, saveSubscription, subscriptionInputSchema } from "@/lib/push/subscriptions";

/** `GET /api/push/subscriptions` → `{ subscriptions }`: this user's devices. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  return json({ subscriptions: await listSubscriptions(user.id) });
});

/** `POST /api/push/subscriptions` (a `PushSubscription.toJSON()`, `label?`) → 201 new, 200 the same endpoint again. */
export const POST = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const input = await readJson(request, subscriptionInputSchema);
  const { subscription, created } = await saveSubscription(user.id, input);
  return json(subscription, { status: created ? 201 : 200 });
});
