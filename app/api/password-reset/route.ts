import { z } from "zod";
import { emailSchema } from "@/lib/auth/schema";
import { assertPasswordResetAllowed, linkOrigin, requestPasswordReset } from "@/lib/auth/password-reset";
import { clientAddress } from "@/lib/auth/throttle";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

const resetRequestSchema = z.object({ email: emailSchema }).strict();

/** Mails a reset link if the address has an account. Always 202: the answer never tells which. */
export const POST = route(async (request) => {
  const { email } = await readJson(request, resetRequestSchema);
  await assertPasswordResetAllowed({ email, address: clientAddress(request.headers) });
  requestPasswordReset({ email, origin: linkOrigin(request) });
  return json(
    { message: "If an account exists for that address, a reset link is on its way. It works once, for one hour." },
    { status: 202 },
  );
});
