import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { type BookingView, type CreateBookingInput, type CreateBookingResponse, type PaymentStart, bookingReference, bookingTotalCents } from "../../shared/booking.ts";
import { countNights, todayUtc } from "../../shared/dates.ts";
import { CENTS_PER_POINT } from "../../shared/loyalty.ts";
import type { Stay } from "../../shared/search.ts";
import type { Db } from "../db/client.ts";
import { pgConstraint, pgErrorCode } from "../db/client.ts";
import { bookings, hotels, payments, roomTypes } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { CreatePaymentInput } from "../integrations/payments/payment-gateway.ts";
import { logActivity } from "./activity-log.ts";
import { BACKGROUND_JOBS, clearBackgroundFailure, failingBookingIds, recordBackgroundFailure, stuckBookingIds } from "./background-failures.ts";
import { bookingCancellationEmail, latePaymentRefundEmail } from "./booking-emails.ts";
import {
  STALE_REFUND_CLAIM_MS,
  type BookingDeps,
  type BookingRow,
  type ConfirmSource,
  type PaymentRow,
  type Tx,
  bookingPolicy,
  isSupplierBooking,
  recordConfirmation,
  refundPayment,
  refundableOnCancel,
  settlePointsOnCancel,
  toBookingView,
} from "./booking-records.ts";
import { queueEmail } from "./email-outbox.ts";
import { stayFromQuery } from "./hotel-search.ts";
import { type HoldRequester, checkRoomsPerHold, claimHoldSlot, limitHoldAttempts } from "./hold-limits.ts";
import { ensureLoyaltyAccount, recordPoints } from "./loyalty.ts";
import { cancelAtSupplier, placeSupplierBooking, priceSupplierRoom } from "./supplier-bookings.ts";

export { type BookingDeps, viewOf } from "./booking-records.ts";

/** The smallest card charge; points can cover the rest. */
const MIN_CHARGE_CENTS = 50;


/** A room priced by the server for one stay, ready to be held. */
export interface PricedRoom {
  hotelName: string;
  roomName: string;
  nightlyPriceCents: number;
  totalPriceCents: number;
  currency: string;
  /** Where the room comes from, as booking columns. */
  source: Partial<
    Pick<
      typeof bookings.$inferInsert,
      | "hotelId"
      | "roomTypeId"
      | "supplier"
      | "supplierHotelId"
      | "supplierRoomId"
      | "supplierEnvironment"
      | "supplierPriceCode"
      | "supplierState"
      | "freeCancellationDays"
      | "cancellationPolicy"
    >
  >;
  /** Takes our rooms inside the hold's transaction; a supplier's room is held by its price check instead. */
  take?: (tx: Tx) => Promise<void>;
}

/**
 * Takes `rooms` of a room type for every night of the stay. The check constraint on room_nights
 * refuses the statement when any night would exceed the room count, so concurrent holds from
 * any number of app instances can never overbook.
 */
async function takeRoomNights(tx: Tx, roomTypeId: number, totalRooms: number, checkIn: string, checkOut: string, rooms: number): Promise<void> {
  await tx.execute(sql`
    insert into room_nights (room_type_id, night, rooms_total, rooms_taken)
    select ${roomTypeId}, night::date, ${totalRooms}, ${rooms}
    from generate_series(${checkIn}::date, ${checkOut}::date - 1, interval '1 day') as night
    on conflict (room_type_id, night) do update set rooms_taken = room_nights.rooms_taken + excluded.rooms_taken`);
}

export async function releaseRoomNights(tx: Tx, row: BookingRow): Promise<void> {
  if (row.roomTypeId === null) return;
  await tx.execute(sql`
    update room_nights set rooms_taken = greatest(0, rooms_taken - ${row.numRooms})
    where room_type_id = ${row.roomTypeId} and night >= ${row.checkIn}::date and night < ${row.checkOut}::date`);
}

function isOverbooking(error: unknown): boolean {
  return pgErrorCode(error) === "23514" && pgConstraint(error) === "room_nights_not_overbooked";
}

