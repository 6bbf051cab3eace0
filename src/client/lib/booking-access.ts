import { fetchConfirmationFile } from "../api/bookings.ts";

/** Downloads the text confirmation and saves it as '{reference}.txt'; throws ApiError with the server's message. */
export async function downloadConfirmation(bookingId: string, reference: string, accessToken: string | null): Promise<void> {
  const url = URL.createObjectURL(await fetchConfirmationFile(bookingId, accessToken));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${reference}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
