/**
 * The one gate every protected route handler calls. Accepts a bearer token or the Auth.js
 * session cookie; re-checks that the user still exists and that the session's version is still
 * the user's (JWT sessions cannot be revoked otherwise: bumping the version ends them all); and
 * guards cookie-authenticated mutations against cross-site requests with an Origin check.
 */
import "server-only";
import { sessionClaims } from "@/lib/auth/session-token";
import { verifyApiToken } from "@/lib/auth/tokens";
import { getSessionUser, type SessionUser } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";

/** `signedInAt`: when the session's sign-in happened (ms), for actions that need a recent one; null for tokens. */
export type AuthContext = { user: SessionUser; via: "session" | "token"; signedInAt?: number | null };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function requireUser(request: Request): Promise<AuthContext> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    const user = match?.[1] ? await verifyApiToken(match[1]) : null;
    if (!user) throw new AppError("unauthorized:token", "The access token is missing, invalid or revoked.");
    return { user, via: "token" };
  }

  if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request);

  const claims = await sessionClaims(request);
  if (!claims) throw new AppError("unauthorized:session");
  const found = await getSessionUser({ id: claims.userId });
  if (!found) throw new AppError("unauthorized:session", "Your account no longer exists. Please sign in again.");
  if (found.sessionVersion !== claims.sessionVersion) throw new AppError("unauthorized:session", "Your session has ended. Please sign in again.");
  return claims.signedInAt === null ? { user: found.user, via: "session" } : { user: found.user, via: "session", signedInAt: claims.signedInAt };
}

/** Browsers always send Origin on cross-site and same-site mutations; it must be ours. */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") throw new AppError("forbidden:origin", "Cross-site requests are not allowed.");
  if (origin === null) return; // Not a browser (scripts, curl): no ambient-cookie risk beyond the JSON content-type rule.
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("forbidden:origin", "Cross-site requests are not allowed.");
  }
  if (!host || originHost !== host) throw new AppError("forbidden:origin", "Cross-site requests are not allowed.");
}
