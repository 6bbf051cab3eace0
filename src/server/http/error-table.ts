import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { inEnglish } from "../../shared/error-messages.ts";

/**
 * The one place an error code meets HTTP: its status and the message it carries when the code
 * that raised it gives none (spec texts word for word; a message travellers read in their own language
 * is written in shared/error-messages.ts, which the client translates). Services throw `DomainError(code)` and
 * `toErrorResponse` answers from this table; a message with facts in it (a price, a count) is
 * passed where the error is raised.
 */
export const ERROR_TABLE: Record<ErrorCode, { status: ContentfulStatusCode; message: string }> = {
  VALIDATION_ERROR: { status: 400, message: "Invalid request" },
  BAD_REQUEST: { status: 400, message: "Bad request" },
  INVALID_CHARACTERS: { status: 400, message: inEnglish("INVALID_CHARACTERS") },
  PAYLOAD_TOO_LARGE: { status: 413, message: inEnglish("PAYLOAD_TOO_LARGE") },
  UNTRUSTED_ORIGIN: { status: 403, message: inEnglish("UNTRUSTED_ORIGIN") },
  NOT_FOUND: { status: 404, message: "Not found" },
  RATE_LIMITED: { status: 429, message: inEnglish("RATE_LIMITED") },
  TIMEOUT: { status: 504, message: inEnglish("TIMEOUT") },
  SERVICE_UNAVAILABLE: { status: 503, message: inEnglish("SERVICE_UNAVAILABLE") },
  INTERNAL_ERROR: { status: 500, message: inEnglish("INTERNAL_ERROR") },

  UNAUTHENTICATED: { status: 401, message: inEnglish("UNAUTHENTICATED") },
  FORBIDDEN: { status: 403, message: "Access denied. Admin privileges required." },
  TWO_FACTOR_REQUIRED: { status: 403, message: "Set up two-factor authentication on your account page before using the admin area." },
  TWO_FACTOR_EXPIRED: { status: 401, message: inEnglish("TWO_FACTOR_EXPIRED") },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: inEnglish("INVALID_TWO_FACTOR_CODE") },
  ACCOUNT_DISABLED: { status: 403, message: inEnglish("ACCOUNT_DISABLED") },
  INVALID_CREDENTIALS: { status: 401, message: inEnglish("INVALID_CREDENTIALS") },
  INVALID_PASSWORD: { status: 400, message: inEnglish("INVALID_PASSWORD") },
  INVALID_TOKEN: { status: 400, message: inEnglish("INVALID_TOKEN") },
  SESSION_NOT_FOUND: { status: 404, message: inEnglish("SESSION_NOT_FOUND") },

  HOTEL_NOT_FOUND: { status: 404, message: inEnglish("HOTEL_NOT_FOUND") },
  SUPPLIER_ERROR: { status: 502, message: "Supplier API Error" },

  ROOM_CLOSED_FOR_DATES: { status: 409, message: inEnglish("ROOM_CLOSED_FOR_DATES") },
  MIN_STAY_NOT_MET: { status: 400, message: inEnglish("MIN_STAY_NOT_MET") },
  ROOMS_TO_SELL_BELOW_SOLD: { status: 400, message: "Rooms to sell cannot be fewer than the rooms already sold." },
  ROOM_NOT_FOUND: { status: 404, message: inEnglish("ROOM_NOT_FOUND") },
  ROOM_TOO_SMALL: { status: 400, message: inEnglish("ROOM_TOO_SMALL") },
  ROOM_UNAVAILABLE: { status: 409, message: inEnglish("ROOM_UNAVAILABLE") },
  LIVE_NEEDS_REAL_PAYMENT: { status: 409, message: inEnglish("LIVE_NEEDS_REAL_PAYMENT") },
  PRICE_INCREASED: { status: 409, message: inEnglish("PRICE_INCREASED") },
  NOT_ENOUGH_POINTS: { status: 400, message: inEnglish("NOT_ENOUGH_POINTS") },
  TOO_MANY_ROOMS: { status: 400, message: inEnglish("TOO_MANY_ROOMS") },
  TOO_MANY_HOLDS: { status: 429, message: inEnglish("TOO_MANY_HOLDS") },
  BOOKING_NOT_FOUND: { status: 404, message: inEnglish("BOOKING_NOT_FOUND") },
  HOLD_ALREADY_PAID: { status: 409, message: inEnglish("HOLD_ALREADY_PAID") },
  HOLD_NOT_OPEN: { status: 409, message: inEnglish("HOLD_NOT_OPEN") },
  NOT_CANCELLABLE: { status: 409, message: inEnglish("NOT_CANCELLABLE") },
  NOT_PAID: { status: 409, message: "This booking has no completed payment to refund." },
  RATE_PLAN_NOT_FOUND: { status: 404, message: inEnglish("RATE_PLAN_NOT_FOUND") },
  // The plan's own words name its rule (minimum stay, booking window, a closed night): passed where raised.
  RATE_PLAN_RESTRICTED: { status: 409, message: "This rate cannot be booked for these dates." },
  SUPPLIER_CANCEL_FAILED: { status: 502, message: inEnglish("SUPPLIER_CANCEL_FAILED") },
  // The partner connection is switched off on this instance: the same words for the guest, "unavailable" for clients.
  SUPPLIER_NOT_CONNECTED: { status: 503, message: inEnglish("SUPPLIER_NOT_CONNECTED") },

  PAYMENT_CREATE_FAILED: { status: 502, message: inEnglish("PAYMENT_CREATE_FAILED") },
  PAYMENT_NOT_STOPPED: { status: 502, message: inEnglish("PAYMENT_NOT_STOPPED") },
  PAYMENT_NOT_FOUND: { status: 404, message: "No such payment" },
  BAD_SIGNATURE: { status: 400, message: "Invalid signature" },

  PARTNER_BOOKING_CANCELLED: { status: 409, message: "A cancelled partner hotel booking cannot be restored; please make a new booking." },
  CONTRADICTS_PAYMENT: { status: 409, message: "This change contradicts the booking's payment." },
  ALREADY_CANCELLED: { status: 409, message: "This booking is already cancelled." },
  REFUND_FAILED: { status: 502, message: "Refund failed" },
  REFUND_IN_PROGRESS: { status: 409, message: "This booking's refund was completed by another request." },
  OWN_ROLE: { status: 400, message: "You cannot change your own role." },
  OWN_STATUS: { status: 400, message: "You cannot disable your own account." },
  USER_NOT_FOUND: { status: 404, message: "User not found" },
  LAST_ADMIN: { status: 400, message: "The last admin cannot be demoted." },
  CASE_NOT_FOUND: { status: 404, message: "This case is no longer waiting; refresh the list." },
  NO_ACTIVE_API_CONFIGURATION: { status: 400, message: "No active API configuration found. Please configure in Admin > API Settings." },
  ICAL_FEED_NOT_FOUND: { status: 404, message: "This calendar link does not exist or was revoked. Ask the hotel for a new one." },
  ADMIN_MANAGES_ALL: {
    status: 400,
    message: "Admins already manage every hotel. Make them a regular user first to give them only some hotels.",
  },
  UNKNOWN_HOTELS: { status: 400, message: "Some of the chosen hotels do not exist. Refresh the list and choose again." },
  STAY_TRANSITION: { status: 400, message: "This booking cannot change that way." },

  ALREADY_REVIEWED: { status: 409, message: inEnglish("ALREADY_REVIEWED") },
  REVIEW_NOT_FOUND: { status: 404, message: "Review not found" },
  OWN_REVIEW: { status: 403, message: inEnglish("OWN_REVIEW") },
  ALREADY_MODERATED: { status: 409, message: "This review was already moderated." },
  TOO_MANY_PHOTOS: { status: 400, message: "Too many photos." },
  PHOTO_TOO_LARGE: { status: 400, message: inEnglish("PHOTO_TOO_LARGE") },
  PHOTO_NOT_IMAGE: { status: 400, message: inEnglish("PHOTO_NOT_IMAGE") },
  PHOTO_TOO_MANY_PIXELS: { status: 400, message: inEnglish("PHOTO_TOO_MANY_PIXELS") },
  PHOTO_UNREADABLE: { status: 400, message: inEnglish("PHOTO_UNREADABLE") },
  PHOTO_DECODE_BUSY: { status: 503, message: "We are processing many photos right now. Please try again in a moment." },

  HOTEL_NOT_SAVABLE: { status: 400, message: inEnglish("HOTEL_NOT_SAVABLE") },
  SAVED_HOTELS_FULL: { status: 409, message: inEnglish("SAVED_HOTELS_FULL") },
  UNKNOWN_DESTINATION: { status: 400, message: "Choose the city and country from the destination list." },
  HOTEL_HAS_NO_OPEN_ROOMS: {
    status: 409,
    message: "Travellers can only see a hotel with at least one open room type. Add or reopen a room type, or keep the hotel hidden.",
  },
  ROOM_TYPE_NOT_FOUND: { status: 404, message: "This room type was not found at this hotel." },
  ROOM_TYPE_HAS_BOOKINGS: { status: 409, message: "This room type has bookings, so it cannot be deleted. Close it instead." },
  ROOM_COUNT_BELOW_BOOKED: {
    status: 409,
    message: "More rooms of this type are already booked on some night than the new number of rooms.",
  },
  PHOTO_NOT_FOUND: { status: 400, message: "Some of these photos are not photos of this hotel or room. Reload the page and try again." },
  IMPORT_FILE_TOO_LARGE: { status: 400, message: "The file is larger than 5 MB. Split it into smaller files and import them one by one." },
  IMPORT_NOT_CSV: { status: 400, message: "Send the file as a CSV (comma-separated, UTF-8) in a multipart form field named file." },
  IMPORT_BAD_COLUMNS: { status: 400, message: "The file's columns are not the ones the import expects." },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    message: "The file has more than 5,000 rows. Split it into smaller files and import them one by one.",
  },
  IMPORT_HAS_PROBLEMS: { status: 400, message: "Nothing was imported: some rows have problems. Fix them and import again." },
  FX_RATE_IMPLAUSIBLE: { status: 400, message: "This rate is not plausible. Check the number and the decimal point." },
  CANCELLATION_POLICY_NOT_FOUND: { status: 404, message: "This cancellation policy was not found at this hotel." },
  CANCELLATION_POLICY_IN_USE: { status: 409, message: "This policy is used by a rate plan. Choose another policy for the plan first." },
  CANCELLATION_POLICY_BOOKED: {
    status: 400,
    message:
      "Guests have booked plans with this policy, so its terms can no longer change (you can still rename it). Write a new policy and choose it for the plans instead.",
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: "This webhook endpoint does not exist or was deleted." },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: "This delivery does not exist or its endpoint was deleted." },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: "This address cannot receive webhooks: use a public https:// address." },
  CHANNEL_KEY_INVALID: { status: 401, message: "Send a valid channel API key as Authorization: Bearer <key>." },
  CHANNEL_KEY_READ_ONLY: { status: 403, message: "This API key may only read. Create a read-write key to push updates or book." },
  CHANNEL_KEY_NOT_FOUND: { status: 404, message: "This API key does not exist or was revoked." },
  CHANNEL_PUSH_OVERSELLS: { status: 409, message: "Nothing was changed: these nights would sell more rooms than the hotel has." },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: "Send an Idempotency-Key header (1-200 characters) with every change." },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: "This Idempotency-Key was already used for a different request. Use a new key for a new change.",
  },
  CALENDAR_IMPORT_NOT_FOUND: { status: 404, message: "This imported calendar does not exist or was deleted." },
  CALENDAR_IMPORT_URL_NOT_ALLOWED: {
    status: 400,
    message: "This address cannot be imported: use the calendar's public https:// export link.",
  },
  CALENDAR_IMPORT_DUPLICATE: { status: 409, message: "This room type already imports this calendar address." },
  PROMO_CODE_NOT_VALID: { status: 400, message: inEnglish("PROMO_CODE_NOT_VALID") },
  PROMO_CODE_NOT_FOUND: { status: 404, message: "This promo code was not found." },
  PROMO_CODE_TAKEN: {
    status: 409,
    message: "There is already a code with these letters here (codes ignore upper and lower case). Choose another code.",
  },
  INVOICE_NOT_FOUND: { status: 404, message: "No invoice was issued for this booking." },
  INVOICE_ALREADY_ISSUED: { status: 409, message: inEnglish("INVOICE_ALREADY_ISSUED") },
  INVOICE_NOT_ISSUED_BY_US: { status: 409, message: "Partner hotel bookings are invoiced by the partner, not by Staywise." },
  EXTRA_NOT_AVAILABLE: { status: 400, message: inEnglish("EXTRA_NOT_AVAILABLE") },
  EXTRA_NOT_FOUND: { status: 404, message: "This extra was not found." },
  EXTRA_NAME_TAKEN: { status: 409, message: "This hotel already has an extra with this name. Choose another name." },
  // Privacy (decision 067)
  ACCOUNT_HAS_OPEN_BOOKINGS: { status: 409, message: inEnglish("ACCOUNT_HAS_OPEN_BOOKINGS") },
  OWN_ACCOUNT_ERASURE: { status: 400, message: "Delete your own account from Account security > Your data, with your password." },
  // Hotel staff: the front-desk role (decision 064)
  STAFF_USER_NOT_FOUND: {
    status: 404,
    message: "No account has this e-mail address. Ask the person to sign up first, then add them.",
  },
  STAFF_NOT_FOUND: { status: 404, message: "This person is not on this hotel's staff." },
  STAFF_ALREADY_MANAGER: {
    status: 409,
    message: "This person already manages this hotel. An administrator can change a manager's role.",
  },
};
