import { type ClientResponse, hc } from "hono/client";
// The one place the client meets the server: the API's type (erased at build), from which every call is typed.
import type { ApiType } from "../../server/app.ts";
import type { ApiErrorBody } from "../../shared/auth.ts";
import { inEnglish } from "../../shared/error-messages.ts";
import { ApiError } from "../lib/api.ts";

const NETWORK_ERROR = { code: "NETWORK_ERROR", message: inEnglish("NETWORK_ERROR") };

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).code === "string" &&
    typeof (value as ApiErrorBody).message === "string"
  );
}

/** fetch with the session cookie; a failed request throws ApiError with the server's code and message. */
async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    // A proxy or crash page may answer with HTML, so the body is only trusted when it parses.
    const answer: unknown = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      isApiErrorBody(answer) ? answer : { code: `HTTP_${response.status}`, message: `Request failed (${response.status})` },
    );
  }
  return response;
}

/** The typed API: `api.hotels.search.$get({ query })`, paths and bodies checked against the server's routes. */
export const api = hc<ApiType>("/api", { fetch: apiFetch });

/** The JSON body of a successful call (a failed one has already thrown ApiError). */
export async function body<T>(request: Promise<ClientResponse<T, number, string>>): Promise<T> {
  const response = await request;
  return (response.status === 204 ? undefined : await response.json().catch(() => undefined)) as T;
}

/** A visitor proves access to one booking with its token; the signed-in owner's cookie is enough. */
export function bookingAccess(accessToken: string | null): { headers: Record<string, string> } {
  return { headers: accessToken ? { "x-booking-access": accessToken } : {} };
}
