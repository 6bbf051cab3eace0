/**
 * Booking a room of the external wholesaler. The journey:
 *
 *   price check (PreBookV3) → hold and payment here → book (BookV3 with our reference) → confirmed
 *
 * - The price check runs before any money moves; a higher price than the guest was shown stops
 *   the hold until the guest accepts it.
 * - The supplier is asked to book only after the payment succeeded, by exactly one caller at a
 *   time (the state moves priced → booking in one conditional update).
 * - A refusal is certain: the booking is cancelled and the payment refunded in full.
 * - No clear answer (a timeout) is not a refusal: the booking is looked up by our reference, and
 *   booked again only if the supplier has no trace of it.
 * - A booking is made, looked up and cancelled in the environment that priced it, and a test-mode
 *   payment never reaches the LIVE environment.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import { HOTEL_CURRENCY } from "../../../shared/fx.ts";
import type { HotelDetail, Stay } from "../../../shared/search.ts";
import type { Db } from "../../db/client.ts";
import { bookings, payments } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import type { BookResult, PriceCheckResult } from "../../integrations/suppliers/wholesaler-bookings.ts";
import type { WholesalerSupplier } from "../../integrations/suppliers/wholesaler-supplier.ts";
import { currentRequest } from "../../request-context.ts";
import { logActivity } from "../activity-log.ts";
import { BACKGROUND_JOBS, clearBackgroundFailure, recordBackgroundFailure } from "../background-failures.ts";
import { bookingNotPlacedEmail, formatMoney } from "./emails.ts";
import {
  type BookingDeps,
  type BookingRow,
  type ConfirmSource,
  type PaymentRow,
  isSupplierBooking,
  roomTooSmall,
  recordConfirmation,
  settlePointsOnCancel,
} from "./records.ts";
import type { SupplierPricedRoom } from "./charges.ts";
import { refundPayment } from "./refunds.ts";
import { queueEmail } from "../email-outbox.ts";

/** BookV3 calls per booking, counting a retry after a look-up found nothing. */
const MAX_BOOK_ATTEMPTS = 2;
/** A booking call still marked in flight after this long was cut off (a restart): look it up. */
const STALE_BOOKING_CALL_MS = 2 * 60_000;

function supplierError(deps: BookingDeps, error: unknown): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn({ err: error, requestId: currentRequest()?.requestId }, "supplier call failed while booking");
  return new DomainError("SUPPLIER_ERROR", `Supplier API Error: ${message}`);
}

/**
 * Prices a wholesaler room for the stay with the supplier's price check. Refuses (409) a room
 * that is gone, a price above the one the guest accepted (with the new price in `details`), and
 * a LIVE room when payments are in test mode.
 */
export async function priceSupplierRoom(
  deps: BookingDeps,
  wholesaler: WholesalerSupplier,
  input: CreateBookingInput,
  stay: Stay,
): Promise<SupplierPricedRoom> {
  let hotel: HotelDetail | null;
  try {
    hotel = await wholesaler.getHotel(input.hotelId, stay);
  } catch (error) {
    throw supplierError(deps, error);
  }
  if (!hotel) throw new DomainError("ROOM_NOT_FOUND");
  const room = hotel.rooms.find((r) => r.id === input.roomTypeId);
  if (!room) throw new DomainError("ROOM_UNAVAILABLE");
  if (!room.fitsParty) throw roomTooSmall(room.name, room.maxGuests, stay.guests + stay.children);
  const shown = input.expectedNightlyPriceCents ?? room.priceCents;
  let check: PriceCheckResult;
  try {
    check = await wholesaler.priceCheck({ roomOfferId: room.id, stay, shownNightlyPriceCents: shown });
  } catch (error) {
    throw supplierError(deps, error);
  }
  if (check.status === "unavailable") {
    deps.logger.info(
      { requestId: currentRequest()?.requestId, room: room.id, reason: check.reason },
      "supplier room unavailable at price check",
    );
    throw new DomainError("ROOM_UNAVAILABLE");
  }
  if (check.environment === "LIVE" && deps.gateway.testMode) {
    deps.logger.error(
      { requestId: currentRequest()?.requestId, provider: deps.gateway.provider },
      "refused a LIVE supplier booking: payments are in test mode",
    );
    throw new DomainError("LIVE_NEEDS_REAL_PAYMENT");
  }
  if (check.currency !== HOTEL_CURRENCY) {
    throw new DomainError(
      "ROOM_UNAVAILABLE",
      `This room is priced in ${check.currency}, which we cannot take payment in. Please choose another room.`,
    );
  }
  if (check.nightlyPriceCents > shown) {
    throw new DomainError(
      "PRICE_INCREASED",
      `The price of this room has gone up from ${formatMoney(shown, check.currency)} to ${formatMoney(check.nightlyPriceCents, check.currency)} per night. Accept the new price to continue.`,
      { previousNightlyPriceCents: shown, nightlyPriceCents: check.nightlyPriceCents, totalPriceCents: check.totalPriceCents },
    );
  }
  const days = check.freeCancellationDays;
  return {
    hotelName: hotel.name,
    roomName: room.name,
    nightlyPriceCents: check.nightlyPriceCents,
    totalPriceCents: check.totalPriceCents,
    childChargeCents: 0,
    currency: check.currency,
    // Its taxes and fees, kept on the booking's breakdown as the supplier names them (decision 062).
    supplierCharges: check.charges ?? [],
    source: {
      supplier: wholesaler.id,
      supplierHotelId: hotel.id,
      supplierRoomId: room.id,
      supplierEnvironment: check.environment,
      supplierPriceCode: check.preBookCode,
      supplierState: "priced",
      freeCancellationDays: days,
      cancellationPolicy: days > 0 ? `Free cancellation up to ${days} ${days === 1 ? "day" : "days"} before check-in` : "Non-refundable",
    },
  };
}

