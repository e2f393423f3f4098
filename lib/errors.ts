/**
 * One error type for everything a client may see. The code is `${type}:${surface}`; the type
 * decides the HTTP status and the default safe message. Anything that is not an AppError is
 * logged in full and answered generically.
 */
export type ErrorType =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "rate_limit"
  | "unavailable"
  | "internal";

export type ErrorCode = `${ErrorType}:${string}`;

const statusByType: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limit: 429,
  unavailable: 503,
  internal: 500,
};

const messageByType: Record<ErrorType, string> = {
  bad_request: "The request is not valid.",
  unauthorized: "You need to sign in first.",
  forbidden: "This request is not allowed.",
  not_found: "Not found.",
  conflict: "That conflicts with the current state.",
  too_large: "The request is too large.",
  rate_limit: "Too many requests. Please try again later.",
  unavailable: "The service is temporarily unavailable. Please try again.",
  internal: "Something went wrong on our side. Please try again.",
};

export class AppError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  /** Seconds until a retry makes sense (sets Retry-After). */
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: { retryAfter?: number; cause?: unknown } = {},
  ) {
    const type = code.split(":")[0] as ErrorType;
    super(message ?? messageByType[type] ?? messageByType.internal, { cause: options.cause });
    this.name = "AppError";
    this.type = type in statusByType ? type : "internal";
    this.status = statusByType[this.type];
    this.retryAfter = options.retryAfter;
  }

  toJSON(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