function isOverdrawn(error: unknown): boolean {
  return pgErrorCode(error) === "23514" && pgConstraint(error) === "loyalty_balance_not_negative";
}

/** One of our own rooms, priced from the database: nightly price × nights × rooms. */
async function priceInventoryRoom(db: Db, input: CreateBookingInput, stay: Stay): Promise<PricedRoom> {
  if (!/^\d{1,10}$/.test(input.hotelId) || !/^\d{1,10}$/.test(input.roomTypeId)) {
    throw new DomainError("ROOM_NOT_FOUND");
  }
  const [room] = await db
    .select({ room: roomTypes, hotelName: hotels.name, currency: hotels.currency })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(and(eq(roomTypes.id, Number(input.roomTypeId)), eq(roomTypes.hotelId, Number(input.hotelId))));
  if (!room) throw new DomainError("ROOM_NOT_FOUND");
  const party = stay.guests + stay.children;
  if (room.room.maxGuests * stay.rooms < party) {
    throw new DomainError(
      "ROOM_TOO_SMALL",
      `${room.room.name} sleeps up to ${room.room.maxGuests} guests per room: book more rooms or choose a larger room for ${party} guests.`,
    );
  }
  const { id: roomTypeId, totalRooms } = room.room;
  return {
    hotelName: room.hotelName,
    roomName: room.room.name,
    nightlyPriceCents: room.room.priceCents,
    totalPriceCents: bookingTotalCents(room.room.priceCents, countNights(stay.checkIn, stay.checkOut), stay.rooms),
    currency: room.currency,
    source: { hotelId: Number(input.hotelId), roomTypeId },
    take: (tx) => takeRoomNights(tx, roomTypeId, totalRooms, stay.checkIn, stay.checkOut, stay.rooms),
  };
}

/** The payment a hold asks for; the same request again returns the same payment (its idempotency key). */
function paymentRequest(row: BookingRow, amountCents: number, currency: string): CreatePaymentInput {
  return {
    amountCents,
    currency,
    idempotencyKey: `booking-${row.id}`,
    bookingId: row.id,
    bookingReference: row.bookingReference,
    guestEmail: row.guestEmail,
    description: `${row.hotelName}: ${row.roomType}, ${row.checkIn} to ${row.checkOut}`,
  };
}

/**
 * Step 1 of booking: holds the rooms (status pending) with a server-made reference and the
 * server's price, then starts a payment for exactly that amount. The hold exists before any
 * money moves; if the payment cannot be started the hold is released at once. A partner
 * (wholesaler) room is priced by the supplier's price check instead of our database. What one
 * requester may hold unpaid is bounded (hold-limits.ts) before anything is priced or taken.
 */
