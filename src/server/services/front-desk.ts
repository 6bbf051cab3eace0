/**
 * The front desk of one hotel (decision 022): the day's arrivals, guests in house and departures;
 * check-in, check-out (an early departure gives the unused nights back and refunds what the
 * hotel's policy allows), no-shows, and bookings taken by phone on a guest's behalf.
 */
import { randomInt, randomUUID } from "node:crypto";
import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { type CreateBookingInput, bookingReference } from "../../shared/booking.ts";
import type { PhoneBookingInput } from "../../shared/front-desk.ts";
import type { StayStatus } from "../../shared/front-desk.ts";
import { addDays, countNights, daysBetween, stayNights, todayUtc } from "../../shared/dates.ts";
import { bookings, hotels } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { queueEmail } from "./email-outbox.ts";
import { bookingConfirmationEmail } from "./bookings/emails.ts";
import { createBookingHold } from "./bookings/hold.ts";
import type { HoldRequester } from "./bookings/hold-limits.ts";
import { priceInventoryRoom } from "./bookings/own-rooms.ts";
import { type BookingDeps, type BookingRow, bookingPolicy } from "./bookings/records.ts";
import { refundPayment } from "./bookings/refunds.ts";
import { isOverbooking } from "./bookings/room-nights.ts";
import { stayFromQuery } from "./hotel-search.ts";

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

function refuse(message: string): never {
  throw new DomainError("STAY_TRANSITION", message);
}

/** Why a booking cannot move on from where it stands, in the desk's words. */
function refuseFromState(row: BookingRow): never {
  if (row.status !== "confirmed") refuse(`Booking ${row.bookingReference} is ${row.status === "pending" ? "not paid yet" : row.status}.`);
  if (row.stayStatus === "checked_in") refuse(`${row.guestName} is already checked in.`);
  if (row.stayStatus === "checked_out") refuse(`${row.guestName} has already checked out.`);
  if (row.stayStatus === "no_show") refuse(`${row.guestName} was marked as a no-show.`);
  refuse(`${row.guestName} has not checked in yet.`);
}

/** Runs a transition as a conditional update, so two desks cannot both apply it. */
async function transition(
  deps: BookingDeps,
  row: BookingRow,
  from: string | null,
  set: Partial<typeof bookings.$inferInsert>,
  effects: (tx: Parameters<Parameters<BookingDeps["db"]["transaction"]>[0]>[0], updated: BookingRow) => Promise<void>,
): Promise<BookingRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bookings)
        .set({ ...set, updatedAt: new Date() })
        .where(
          and(
            eq(bookings.id, row.id),
            eq(bookings.status, "confirmed"),
            from === null ? isNull(bookings.stayStatus) : eq(bookings.stayStatus, from),
          ),
        )
        .returning();
      if (!updated) {
        const [latest] = await tx.select().from(bookings).where(eq(bookings.id, row.id));
        refuseFromState(latest ?? row);
      }
      await effects(tx, updated);
      return updated;
    });
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    throw error;
  }
}

/** Checks a guest in on their arrival day or a later night of their stay. */
export async function checkInGuest(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  if (row.status !== "confirmed" || row.stayStatus !== null) refuseFromState(row);
  if (row.checkIn > today) refuse(`${row.guestName} arrives on ${row.checkIn}: check them in on that day.`);
  if (row.checkOut <= today) refuse(`This stay ended on ${row.checkOut}.`);
  const updated = await transition(deps, row, null, { stayStatus: "checked_in", checkedInAt: new Date() }, (tx, b) =>
    logActivity(tx, {
      actionType: "guest_checked_in",
      userId: staff.id,
      userEmail: staff.email,
      targetUserEmail: b.guestEmail,
      details: { bookingId: b.id, reference: b.bookingReference, hotelId },
    }),
  );
  return { booking: toDeskView(updated) };
}

export interface ShortenedStay {
  /** The nights given back to the inventory, first and last (empty when none). */
  nightsReturned: string[];
  refundCents: number;
  /** Whether the refund reached the gateway in this request (false: none due, or it failed and will be retried). */
  refunded: boolean;
  /** What the desk tells the guest about their money. */
  refundNote: string;
}

/**
 * The refund for nights a guest will not use, as if each were a stay of its own cancelled today:
 * a night at least the hotel's free-cancellation days away is refunded, pro rata of what was paid.
 */
