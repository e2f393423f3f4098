"use server";
import { signOut } from "@/lib/auth/config";
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