export async function createBookingHold(
  deps: BookingDeps,
  input: CreateBookingInput,
  user: { id: string; email: string } | null,
  requester: Omit<HoldRequester, "userId">,
  today = todayUtc(),
): Promise<Omit<CreateBookingResponse, "accessToken">> {
  const { db, gateway } = deps;
  const stay = stayFromQuery(input, today);
  if (input.pointsToRedeem > 0 && !user) throw new DomainError("UNAUTHENTICATED", "Please sign in to use your points.");
  checkRoomsPerHold(stay.rooms, deps.holds);
  const holder: HoldRequester = { ...requester, userId: user?.id ?? null };
  await limitHoldAttempts(db, holder, deps.holds);
  const priced =
    deps.wholesaler?.ownsHotelId(input.hotelId) === true
      ? await priceSupplierRoom(deps, deps.wholesaler, input, stay)
      : await priceInventoryRoom(db, input, stay);
  const nights = countNights(stay.checkIn, stay.checkOut);
  const total = priced.totalPriceCents;
  // Points pay whole cents; the card is always charged at least MIN_CHARGE_CENTS.
  const discount = Math.min(input.pointsToRedeem * CENTS_PER_POINT, Math.max(0, total - MIN_CHARGE_CENTS));
  const pointsUsed = Math.floor(discount / CENTS_PER_POINT);
  const amountDue = total - pointsUsed * CENTS_PER_POINT;
  const id = randomUUID();
  const guestEmail = input.guestEmail.toLowerCase();

  let row: BookingRow;
  try {
    row = await db.transaction(async (tx) => {
      await claimHoldSlot(tx, holder, deps.holds);
      await priced.take?.(tx);
      if (pointsUsed > 0) {
        const account = await ensureLoyaltyAccount(tx, user!.id);
        if (account.pointsBalance < pointsUsed) {
          throw new DomainError("NOT_ENOUGH_POINTS", `You have ${account.pointsBalance} points, not enough to redeem ${pointsUsed}.`);
        }
      }
      const [inserted] = await tx
        .insert(bookings)
        .values({
          id,
          userId: user?.id ?? null,
          bookingReference: bookingReference(Date.now(), () => randomInt(0, 1_000_000) / 1_000_000),
          ...priced.source,
          hotelName: priced.hotelName,
          roomType: priced.roomName,
          roomPriceCents: priced.nightlyPriceCents,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          numGuests: stay.guests,
          numChildren: stay.children,
          numRooms: stay.rooms,
          totalNights: nights,
          totalPriceCents: total,
          discountCents: pointsUsed * CENTS_PER_POINT,
          pointsRedeemed: pointsUsed,
          guestName: input.guestName,
          guestEmail,
          guestPhone: input.guestPhone,
          specialRequests: input.specialRequests || null,
          status: "pending",
          paymentStatus: "pending",
          holdExpiresAt: new Date(Date.now() + deps.holds.minutes * 60_000),
          holderVisitor: holder.visitorId,
          holderAddress: holder.address,
        })
        .returning();
      if (pointsUsed > 0) {
        await recordPoints(tx, {
          userId: user!.id,
          points: -pointsUsed,
          description: `Redeemed on booking ${inserted!.bookingReference}`,
          sourceKey: `booking:${id}:redeem`,
          countsAsEarned: false,
        });
      }
      await logActivity(tx, {
        actionType: "booking_hold_created",
        userId: user?.id ?? null,
        userEmail: user?.email ?? null,
        targetUserEmail: guestEmail,
        details: {
          bookingId: id,
          reference: inserted!.bookingReference,
          hotelId: input.hotelId,
          roomTypeId: input.roomTypeId,
          totalPriceCents: total,
          ...(inserted!.supplierEnvironment ? { supplier: inserted!.supplier, environment: inserted!.supplierEnvironment } : {}),
        },
      });
      return inserted!;
    });
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    if (isOverdrawn(error)) throw new DomainError("NOT_ENOUGH_POINTS");
    throw error;
  }

  let started: { paymentId: string; clientSecret: string };
  try {
    started = await gateway.createPayment(paymentRequest(row, amountDue, priced.currency));
  } catch (error) {
    deps.logger.error({ err: error, bookingId: row.id }, "payment could not be started; releasing the hold");
    await releaseHold(db, row.id, "payment_failed");
    throw new DomainError("PAYMENT_CREATE_FAILED");
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      id: randomUUID(),
      bookingId: row.id,
      provider: gateway.provider,
      providerPaymentId: started.paymentId,
      amountCents: amountDue,
      currency: priced.currency,
      status: "pending",
    });
    await tx.update(bookings).set({ paymentIntentId: started.paymentId, updatedAt: new Date() }).where(eq(bookings.id, row.id));
  });
  row = { ...row, paymentIntentId: started.paymentId };
  return {
    booking: toBookingView(row, await bookingPolicy(db, row), today),
    payment: { provider: gateway.provider, paymentId: started.paymentId, clientSecret: started.clientSecret, amountCents: amountDue, currency: priced.currency },
  };
}

/**
 * Ends an unpaid hold and frees its rooms; does nothing unless the booking is still pending. An
 * abandoned hold ends as an expired one does (payment status 'expired'), so every place that
 * leaves out unpaid holds treats both alike; the activity log tells them apart.
 */
