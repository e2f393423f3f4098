import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors";
import { changeContextFor, requestIdHeader } from "@/lib/http/change";
import { json, route } from "@/lib/http/respond";
import { readIdParam, readJson } from "@/lib/http/request";
import { listUpdateSchema } from "@/lib/lists/schema";
import { getList, renameList } from "@/lib/lists/service";
import { deleteList } from "@/lib/tasks/service";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request);
  const list = await getList({ userId: user.id, id: readIdParam((await params).id, "list") });
  if (!list) throw new AppError("not_found:list");
  return json({ list });
});

export const PATCH = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request);
  const id = readIdParam((await params).id, "list");
  const { name } = await readJson(request, listUpdateSchema);
  return json({ list: await renameList({ userId: user.id, id, name }) });
});

/** 204; its tasks move to the Inbox. `X-Request-Id` names the change, so POST /api/undo can revert it. */
export const DELETE = route(async (request, { params }: Context) => {
  const auth = await requireUser(request);
  const change = changeContextFor(request, auth);
  await deleteList({ userId: auth.user.id, id: readIdParam((await params).id, "list"), change });
  return new Response(null, { status: 204, headers: requestIdHeader(change) });
});
