import type { ApiErrorBody } from "../shared/auth.ts";
import type { ErrorCode } from "../shared/error-codes.ts";

/**
 * A refusal the person using the app should read, raised by services in domain terms. The HTTP
 * status and the default message of each code are in one table (http/error-table.ts).
 */
export class DomainError extends Error {
  /** The message for the person when the code's default is not enough (it names a price, a count...). */
  readonly userMessage: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Machine-readable facts for the client (a 429's `retryAfterSeconds` also becomes Retry-After). */
    readonly details?: ApiErrorBody["details"],
    /** Each invalid field of a refused request, for forms to show beside the field. */
    readonly issues?: ApiErrorBody["issues"],
  ) {
    super(message ?? code);
    this.name = "DomainError";
    this.userMessage = message;
  }
}
