import { ACTIVITY_TYPES, type ActivityGroup, type ActivityType, activityLabel } from "../../../shared/activity-types.ts";
import type { TFunction } from "../../lib/i18n.ts";

/**
 * The activity log's labels in the reader's language. The shared table (`shared/activity-types.ts`)
 * keeps the English labels the server searches; here each is one literal key, so the catalogue check
 * sees them all, and the record's type makes a type added there fail to compile until it is added here.
 */
function activityLabels(t: TFunction): Record<ActivityType, string> {
  return {
    user_signed_up: t("Signed up"),
    sign_up_existing_email: t("Sign-up with an e-mail already registered"),
    user_signed_in: t("Signed in"),
    sign_in_failed: t("Sign-in failed"),
    user_signed_out: t("Signed out"),
    password_reset_requested: t("Password reset requested"),
    password_reset_completed: t("Password reset completed"),
    two_factor_enabled: t("Two-factor sign-in turned on"),
    two_factor_disabled: t("Two-factor sign-in turned off"),
    password_changed: t("Password changed"),
    sessions_signed_out: t("Sessions signed out from account security"),
    personal_data_exported: t("Personal data downloaded"),
    account_deleted: t("Account deleted by its owner"),
    booking_hold_created: t("Booking hold created"),
    booking_confirmed: t("Booking confirmed"),
    payment_failed: t("Payment failed"),
    booking_hold_expired: t("Booking hold expired"),
    booking_hold_abandoned: t("Booking hold abandoned by guest"),
    background_job_gave_up: t("Background retries stopped"),
    booking_cancelled: t("Booking cancelled by guest"),
    booking_refunded: t("Booking refunded"),
    booking_refund_failed: t("Booking refund failed"),
    booking_guarantee_captured: t("Card guarantee charged"),
    booking_guarantee_capture_failed: t("Card guarantee charge failed"),
    booking_guarantee_released: t("Card guarantee released"),
    booking_fee_due_at_hotel: t("Cancellation fee due at the hotel"),
    guest_checked_in: t("Guest checked in"),
    guest_checked_out: t("Guest checked out"),
    guest_no_show: t("Guest marked no-show"),
    phone_booking_created: t("Phone booking taken by staff"),
    channel_booking_created: t("Booking made by a channel"),
    channel_booking_changed: t("Booking changed by a channel"),
    channel_booking_cancelled: t("Booking cancelled by a channel"),
    invoice_issued: t("Invoice issued"),
    credit_note_issued: t("Credit note issued"),
    billing_details_updated: t("Billing details changed"),
    hotel_legal_details_updated: t("Hotel legal details for invoices changed"),
    review_submitted: t("Review submitted"),
    review_approved: t("Review approved"),
    review_rejected: t("Review rejected"),
    admin_created: t("Admin account created"),
    user_role_changed: t("Role changed"),
    manager_hotels_changed: t("Manager's hotels changed"),
    hotel_staff_granted: t("Hotel staff added"),
    hotel_staff_removed: t("Hotel staff removed"),
    user_disabled: t("User disabled"),
    user_enabled: t("User enabled"),
    admin_personal_data_exported: t("User's personal data exported on request"),
    admin_account_deleted: t("User's account deleted on request"),
    admin_booking_status_changed: t("Booking status changed"),
    admin_booking_refunded: t("Refund issued"),
    admin_refund_failed: t("Refund failed"),
    admin_bookings_exported: t("Bookings exported"),
    api_settings_updated: t("API settings updated"),
    api_connection_tested: t("API connection tested"),
    api_diagnostics_run: t("API diagnostics run"),
    admin_background_job_retried: t("Stuck job retried"),
    ical_feed_created: t("Calendar link created"),
    ical_feed_revoked: t("Calendar link revoked"),
    webhook_endpoint_created: t("Webhook endpoint added"),
    webhook_endpoint_enabled: t("Webhook endpoint turned on"),
    webhook_endpoint_disabled: t("Webhook endpoint turned off"),
    webhook_endpoint_deleted: t("Webhook endpoint deleted"),
    webhook_secret_rotated: t("Webhook signing secret replaced"),
    channel_api_key_created: t("Channel API key created"),
    channel_api_key_revoked: t("Channel API key revoked"),
    rate_calendar_updated: t("Rates calendar updated"),
    fx_rate_updated: t("Exchange rate updated"),
    promo_code_created: t("Promo code created"),
    promo_code_changed: t("Promo code turned off or on"),
    fx_feed_updated: t("Exchange rates updated from the feed"),
    fx_feed_failed: t("Exchange rate feed failed"),
    property_hotel_created: t("Hotel added"),
    property_hotel_updated: t("Hotel edited"),
    property_hotel_hidden: t("Hotel hidden from travellers"),
    property_hotel_shown: t("Hotel shown to travellers"),
    property_room_type_created: t("Room type added"),
    property_room_type_updated: t("Room type edited"),
    property_room_type_closed: t("Room type closed"),
    property_room_type_reopened: t("Room type reopened"),
    property_room_type_deleted: t("Room type deleted"),
    property_photos_added: t("Property photos added"),
    property_photos_changed: t("Property photos reordered or deleted"),
    hotels_imported: t("Hotels imported from CSV"),
    cancellation_policy_created: t("Cancellation policy added"),
    cancellation_policy_updated: t("Cancellation policy edited"),
    cancellation_policy_deleted: t("Cancellation policy deleted"),
    rate_plan_created: t("Rate plan added"),
    rate_plan_updated: t("Rate plan edited"),
    rate_plan_removed: t("Rate plan deleted or taken off sale"),
    rate_plan_prices_set: t("Rate plan prices set"),
    hotel_tax_settings_updated: t("Taxes and fees changed"),
    hotel_extra_created: t("Extra added"),
    hotel_extra_updated: t("Extra edited"),
    hotel_extra_deleted: t("Extra deleted"),
    supplier_booking_failed: t("Partner refused a booking"),
    supplier_booking_unknown: t("Partner booking unconfirmed"),
    supplier_cancel_failed: t("Partner cancellation failed"),
    supplier_call_failed: t("Supplier call failed"),
  };
}

/** The label of an action type; a type the table does not know reads as the shared code makes it. */
export function activityTypeLabel(t: TFunction, actionType: string): string {
  return Object.hasOwn(ACTIVITY_TYPES, actionType) ? activityLabels(t)[actionType as ActivityType] : activityLabel(actionType);
}

export function activityGroupLabel(t: TFunction, group: ActivityGroup): string {
  switch (group) {
    case "Accounts":
      return t("Accounts");
    case "Bookings":
      return t("Bookings");
    case "Reviews":
      return t("Reviews");
    case "Admin":
      return t("Admin");
    case "Properties":
      return t("Properties");
    case "Supplier":
      return t("Supplier");
    case "Other":
      return t("Other");
  }
}
