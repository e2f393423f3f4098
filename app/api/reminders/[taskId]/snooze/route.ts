import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor, requestIdHeader } from "@/lib/http/change";
import { json, route } from "@/lib/http/respond";
import { readIdParam, readJson } from "@/lib/http/request";
import { snoozeReminder, snoozeSchema } from "@/lib/tasks/reminders";

type Context = { params: Promise<{ taskId: string }> };

export const POST = route(async (request, { params }: Context) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  const taskId = readIdParam((await params).taskId, "task");
  const { until } = await readJson(request, snoozeSchema);
  const task = await snoozeReminder({ userId: auth.user.id, taskId, until: new Date(until), change });
  return json({ task }, { headers: requestIdHeader(change) });
});
