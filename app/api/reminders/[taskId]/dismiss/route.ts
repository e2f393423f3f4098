import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor, requestIdHeader } from "@/lib/http/change";
import { json, route } from "@/lib/http/respond";
import { readIdParam } from "@/lib/http/request";
import { dismissReminder } from "@/lib/tasks/reminders";

type Context = { params: Promise<{ taskId: string }> };

export const POST = route(async (request, { params }: Context) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  const taskId = readIdParam((await params).taskId, "task");
  const task = await dismissReminder({ userId: auth.user.id, taskId, change });
  return json({ task }, { headers: requestIdHeader(change) });
});
