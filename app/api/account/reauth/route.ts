import { z } from "zod";
import { assertPasswordAttemptAllowed } from "@/lib/auth/password-attempts";
import { requireUser } from "@/lib/auth/require-user";
import { reissueSessionCookie } from "@/lib/auth/session-token";
import { checkOwnPassword } from "@/lib/auth/users";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { PASSWORD_MAX } from "@/lib/limits";

const reauthSchema = z.object({ password: z.string().min(1, "is required").max(PASSWORD_MAX) }).strict();

/**
 * `POST /api/account/reauth { password }` → 204: the password re-entered makes this session's
 * sign-in recent again (its cookie is re-issued), for the actions that need one (lib/auth/reauth.ts).
 * Wrong password → 403 forbidden:password; limited like every own-password check.
 */
export const POST = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const { password } = await readJson(request, reauthSchema);
  await assertPasswordAttemptAllowed(user.id);
  await checkOwnPassword({ id: user.id, password });
  const response = noContent();
  for (const cookie of await reissueSessionCookie(request, { authAt: Math.floor(Date.now() / 1000) }))
    response.headers.append("set-cookie", cookie);
  return response;
});
