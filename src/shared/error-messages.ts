import type { ErrorCode } from "./error-codes.ts";

/** How a message is written: through `t`, so the translation check (scripts/i18n-keys.ts) reads each text as a key. */
type Say = (english: string) => string;

/**
 * The words of the error codes a traveller may read in their own language, each written once
 * (decision 041). The server answers with them in English (`http/error-table.ts` takes them from
 * here); the client shows the server's message to an English reader and this message, translated,
 * to anyone else (`client/lib/error-text.ts`). A code left out is shown as the server wrote it:
 * staff pages, and answers that name facts only the server knows (a field's rule, a limit).
 * NETWORK_ERROR is the client's own: no answer reached it.
 */
export const ERROR_MESSAGES = {
  NETWORK_ERROR: (t) => t("Could not reach the server. Check your connection and try again."),
  INVALID_CHARACTERS: (t) =>
    t("The request contains characters we cannot store (a NUL character or a broken Unicode character). Remove them and try again."),
  PAYLOAD_TOO_LARGE: (t) => t("Request body is too large"),
  UNTRUSTED_ORIGIN: (t) => t("Staywise only accepts changes from its own pages."),
  RATE_LIMITED: (t) => t("Too many attempts. Please wait a minute and try again."),
  TIMEOUT: (t) => t("This took too long on our side. Please try again."),
  SERVICE_UNAVAILABLE: (t) => t("We cannot reach our database right now. Please try again in a few seconds."),
  INTERNAL_ERROR: (t) => t("Something went wrong on our side. Please try again."),
  UNAUTHENTICATED: (t) => t("Please sign in to continue."),
  TWO_FACTOR_EXPIRED: (t) => t("Your sign-in has expired. Enter your email and password again."),
  INVALID_TWO_FACTOR_CODE: (t) => t("That code is not right. Check your authenticator app (or recovery code) and try again."),
  ACCOUNT_DISABLED: (t) => t("This account has been disabled. Please contact support."),
  INVALID_CREDENTIALS: (t) => t("Invalid email or password"),
  INVALID_PASSWORD: (t) => t("That password is not right."),
  INVALID_TOKEN: (t) => t("This reset link is invalid or has expired."),
  SESSION_NOT_FOUND: (t) => t("That session has already ended. Refresh the list."),
  HOTEL_NOT_FOUND: (t) => t("Hotel not found"),
  ROOM_CLOSED_FOR_DATES: (t) => t("This room is not sold on some of your dates. Please choose other dates or another room."),
  MIN_STAY_NOT_MET: (t) => t("This room needs a longer stay for your check-in date."),
  ROOM_NOT_FOUND: (t) => t("This room was not found at this hotel."),
  ROOM_TOO_SMALL: (t) => t("This room is too small for your party: book more rooms or choose a larger room."),
  ROOM_UNAVAILABLE: (t) => t("Sorry, this room is no longer available for your dates. Please choose another room or other dates."),
  LIVE_NEEDS_REAL_PAYMENT: (t) => t("This hotel cannot be booked right now. Please choose another hotel."),
  PRICE_INCREASED: (t) => t("The price of this room has gone up. Accept the new price to continue."),
  NOT_ENOUGH_POINTS: (t) => t("You do not have enough points for this."),
  TOO_MANY_ROOMS: (t) => t("You are booking more rooms at a time than we allow. Book fewer rooms now and the rest in another booking."),
  TOO_MANY_HOLDS: (t) => t("Too many booking attempts. Please try again later."),
  BOOKING_NOT_FOUND: (t) => t("Booking not found"),
  HOLD_ALREADY_PAID: (t) => t("This booking is already paid, so it cannot be abandoned. You can find it in My Bookings."),
  HOLD_NOT_OPEN: (t) => t("This booking is no longer waiting for payment."),
  PROMO_CODE_NOT_VALID: (t) => t("This promo code cannot be used for this booking."),
  RATE_PLAN_NOT_FOUND: (t) => t("This rate is no longer offered for this room. Please choose another rate."),
  NOT_CANCELLABLE: (t) => t("Only confirmed bookings with a check-in date still ahead can be cancelled."),
  SUPPLIER_CANCEL_FAILED: (t) =>
    t("We could not cancel this booking with the hotel just now. Nothing has changed; please try again in a few minutes."),
  SUPPLIER_NOT_CONNECTED: (t) =>
    t("We could not cancel this booking with the hotel just now. Nothing has changed; please try again in a few minutes."),
  PAYMENT_CREATE_FAILED: (t) => t("Failed to create payment. Please try again."),
  PAYMENT_NOT_STOPPED: (t) =>
    t("We could not stop the payment for this booking just now. Nothing has changed; please try again in a minute."),
  ALREADY_REVIEWED: (t) => t("You have already reviewed your stay at this hotel."),
  OWN_REVIEW: (t) => t("You cannot vote on your own review."),
  PHOTO_TOO_LARGE: (t) => t("A photo is larger than 5 MB."),
  PHOTO_NOT_IMAGE: (t) => t("A photo is not a JPEG, PNG or WebP image."),
  PHOTO_TOO_MANY_PIXELS: (t) => t("A photo has too many pixels. Resize it and try again."),
  PHOTO_UNREADABLE: (t) => t("A photo could not be read as an image."),
  HOTEL_NOT_SAVABLE: (t) => t("Only hotels sold by Staywise can be saved; partner hotels cannot be saved yet."),
  SAVED_HOTELS_FULL: (t) => t("You have saved as many hotels as we keep. Remove one to save another."),
  INVOICE_ALREADY_ISSUED: (t) =>
    t(
      "The invoice for this booking has already been issued, so its billing details can no longer change. Ask the hotel for a corrected invoice.",
    ),
  ACCOUNT_HAS_OPEN_BOOKINGS: (t) =>
    t(
      "Your account still has a stay to come, a booking waiting for payment or a refund on its way. Cancel the booking or wait until the stay is over, then delete your account.",
    ),
  // Extras (decision 059): an extra taken off sale while the traveller was choosing.
  EXTRA_NOT_AVAILABLE: (t) => t("An extra you chose is no longer offered by this hotel. Please review your extras."),
} satisfies Partial<Record<ErrorCode | "NETWORK_ERROR", (t: Say) => string>>;

export type TranslatedErrorCode = keyof typeof ERROR_MESSAGES;

export function isTranslatedErrorCode(code: string): code is TranslatedErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code);
}

/** A code's message as the server sends it. */
export function inEnglish(code: TranslatedErrorCode): string {
  return ERROR_MESSAGES[code]((english) => english);
}
