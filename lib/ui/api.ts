/**
 * Same-origin JSON calls to our API. Errors become `ApiError` with the server's safe message,
 * the HTTP status and Retry-After; a 401 sends the browser to the sign-in page.
 */
import { connection } from "@/lib/ui/connection";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function retryAfterSeconds(response: Response): number | undefined {
  const raw = response.headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

export function redirectToLogin(): void {
  // A full page load on purpose: it drops all client state of the ended session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  if (typeof window !== "undefined" && window.location.pathname !== "/login") window.location.assign("/login");
}

/** Reads a failed response into an ApiError (and handles 401). */
export async function toApiError(response: Response): Promise<ApiError> {
  let code: string | undefined;
  let message = "Something went wrong. Please try again.";
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string" && body.message.length < 300) message = body.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  const retryAfter = retryAfterSeconds(response);
  if (response.status === 401) {
    redirectToLogin();
    message = "Your session has ended. Please sign in again.";
  } else if (response.status === 429) {
    message = retryAfter ? `Too many requests. Try again in ${retryAfter} s.` : "Too many requests. Please try again in a moment.";
  } else if (response.status >= 500 && !code) {
    message = "The server had a problem. Please try again.";
  }
  return new ApiError(message, response.status, code, retryAfter);
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  return (await apiSend<T>(path, init)).data;
}

/** Like apiFetch, also returning the request id the server recorded a change under (X-Request-Id). */
export async function apiSend<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ data: T; requestId: string | null }> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), accept: "application/json", ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    connection.unreachable();
    throw new ApiError("You appear to be offline. Check your connection and try again.", 0);
  }
  connection.answered(response);
  if (!response.ok) throw await toApiError(response);
  const requestId = response.headers.get("x-request-id");
  if (response.status === 204) return { data: undefined as T, requestId };
  return { data: (await response.json()) as T, requestId };
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong. Please try again.";
}
