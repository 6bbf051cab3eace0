import { fetchConfirmationFile } from "../api/bookings.ts";
import { saveBlob } from "./save-file.ts";

/** Downloads the text confirmation and saves it as '{reference}.txt'; throws ApiError with the server's message. */
export async function downloadConfirmation(bookingId: string, reference: string, accessToken: string | null): Promise<void> {
  saveBlob(await fetchConfirmationFile(bookingId, accessToken), `${reference}.txt`);
}
