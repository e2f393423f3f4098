import { AppError } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/auth/require-user";
import { registerInputSchema } from "@/lib/auth/schema";
import { clientAddress } from "@/lib/auth/throttle";
import { createUser } from "@/lib/auth/users";
import { REGISTRATIONS_PER_HOUR } from "@/lib/limits";
import { incrementKeyCounter, windowStart } from "@/lib/rate-limit/counter";
import { json, route } from "@/lib/http/respond";
import { readJson } from "@/lib/http/request";

export const POST = route(async (request) => {
  assertSameOrigin(request);
  const input = await readJson(request, registerInputSchema);
  const start = windowStart(Date.now(), 60 * 60 * 1000);
  const count = await incrementKeyCounter(`register:${clientAddress(request.headers)}`, start);
  if (count > REGISTRATIONS_PER_HOUR) {
    throw new AppError("rate_limit:register", "Too many sign-ups from this address. Please try again later.", {
      retryAfter: Math.ceil((start.getTime() + 3600_000 - Date.now()) / 1000),
    });
  }
  const user = await createUser(input);
  return json({ id: user.id, email: user.email }, { status: 201 });
});
