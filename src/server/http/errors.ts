import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../../shared/auth.ts";
import { isDatabaseUnavailable } from "../db/pg-errors.ts";
import { DomainError } from "../domain-error.ts";
import { countIfStatementTimeout } from "../services/metrics-counters.ts";
import { ERROR_TABLE } from "./error-table.ts";

function errorBody(error: DomainError): ApiErrorBody {
  const { code, issues, details } = error;
  const message = error.userMessage ?? ERROR_TABLE[code].message;
  return { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) };
}

/**
 * The one way the server answers an error: `{ code, message, issues?, details? }` with the code's
 * status from the error table (`status` only for a library's refusal that chose its own), and a
 * 429 says when to come back. `onError` and every route that answers an error without throwing use it.
 */
export function errorResponse(c: Context, error: DomainError, status: ContentfulStatusCode = ERROR_TABLE[error.code].status): Response {
  // A 503 that knows when capacity frees up (a full photo queue) says so too.
  if (status === 429 || (status === 503 && typeof error.details?.retryAfterSeconds === "number")) {
    retryAfter(c, error.details?.retryAfterSeconds);
  }
  return c.json(errorBody(error), status);
}

export function validationError(error: ZodError): DomainError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  // A field's name tells which field; a position in a list ("ages.0") tells a person nothing, so that message stands alone.
  const named = first !== undefined && first.path !== "" && !error.issues[0]!.path.some((part) => typeof part === "number");
  const message = first ? (named ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new DomainError("VALIDATION_ERROR", message, undefined, issues);
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
  if (error instanceof DomainError) return errorResponse(c, error);
  if (error instanceof HTTPException) {
    if (error.status === 504) return errorResponse(c, new DomainError("TIMEOUT"));
    if (error.status === 413) return errorResponse(c, new DomainError("PAYLOAD_TOO_LARGE"));
    return errorResponse(c, new DomainError("BAD_REQUEST", error.message || undefined), error.status as ContentfulStatusCode);
  }
  if (isDatabaseUnavailable(error)) {
    countIfStatementTimeout(error, "request");
    c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return errorResponse(c, new DomainError("SERVICE_UNAVAILABLE"));
  }
  onUnexpected(error);
  return errorResponse(c, new DomainError("INTERNAL_ERROR"));
}

/** A 429 says when to come back: the error's own wait, one a route already set, or the default. */
function retryAfter(c: Context, seconds: unknown): void {
  if (c.res.headers.has("Retry-After")) return;
  c.header("Retry-After", String(typeof seconds === "number" ? seconds : DEFAULT_RETRY_AFTER_SECONDS));
}
