import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../../shared/auth.ts";

/** An error whose message is meant for the person using the app. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
    readonly details?: ApiErrorBody["details"],
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, issues?: ApiErrorBody["issues"], details?: ApiErrorBody["details"]): ApiErrorBody {
  return { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) };
}

export function validationError(error: ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new ApiError(400, "VALIDATION_ERROR", message, issues);
}

/** Maps any thrown error to a JSON answer; only unexpected errors become a 500, with no detail leaked. */
export function toErrorResponse(c: Context, error: unknown, onUnexpected: (error: unknown) => void): Response {
  if (error instanceof ApiError) return c.json(errorBody(error.code, error.message, error.issues, error.details), error.status);
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 413 ? "Request body is too large" : error.message || "Bad request";
    return c.json(errorBody(status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message), status as ContentfulStatusCode);
  }
  onUnexpected(error);
  return c.json(errorBody("INTERNAL_ERROR", "Something went wrong on our side. Please try again."), 500);
}
