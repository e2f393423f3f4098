import { requireUser } from "@/lib/auth/require-user";
import { clearSessionCookie } from "@/lib/auth/session-token";
import { endAllSessions } from "@/lib/auth/users";
import { noContent, route } from "@/lib/http/respond";

/** Signs out everywhere: every session of the user ends, this one included. Tokens are not sessions and stay. */
export const DELETE = route(async (request) => {
  const { user, via } = await requireUser(request, "session");
  await endAllSessions({ id: user.id });
  const response = noContent();
  if (via === "session") for (const cookie of clearSessionCookie(request)) response.headers.append("set-cookie", cookie);
  return response;
});
