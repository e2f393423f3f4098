import { z } from "zod";
import { assertRecentlyAuthenticated } from "@/lib/auth/reauth";
import { requireUser } from "@/lib/auth/require-user";
import { enabledSsoProviders } from "@/lib/auth/sso";
import { linkIntentCookie } from "@/lib/auth/sso-link-intent";
import { loadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

const linkSchema = z.object({ provider: z.string().min(1).max(32) }).strict();

/**
 * `POST /api/account/identities { provider }` → 204: the next sign-in with that provider in this
 * browser (within 10 minutes, still signed in as this user) links it to this account, whatever
 * its email (lib/auth/sso-link-intent.ts). Needs a recent sign-in (`403 forbidden:reauth_required`).
 */
export const POST = route(async (request) => {
  const auth = await requireUser(request, "session");
  const { provider } = await readJson(request, linkSchema);
  if (!enabledSsoProviders().some((p) => p.id === provider))
    throw new AppError("bad_request:api", "provider: not an enabled sign-in provider");
  assertRecentlyAuthenticated(auth);
  const secure = loadEnv().AUTH_URL?.startsWith("https://") ?? new URL(request.url).protocol === "https:";
  const response = noContent();
  response.headers.append("set-cookie", linkIntentCookie({ userId: auth.user.id, provider, secure }));
  return response;
});
