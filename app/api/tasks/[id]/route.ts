import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { changeContextFor } from "@/lib/http/change";
import { idempotentWrite } from "@/lib/http/idempotency";
import { json, route } from "@/lib/http/respond";
import { readIdParam, readJson } from "@/lib/http/request";
import { taskUpdateSchema } from "@/lib/tasks/schema";
import { deleteTask, getTaskById, updateTask } from "@/lib/tasks/service";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request);
  const id = readIdParam((await params).id, "task");
  const task = await getTaskById({ userId: user.id, id });
  if (!task) throw new AppError("not_found:task");
  return json({ task });
});

export const PATCH = route(async (request, { params }: Context) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  const id = readIdParam((await params).id, "task");
  const patch = await readJson(request, taskUpdateSchema);
  return idempotentWrite({
    request,
    userId: auth.user.id,
    input: patch,
    write: async (db) => {
      const task = await updateTask({ userId: auth.user.id, id, timeZone: auth.user.timezone, patch, change, db });
      return { status: 200, body: { task }, requestId: change.requestId };
    },
  });
});

export const DELETE = route(async (request, { params }: Context) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  const id = readIdParam((await params).id, "task");
  return idempotentWrite({
    request,
    userId: auth.user.id,
    input: undefined,
    write: async (db) => {
      await deleteTask({ userId: auth.user.id, id, change, db });
      return { status: 204, body: null, requestId: change.requestId };
    },
  });
});