async function reread(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** The lead guest's name split as the supplier wants it. */
function leadGuest(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  const lastName = parts.length > 1 ? parts.pop()! : parts[0]!;
  return { firstName: parts.join(" "), lastName };
}

async function callBook(deps: BookingDeps, wholesaler: WholesalerSupplier, row: BookingRow): Promise<BookResult> {
  const environment = row.supplierEnvironment ?? "";
  if (environment === "LIVE" && deps.gateway.testMode) {
    return { status: "failed", environment, errorType: "TestPayment", reason: "A test-mode payment cannot book in the LIVE environment" };
  }
  // book() turns every answer, and every failure on the wire, into a result; what it throws
  // happened before anything was sent (e.g. a room offer id it cannot read), so nothing was booked.
  return wholesaler
    .book({
      environment,
      roomOfferId: row.supplierRoomId ?? "",
      stay: {
        checkIn: row.checkIn,
        checkOut: row.checkOut,
        guests: row.numGuests - row.numChildren,
        children: row.numChildren,
        childAges: row.childAges,
        rooms: row.numRooms,
      },
      preBookCode: row.supplierPriceCode ?? "",
      yourRef: row.bookingReference,
      email: row.guestEmail,
      guests: [leadGuest(row.guestName)],
      ...(row.specialRequests ? { specialRequest: row.specialRequests } : {}),
    })
    .catch((error: unknown): BookResult => ({
      status: "failed",
      environment,
      errorType: "NotSent",
      reason: error instanceof Error ? error.message : String(error),
    }));
}

/**
 * Places a paid supplier booking with the supplier and settles ours by the answer. Safe to call
 * from the browser's return, the webhook and the reconciliation at once: one caller books, the
 * others find it in flight and return it as it stands (pending).
 */
export async function placeSupplierBooking(
  deps: BookingDeps,
  bookingId: string,
  payment: PaymentRow,
  source: ConfirmSource,
): Promise<BookingRow | null> {
  const { db, wholesaler } = deps;
  for (;;) {
    const row = await reread(db, bookingId);
    if (!row || row.status !== "pending" || !isSupplierBooking(row)) return row;
    if (!wholesaler) {
      deps.logger.error({ bookingId }, "a paid supplier booking waits: this instance has no supplier connection");
      return row;
    }
    if (row.supplierState === "priced") {
      const [claimed] = await db
        .update(bookings)
        .set({ supplierState: "booking", supplierAttempts: sql`${bookings.supplierAttempts} + 1`, updatedAt: new Date() })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending"), eq(bookings.supplierState, "priced")))
        .returning();
      if (!claimed) continue;
      const result = await callBook(deps, wholesaler, claimed);
      if (result.status === "confirmed") return confirmSupplierBooking(deps, claimed, payment, source, result.bookingNumber);
      if (result.status === "failed") return failSupplierBooking(deps, claimed, payment, result.reason);
      await db
        .update(bookings)
        .set({ supplierState: "unknown", updatedAt: new Date() })
        .where(and(eq(bookings.id, bookingId), eq(bookings.supplierState, "booking")));
      await logActivity(db, {
        actionType: "supplier_booking_unknown",
        targetUserEmail: claimed.guestEmail,
        details: {
          bookingId,
          reference: claimed.bookingReference,
          errorType: result.errorType,
          reason: result.reason,
          requestId: currentRequest()?.requestId ?? null,
        },
      });
      continue;
    }
    if (row.supplierState === "booking") {
      // Another caller is waiting for the supplier; unless that call was cut off long ago, let it finish.
      if (Date.now() - row.updatedAt.getTime() < STALE_BOOKING_CALL_MS) return row;
      await db
        .update(bookings)
        .set({ supplierState: "unknown", updatedAt: new Date() })
        .where(
          and(
            eq(bookings.id, bookingId),
            eq(bookings.supplierState, "booking"),
            lt(bookings.updatedAt, new Date(Date.now() - STALE_BOOKING_CALL_MS)),
          ),
        );
      continue;
    }
    if (row.supplierState === "unknown") {
      // No clear answer last time: ask the supplier for our reference before anything else.
      let found;
      try {
        found = await wholesaler.lookupByReference(row.bookingReference, row.supplierEnvironment ?? undefined);
      } catch (error) {
        const attempts = await recordBackgroundFailure(db, BACKGROUND_JOBS.supplierLookup, bookingId, error, deps.maxAttempts);
        deps.logger.warn({ err: error, bookingId, attempts }, "supplier look-up failed; the reconciliation will ask again");
        return row;
      }
      await clearBackgroundFailure(db, BACKGROUND_JOBS.supplierLookup, bookingId);
      const active = found.bookings.find((b) => b.status === "Active");
      if (active) return confirmSupplierBooking(deps, row, payment, source, active.bookingNumber);
      if (row.supplierAttempts >= MAX_BOOK_ATTEMPTS)
        return failSupplierBooking(deps, row, payment, "The hotel did not confirm the booking");
      // Certainly not booked: book again.
      await db
        .update(bookings)
        .set({ supplierState: "priced", updatedAt: new Date() })
        .where(and(eq(bookings.id, bookingId), eq(bookings.supplierState, "unknown")));
      continue;
    }
    return row;
  }
}

async function confirmSupplierBooking(
  deps: BookingDeps,
  row: BookingRow,
  payment: PaymentRow,
  source: ConfirmSource,
  bookingNumber: string,
): Promise<BookingRow | null> {
  const confirmed = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({
        status: "confirmed",
        paymentStatus: "completed",
        supplierState: "booked",
        supplierBookingRef: bookingNumber,
        holdExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(bookings.id, row.id), eq(bookings.status, "pending")))
      .returning();
    if (!updated) return null;
    await recordConfirmation(tx, deps, updated, payment, source);
    return updated;
  });
  if (!confirmed) {
    // Ours was cancelled meanwhile (e.g. by an admin): the supplier's booking must not stay behind.
    deps.logger.error({ bookingId: row.id, bookingNumber }, "supplier booked a booking we no longer hold; cancelling it at the supplier");
    await deps.wholesaler
      ?.cancel(bookingNumber, row.supplierEnvironment ?? undefined)
      .catch((error: unknown) => deps.logger.error({ err: error, bookingId: row.id }, "could not cancel the stray supplier booking"));
  }
  return reread(deps.db, row.id);
}

