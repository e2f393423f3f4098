"use server";
import { revalidatePath } from "next/cache";
import { timeZoneSchema } from "@/lib/tasks/schema";
import { updateUserSettings } from "@/lib/auth/users";
import { getPageUser } from "@/lib/ui/server/session";

export type TimeZoneFormState = { ok?: boolean; error?: string; timezone?: string };

export async function updateTimeZoneAction(_previous: TimeZoneFormState, formData: FormData): Promise<TimeZoneFormState> {
  const user = await getPageUser();
  if (!user) return { error: "Your session has ended. Please sign in again." };
  const raw = formData.get("timezone");
  const parsed = timeZoneSchema.safeParse(typeof raw === "string" ? raw.trim() : "");
  if (!parsed.success)
    return { error: "Enter an IANA time zone like Europe/Berlin or America/New_York.", timezone: typeof raw === "string" ? raw : "" };
  const updated = await updateUserSettings({ id: user.id, timezone: parsed.data });
  revalidatePath("/settings");
  return { ok: true, timezone: updated.timezone };
}
