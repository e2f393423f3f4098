/**
 * Sends one Web Push message (RFC 8030) with the maintained `web-push` library: the payload
 * encrypted for the browser (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292).
 * The endpoint's origin is checked against PUSH_ALLOWED_ORIGINS right before the request.
 */
import "server-only";
import type { Agent } from "node:https";
import webpush from "web-push";
import { pushEndpointAllowed, type VapidConfig } from "@/lib/push/config";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * sent: the push service accepted it; gone: the subscription expired or was revoked (404/410,
 * remove it); refused: the endpoint is not on an allowed push service (nothing was sent);
 * failed: anything else (network, 4xx/5xx, timeout).
 */
export type PushOutcome = { status: "sent" | "gone" | "refused" | "failed"; statusCode?: number; error?: string };

export type PushOptions = {
  vapid: VapidConfig;
  /** Seconds the push service keeps the message for an offline device. */
  ttl?: number;
  /** A later message with the same topic replaces a not-yet-delivered one (≤ 32 base64url chars). */
  topic?: string;
  urgency?: "very-low" | "low" | "normal" | "high";
  timeoutMs?: number;
  /** TLS agent for the request (tests trust their local push service's certificate with it). */
  agent?: Agent;
};

export async function sendPush(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
  if (!pushEndpointAllowed(target.endpoint)) return { status: "refused" };
  try {
    const result = await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: options.vapid.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
        TTL: options.ttl ?? 24 * 3600,
        topic: options.topic,
        urgency: options.urgency ?? "high",
        timeout: options.timeoutMs ?? 10_000,
        contentEncoding: "aes128gcm",
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return { status: "sent", statusCode: result.statusCode };
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      if (error.statusCode === 404 || error.statusCode === 410) return { status: "gone", statusCode: error.statusCode };
      return { status: "failed", statusCode: error.statusCode, error: `push service answered ${error.statusCode}` };
    }
    return { status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
