/**
 * Every machine code an API error answer (`{ code, message }`) can carry. The server maps each to
 * its HTTP status and default message in one table (src/server/http/error-table.ts); the client
 * compares `ApiError.code` against this union, so a misspelt or retired code does not compile.
 */
export const ERROR_CODES = [
  // Requests and the platform
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "INVALID_CHARACTERS",
  "PAYLOAD_TOO_LARGE",
  "UNTRUSTED_ORIGIN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "TIMEOUT",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
  // Accounts
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "TWO_FACTOR_REQUIRED",
  "TWO_FACTOR_EXPIRED",
  "INVALID_TWO_FACTOR_CODE",
  "ACCOUNT_DISABLED",
  "INVALID_CREDENTIALS",
  "INVALID_PASSWORD",
  "INVALID_TOKEN",
  "SESSION_NOT_FOUND",
  // Hotels
  "HOTEL_NOT_FOUND",
  // Rates calendar (decision 020)
  "ROOM_CLOSED_FOR_DATES",
  "MIN_STAY_NOT_MET",
  "ROOMS_TO_SELL_BELOW_SOLD",
  "SUPPLIER_ERROR",
  // Bookings
  "ROOM_NOT_FOUND",
  "ROOM_TOO_SMALL",
  "ROOM_UNAVAILABLE",
  "LIVE_NEEDS_REAL_PAYMENT",
  "PRICE_INCREASED",
  "NOT_ENOUGH_POINTS",
  "TOO_MANY_ROOMS",
  "TOO_MANY_HOLDS",
  "BOOKING_NOT_FOUND",
  "HOLD_ALREADY_PAID",
  "HOLD_NOT_OPEN",
  "NOT_CANCELLABLE",
  "NOT_PAID",
  // Rate plans at booking (decision 049)
  "RATE_PLAN_NOT_FOUND",
  "RATE_PLAN_RESTRICTED",
  "SUPPLIER_CANCEL_FAILED",
  "SUPPLIER_NOT_CONNECTED",
  // Payments
  "PAYMENT_CREATE_FAILED",
  "PAYMENT_NOT_STOPPED",
  "PAYMENT_NOT_FOUND",
  "BAD_SIGNATURE",
  // Admin: bookings, users, API settings
  "PARTNER_BOOKING_CANCELLED",
  "CONTRADICTS_PAYMENT",
  "ALREADY_CANCELLED",
  "REFUND_FAILED",
  "REFUND_IN_PROGRESS",
  "OWN_ROLE",
  "OWN_STATUS",
  "USER_NOT_FOUND",
  "LAST_ADMIN",
  "CASE_NOT_FOUND",
  "NO_ACTIVE_API_CONFIGURATION",
  // Property management: calendar links
  "ICAL_FEED_NOT_FOUND",
  // Hotel managers and the front desk
  "ADMIN_MANAGES_ALL",
  "UNKNOWN_HOTELS",
  "STAY_TRANSITION",
  // Reviews and photos
  "ALREADY_REVIEWED",
  "REVIEW_NOT_FOUND",
  "OWN_REVIEW",
  "ALREADY_MODERATED",
  "TOO_MANY_PHOTOS",
  "PHOTO_TOO_LARGE",
  "PHOTO_NOT_IMAGE",
  "PHOTO_TOO_MANY_PIXELS",
  "PHOTO_UNREADABLE",
  "PHOTO_DECODE_BUSY",
  // Saved hotels
  "HOTEL_NOT_SAVABLE",
  "SAVED_HOTELS_FULL",
  // Property management: hotels, room types, photos, CSV import
  "UNKNOWN_DESTINATION",
  "HOTEL_HAS_NO_OPEN_ROOMS",
  "ROOM_TYPE_NOT_FOUND",
  "ROOM_TYPE_HAS_BOOKINGS",
  "ROOM_COUNT_BELOW_BOOKED",
  "PHOTO_NOT_FOUND",
  "IMPORT_FILE_TOO_LARGE",
  "IMPORT_NOT_CSV",
  "IMPORT_BAD_COLUMNS",
  "IMPORT_TOO_MANY_ROWS",
  "IMPORT_HAS_PROBLEMS",
  // Display currencies
  "FX_RATE_IMPLAUSIBLE",
  // Rate plans and cancellation policies (decision 052)
  "CANCELLATION_POLICY_NOT_FOUND",
  "CANCELLATION_POLICY_IN_USE",
  "CANCELLATION_POLICY_BOOKED",
  // Channels: webhooks and the channel API (decision 057)
  "WEBHOOK_ENDPOINT_NOT_FOUND",
  "WEBHOOK_DELIVERY_NOT_FOUND",
  "WEBHOOK_URL_NOT_ALLOWED",
  "CHANNEL_KEY_INVALID",
  "CHANNEL_KEY_READ_ONLY",
  "CHANNEL_KEY_NOT_FOUND",
  "CHANNEL_PUSH_OVERSELLS",
  "IDEMPOTENCY_KEY_REQUIRED",
  "IDEMPOTENCY_KEY_REUSED",
  // Calendar import (decision 058)
  "CALENDAR_IMPORT_NOT_FOUND",
  "CALENDAR_IMPORT_URL_NOT_ALLOWED",
  "CALENDAR_IMPORT_DUPLICATE",
  // Promotions (decision 053)
  "PROMO_CODE_NOT_VALID",
  "PROMO_CODE_NOT_FOUND",
  "PROMO_CODE_TAKEN",
  // Invoices and credit notes (decision 056)
  "INVOICE_NOT_FOUND",
  "INVOICE_ALREADY_ISSUED",
  "INVOICE_NOT_ISSUED_BY_US",
  // Taxes, fees and extras (decision 059)
  "EXTRA_NOT_AVAILABLE",
  "EXTRA_NOT_FOUND",
  "EXTRA_NAME_TAKEN",
  // Privacy: data export and account deletion (decision 067)
  "ACCOUNT_HAS_OPEN_BOOKINGS",
  "OWN_ACCOUNT_ERASURE",
  // Hotel staff: the front-desk role (decision 064)
  "STAFF_USER_NOT_FOUND",
  "STAFF_NOT_FOUND",
  "STAFF_ALREADY_MANAGER",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: string): value is ErrorCode {
  return KNOWN.has(value);
}
