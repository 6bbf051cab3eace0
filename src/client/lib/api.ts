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

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).code === "string" &&
    typeof (value as ApiErrorBody).message === "string"
  );
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // Serialised before the network try: a body that cannot be sent is a bug, not a lost connection.
  const payload = body === undefined ? undefined : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: "same-origin", body: payload });
  } catch {
    throw new ApiError(0, {
      code: "NETWORK_ERROR",
      message: "Could not reach the server. Check your connection and try again.",
    });
  }

  // A proxy or crash page may answer with HTML, so the body is only trusted when it parses.
  const answer: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isApiErrorBody(answer) ? answer : { code: `HTTP_${response.status}`, message: `Request failed (${response.status})` },
    );
  }
  return answer as T;
}

/** Only the admin mailbox still reads through this (issue 13: its client type disagrees with the server's answer). */
export function apiGet<T>(path: string): Promise<T> {
  return request<T>("GET", path);
}