async function releaseHold(
  db: Db,
  bookingId: string,
  paymentStatus: "expired" | "payment_failed",
  abandonedBy?: { id: string | null; email: string },
): Promise<BookingRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", paymentStatus, holdExpiresAt: null, cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "pending")))
      .returning();
    if (!row) return null;
    await releaseRoomNights(tx, row);
    await settlePointsOnCancel(tx, row);
    await tx.update(payments).set({ status: "canceled", updatedAt: new Date() }).where(and(eq(payments.bookingId, bookingId), eq(payments.status, "pending")));
    await logActivity(tx, {
      actionType: abandonedBy ? "booking_hold_abandoned" : "booking_hold_expired",
      ...(abandonedBy ? { userId: abandonedBy.id, userEmail: abandonedBy.email } : {}),
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, reason: abandonedBy ? "abandoned" : paymentStatus },
    });
    return row;
  });
}

const HOLD_NOT_OPEN = "This booking is no longer waiting for payment.";

/**
 * The guest gives up an unpaid hold: its provider payment is cancelled first (so it cannot succeed
 * afterwards), then the rooms are freed and redeemed points returned at once. A hold that turns
 * out to be paid is confirmed instead and refused (409); one already ended is returned as it is.
 */
export async function abandonHold(deps: BookingDeps, bookingId: string, actor: { id: string | null; email: string }): Promise<BookingRow> {
  const existing = await findBooking(deps.db, bookingId);
  if (!existing) throw new DomainError("BOOKING_NOT_FOUND");
  if (existing.status === "cancelled" && (existing.paymentStatus === "expired" || existing.paymentStatus === "payment_failed")) return existing;
  if (existing.status !== "pending" || (existing.supplierState !== null && existing.supplierState !== "priced")) {
    // Kept under this code for the clients that know it, with the words that fit a cancelled hold.
    throw new DomainError("HOLD_ALREADY_PAID", existing.status === "cancelled" ? HOLD_NOT_OPEN : undefined);
  }
  if (existing.paymentIntentId) {
    const cancelled = await deps.gateway.cancelPayment(existing.paymentIntentId).then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: error, bookingId }, "could not cancel the payment of an abandoned hold");
        return false;
      },
    );
    const remote = await deps.gateway.getPayment(existing.paymentIntentId).catch(() => null);
    if (remote?.status === "succeeded") {
      await confirmPaidBooking(deps, existing.paymentIntentId, "return");
      throw new DomainError("HOLD_ALREADY_PAID");
    }
    if (!cancelled && remote?.status !== "canceled") throw new DomainError("PAYMENT_NOT_STOPPED");
  }
  const released = await releaseHold(deps.db, bookingId, "expired", actor);
  return released ?? (await findBooking(deps.db, bookingId)) ?? existing;
}

/**
 * The payment of an unpaid hold again, to finish paying later (e.g. from My Bookings after a
 * declined card): the same idempotent request returns the provider's same payment.
 */
export async function resumeHoldPayment(deps: BookingDeps, row: BookingRow): Promise<PaymentStart> {
  if (row.status !== "pending" || !row.paymentIntentId || (row.supplierState !== null && row.supplierState !== "priced")) {
    throw new DomainError("HOLD_NOT_OPEN");
  }
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, row.id), eq(payments.providerPaymentId, row.paymentIntentId)));
  if (!payment) throw new DomainError("HOLD_NOT_OPEN");
  let started: { paymentId: string; clientSecret: string };
  try {
    started = await deps.gateway.createPayment(paymentRequest(row, payment.amountCents, payment.currency));
  } catch (error) {
    deps.logger.error({ err: error, bookingId: row.id }, "could not resume the payment of a hold");
    throw new DomainError("PAYMENT_CREATE_FAILED");
  }
  if (started.paymentId !== row.paymentIntentId) {
    deps.logger.error({ bookingId: row.id, paymentId: started.paymentId }, "the provider answered a resumed payment with another payment");
    throw new DomainError("HOLD_NOT_OPEN");
  }
  return { provider: deps.gateway.provider, paymentId: started.paymentId, clientSecret: started.clientSecret, amountCents: payment.amountCents, currency: payment.currency };
}

