import { requireUser } from "@/lib/auth/require-user";
import { changeContextFor } from "@/lib/http/change";
import { idempotentWrite } from "@/lib/http/idempotency";
import { json, route } from "@/lib/http/respond";
import { readJson, readQuery } from "@/lib/http/request";
import { taskCreateSchema, taskListQuerySchema } from "@/lib/tasks/schema";
import { createTask, listTasks } from "@/lib/tasks/service";
import { resolveTimeRanges, TimeRangeError, type TimeRangeInput, type TimeRanges } from "@/lib/tasks/time-range";
import { AppError } from "@/lib/errors";

/** dueFrom/dueTo/completedFrom/completedTo in the caller's time zone; a bad bound → 400 naming it. */
function rangesOrBadRequest(input: TimeRangeInput, timeZone: string): TimeRanges {
  try {
    return resolveTimeRanges(input, timeZone);
  } catch (error) {
    if (error instanceof TimeRangeError) throw new AppError("bad_request:api", error.message);
    throw error;
  }
}

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const { list, label, parent, dueFrom, dueTo, completedFrom, completedTo, ...query } = readQuery(request, taskListQuerySchema);
  const timeZone = query.tz ?? user.timezone;
  const ranges = rangesOrBadRequest({ dueFrom, dueTo, completedFrom, completedTo }, timeZone);
  const result = await listTasks({
    userId: user.id,
    timeZone,
    ...query,
    dueRange: ranges.due,
    completedRange: ranges.completed,
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
