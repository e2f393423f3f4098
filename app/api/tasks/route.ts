import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor } from "@/lib/http/change";
import { idempotentWrite } from "@/lib/http/idempotency";
import { json, route } from "@/lib/http/respond";
import { readJson, readQuery } from "@/lib/http/request";
import { taskCreateSchema, taskListQuerySchema } from "@/lib/tasks/schema";
import { createTask, listTasks } from "@/lib/tasks/service";

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const { list, label, parent, ...query } = readQuery(request, taskListQuerySchema);
  const result = await listTasks({
    userId: user.id,
    timeZone: query.tz ?? user.timezone,
    ...query,
    listId: list === undefined ? undefined : list === "inbox" ? null : list,
    label,
    parentId: parent,
  });
  return json(result);
});

export const POST = route(async (request) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  const input = await readJson(request, taskCreateSchema);
  return idempotentWrite({
    request,
    userId: auth.user.id,
    input,
    write: async (db) => {
      const task = await createTask({ userId: auth.user.id, timeZone: auth.user.timezone, input, change, db });
      return { status: 201, body: { task }, requestId: change.requestId };
    },
  });
});
