/**
 * The one gate every protected route handler calls. Accepts a bearer token or the Auth.js
 * session cookie; re-checks that the user still exists and that the session's version is still
 * the user's (JWT sessions cannot be revoked otherwise: bumping the version ends them all); guards
 * cookie-authenticated mutations against cross-site requests with an Origin check; checks the
 * token's scope for what the route needs (403 forbidden:scope); and counts writes against the
 * per-user and per-token write limits (lib/rate-limit/writes.ts; agent turns have their own).
 */
import "server-only";
import type { Requirement, TokenScope } from "@/lib/auth/scopes";
import { sessionClaims } from "@/lib/auth/session-token";
import { verifyApiToken } from "@/lib/auth/tokens";
import { getSessionUser, type SessionUser } from "@/lib/auth/users";
import { AppError } from "@/lib/errors";
import { enforceWriteRateLimit } from "@/lib/rate-limit/writes";

/** A session's `signedInAt`: when its sign-in happened (ms), for actions that need a recent one. */
export type AuthContext =
  | { user: SessionUser; via: "session"; signedInAt?: number }
  | { user: SessionUser; via: "token"; tokenId: string; scopes: TokenScope[] };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The bearer token of a request, or null without an Authorization header; throws for a bad one. */
export async function authenticateToken(request: Request) {
  const authorization = request.headers.get("authorization");
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  const verified = match?.[1] ? await verifyApiToken(match[1]) : null;
  if (!verified) throw new AppError("unauthorized:token", "The access token is missing, invalid, expired or revoked.");
  return verified;
}

/** Throws forbidden:scope unless the token has the scope (a session may do everything). */
export function assertScope(auth: AuthContext, needs: Requirement): void {
  if (auth.via === "session") return;
  if (needs === "session")
    throw new AppError("forbidden:token", "Access tokens cannot manage tokens or the account; sign in on the website.");
  if (!auth.scopes.includes(needs)) throw new AppError("forbidden:scope", `This token lacks the ${needs} scope.`);
}

/**
 * `needs`: what the route requires of a token; by default tasks:read for reads and tasks:write
 * for writes. Every write counts against the write limits; a POST that changes nothing
 * (`readOnly`, e.g. POST /api/tasks/parse) does not.
 */
export async function requireUser(
  request: Request,
  needs: Requirement = SAFE_METHODS.has(request.method) ? "tasks:read" : "tasks:write",
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<AuthContext> {
  const auth = await authenticate(request);
  assertScope(auth, needs);
  if (!SAFE_METHODS.has(request.method) && !readOnly) {
    await enforceWriteRateLimit({ userId: auth.user.id, tokenId: auth.via === "token" ? auth.tokenId : null });
  }
  return auth;
}

/** For an agent turn (POST /api/chat, /api/agent): the agent scope; turns have their own limits (lib/agent/rate-limit.ts). */
export async function requireTurnUser(request: Request): Promise<AuthContext> {
  const auth = await authenticate(request);
  assertScope(auth, "agent");
  return auth;
}

async function authenticate(request: Request): Promise<AuthContext> {
  const token = await authenticateToken(request);
  if (token) return { user: token.user, via: "token", tokenId: token.tokenId, scopes: token.scopes };

  if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request);

  const claims = await sessionClaims(request);
  if (!claims) throw new AppError("unauthorized:session");
  const found = await getSessionUser({ id: claims.userId });
  if (!found) throw new AppError("unauthorized:session", "Your account no longer exists. Please sign in again.");
  if (found.sessionVersion !== claims.sessionVersion)
    throw new AppError("unauthorized:session", "Your session has ended. Please sign in again.");
  return claims.signedInAt === null
    ? { user: found.user, via: "session" }
    : { user: found.user, via: "session", signedInAt: claims.signedInAt };
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
