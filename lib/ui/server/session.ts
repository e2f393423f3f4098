/**
 * The signed-in user for server pages and layouts. Each page checks for itself (layouts do not
 * re-run on client navigation), and proxies are not trusted for authorization. A session whose
 * user no longer exists, or that was ended (its session version is not the user's), counts as
 * signed out: `auth()` runs the jwt callback, which checks the version (lib/auth/config.ts).
 */
import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { getSessionUser, type SessionUser } from "@/lib/auth/users";

export const getPageUser = cache(async (): Promise<SessionUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  return (await getSessionUser({ id }))?.user ?? null;
});

export async function requirePageUser(): Promise<SessionUser> {
  const user = await getPageUser();
  if (!user) redirect("/login");
  return user;
}
