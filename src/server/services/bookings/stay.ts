/**
 * A confirmed booking's stay at the hotel (decision 022): check-in, check-out (an early departure
 * gives the unused nights back and refunds what the hotel's policy allows) and no-show. Each step
 * is a conditional update of the booking, so two desks cannot both apply it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { paidByCardCents } from "../../../shared/booking.ts";
import { addDays, countNights, daysBetween, stayNights, todayUtc } from "../../../shared/dates.ts";
import { bookings } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { type ActivityEntry, logActivity } from "../activity-log.ts";
import { formatMoney } from "./emails.ts";
import { settleCancellationMoney } from "./payment-settlement.ts";
import { type BookingDeps, type BookingRow, type Tx, bookingPolicy } from "./records.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { refundPayment } from "./refunds.ts";
import { isOverbooking, releaseRoomNightsAfter } from "./room-nights.ts";

type Staff = { id: string; email: string };
/** The activity-log entry of a shortened stay: its type, who did it, and what it adds to the booking's own details. */
type StayLog = { actionType: ActivityEntry["actionType"]; staff: Staff; details: (outcome: ShortenedStay) => Record<string, unknown> };

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
  effects: (tx: Tx, updated: BookingRow) => Promise<void>,
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
export async function checkInStay(deps: BookingDeps, staff: Staff, row: BookingRow, today = todayUtc()): Promise<BookingRow> {
  if (row.status !== "confirmed" || row.stayStatus !== null) refuseFromState(row);
  if (row.checkIn > today) refuse(`${row.guestName} arrives on ${row.checkIn}: check them in on that day.`);
  if (row.checkOut <= today) refuse(`This stay ended on ${row.checkOut}.`);
  return transition(deps, row, null, { stayStatus: "checked_in", checkedInAt: new Date() }, (tx, b) =>
    logActivity(tx, {
      actionType: "guest_checked_in",
      userId: staff.id,
      userEmail: staff.email,
      targetUserEmail: b.guestEmail,
      details: { bookingId: b.id, reference: b.bookingReference, hotelId: b.hotelId },
    }),
  );
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
  const paid = paidByCardCents(row);
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
 * A no-show under the booking's stored schedule: its final fee is charged, what the card paid
 * beyond it goes back (settleCancellationMoney), and the part no payment covers is owed.
 */
function noShowFeeRefund(row: BookingRow, feeCents: number): { cents: number; note: string } {
  const money = (cents: number) => formatMoney(cents, row.currency);
  const paid = paidByCardCents(row);
  const cents = Math.max(0, paid - feeCents);
  const owed = Math.max(0, feeCents - paid);
  if (feeCents === 0) return { cents, note: "No fee for a no-show under this booking's policy." };
  const fee = `No-show fee under the booking's cancellation policy: ${money(feeCents)}.`;
  if (cents > 0) return { cents, note: `${fee} ${money(cents)} of what was paid is refunded.` };
  if (owed > 0) return { cents: 0, note: `${fee} ${money(owed)} is due from the guest (card guarantee or at the desk).` };
  return { cents: 0, note: `${fee} What was paid covers it; nothing is refunded.` };
}

/**
 * What a pay-at-hotel guest owes for the first `kept` nights of the stay: those nights at the prices
 * the booking was sold at, for every room, plus the child charges of those nights (the same each
 * night). Nothing was paid in advance, so the booking's total becomes this amount: the desk, the
 * guest's view and the revenue report all read what is due from the total.
 */
export function payAtHotelKeptCents(
  row: Pick<BookingRow, "checkIn" | "checkOut" | "numRooms" | "totalPriceCents" | "childChargeCents" | "nightlyPriceCents">,
  kept: number,
): { totalPriceCents: number; childChargeCents: number } {
  const nights = countNights(row.checkIn, row.checkOut);
  const childChargeCents = Math.floor((row.childChargeCents * kept) / nights);
  const prices = row.nightlyPriceCents;
  if (prices && prices.length >= nights) {
    const rooms = prices.slice(0, kept).reduce((sum, cents) => sum + cents, 0) * row.numRooms;
    return { totalPriceCents: rooms + childChargeCents, childChargeCents };
  }
  return { totalPriceCents: Math.floor((row.totalPriceCents * kept) / nights), childChargeCents };
}

/**
 * Shortens a confirmed stay to end on `newCheckOut`: the rooms of the later nights go back to
 * room_nights in the same transaction as the booking's new dates, so a cancellation later frees
 * only what it still holds; a pay-at-hotel total becomes the nights kept; the refund the policy
 * allows goes through the one-refund service.
 */
async function shortenStay(
  deps: BookingDeps,
  row: BookingRow,
  from: string | null,
  newCheckOut: string,
  set: Partial<typeof bookings.$inferInsert>,
  log: StayLog,
  today: string,
  /** A fee the booking's own terms set (a no-show under its stored schedule): settled instead of refunding unused nights. */
  fee?: { feeCents: number; why: string },
): Promise<{ row: BookingRow; outcome: ShortenedStay }> {
  const unused = newCheckOut < row.checkOut ? stayNights(newCheckOut, row.checkOut) : [];
  const policy = await bookingPolicy(deps.db, row);
  const refund = fee ? noShowFeeRefund(row, fee.feeCents) : refundForUnusedNights(row, unused, policy.freeCancellationDays, today);
  const outcome: ShortenedStay = { nightsReturned: unused, refundCents: refund.cents, refunded: false, refundNote: refund.note };
  const shortened = unused.length > 0;
  const kept = countNights(row.checkIn, newCheckOut);
  const updated = await transition(
    deps,
    row,
    from,
    {
      ...set,
      ...(shortened ? { checkOut: newCheckOut, bookedCheckOut: row.bookedCheckOut ?? row.checkOut, totalNights: kept } : {}),
      // Under a fee the money follows the fee, not the nights kept; nothing was paid in advance at the
      // hotel's own pay-at-hotel booking, so its total becomes the fee (what the desk, the guest and the report read as due).
      ...(shortened && row.payAtHotel && !fee ? payAtHotelKeptCents(row, kept) : {}),
      ...(row.payAtHotel && fee ? { totalPriceCents: fee.feeCents, childChargeCents: Math.min(row.childChargeCents, fee.feeCents) } : {}),
      ...(refund.cents > 0 && !fee ? { refundDueCents: refund.cents } : {}),
    },
    async (tx, b) => {
      if (shortened) await releaseRoomNightsAfter(tx, b, newCheckOut, row.checkOut);
      if (shortened) await recordBookingEvent(tx, "booking.modified", b);
      await logActivity(tx, {
        actionType: log.actionType,
        userId: log.staff.id,
        userEmail: log.staff.email,
        targetUserEmail: b.guestEmail,
        details: {
          bookingId: b.id,
          reference: b.bookingReference,
          hotelId: b.hotelId,
          ...log.details(outcome),
          refundCents: outcome.refundCents,
          ...(fee ? { feeCents: fee.feeCents } : {}),
        },
      });
    },
  );
  if (fee) {
    const settled = await settleCancellationMoney(deps, updated, fee);
    outcome.refunded = settled.refundedCents > 0;
    if (refund.cents > 0 && !outcome.refunded) outcome.refundNote += " The refund could not be sent yet; it will be retried.";
  } else if (refund.cents > 0) {
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
export async function checkOutStay(deps: BookingDeps, staff: Staff, row: BookingRow, today = todayUtc()) {
  if (row.status !== "confirmed" || row.stayStatus !== "checked_in") refuseFromState(row);
  const departure = today >= row.checkOut ? row.checkOut : today > row.checkIn ? today : addDays(row.checkIn, 1);
  return shortenStay(
    deps,
    row,
    "checked_in",
    departure,
    { stayStatus: "checked_out", checkedOutAt: new Date() },
    {
      actionType: "guest_checked_out",
      staff,
      details: (o) =>
        o.nightsReturned.length > 0 ? { earlyDeparture: true, bookedCheckOut: row.checkOut, nightsReturned: o.nightsReturned.length } : {},
    },
    today,
  );
}

/**
 * What a no-show costs under the booking's own terms: a booking sold under a rate plan pays its
 * policy's final fee from the stored schedule; null for one without a plan (older, or a room type
 * without plans), which keeps the first night and the hotel's free-cancellation rule for the rest.
 */
export function noShowFeeCents(row: Pick<BookingRow, "cancellationSchedule" | "ratePlanName">): number | null {
  return row.cancellationSchedule && row.ratePlanName !== null ? row.cancellationSchedule.finalFeeCents : null;
}

/**
 * Marks an expected guest who did not come: the first night stays sold (the hotel held the room),
 * the later ones go back to the inventory. A booking sold under a rate plan is charged its
 * policy's final fee from its stored schedule (what the card paid beyond it goes back, once); one
 * without a plan refunds the later nights as the hotel's free-cancellation days allow.
 */
export async function markStayNoShow(deps: BookingDeps, staff: Staff, row: BookingRow, today = todayUtc()) {
  if (row.status !== "confirmed" || row.stayStatus !== null) refuseFromState(row);
  if (row.checkIn > today) refuse(`${row.guestName} is due on ${row.checkIn}: a no-show can only be marked from that day.`);
  const keep = addDays(row.checkIn, 1);
  const fee = noShowFeeCents(row);
  return shortenStay(
    deps,
    row,
    null,
    keep < row.checkOut ? keep : row.checkOut,
    { stayStatus: "no_show", checkedOutAt: new Date() },
    { actionType: "guest_no_show", staff, details: (o) => ({ nightsReturned: o.nightsReturned.length }) },
    today,
    fee === null ? undefined : { feeCents: fee, why: "no-show fee" },
  );
}
