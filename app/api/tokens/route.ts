import { requireUser } from "@/lib/auth/require-user";
import { createApiToken, listApiTokens } from "@/lib/auth/tokens";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { tokenCreateSchema } from "@/lib/tokens/schema";

/** Tokens are managed from the signed-in website only: a bearer token gets 403 forbidden:token. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  return json({ tokens: await listApiTokens({ userId: user.id }) });
});

export const POST = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const { name, scopes, expiresAt } = await readJson(request, tokenCreateSchema);
  const created = await createApiToken({ userId: user.id, name, scopes, expiresAt: expiresAt ? new Date(expiresAt) : null });
  return json(created, { status: 201 });
});
