/** GET /api/activity?limit=&cursor=&requestId= — the user's task changes, newest first. */
import { listActivity } from "@/lib/activity";
import { activityQuerySchema } from "@/lib/activity/schema";
import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const query = readQuery(request, activityQuerySchema);
  return json(await listActivity({ userId: user.id, ...query }));
});
