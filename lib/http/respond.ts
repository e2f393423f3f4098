/** Turning results and errors into responses, so route files stay thin. */
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { log } from "@/lib/log";

export function json(data: unknown, init: ResponseInit = {}): Response {
  return Response.json(data, init);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Zod issues → one safe message naming the field(s). */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    if (issue.code === "unrecognized_keys") return `unknown field(s): ${issue.keys.join(", ")}`;
    const path = issue.path.join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return parts.join("; ");
}

export function toAppError(error: unknown, context: Record<string, unknown> = {}): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return new AppError("bad_request:api", describeZodError(error));
  if (isDatabaseUnavailable(error)) {
    log.error("db.unavailable", { ...context, error });
    return new AppError("unavailable:database", "The database is unavailable. Please try again shortly.", { retryAfter: 5 });
  }
  log.error("request.failed", { ...context, error });
  return new AppError("internal:api");
}

export function errorResponse(error: unknown, context: Record<string, unknown> = {}): Response {
  const appError = toAppError(error, context);
  const headers = new Headers();
  if (appError.retryAfter !== undefined) headers.set("Retry-After", String(Math.max(1, Math.ceil(appError.retryAfter))));
  return Response.json(appError.toJSON(), { status: appError.status, headers });
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Paths whose last segment is a credential (the calendar feed's secret): logged without it. */
const SECRET_IN_PATH = /^(\/api\/calendar-feed\/)[^/]+/;

/** A request path as logs may show it. */
export function loggablePath(url: string): string {
  return new URL(url).pathname.replace(SECRET_IN_PATH, "$1[secret]");
}

/** Wraps a route handler: any thrown error becomes a safe `{ code, message }` response. */
export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, { method: request.method, path: loggablePath(request.url) });
    }
  };
}
