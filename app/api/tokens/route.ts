import { requireUser } from "@/lib/auth/require-user";
import { createApiToken, listApiTokens } from "@/lib/auth/tokens";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { tokenCreateSchema } from "@/lib/tokens/schema";

export const GET = route(async (request) => {
  const { user } = await requireUser(request);
  const tokens = await listApiTokens({ userId: user.id });
  return json({ tokens: tokens.map(({ id, name, prefix, createdAt, lastUsedAt }) => ({ id, name, prefix, createdAt, lastUsedAt })) });
});

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  const { name } = await readJson(request, tokenCreateSchema);
  const created = await createApiToken({ userId: user.id, name });
  return json({ id: created.id, name: created.name, token: created.token, prefix: created.prefix, createdAt: created.createdAt }, { status: 201 });
});
