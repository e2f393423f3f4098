import { requestEmailVerification } from "@/lib/auth/email-verification";
import { linkOrigin } from "@/lib/auth/password-reset";
import { assertSameOrigin } from "@/lib/auth/require-user";
import { registerInputSchema } from "@/lib/auth/schema";
import { assertRegistrationAllowed } from "@/lib/auth/throttle";
import { createUser } from "@/lib/auth/users";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

export const POST = route(async (request) => {
  assertSameOrigin(request);
  const input = await readJson(request, registerInputSchema);
  await assertRegistrationAllowed(request.headers);
  const user = await createUser(input);
  requestEmailVerification({ userId: user.id, origin: linkOrigin(request) });
  return json({ id: user.id, email: user.email }, { status: 201 });
});
