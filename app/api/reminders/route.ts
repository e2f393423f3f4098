import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/request";
import { listDueReminders, remindersQuerySchema } from "@/lib/tasks/reminders";

/** `GET /api/reminders?until=ISO` (default: now): the reminders due by then, not dismissed. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const { until } = readQuery(request, remindersQuerySchema);
  const tasks = await listDueReminders({ userId: user.id, until: until ? new Date(until) : new Date() });
  return json({ tasks });
});
