import type { ApiErrorBody } from "../../shared/auth.ts";
import { type ErrorCode, isErrorCode } from "../../shared/error-codes.ts";

/**
 * The server's codes, plus the client's own for a request that never got an answer and for an
 * answer without a code we know (a proxy's page, a library's refusal passed through).
 */
export type ClientErrorCode = ErrorCode | "NETWORK_ERROR" | `HTTP_${number}`;

/** An API failure carrying the server's status, machine code and human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly issues: ApiErrorBody["issues"];
  readonly details: ApiErrorBody["details"];

  constructor(status: number, body: Omit<ApiErrorBody, "code"> & { code: string }) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = isErrorCode(body.code) || body.code === "NETWORK_ERROR" ? body.code : `HTTP_${status}`;
    this.issues = body.issues;
    this.details = body.details;
  }
}
