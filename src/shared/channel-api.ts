import { z } from "zod";
import { countNights, isIsoDate } from "./dates.ts";
import { CreateBookingInput, GuestDetails } from "./booking.ts";
import { MAX_DATABASE_ID } from "./ids.ts";
import { ALL_WEEKDAYS, MAX_MIN_STAY, MAX_RANGE_NIGHTS, MAX_RATE_CENTS } from "./rates.ts";
import { MAX_GUESTS, MAX_ROOMS } from "./search-options.ts";

/** What a channel API key may do (decision 057). */
export const CHANNEL_SCOPES = ["read", "read_write"] as const;
export type ChannelScope = (typeof CHANNEL_SCOPES)[number];

export const CreateChannelKeyInput = z.object({
  name: z.string().trim().min(1, "Name the key (e.g. the channel manager's name)").max(80, "The name is too long (80 characters at most)"),
  scope: z.enum(CHANNEL_SCOPES, { message: "Scope is read or read_write" }),
});
export type CreateChannelKeyInput = z.infer<typeof CreateChannelKeyInput>;

export interface ChannelKeyView {
  id: number;
  name: string;
  scope: ChannelScope;
  /** The key's first characters, to tell keys apart (the key itself is shown once). */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const day = (name: string) =>
  z.string({ message: `${name} must be a date like 2026-05-31` }).refine(isIsoDate, `${name} must be a date like 2026-05-31`);

/** A range of nights [from, to): at least one, at most a year and a day. */
export const ChannelRangeQuery = z
  .object({ from: day("from"), to: day("to") })
  .refine((v) => !isIsoDate(v.from) || !isIsoDate(v.to) || v.to > v.from, { message: "to must be after from", path: ["to"] })
  .refine((v) => !isIsoDate(v.from) || !isIsoDate(v.to) || countNights(v.from, v.to) <= MAX_RANGE_NIGHTS, {
    message: `Ask for at most ${MAX_RANGE_NIGHTS} nights at once`,
    path: ["to"],
  });

/**
 * A push of what a channel manager sets for one room type over the nights from `from` to `to`
 * (both included) on the chosen week days: any of the calendar price, minimum stay, closed/open
 * and rooms to sell; or, with `ratePlanId`, the price of that plan of the room type on its own
 * calendar (a plan priced by its own prices). The rates calendar validates the rest (past nights,
 * a year at most).
 */
export const ChannelPushInput = z.object({
  roomTypeId: z.number({ message: "roomTypeId must be a number" }).int().positive().max(MAX_DATABASE_ID),
  ratePlanId: z
    .number({ message: "ratePlanId must be a number" })
    .int("ratePlanId must be a number")
    .positive("ratePlanId must be a number")
    .max(MAX_DATABASE_ID, "ratePlanId must be a number")
    .optional()
    .describe("Set this rate plan's own price (plans priced by their own calendar) instead of the room type's calendar price"),
  from: day("from"),
  to: day("to"),
  weekdays: z.number().int().min(1).max(ALL_WEEKDAYS).default(ALL_WEEKDAYS),
  priceCents: z.number().int("Price must be whole cents").positive("Price must be more than zero").max(MAX_RATE_CENTS).optional(),
  minStay: z.number().int().min(1).max(MAX_MIN_STAY).optional(),
  closed: z.boolean().optional(),
  roomsToSell: z.number().int().min(0).max(10_000).optional(),
});
export type ChannelPushInput = z.infer<typeof ChannelPushInput>;

/** A booking a channel sold: the guest, the room type (and rate plan) and the stay; the price is ours, the channel collects it. */
export const ChannelBookingInput = CreateBookingInput.omit({
  hotelId: true,
  pointsToRedeem: true,
  expectedNightlyPriceCents: true,
  promoCode: true,
});
export type ChannelBookingInput = z.infer<typeof ChannelBookingInput>;

const count = (name: string, min: number, max: number) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/**
 * What a channel may change on a booking it made (decision 070): the guest's details, and the stay:
 * new dates, a number of rooms or of adults (children stay as booked; another room type or rate
 * plan is a cancellation and a new booking). A change of the stay is repriced by the server.
 */
export const ChannelBookingChange = GuestDetails.partial()
  .extend({
    checkIn: day("checkIn").optional(),
    checkOut: day("checkOut").optional(),
    rooms: count("rooms", 1, MAX_ROOMS).optional(),
    guests: count("guests (adults)", 1, MAX_GUESTS).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one of guestName, guestEmail, guestPhone, specialRequests, checkIn, checkOut, rooms, guests",
  });
export type ChannelBookingChange = z.infer<typeof ChannelBookingChange>;

/** Whether a change moves the stay (and so its rooms and price), not only the guest's details. */
export function changesStay(change: ChannelBookingChange): boolean {
  return change.checkIn !== undefined || change.checkOut !== undefined || change.rooms !== undefined || change.guests !== undefined;
}
