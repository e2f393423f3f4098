import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { listCreateSchema } from "@/lib/lists/schema";
import { createList, listLists } from "@/lib/lists/service";

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const { lists, inboxCount } = await listLists({ userId: user.id });
  return json({ lists, inbox: { taskCount: inboxCount } });
});

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  const { name } = await readJson(request, listCreateSchema);
  const list = await createList({ userId: user.id, name });
  return json({ list }, { status: 201 });
});
