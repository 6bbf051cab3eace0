import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../../shared/auth.ts";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { isDatabaseUnavailable } from "../db/pg-errors.ts";
import { DomainError } from "../domain-error.ts";
import { ERROR_TABLE } from "./error-table.ts";

/**
 * A refusal raised at the HTTP layer (a route) with its status spelled out. Services throw
 * `DomainError` instead, whose status comes from the error table.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
    readonly details?: ApiErrorBody["details"],
  ) {
    super(message);
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  issues?: ApiErrorBody["issues"],
  details?: ApiErrorBody["details"],
): ApiErrorBody {
  return { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) };
}

export function validationError(error: ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new ApiError(400, "VALIDATION_ERROR", message, issues);
}

/** Seconds a client should wait before retrying a 429 that does not name its own window. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** Seconds to wait after a database outage answer: long enough for a failover or restart. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = ERROR_TABLE.SERVICE_UNAVAILABLE.message;

/**
 * Maps any thrown error to a JSON answer: a database outage is a 503 with Retry-After, only
 * unexpected errors become a 500, and no detail leaks.
 */
export function toErrorResponse(c: Context, error: unknown, onUnexpected: (error: unknown) => void): Response {
  if (error instanceof DomainError) {
    const { status, message } = ERROR_TABLE[error.code];
    if (status === 429) retryAfter(c, error.details?.retryAfterSeconds);
    return c.json(errorBody(error.code, error.userMessage ?? message, undefined, error.details), status);
  }
  if (error instanceof ApiError) {
    if (error.status === 429) retryAfter(c, error.details?.retryAfterSeconds);
    return c.json(errorBody(error.code, error.message, error.issues, error.details), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 504) return c.json(errorBody("TIMEOUT", ERROR_TABLE.TIMEOUT.message), 504);
    const message = status === 413 ? ERROR_TABLE.PAYLOAD_TOO_LARGE.message : error.message || ERROR_TABLE.BAD_REQUEST.message;
    return c.json(errorBody(status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message), status as ContentfulStatusCode);
  }
  if (isDatabaseUnavailable(error)) {
    c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return c.json(errorBody("SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE), 503);
  }
  onUnexpected(error);
  return c.json(errorBody("INTERNAL_ERROR", ERROR_TABLE.INTERNAL_ERROR.message), 500);
}

/** A 429 says when to come back: the error's own wait, one a route already set, or the default. */
function retryAfter(c: Context, seconds: unknown): void {
  if (c.res.headers.has("Retry-After")) return;
  c.header("Retry-After", String(typeof seconds === "number" ? seconds : DEFAULT_RETRY_AFTER_SECONDS));
}
