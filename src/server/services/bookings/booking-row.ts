/**
 * The one builder of a new booking row, for every way a booking is made (the website's hold, a
 * phone booking by card or pay at hotel): the server's price with each night's price as sold, the
 * party, the guest and the language, so no way of booking can drift from the others.
 */
import { randomInt } from "node:crypto";
import { type BookingSource, type GuestDetails, bookingReference } from "../../../shared/booking.ts";
import { type CancellationSchedule, cancellationSchedule } from "../../../shared/cancellation-policies.ts";
import { countNights } from "../../../shared/dates.ts";
import { type PaymentTiming, amountDueNowCents } from "../../../shared/rate-plans.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { Stay } from "../../../shared/search.ts";
import type { bookings } from "../../db/schema.ts";
import type { PricedRoom } from "./records.ts";
import type { PriceBreakdown } from "../../../shared/charges.ts";
import { chargeColumns } from "./charges.ts";

/** Where a new booking stands: an unpaid hold of a requester, or confirmed at once to be paid at the hotel. */
export type NewBookingState =
  { kind: "hold"; holdExpiresAt: Date; holderVisitor: string | null; holderAddress: string } | { kind: "pay_at_hotel" };

export interface NewBooking {
  id: string;
  userId: string | null;
  priced: PricedRoom;
  stay: Stay;
  guest: GuestDetails;
  language: Language;
  /** The staff member who took the booking for the guest (the front desk). */
  staffId: string | null;
  discountCents: number;
  pointsRedeemed: number;
  /** The stay's price line by line (charges.ts): its total is the booking's total_price_cents. */
  charges: PriceBreakdown;
  state: NewBookingState;
  /** A channel's API key name or an imported calendar; absent: the website, the phone (a staff member) or the partner (a supplier's room). */
  source?: { kind: Extract<BookingSource, "channel" | "calendar">; detail: string };
}

function sourceOf(b: NewBooking): { source: BookingSource; sourceDetail: string | null } {
  if (b.source) return { source: b.source.kind, sourceDetail: b.source.detail };
  if (b.priced.source.supplier !== undefined && b.priced.source.supplier !== "inventory") return { source: "partner", sourceDetail: null };
  return { source: b.staffId !== null ? "phone" : "website", sourceDetail: null };
}

/** What a booking keeps of the terms it is sold under (decision 049): the plan, the payment timing, the amount due at booking and the cancellation schedule. */
export interface SoldTerms {
  ratePlanId: number | null;
  ratePlanName: string | null;
  mealPlan: string | null;
  inclusions: string[];
  paymentTiming: PaymentTiming;
  amountDueNowCents: number;
  cancellationSchedule: CancellationSchedule | null;
}

/**
 * Each night's price for all rooms, the child charges of that night included (they are the same
 * every night): what a fee of "the first N nights" adds up.
 */
export function nightTotalsCents(priced: Pick<PricedRoom, "nightlyPrices" | "childChargeCents">, rooms: number): number[] {
  const prices = priced.nightlyPrices ?? [];
  const childPerNight = prices.length > 0 ? Math.round(priced.childChargeCents / prices.length) : 0;
  return prices.map((cents) => cents * rooms + childPerNight);
}

/**
 * The terms a booking is sold under, from the server's price: the plan as it stands, what the card
 * is charged now (the price after every discount, by the plan's payment timing; a booking taken to
 * be paid at the hotel charges nothing), and the policy turned into a schedule of instants and
 * cents in the hotel's time zone. A partner's room keeps its supplier's terms instead (no schedule).
 */
export function soldTerms(
  priced: PricedRoom,
  stay: Pick<Stay, "checkIn" | "rooms">,
  discounts: { discountCents: number },
  payAtHotel = false,
): SoldTerms {
  const plan = priced.plan;
  const timing: PaymentTiming = payAtHotel ? "pay_at_hotel" : (plan?.paymentTiming ?? "pay_now");
  const afterDiscounts = priced.totalPriceCents - discounts.discountCents;
  // The fees are shares of the stay's price: the total (a promotion already taken off it), points being money too.
  const stayPriceCents = priced.totalPriceCents;
  return {
    ratePlanId: plan?.id ?? null,
    ratePlanName: plan?.name ?? null,
    mealPlan: plan?.mealPlan ?? null,
    inclusions: plan?.inclusions ?? [],
    paymentTiming: timing,
    amountDueNowCents: amountDueNowCents(timing, afterDiscounts, plan?.depositPercent ?? null),
    cancellationSchedule: priced.policy
      ? cancellationSchedule(
          priced.policy.terms,
          { checkIn: stay.checkIn, nightTotalsCents: nightTotalsCents(priced, stay.rooms), priceCents: stayPriceCents },
          priced.policy.timeZone,
        )
      : null,
  };
}

/**
 * The columns a stay's price and terms fill: a new booking's, and a channel's change of a booked
 * stay (decision 070), so both keep the same nights, party, breakdown and sold terms.
 */
export function soldStayColumns(
  priced: PricedRoom,
  stay: Stay,
  charges: PriceBreakdown,
  discounts: { discountCents: number },
  payAtHotel: boolean,
) {
  return {
    roomPriceCents: priced.nightlyPriceCents,
    nightlyPriceCents: priced.nightlyPrices ?? null,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    numGuests: stay.guests + stay.children,
    numChildren: stay.children,
    childAges: stay.childAges,
    childChargeCents: priced.childChargeCents,
    numRooms: stay.rooms,
    totalNights: countNights(stay.checkIn, stay.checkOut),
    ...chargeColumns(charges),
    ...soldTerms({ ...priced, totalPriceCents: charges.totalCents }, stay, discounts, payAtHotel),
  };
}

export function newBookingRow(b: NewBooking): typeof bookings.$inferInsert {
  const { priced, stay, state } = b;
  return {
    id: b.id,
    userId: b.userId,
    bookingReference: bookingReference(Date.now(), () => randomInt(0, 1_000_000) / 1_000_000),
    ...priced.source,
    hotelName: priced.hotelName,
    roomType: priced.roomName,
    discountCents: b.discountCents,
    currency: priced.currency,
    pointsRedeemed: b.pointsRedeemed,
    guestName: b.guest.guestName,
    guestEmail: b.guest.guestEmail.toLowerCase(),
    guestPhone: b.guest.guestPhone,
    specialRequests: b.guest.specialRequests || null,
    createdByStaffId: b.staffId,
    ...sourceOf(b),
    ...soldStayColumns(priced, stay, b.charges, b, state.kind === "pay_at_hotel"),
    language: b.language,
    ...(state.kind === "hold"
      ? {
          status: "pending",
          paymentStatus: "pending",
          holdExpiresAt: state.holdExpiresAt,
          holderVisitor: state.holderVisitor,
          holderAddress: state.holderAddress,
        }
      : { status: "confirmed", paymentStatus: "pay_at_hotel", payAtHotel: true }),
  };
}
