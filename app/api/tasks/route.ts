import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readJson, readQuery } from "@/lib/http/request";
import { taskCreateSchema, taskListQuerySchema } from "@/lib/tasks/schema";
import { createTask, listTasks } from "@/lib/tasks/service";

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const query = readQuery(request, taskListQuerySchema);
  const result = await listTasks({ userId: user.id, timeZone: query.tz ?? user.timezone, ...query });
  return json(result);
});

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  const input = await readJson(request, taskCreateSchema);
  const task = await createTask({ userId: user.id, timeZone: user.timezone, input });
  return json({ task }, { status: 201 });
});
