/**
 * The front desk of one hotel (decision 022): the day's arrivals, guests in house and departures,
 * as the desk shows them. The steps that change a booking (check-in, check-out, no-show, a phone
 * booking) are in services/bookings/stay.ts and phone.ts; this file reads and calls them.
 */
import { and, eq, gte, lte } from "drizzle-orm";
import type { CancellationSchedule } from "../../shared/cancellation-policies.ts";
import type { PriceBreakdown } from "../../shared/charges.ts";
import type { StayStatus } from "../../shared/front-desk.ts";
import { todayUtc } from "../../shared/dates.ts";
import { bookings, hotels } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { BookingDeps, BookingRow } from "./bookings/records.ts";
import { checkInStay, checkOutStay, markStayNoShow, noShowFeeCents } from "./bookings/stay.ts";

type Staff = { id: string; email: string };

export interface FrontDeskBooking {
  id: string;
  bookingReference: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string;
  roomType: string;
  numRooms: number;
  /** Everyone: adults + children. */
  numGuests: number;
  numChildren: number;
  childAges: number[];
  checkIn: string;
  checkOut: string;
  /** The check-out booked, when an early departure or a no-show shortened the stay. */
  bookedCheckOut: string | null;
  stayStatus: StayStatus;
  paymentStatus: string;
  payAtHotel: boolean;
  amountDueCents: number;
  /** The currency of the booking's amounts (the one it was charged in). */
  currency: string;
  /** What went back to the card (an early departure's unused nights, decision 022). */
  refundedCents: number;
  specialRequests: string | null;
  takenByPhone: boolean;
  /** The rate plan sold (null: none) and its cancellation terms as stored on the booking (decision 049). */
  ratePlanName: string | null;
  cancellationSchedule: CancellationSchedule | null;
  /** What marking a no-show charges under the booking's plan (its policy's final fee); null: the first night, as without plans. */
  noShowFeeCents: number | null;
  /** The price line by line as stored on the booking (decision 059); null for bookings made before it. */
  charges: PriceBreakdown | null;
}

function toDeskView(row: BookingRow): FrontDeskBooking {
  return {
    id: row.id,
    bookingReference: row.bookingReference,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    guestPhone: row.guestPhone,
    roomType: row.roomType,
    numRooms: row.numRooms,
    numGuests: row.numGuests,
    numChildren: row.numChildren,
    childAges: row.childAges,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    bookedCheckOut: row.bookedCheckOut,
    stayStatus: (row.stayStatus as StayStatus | null) ?? "expected",
    paymentStatus: row.paymentStatus,
    payAtHotel: row.payAtHotel,
    amountDueCents: row.totalPriceCents - row.discountCents,
    currency: row.currency,
    refundedCents: row.refundedCents,
    specialRequests: row.specialRequests,
    takenByPhone: row.createdByStaffId !== null,
    ratePlanName: row.ratePlanName,
    cancellationSchedule: row.cancellationSchedule,
    noShowFeeCents: noShowFeeCents(row),
    charges: row.charges ?? null,
  };
}

/**
 * One day at one hotel, from its confirmed bookings: arrivals (check-in that day, whatever they
 * did since), departures (check-out that day, no-shows left out) and in house (the nights around
 * the day, not yet gone; late arrivals who never came show here as expected until marked).
 */
export async function frontDeskDay(db: BookingDeps["db"], hotelId: number, date: string) {
  const [hotel] = await db.select({ id: hotels.id, name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.hotelId, hotelId), eq(bookings.status, "confirmed"), lte(bookings.checkIn, date), gte(bookings.checkOut, date)))
    .orderBy(bookings.guestName, bookings.id)
    .limit(2000);
  const view = rows.map(toDeskView);
  return {
    date,
    hotel,
    arrivals: view.filter((b) => b.checkIn === date),
    inHouse: view.filter((b) => b.checkIn < date && b.checkOut > date && b.stayStatus !== "no_show" && b.stayStatus !== "checked_out"),
    departures: view.filter((b) => b.checkOut === date && b.stayStatus !== "no_show"),
  };
}

/** A booking of this hotel; another hotel's booking reads as not found, so a path cannot reach it. */
async function bookingOfHotel(db: BookingDeps["db"], hotelId: number, bookingId: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.hotelId, hotelId)));
  if (!row) throw new DomainError("BOOKING_NOT_FOUND");
  return row;
}

/** Checks a guest in on their arrival day or a later night of their stay (services/bookings/stay.ts). */
export async function checkInGuest(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  return { booking: toDeskView(await checkInStay(deps, staff, row, today)) };
}

/** Checks a guest out; before the last night, an early departure (services/bookings/stay.ts). */
export async function checkOutGuest(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  const { row: updated, outcome } = await checkOutStay(deps, staff, row, today);
  return { booking: toDeskView(updated), earlyDeparture: outcome.nightsReturned.length > 0 ? outcome : null };
}

/** Marks an expected guest who did not come (services/bookings/stay.ts). */
export async function markNoShow(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  const { row: updated, outcome } = await markStayNoShow(deps, staff, row, today);
  return { booking: toDeskView(updated), released: outcome };
}
