import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { json, noContent, route } from "@/lib/http/respond";
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
  const { user } = await requireUser(request);
  const id = readIdParam((await params).id, "task");
  const patch = await readJson(request, taskUpdateSchema);
  const task = await updateTask({ userId: user.id, id, timeZone: user.timezone, patch });
  return json({ task });
});

export const DELETE = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request);
  const id = readIdParam((await params).id, "task");
  await deleteTask({ userId: user.id, id });
  return noContent();
});