function refundForUnusedNights(row: BookingRow, unused: string[], freeCancellationDays: number, today: string) {
  const paid = row.totalPriceCents - row.discountCents;
  if (unused.length === 0) return { cents: 0, note: "No nights were left unused." };
  if (row.payAtHotel) return { cents: 0, note: "Pay at hotel: charge only the nights stayed; nothing was paid in advance." };
  if (freeCancellationDays <= 0) return { cents: 0, note: "No refund: the hotel's rate is non-refundable." };
  if (!row.paymentIntentId) return { cents: 0, note: "Nothing to refund: no card payment is on record for this booking." };
  if (row.paymentStatus !== "completed") return { cents: 0, note: "Nothing to refund: the payment is not in a refundable state." };
  const refundable = unused.filter((night) => daysBetween(today, night) >= freeCancellationDays).length;
  if (refundable === 0) {
    return { cents: 0, note: `No refund: the unused nights are inside the ${freeCancellationDays}-day free-cancellation window.` };
  }
  const bookedNights = row.totalNights;
  const cents = Math.min(paid, Math.floor((paid * refundable) / bookedNights));
  return {
    cents,
    note: `${refundable} of ${unused.length} unused nights are outside the ${freeCancellationDays}-day free-cancellation window and are refunded.`,
  };
}

/**
 * Shortens a confirmed stay to end on `newCheckOut`: the rooms of the later nights go back to
 * room_nights in the same transaction as the booking's new dates, so a cancellation later frees
 * only what it still holds; the refund the policy allows goes through the one-refund service.
 */
async function shortenStay(
  deps: BookingDeps,
  row: BookingRow,
  from: string | null,
  newCheckOut: string,
  set: Partial<typeof bookings.$inferInsert>,
  log: (tx: Parameters<Parameters<BookingDeps["db"]["transaction"]>[0]>[0], b: BookingRow, outcome: ShortenedStay) => Promise<void>,
  today: string,
): Promise<{ row: BookingRow; outcome: ShortenedStay }> {
  const unused = newCheckOut < row.checkOut ? stayNights(newCheckOut, row.checkOut) : [];
  const policy = await bookingPolicy(deps.db, row);
  const refund = refundForUnusedNights(row, unused, policy.freeCancellationDays, today);
  const outcome: ShortenedStay = { nightsReturned: unused, refundCents: refund.cents, refunded: false, refundNote: refund.note };
  const shortened = unused.length > 0;
  const updated = await transition(
    deps,
    row,
    from,
    {
      ...set,
      ...(shortened
        ? { checkOut: newCheckOut, bookedCheckOut: row.bookedCheckOut ?? row.checkOut, totalNights: countNights(row.checkIn, newCheckOut) }
        : {}),
      ...(refund.cents > 0 ? { refundDueCents: refund.cents } : {}),
    },
    async (tx, b) => {
      if (shortened && b.roomTypeId !== null) {
        await tx.execute(sql`
          update room_nights set rooms_taken = greatest(0, rooms_taken - ${b.numRooms})
          where room_type_id = ${b.roomTypeId} and night >= ${newCheckOut}::date and night < ${row.checkOut}::date`);
      }
      await log(tx, b, outcome);
    },
  );
  if (refund.cents > 0) {
    outcome.refunded = await refundPayment(deps, updated, refund.cents, `unused nights after ${newCheckOut}`, { from: ["completed"] });
    if (!outcome.refunded) outcome.refundNote += " The refund could not be sent yet; it will be retried.";
  }
  const [latest] = await deps.db.select().from(bookings).where(eq(bookings.id, row.id));
  return { row: latest ?? updated, outcome };
}

/**
 * Checks a guest out. Before the last night it is an early departure: the stay ends today (or
 * after the first night, on the arrival day), the rest goes back to the inventory.
 */
export async function checkOutGuest(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  if (row.status !== "confirmed" || row.stayStatus !== "checked_in") refuseFromState(row);
  const departure = today >= row.checkOut ? row.checkOut : today > row.checkIn ? today : addDays(row.checkIn, 1);
  const { row: updated, outcome } = await shortenStay(
    deps,
    row,
    "checked_in",
    departure,
    { stayStatus: "checked_out", checkedOutAt: new Date() },
    (tx, b, o) =>
      logActivity(tx, {
        actionType: "guest_checked_out",
        userId: staff.id,
        userEmail: staff.email,
        targetUserEmail: b.guestEmail,
        details: {
          bookingId: b.id,
          reference: b.bookingReference,
          hotelId,
          ...(o.nightsReturned.length > 0
            ? { earlyDeparture: true, bookedCheckOut: row.checkOut, nightsReturned: o.nightsReturned.length }
            : {}),
          refundCents: o.refundCents,
        },
      }),
    today,
  );
  return { booking: toDeskView(updated), earlyDeparture: outcome.nightsReturned.length > 0 ? outcome : null };
}

