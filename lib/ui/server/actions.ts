"use server";
import { signIn, signOut } from "@/lib/auth/config";
import { enabledSsoProviders } from "@/lib/auth/sso";
import { endAllSessions } from "@/lib/auth/users";
import { getPageUser } from "@/lib/ui/server/session";

/** Signs the current user out and returns to the sign-in page. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}

/** Ends every session of the current user (all browsers and devices), then this one. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await getPageUser();
  if (user) await endAllSessions({ id: user.id });
  await signOut({ redirectTo: "/login" });
}

/**
 * Settings: signs in again with an enabled provider and comes back to Settings: to make the
 * sign-in recent (an account without a password), or, after `POST /api/account/identities`, to
 * link that provider (`link` set: lib/auth/sso-link-intent.ts).
 */
export async function signInAgainAction(formData: FormData): Promise<void> {
  const id = formData.get("provider");
  const provider = enabledSsoProviders().find((p) => p.id === id);
  if (!provider) return;
  await signIn(provider.id, { redirectTo: formData.get("link") ? `/settings?linked=${provider.id}` : "/settings" });
}
