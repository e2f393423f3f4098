import { z } from "zod";
import { confirmEmailVerification } from "@/lib/auth/email-verification";
import { requireUser } from "@/lib/auth/require-user";
import { noContent, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

const verifySchema = z.object({ token: z.string().min(1, "is required").max(200) }).strict();

/**
 * `POST /api/account/verify-email { token }` → 204: the token from the verification mail, sent
 * by the account's own session (the mailbox alone verifies nothing: lib/auth/email-verification.ts).
 */
export const POST = route(async (request) => {
  const { user } = await requireUser(request, "session");
  const { token } = await readJson(request, verifySchema);
  await confirmEmailVerification({ userId: user.id, token });
  return noContent();
});