async function failSupplierBooking(deps: BookingDeps, row: BookingRow, payment: PaymentRow, reason: string): Promise<BookingRow | null> {
  const failed = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        paymentStatus: "refund_pending",
        supplierState: "failed",
        holdExpiresAt: null,
        cancelledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(bookings.id, row.id), eq(bookings.status, "pending")))
      .returning();
    if (!updated) return null;
    await tx.update(payments).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payments.id, payment.id));
    await settlePointsOnCancel(tx, updated);
    await queueEmail(
      tx,
      deps.deliveryMode,
      bookingNotPlacedEmail({ ...updated, totalPriceCents: payment.amountCents, currency: payment.currency }, deps.publicUrl),
    );
    await logActivity(tx, {
      actionType: "supplier_booking_failed",
      targetUserEmail: updated.guestEmail,
      details: {
        bookingId: row.id,
        reference: row.bookingReference,
        environment: row.supplierEnvironment,
        reason,
        requestId: currentRequest()?.requestId ?? null,
      },
    });
    return updated;
  });
  if (failed)
    await refundPayment(deps, failed, payment.amountCents, "the hotel could not confirm the booking", { from: ["refund_pending"] });
  return reread(deps.db, row.id);
}

/**
 * Cancels a supplier booking at the supplier, in the environment that booked it, before ours is
 * cancelled; 'already cancelled' counts as done. Throws (and changes nothing) when the supplier
 * cannot be reached. Does nothing for our own rooms.
 */
export async function cancelAtSupplier(deps: BookingDeps, row: BookingRow, actor: { id: string | null; email: string }): Promise<void> {
  if (!isSupplierBooking(row) || !row.supplierBookingRef || row.supplierState === "cancelled") return;
  if (!deps.wholesaler) throw new DomainError("SUPPLIER_NOT_CONNECTED");
  try {
    await deps.wholesaler.cancel(row.supplierBookingRef, row.supplierEnvironment ?? undefined);
  } catch (error) {
    await logActivity(deps.db, {
      actionType: "supplier_cancel_failed",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: {
        bookingId: row.id,
        reference: row.bookingReference,
        message: error instanceof Error ? error.message : String(error),
        requestId: currentRequest()?.requestId ?? null,
      },
    });
    deps.logger.warn({ err: error, bookingId: row.id }, "supplier cancellation failed");
    throw new DomainError("SUPPLIER_CANCEL_FAILED");
  }
  await deps.db.update(bookings).set({ supplierState: "cancelled", updatedAt: new Date() }).where(eq(bookings.id, row.id));
}
