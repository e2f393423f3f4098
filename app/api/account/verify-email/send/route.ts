import { assertVerificationMailAllowed, requestEmailVerification } from "@/lib/auth/email-verification";
import { linkOrigin } from "@/lib/auth/password-reset";
import { requireUser } from "@/lib/auth/require-user";
import { json, route } from "@/lib/http/respond";

/** `POST /api/account/verify-email/send` → 202: a new verification link to the account's address (3 an hour). */
export const POST = route(async (request) => {
  const { user } = await requireUser(request, "session");
  await assertVerificationMailAllowed(user.id);
  requestEmailVerification({ userId: user.id, origin: linkOrigin(request) });
  return json(
    { message: `A new link is on its way to ${user.email}. It works for a day, in a browser signed in to this account.` },
    { status: 202 },
  );
});
