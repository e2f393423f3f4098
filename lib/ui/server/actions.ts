"use server";
import { signOut } from "@/lib/auth/config";

/** Signs the current user out and returns to the sign-in page. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
