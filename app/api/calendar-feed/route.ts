import { assertRecentlyAuthenticated } from "@/lib/auth/reauth";
import { requireUser } from "@/lib/auth/require-user";
import { createFeedSecret, currentFeedSecret, feedPath, revokeFeed } from "@/lib/calendar/feed-tokens";
import { loadEnv } from "@/lib/env";
import { json, noContent, route } from "@/lib/http/respond";

// Signed-in browser only: the link outlives any access token, so a leaked token must not be
// able to mint one (the same rule as for tokens themselves).

/** The app's public origin: AUTH_URL when set, else what the request arrived on. */
function origin(request: Request): string {
  const configured = loadEnv().AUTH_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host") || url.host;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().replace(/:$/, "") || url.protocol.slice(0, -1);
  return `${proto}://${host}`;
}

/**
 * The feed URL is a credential that outlives any access token, so only the signed-in website
 * manages it (a bearer token gets 403 forbidden:token, like for tokens themselves).
 */

/** `GET /api/calendar-feed` → `{ url }` (null when there is no feed). */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const secret = await currentFeedSecret({ userId: user.id });
  return json({ url: secret ? origin(request) + feedPath(secret) : null });
});

/**
 * `POST /api/calendar-feed` → `201 { url }`: a new secret URL; the previous one stops working.
 * Needs a recent sign-in (`403 forbidden:reauth_required`).
 */
export const POST = route(async (request) => {
  const auth = await requireUser(request, "session");
  const { user } = auth;
  assertRecentlyAuthenticated(auth);
  const secret = await createFeedSecret({ userId: user.id });
  return json({ url: origin(request) + feedPath(secret) }, { status: 201 });
});

/** `DELETE /api/calendar-feed` → `204`: the URL stops working (404). */
export const DELETE = route(async (request) => {
  const { user } = await requireUser(request, "session");
  await revokeFeed({ userId: user.id });
  return noContent();
});
