import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";
import { getPreferences, preferencesPatchSchema, updatePreferences } from "@/lib/reminders/preferences";

/** `GET /api/account/preferences` → `{ emailReminders, agendaEmail, agendaHour }`. */
export const GET = route(async (request) => {
  const { user } = await requireUser(request, "session");
  return json(await getPreferences(user.id));
});

/** `PATCH /api/account/preferences` with any of the three → 200 with all of them. */
export const PATCH = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const patch = await readJson(request, preferencesPatchSchema);
  return json(await updatePreferences(user.id, patch));
});