/**
 * Confirms the booking of a paid payment. Safe to call any number of times from the browser's
 * return, the provider's webhook and the reconciliation: only the first call changes anything
 * and queues the confirmation e-mail. A partner room is booked with its supplier first (see
 * supplier-bookings.ts). Returns null for a payment we do not know.
 */
export async function confirmPaidBooking(deps: BookingDeps, providerPaymentId: string, source: ConfirmSource): Promise<BookingRow | null> {
  const { db, gateway } = deps;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, gateway.provider), eq(payments.providerPaymentId, providerPaymentId)));
  if (!payment) return null;
  const [current] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  if (!current) return null;
  const remote = await gateway.getPayment(providerPaymentId);
  if (remote.status !== "succeeded") {
    if (remote.lastError && source === "return") {
      await logActivity(db, {
        actionType: "payment_failed",
        targetUserEmail: current.guestEmail,
        details: { bookingId: current.id, reference: current.bookingReference, message: remote.lastError },
      });
    }
    return current;
  }
  if (remote.amountCents !== payment.amountCents) {
    deps.logger.error({ bookingId: current.id, paid: remote.amountCents, expected: payment.amountCents }, "paid amount differs from the booking total");
    if (source === "reconciliation") {
      const message = `The payment of ${remote.amountCents} cents differs from the ${payment.amountCents} cents due`;
      await recordBackgroundFailure(db, BACKGROUND_JOBS.paymentReconciliation, current.id, message, deps.maxAttempts);
    }
    return current;
  }
  if (isSupplierBooking(current)) {
    if (current.status === "cancelled" && current.paymentStatus === "expired") {
      // Paid after the hold lapsed: the supplier's price is no longer held, so the money goes back.
      return refundLatePayment(deps, current, payment, "paid after the hold expired");
    }
    return placeSupplierBooking(deps, current.id, payment, source);
  }
  const confirmed = await db.transaction(async (tx) => {
    let row: BookingRow | undefined;
    [row] = await tx
      .update(bookings)
      .set({ status: "confirmed", paymentStatus: "completed", paymentIntentId: providerPaymentId, holdExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, "pending")))
      .returning();
    if (!row && current.status === "cancelled" && current.paymentStatus === "expired") {
      // Paid after the hold lapsed: take the rooms again if they are still free. The booking is
      // claimed before its rooms are taken, in one savepoint, so a caller that loses the race takes
      // no rooms, and rooms that are gone undo the claim.
      try {
        row = await tx.transaction(async (inner) => {
          const [revived] = await inner
            .update(bookings)
            .set({ status: "confirmed", paymentStatus: "completed", paymentIntentId: providerPaymentId, cancelledAt: null, updatedAt: new Date() })
            .where(and(eq(bookings.id, current.id), eq(bookings.status, "cancelled"), eq(bookings.paymentStatus, "expired")))
            .returning();
          if (!revived) return undefined;
          await takeRoomNights(inner, current.roomTypeId!, await roomCount(inner, current.roomTypeId!), current.checkIn, current.checkOut, current.numRooms);
          return revived;
        });
        if (row?.userId && row.pointsRedeemed > 0) {
          // The expiry gave the redeemed points back; the booking now stands, so they are spent again.
          await recordPoints(tx, {
            userId: row.userId,
            points: -row.pointsRedeemed,
            description: `Redeemed on booking ${row.bookingReference}`,
            sourceKey: `booking:${row.id}:redeem-again`,
            countsAsEarned: false,
            clamp: true,
          });
        }
      } catch (error) {
        if (!isOverbooking(error)) throw error;
      }
    }
    if (!row) return null;
    await recordConfirmation(tx, deps, row, payment, source);
    return row;
  });
  if (confirmed) return confirmed;
  const [latest] = await db.select().from(bookings).where(eq(bookings.id, current.id));
  if (latest && latest.status === "cancelled" && latest.paymentStatus === "expired") {
    // The money arrived for rooms that are gone: give it back rather than keep it.
    return refundLatePayment(deps, latest, payment, "paid after the hold expired and the room was sold");
  }
  return latest ?? null;
}

