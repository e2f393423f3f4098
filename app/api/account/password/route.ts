import { z } from "zod";
import { requireUser } from "@/lib/auth/require-user";
import { passwordSchema } from "@/lib/auth/schema";
import { assertPasswordAttemptAllowed } from "@/lib/auth/password-attempts";
import { renewSessionCookie } from "@/lib/auth/session-token";
import { changePassword } from "@/lib/auth/users";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { PASSWORD_MAX } from "@/lib/limits";

const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "is required").max(PASSWORD_MAX), newPassword: passwordSchema })
  .strict();

/**
 * Changes the password. Every other session of the user ends (the session version is bumped);
 * the session that made the change carries on with a re-issued cookie.
 */
export const POST = route(async (request) => {
  const { user, via } = await requireUser(request, "session");
  const { currentPassword, newPassword } = await readJson(request, changePasswordSchema);
  await assertPasswordAttemptAllowed(user.id);
  const sessionVersion = await changePassword({ id: user.id, currentPassword, newPassword });
  const response = noContent();
  if (via === "session")
    for (const cookie of await renewSessionCookie(request, sessionVersion)) response.headers.append("set-cookie", cookie);
  return response;
});