/**
 * Marks an expected guest who did not come: the first night stays sold (the hotel held the room),
 * the later ones go back to the inventory and are refunded as the policy allows.
 */
export async function markNoShow(deps: BookingDeps, staff: Staff, hotelId: number, bookingId: string, today = todayUtc()) {
  const row = await bookingOfHotel(deps.db, hotelId, bookingId);
  if (row.status !== "confirmed" || row.stayStatus !== null) refuseFromState(row);
  if (row.checkIn > today) refuse(`${row.guestName} is due on ${row.checkIn}: a no-show can only be marked from that day.`);
  const keep = addDays(row.checkIn, 1);
  const { row: updated, outcome } = await shortenStay(
    deps,
    row,
    null,
    keep < row.checkOut ? keep : row.checkOut,
    { stayStatus: "no_show", checkedOutAt: new Date() },
    (tx, b, o) =>
      logActivity(tx, {
        actionType: "guest_no_show",
        userId: staff.id,
        userEmail: staff.email,
        targetUserEmail: b.guestEmail,
        details: {
          bookingId: b.id,
          reference: b.bookingReference,
          hotelId,
          nightsReturned: o.nightsReturned.length,
          refundCents: o.refundCents,
        },
      }),
    today,
  );
  return { booking: toDeskView(updated), released: outcome };
}

/**
 * A booking taken by phone for a guest. By card: the same hold and payment as the website (the
 * desk then takes the card in the payment form), marked with the staff member. Pay at hotel: the
 * rooms are taken and the booking confirmed at once, in one transaction, with nothing charged.
 */
export async function createPhoneBooking(
  deps: BookingDeps,
  staff: Staff,
  hotelId: number,
  input: PhoneBookingInput,
  address: string,
  today = todayUtc(),
) {
  const { payment, ...details } = input;
  const bookingInput: CreateBookingInput = { ...details, hotelId: String(hotelId), pointsToRedeem: 0 };
  if (payment === "card") {
    const requester: Omit<HoldRequester, "userId"> = { visitorId: `staff:${staff.id}`, address };
    const hold = await createBookingHold(deps, bookingInput, null, requester, today, { staff });
    return { bookingId: hold.booking.id, reference: hold.booking.bookingReference, hold };
  }
  const stay = stayFromQuery(bookingInput, today);
  const priced = await priceInventoryRoom(deps.db, bookingInput, stay);
  const id = randomUUID();
  const guestEmail = input.guestEmail.toLowerCase();
  try {
    const row = await deps.db.transaction(async (tx) => {
      await priced.take?.(tx);
      const [inserted] = await tx
        .insert(bookings)
        .values({
          id,
          userId: null,
          bookingReference: bookingReference(Date.now(), () => randomInt(0, 1_000_000) / 1_000_000),
          ...priced.source,
          hotelName: priced.hotelName,
          roomType: priced.roomName,
          roomPriceCents: priced.nightlyPriceCents,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          numGuests: stay.guests + stay.children,
          numChildren: stay.children,
          childAges: stay.childAges,
          childChargeCents: priced.childChargeCents,
          numRooms: stay.rooms,
          totalNights: countNights(stay.checkIn, stay.checkOut),
          totalPriceCents: priced.totalPriceCents,
          currency: priced.currency,
          guestName: input.guestName,
          guestEmail,
          guestPhone: input.guestPhone,
          specialRequests: input.specialRequests || null,
          status: "confirmed",
          paymentStatus: "pay_at_hotel",
          payAtHotel: true,
          createdByStaffId: staff.id,
        })
        .returning();
      const booking = inserted!;
      await queueEmail(tx, deps.deliveryMode, bookingConfirmationEmail(booking, `${deps.publicUrl}/my-bookings`));
      await logActivity(tx, {
        actionType: "phone_booking_created",
        userId: staff.id,
        userEmail: staff.email,
        targetUserEmail: guestEmail,
        details: {
          bookingId: id,
          reference: booking.bookingReference,
          hotelId,
          roomTypeId: booking.roomTypeId,
          totalPriceCents: booking.totalPriceCents,
          payment: "pay_at_hotel",
        },
      });
      return booking;
    });
    return { bookingId: row.id, reference: row.bookingReference, hold: null };
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    throw error;
  }
}
