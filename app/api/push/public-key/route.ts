import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";
import { vapidConfig } from "@/lib/push/config";

/** `GET /api/push/public-key` → `{ publicKey }`: the VAPID application server key a browser subscribes with. Public. */
export const GET = route(async () => {
  const vapid = vapidConfig();
  if (!vapid) throw new AppError("unavailable:push", "Push reminders are not configured on this server.");
  return json({ publicKey: vapid.publicKey });
});
