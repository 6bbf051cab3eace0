/**
 * The one list of activity-log action types, each with the label people read and its group:
 * the server writes only these (`logActivity` takes an `ActivityType`), and the server's search
 * and the client's filter and table read them. A type in the database that is no longer listed
 * still reads sensibly through `activityLabel`.
 */
export const ACTIVITY_GROUPS = ["Accounts", "Bookings", "Reviews", "Admin", "Properties", "Supplier"] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number] | "Other";

export const ACTIVITY_TYPES = {
  user_signed_up: { label: "Signed up", group: "Accounts" },
  sign_up_existing_email: { label: "Sign-up with an e-mail already registered", group: "Accounts" },
  user_signed_in: { label: "Signed in", group: "Accounts" },
  sign_in_failed: { label: "Sign-in failed", group: "Accounts" },
  user_signed_out: { label: "Signed out", group: "Accounts" },
  password_reset_requested: { label: "Password reset requested", group: "Accounts" },
  password_reset_completed: { label: "Password reset completed", group: "Accounts" },
  two_factor_enabled: { label: "Two-factor sign-in turned on", group: "Accounts" },
  two_factor_disabled: { label: "Two-factor sign-in turned off", group: "Accounts" },
  password_changed: { label: "Password changed", group: "Accounts" },
  sessions_signed_out: { label: "Sessions signed out from account security", group: "Accounts" },
  personal_data_exported: { label: "Personal data downloaded", group: "Accounts" },
  account_deleted: { label: "Account deleted by its owner", group: "Accounts" },

  booking_hold_created: { label: "Booking hold created", group: "Bookings" },
  booking_confirmed: { label: "Booking confirmed", group: "Bookings" },
  payment_failed: { label: "Payment failed", group: "Bookings" },
  booking_hold_expired: { label: "Booking hold expired", group: "Bookings" },
  booking_hold_abandoned: { label: "Booking hold abandoned by guest", group: "Bookings" },
  background_job_gave_up: { label: "Background retries stopped", group: "Bookings" },
  booking_cancelled: { label: "Booking cancelled by guest", group: "Bookings" },
  booking_refunded: { label: "Booking refunded", group: "Bookings" },
  booking_refund_failed: { label: "Booking refund failed", group: "Bookings" },
  booking_guarantee_captured: { label: "Card guarantee charged", group: "Bookings" },
  booking_guarantee_capture_failed: { label: "Card guarantee charge failed", group: "Bookings" },
  booking_guarantee_released: { label: "Card guarantee released", group: "Bookings" },
  booking_fee_due_at_hotel: { label: "Cancellation fee due at the hotel", group: "Bookings" },
  guest_checked_in: { label: "Guest checked in", group: "Bookings" },
  guest_checked_out: { label: "Guest checked out", group: "Bookings" },
  guest_no_show: { label: "Guest marked no-show", group: "Bookings" },
  phone_booking_created: { label: "Phone booking taken by staff", group: "Bookings" },
  channel_booking_created: { label: "Booking made by a channel", group: "Bookings" },
  channel_booking_changed: { label: "Booking changed by a channel", group: "Bookings" },
  channel_booking_cancelled: { label: "Booking cancelled by a channel", group: "Bookings" },
  invoice_issued: { label: "Invoice issued", group: "Bookings" },
  credit_note_issued: { label: "Credit note issued", group: "Bookings" },
  billing_details_updated: { label: "Billing details changed", group: "Bookings" },
  hotel_legal_details_updated: { label: "Hotel legal details for invoices changed", group: "Properties" },

  review_submitted: { label: "Review submitted", group: "Reviews" },
  review_approved: { label: "Review approved", group: "Reviews" },
  review_rejected: { label: "Review rejected", group: "Reviews" },

  admin_created: { label: "Admin account created", group: "Admin" },
  user_role_changed: { label: "Role changed", group: "Admin" },
  manager_hotels_changed: { label: "Manager's hotels changed", group: "Admin" },
  hotel_staff_granted: { label: "Hotel staff added", group: "Admin" },
  hotel_staff_removed: { label: "Hotel staff removed", group: "Admin" },
  user_disabled: { label: "User disabled", group: "Admin" },
  user_enabled: { label: "User enabled", group: "Admin" },
  admin_personal_data_exported: { label: "User's personal data exported on request", group: "Admin" },
  admin_account_deleted: { label: "User's account deleted on request", group: "Admin" },
  admin_booking_status_changed: { label: "Booking status changed", group: "Admin" },
  admin_booking_refunded: { label: "Refund issued", group: "Admin" },
  admin_refund_failed: { label: "Refund failed", group: "Admin" },
  admin_bookings_exported: { label: "Bookings exported", group: "Admin" },
  api_settings_updated: { label: "API settings updated", group: "Admin" },
  api_connection_tested: { label: "API connection tested", group: "Admin" },
  api_diagnostics_run: { label: "API diagnostics run", group: "Admin" },
  admin_background_job_retried: { label: "Stuck job retried", group: "Admin" },
  ical_feed_created: { label: "Calendar link created", group: "Admin" },
  ical_feed_revoked: { label: "Calendar link revoked", group: "Admin" },
  webhook_endpoint_created: { label: "Webhook endpoint added", group: "Properties" },
  webhook_endpoint_enabled: { label: "Webhook endpoint turned on", group: "Properties" },
  webhook_endpoint_disabled: { label: "Webhook endpoint turned off", group: "Properties" },
  webhook_endpoint_deleted: { label: "Webhook endpoint deleted", group: "Properties" },
  webhook_secret_rotated: { label: "Webhook signing secret replaced", group: "Properties" },
  channel_api_key_created: { label: "Channel API key created", group: "Properties" },
  channel_api_key_revoked: { label: "Channel API key revoked", group: "Properties" },
  rate_calendar_updated: { label: "Rates calendar updated", group: "Admin" },
  fx_rate_updated: { label: "Exchange rate updated", group: "Admin" },
  promo_code_created: { label: "Promo code created", group: "Admin" },
  promo_code_changed: { label: "Promo code turned off or on", group: "Admin" },
  fx_feed_updated: { label: "Exchange rates updated from the feed", group: "Admin" },
  fx_feed_failed: { label: "Exchange rate feed failed", group: "Admin" },

  property_hotel_created: { label: "Hotel added", group: "Properties" },
  property_hotel_updated: { label: "Hotel edited", group: "Properties" },
  property_hotel_hidden: { label: "Hotel hidden from travellers", group: "Properties" },
  property_hotel_shown: { label: "Hotel shown to travellers", group: "Properties" },
  property_room_type_created: { label: "Room type added", group: "Properties" },
  property_room_type_updated: { label: "Room type edited", group: "Properties" },
  property_room_type_closed: { label: "Room type closed", group: "Properties" },
  property_room_type_reopened: { label: "Room type reopened", group: "Properties" },
  property_room_type_deleted: { label: "Room type deleted", group: "Properties" },
  property_photos_added: { label: "Property photos added", group: "Properties" },
  property_photos_changed: { label: "Property photos reordered or deleted", group: "Properties" },
  hotels_imported: { label: "Hotels imported from CSV", group: "Properties" },
  cancellation_policy_created: { label: "Cancellation policy added", group: "Properties" },
  cancellation_policy_updated: { label: "Cancellation policy edited", group: "Properties" },
  cancellation_policy_deleted: { label: "Cancellation policy deleted", group: "Properties" },
  rate_plan_created: { label: "Rate plan added", group: "Properties" },
  rate_plan_updated: { label: "Rate plan edited", group: "Properties" },
  rate_plan_removed: { label: "Rate plan deleted or taken off sale", group: "Properties" },
  rate_plan_prices_set: { label: "Rate plan prices set", group: "Properties" },
  hotel_tax_settings_updated: { label: "Taxes and fees changed", group: "Properties" },
  hotel_extra_created: { label: "Extra added", group: "Properties" },
  hotel_extra_updated: { label: "Extra edited", group: "Properties" },
  hotel_extra_deleted: { label: "Extra deleted", group: "Properties" },

  supplier_booking_failed: { label: "Partner refused a booking", group: "Supplier" },
  supplier_booking_unknown: { label: "Partner booking unconfirmed", group: "Supplier" },
  supplier_cancel_failed: { label: "Partner cancellation failed", group: "Supplier" },
  supplier_call_failed: { label: "Supplier call failed", group: "Supplier" },
} as const satisfies Record<string, { label: string; group: (typeof ACTIVITY_GROUPS)[number] }>;

