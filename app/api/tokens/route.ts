import { assertRecentlyAuthenticated } from "@/lib/auth/reauth";
import { requireUser } from "@/lib/auth/require-user";
import { createApiToken, listApiTokens } from "@/lib/auth/tokens";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { tokenCreateSchema } from "@/lib/auth/token-schema";

/** Tokens are managed from the signed-in website only: a bearer token gets 403 forbidden:token. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  return json({ tokens: await listApiTokens({ userId: user.id }) });
});

/** Creating one needs a recent sign-in (`403 forbidden:reauth_required`): a token outlives a password reset's sign-out. */
export const POST = route(async (request) => {
  const auth = await requireUser(request, "session");
  const { user } = auth;
  const { name, scopes, expiresAt } = await readJson(request, tokenCreateSchema);
  assertRecentlyAuthenticated(auth);
  const created = await createApiToken({ userId: user.id, name, scopes, expiresAt: expiresAt ? new Date(expiresAt) : null });
  return json(created, { status: 201 });
});
