/** Web Push configuration: the VAPID key pair and subject, and the allowed push services. */
import "server-only";
import { loadEnv } from "@/lib/env";
import { isAllowedEndpoint, parseAllowedOrigins } from "@/lib/push/origins";

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/** The VAPID keys, or null when push is not configured (a deployment without VAPID_* keys). */
export function vapidConfig(): VapidConfig | null {
  const env = loadEnv();
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  // Push services want a way to reach the sender: the app's https origin, else a mailbox.
  const origin = env.AUTH_URL?.startsWith("https://") ? new URL(env.AUTH_URL).origin : undefined;
  const subject = env.VAPID_SUBJECT ?? origin ?? "mailto:reminders@talk-todo.invalid";
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
}

/** Whether the server may send to this endpoint (PUSH_ALLOWED_ORIGINS). */
export function pushEndpointAllowed(endpoint: string): boolean {
  return isAllowedEndpoint(endpoint, parseAllowedOrigins(loadEnv().PUSH_ALLOWED_ORIGINS));
}