/**
 * Gives back a payment that arrived for a lapsed hold. Of the callers racing here (return, webhook,
 * reconciliation) only the one that claims the refund refunds and queues the guest's e-mail; each
 * answers with the booking as it stands after its attempt.
 */
async function refundLatePayment(deps: BookingDeps, row: BookingRow, payment: PaymentRow, why: string): Promise<BookingRow | null> {
  await refundPayment(deps, row, payment.amountCents, why, {
    from: ["expired"],
    onClaim: (tx, claimed) =>
      queueEmail(tx, deps.deliveryMode, latePaymentRefundEmail({ ...claimed, totalPriceCents: payment.amountCents, currency: payment.currency }, deps.publicUrl)),
  });
  return findBooking(deps.db, row.id);
}

/** Takes a booking's rooms again (a cancelled booking brought back); refused by the check constraint when they are gone. */
export async function retakeRoomNights(tx: Tx, row: BookingRow): Promise<void> {
  if (row.roomTypeId === null) return;
  await takeRoomNights(tx, row.roomTypeId, await roomCount(tx, row.roomTypeId), row.checkIn, row.checkOut, row.numRooms);
}

async function roomCount(tx: Tx, roomTypeId: number): Promise<number> {
  const [row] = await tx.select({ totalRooms: roomTypes.totalRooms }).from(roomTypes).where(eq(roomTypes.id, roomTypeId));
  return row?.totalRooms ?? 0;
}

/**
 * Ends holds whose time is up. A hold whose payment did succeed is confirmed instead; the
 * provider's payment is cancelled first so it cannot succeed after the rooms are freed.
 */
export async function expireHolds(deps: BookingDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "pending"), lte(bookings.holdExpiresAt, now)))
    .limit(100);
  let expired = 0;
  for (const row of due) {
    if (row.paymentIntentId) {
      await deps.gateway.cancelPayment(row.paymentIntentId).catch((error: unknown) => deps.logger.warn({ err: error, bookingId: row.id }, "could not cancel payment"));
      const remote = await deps.gateway.getPayment(row.paymentIntentId).catch(() => null);
      if (remote?.status === "succeeded") {
        await confirmPaidBooking(deps, row.paymentIntentId, "reconciliation");
        continue;
      }
    }
    if (await releaseHold(deps.db, row.id, "expired")) expired++;
  }
  return expired;
}

/**
 * Finds payments that succeeded at the provider but whose booking was never confirmed (a lost
 * return and a lost webhook), and failed refunds to retry. Runs at start-up and on a timer.
 */
export async function reconcilePayments(deps: BookingDeps): Promise<number> {
  const stuck = await stuckBookingIds(deps.db, deps.maxAttempts);
  const failing = await failingBookingIds(deps.db, BACKGROUND_JOBS.paymentReconciliation);
  const open = await deps.db
    .select({ providerPaymentId: payments.providerPaymentId, bookingId: payments.bookingId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.status, "pending"), eq(payments.provider, deps.gateway.provider), inArray(bookings.status, ["pending", "cancelled"]), gte(payments.createdAt, new Date(Date.now() - 7 * 86_400_000))))
    .limit(200);
  let confirmed = 0;
  for (const p of open) {
    if (!p.providerPaymentId || stuck.has(p.bookingId)) continue;
    let row: BookingRow | null;
    try {
      row = await confirmPaidBooking(deps, p.providerPaymentId, "reconciliation");
      if (failing.has(p.bookingId)) await clearBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, p.bookingId);
    } catch (error) {
      const attempts = await recordBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, p.bookingId, error, deps.maxAttempts);
      deps.logger.error({ err: error, paymentId: p.providerPaymentId, attempts }, "reconciliation failed for a payment");
      row = null;
    }
    if (row?.status === "confirmed") confirmed++;
  }
  // Failed refunds, and refunds whose caller died mid-call, are retried until they use up their attempts.
  const refunds = await deps.db
    .select()
    .from(bookings)
    .where(or(eq(bookings.paymentStatus, "refund_pending"), and(eq(bookings.paymentStatus, "refunding"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS)))))
    .limit(50);
  for (const row of refunds) {
    if (stuck.has(row.id)) continue;
    await refundPayment(deps, row, row.totalPriceCents - row.discountCents, "retry", { from: ["refund_pending"] });
  }
  return confirmed;
}