export type ActivityType = keyof typeof ACTIVITY_TYPES;

function isActivityType(value: string): value is ActivityType {
  return Object.hasOwn(ACTIVITY_TYPES, value);
}

/** The human label of an action type; unknown types become a sentence ('some_new_type' → 'Some new type'). */
export function activityLabel(actionType: string): string {
  if (isActivityType(actionType)) return ACTIVITY_TYPES[actionType].label;
  const words = actionType.replaceAll(/[_.-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : actionType;
}

export function activityGroup(actionType: string): ActivityGroup {
  return isActivityType(actionType) ? ACTIVITY_TYPES[actionType].group : "Other";
}

/**
 * The filter's options: every known type by group (in the table's order), then the types found in
 * the log that the table does not know, under Other. Groups without options are left out.
 */
export function groupedActivityTypes(present: readonly string[]): { group: ActivityGroup; types: { value: string; label: string }[] }[] {
  const groups: { group: ActivityGroup; types: { value: string; label: string }[] }[] = ACTIVITY_GROUPS.map((group) => ({
    group,
    types: Object.entries(ACTIVITY_TYPES)
      .filter(([, type]) => type.group === group)
      .map(([value, type]) => ({ value, label: type.label })),
  }));
  const unknown = [...new Set(present)].filter((type) => !isActivityType(type)).sort();
  groups.push({ group: "Other", types: unknown.map((value) => ({ value, label: activityLabel(value) })) });
  return groups.filter((group) => group.types.length > 0);
}

/** The known types whose label contains the text (case-insensitive): lets a search for 'refund issued' find the rows. */
export function activityTypesMatching(text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return Object.entries(ACTIVITY_TYPES)
    .filter(([, type]) => type.label.toLowerCase().includes(needle))
    .map(([value]) => value);
}
