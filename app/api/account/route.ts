import { z } from "zod";
import { assertPasswordAttemptAllowed } from "@/lib/auth/password-attempts";
import { requireUser } from "@/lib/auth/require-user";
import { clearSessionCookie } from "@/lib/auth/session-token";
import { isRecentlyAuthenticated } from "@/lib/auth/reauth";
import { accountOverview, deleteAccount } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import { json, noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { PASSWORD_MAX } from "@/lib/limits";

const deleteAccountSchema = z.object({ password: z.string().min(1, "must not be empty").max(PASSWORD_MAX).optional() }).strict();

/** `GET /api/account` → `{ id, email, emailVerified, hasPassword, identities: [{ provider }] }`. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const overview = await accountOverview({ id: user.id });
  if (!overview) throw new AppError("unauthorized:session");
  return json(overview);
});

/**
 * Deletes the signed-in account and everything it owns (tasks, conversations, access tokens,
 * reset links, identities, activity, counters); the password confirms intent (an account made by
 * single sign-on, which has none, needs a recent sign-in instead). The session cookie is removed.
 */
export const DELETE = route(async (request) => {
  const auth = await requireUser(request, "session");
  const { user } = auth;
  const { password } = await readJson(request, deleteAccountSchema);
  await assertPasswordAttemptAllowed(user.id);
  await deleteAccount({ id: user.id, password, recentlyAuthenticated: isRecentlyAuthenticated(auth) });
  const response = noContent();
  if (auth.via === "session") for (const cookie of clearSessionCookie(request)) response.headers.append("set-cookie", cookie);
  return response;
});
