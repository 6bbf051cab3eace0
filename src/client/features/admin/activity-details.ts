import { formatMoney } from "../../lib/format.ts";
import type { TFunction } from "../../lib/i18n.ts";

/**
 * An activity's details as a person reads them: the server writes machine keys and codes
 * (`amountCents`, `reason: "requested_by_customer"`, `code: "card_declined"`); the log shows
 * "Amount: $120.00", "Reason: Requested by the guest", "Result: Card declined". A key or code
 * this table does not know is shown as it is written, words apart.
 */
function keyLabel(t: TFunction, key: string): string {
  switch (key) {
    case "bookingId":
      return t("Booking ID");
    case "reference":
    case "bookingReference":
      return t("Booking reference");
    case "reason":
      return t("Reason");
    case "code":
      return t("Result");
    case "message":
      return t("Message");
    case "paymentId":
      return t("Payment ID");
    case "via":
      return t("Via");
    case "hotelId":
      return t("Hotel ID");
    case "hotelName":
      return t("Hotel");
    case "roomTypeId":
      return t("Room type ID");
    case "roomType":
      return t("Room type");
    case "from":
      return t("From");
    case "to":
      return t("To");
    case "amountCents":
      return t("Amount");
    case "refundCents":
      return t("Refund");
    case "totalPriceCents":
      return t("Total price");
    case "priceCents":
      return t("Price");
    case "origin":
      return t("Origin");
    case "attempts":
      return t("Attempts");
  }
  // "totalRooms" → "Total rooms", "supplier_state" → "Supplier state".
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The codes the server writes as values (refund reasons, card results, sign-in refusals, payment states). */
function codeLabel(t: TFunction, code: string): string | null {
  switch (code) {
    case "requested_by_customer":
      return t("Requested by the guest");
    case "card_declined":
      return t("Card declined");
    case "insufficient_funds":
      return t("Insufficient funds");
    case "expired_card":
      return t("Card expired");
    case "incorrect_cvc":
      return t("Incorrect security code");
    case "incorrect_number":
      return t("Incorrect card number");
    case "payment_canceled":
      return t("Payment cancelled");
    case "untrusted_origin":
      return t("Sent from another site");
    case "invalid_credentials":
      return t("Wrong email or password");
    case "disabled":
      return t("Account disabled");
    case "invalid_two_factor_code":
      return t("Wrong two-factor code");
    case "reused_two_factor_code":
      return t("Two-factor code used twice");
    case "abandoned":
      return t("Abandoned by the guest");
    case "expired":
      return t("Expired");
    case "webhook":
      return t("Payment provider's notice");
    default:
      return null;
  }
}

function valueText(t: TFunction, key: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number" && key.endsWith("Cents")) return formatMoney(value);
  if (typeof value === "boolean") return value ? t("Yes") : t("No");
  if (typeof value === "string") return codeLabel(t, value) ?? value;
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) return value.map((v) => String(v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Each detail as [label, value] for the activity log, in the order the server wrote them. */
export function activityDetailEntries(t: TFunction, details: Record<string, unknown>): [string, string][] {
  return Object.entries(details).map(([key, value]) => [keyLabel(t, key), valueText(t, key, value)]);
}
