import type { ApiErrorBody } from "../../shared/auth.ts";
import { ApiError } from "./api.ts";
import { saveBlob } from "./save-file.ts";

/**
 * A visitor (no account) proves access to one booking with the token the server gave on payment
 * or lookup; the signed-in owner's cookie is enough, so the token is then left out.
 */
async function bookingFetch(path: string, accessToken: string | null, init: { method: "GET" | "POST"; accept: string }): Promise<Response> {
  const headers: Record<string, string> = { Accept: init.accept };
  if (accessToken) headers["x-booking-access"] = accessToken;
  let response: Response;
  try {
    response = await fetch(path, { method: init.method, headers, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, { code: "NETWORK_ERROR", message: "Could not reach the server. Check your connection and try again." });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(response.status, {
      code: typeof body?.code === "string" ? body.code : `HTTP_${response.status}`,
      message: typeof body?.message === "string" ? body.message : `Request failed (${response.status})`,
    });
  }
  return response;
}

/** POSTs a booking action (e.g. cancel) with the visitor's access token; throws ApiError with the server's message. */
export async function postBookingAction<T>(path: string, accessToken: string | null): Promise<T> {
  const response = await bookingFetch(path, accessToken, { method: "POST", accept: "application/json" });
  return (await response.json()) as T;
}

/** Downloads the text confirmation and saves it as '{reference}.txt'. */
export async function downloadConfirmation(bookingId: string, reference: string, accessToken: string | null): Promise<void> {
  const response = await bookingFetch(`/api/bookings/${encodeURIComponent(bookingId)}/confirmation`, accessToken, {
    method: "GET",
    accept: "text/plain",
  });
  saveBlob(await response.blob(), `${reference}.txt`);
}
