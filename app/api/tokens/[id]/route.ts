import { requireUser } from "@/lib/auth/require-user";
import { revokeApiToken } from "@/lib/auth/tokens";
import { noContent, route } from "@/lib/http/respond";
import { readIdParam } from "@/lib/http/request";

type Context = { params: Promise<{ id: string }> };

export const DELETE = route(async (request, { params }: Context) => {
  const { user } = await requireUser(request, "session");
  await revokeApiToken({ userId: user.id, id: readIdParam((await params).id, "token") });
  return noContent();
});
