/**
 * The change context of a REST request: actor "api" for a bearer token, "app" for the web UI's
 * session cookie; the request id from `X-Request-Id` (1..128 of letters, digits, `._:-`) or a
 * fresh one. Mutating routes send it back in `X-Request-Id`, so the change can be undone.
 */
import { randomUUID } from "node:crypto";
import { REQUEST_ID_PATTERN } from "@/lib/activity/schema";
import type { ChangeContext } from "@/lib/tasks/activity-log";

/** `auth`: how the request was authenticated (lib/auth/require-user.ts's AuthContext fits). */
export function changeContextFor(request: Request, auth: { via: "session" | "token" }): ChangeContext & { requestId: string } {
  const header = request.headers.get("x-request-id")?.trim();
  return { actor: auth.via === "token" ? "api" : "app", requestId: header && REQUEST_ID_PATTERN.test(header) ? header : randomUUID() };
}

export function requestIdHeader(change: { requestId: string }): HeadersInit {
  return { "x-request-id": change.requestId };
}
