import { z } from "zod";
import { requireUser } from "@/lib/auth/require-user";
import { deleteUserWithPassword } from "@/lib/auth/users";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

const deleteAccountSchema = z.object({ password: z.string().min(1, "is required").max(128) }).strict();

/** Deletes the signed-in account and everything it owns; the password confirms intent. */
export const DELETE = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const { password } = await readJson(request, deleteAccountSchema);
  await deleteUserWithPassword({ id: user.id, password });
  return noContent();
});
