import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import { ExtrasChoice } from "./extras.ts";
import { GuestDetails } from "./booking.ts";
import { isIsoDate } from "./dates.ts";
import { StayFields } from "./search.ts";

/** Where a confirmed booking's guest stands at the front desk (decision 022). */
export const STAY_STATUSES = ["expected", "checked_in", "checked_out", "no_show"] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

export const STAY_STATUS_LABELS: Record<StayStatus, string> = {
  expected: "Expected",
  checked_in: "Checked in",
  checked_out: "Checked out",
  no_show: "No-show",
};

export const PHONE_PAYMENTS = ["card", "pay_at_hotel"] as const;

/** A booking taken by phone for a guest: the same choices as the website's, with how the guest pays. */
export const PhoneBookingInput = GuestDetails.extend({
  roomTypeId: z.string().trim().min(1, fieldError("chooseRoomType")).max(20).regex(/^\d+$/, fieldError("chooseRoomType")),
  /** The rate plan sold (decision 049); absent: the room type's first plan. */
  ratePlanId: z.string().trim().max(20).regex(/^\d+$/, fieldError("chooseRate")).optional(),
  ...StayFields,
  checkIn: z.string({ message: fieldError("checkInRequired") }).refine(isIsoDate, fieldError("checkInFormat")),
  checkOut: z.string({ message: fieldError("checkOutRequired") }).refine(isIsoDate, fieldError("checkOutFormat")),
  payment: z.enum(PHONE_PAYMENTS, { message: fieldError("choosePayment") }),
  /** The hotel's extras the guest takes (decision 059). */
  extras: ExtrasChoice.optional(),
});
export type PhoneBookingInput = z.infer<typeof PhoneBookingInput>;

/** Adding a person to a hotel's staff (decision 064): an existing account by e-mail, and their role there. */
export const HotelStaffInput = z.object({
  email: z.string().trim().min(1, fieldError("emailRequired")).max(254, fieldError("emailTooLong")).email(fieldError("emailInvalid")),
  role: z.enum(["manager", "front_desk"], { message: fieldError("staffRole") }),
});
export type HotelStaffInput = z.infer<typeof HotelStaffInput>;

/**
 * The price of a phone booking before it is taken (the desk's quote): the phone booking's own
 * fields, priced as the phone booking prices them (no member price or promo code, decision 064).
 */
export const PhoneQuoteInput = PhoneBookingInput.pick({
  roomTypeId: true,
  ratePlanId: true,
  checkIn: true,
  checkOut: true,
  guests: true,
  children: true,
  ages: true,
  rooms: true,
  extras: true,
});
export type PhoneQuoteInput = z.infer<typeof PhoneQuoteInput>;