/**
 * A guest cancels their confirmed, future booking: the rooms are freed (or the supplier's booking
 * cancelled) and the cancellation e-mail queued in one transaction; inside the free-cancellation
 * window the payment is refunded.
 */
export async function cancelBookingByGuest(deps: BookingDeps, bookingId: string, actor: { id: string | null; email: string }, today = todayUtc()): Promise<{ booking: BookingView; refunded: boolean }> {
  const { db } = deps;
  const [existing] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!existing) throw new DomainError("BOOKING_NOT_FOUND");
  if (existing.status !== "confirmed" || existing.checkIn <= today) {
    throw new DomainError("NOT_CANCELLABLE");
  }
  const policy = await bookingPolicy(db, existing);
  const refund = refundableOnCancel(existing.checkIn, policy.freeCancellationDays, today);
  // A partner booking is cancelled with the supplier first; if that fails, nothing here changes.
  await cancelAtSupplier(deps, existing, actor);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed")))
      .returning();
    if (!row) return null;
    await releaseRoomNights(tx, row);
    await settlePointsOnCancel(tx, row);
    await queueEmail(tx, deps.deliveryMode, bookingCancellationEmail({ ...row, currency: "USD" }, refund, `${deps.publicUrl}/my-bookings`));
    await logActivity(tx, {
      actionType: "booking_cancelled",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, refund },
    });
    return row;
  });
  if (!cancelled) throw new DomainError("NOT_CANCELLABLE");
  const refunded = refund
    ? await refundPayment(deps, cancelled, cancelled.totalPriceCents - cancelled.discountCents, "cancelled within the free-cancellation window", { from: ["completed"] })
    : false;
  const [latest] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return { booking: toBookingView(latest!, policy, today), refunded };
}

export interface MyBookingsFilter {
  checkInFrom?: string | undefined;
  checkOutTo?: string | undefined;
}

/** A user's bookings, newest first; holds that were never paid are left out. */
export async function listUserBookings(db: Db, userId: string, filter: MyBookingsFilter, today = todayUtc()): Promise<BookingView[]> {
  const conditions = [eq(bookings.userId, userId), ne(bookings.paymentStatus, "expired"), ne(bookings.paymentStatus, "payment_failed")];
  if (filter.checkInFrom) conditions.push(gte(bookings.checkIn, filter.checkInFrom));
  if (filter.checkOutTo) conditions.push(lte(bookings.checkOut, filter.checkOutTo));
  const rows = await db
    .select({ booking: bookings, cancellationPolicy: hotels.cancellationPolicy, freeCancellationDays: hotels.freeCancellationDays })
    .from(bookings)
    .leftJoin(hotels, eq(hotels.id, bookings.hotelId))
    .where(and(...conditions))
    .orderBy(desc(bookings.createdAt))
    .limit(500);
  return rows.map((r) =>
    toBookingView(r.booking, { cancellationPolicy: r.cancellationPolicy, freeCancellationDays: r.freeCancellationDays ?? 0 }, today),
  );
}

export async function findBooking(db: Db, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}

export async function findBookingByReference(db: Db, reference: string, email: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.bookingReference, reference), eq(bookings.guestEmail, email.toLowerCase())));
  return row ?? null;
}
