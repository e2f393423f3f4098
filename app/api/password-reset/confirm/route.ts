import { z } from "zod";
import { passwordSchema } from "@/lib/auth/schema";
import { confirmPasswordReset } from "@/lib/auth/password-reset";
import { clientAddress } from "@/lib/auth/throttle";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

const resetConfirmSchema = z.object({ token: z.string().min(1, "is required").max(200), newPassword: passwordSchema }).strict();

/** Sets a new password with the token from a reset mail; every session of the account ends. */
export const POST = route(async (request) => {
  const { token, newPassword } = await readJson(request, resetConfirmSchema);
  await confirmPasswordReset({ token, newPassword, address: clientAddress(request.headers) });
  return noContent();
});
