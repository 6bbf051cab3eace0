/**
 * Step 1 of booking: the hold (rooms taken, price fixed by the server, payment started), and
 * the payment of a hold resumed later. Our own rooms are priced in own-rooms.ts, a partner's by
 * its supplier in partner-rooms.ts.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CreateBookingInput, CreateBookingResponse, PaymentStart } from "../../../shared/booking.ts";
import { todayUtc } from "../../../shared/dates.ts";
import { applyPoints } from "../../../shared/loyalty.ts";
import type { Stay } from "../../../shared/search.ts";
import type { Db } from "../../db/client.ts";
import { pgConstraint, pgErrorCode } from "../../db/pg-errors.ts";
import { bookings, payments } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import type { CaptureMethod, CreatePaymentInput } from "../../integrations/payments/payment-gateway.ts";
import { logActivity } from "../activity-log.ts";
import { stayFromQuery } from "../stay-query.ts";
import { ensureLoyaltyAccount, recordPoints } from "../loyalty.ts";
import { applyPromotion, checkPromotion, givePromotionUseBack } from "../promotions.ts";
import { type HeldRoomType, type HoldRequester, checkRoomsPerHold, claimHoldSlot, limitHoldAttempts } from "./hold-limits.ts";
import { newBookingRow } from "./booking-row.ts";
import { stayCharges } from "./charges.ts";
import { type CardGuarantee, cardGuaranteeFor, cardRequest, dueAtHotelCents, isCardGuarantee } from "./payment-timing.ts";
import { priceInventoryRoom } from "./own-rooms.ts";
import { priceSupplierRoom } from "./partner-rooms.ts";
import { type BookingDeps, type BookingRow, type PricedRoom, bookingPolicy, settlePointsOnCancel, toBookingView } from "./records.ts";
import { isOverbooking, releaseRoomNights } from "./room-nights.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages.ts";

function isOverdrawn(error: unknown): boolean {
  return pgErrorCode(error) === "23514" && pgConstraint(error) === "loyalty_balance_not_negative";
}

/** Our own room type the hold takes rooms of, for the share one address may hold (a partner's room has none). */
function heldRoomType(priced: PricedRoom, stay: Stay): HeldRoomType | null {
  const roomTypeId = priced.source.roomTypeId;
  if (roomTypeId === undefined || roomTypeId === null || priced.totalRooms === undefined) return null;
  return {
    roomTypeId,
    name: priced.roomName,
    totalRooms: priced.totalRooms,
    rooms: stay.rooms,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
  };
}

/**
 * Starts the hold's card request: a payment (charged, or authorised as a guarantee), or for a
 * guarantee further ahead the card saved (decision 075). The same request again returns the same
 * payment or setup (its idempotency key).
 */
function startCardRequest(
  deps: Pick<BookingDeps, "gateway">,
  row: BookingRow,
  amountCents: number,
  currency: string,
  guarantee: CardGuarantee | null,
): Promise<{ paymentId: string; clientSecret: string }> {
  const request = paymentRequest(row, amountCents, currency, cardRequest(row).captureMethod);
  if (guarantee !== "saved_card") return deps.gateway.createPayment(request);
  return deps.gateway.saveCard({
    guaranteeCents: amountCents,
    currency,
    idempotencyKey: request.idempotencyKey,
    bookingId: request.bookingId,
    bookingReference: request.bookingReference,
    guestEmail: request.guestEmail,
    description: request.description,
  });
}

/** What the browser confirms: a payment (automatic or manual capture), or a card setup (setup). */
function answeredMethod(row: BookingRow, guarantee: CardGuarantee | null): PaymentStart["captureMethod"] {
  return guarantee === "saved_card" ? "setup" : cardRequest(row).captureMethod;
}

/** The payment a hold asks for; the same request again returns the same payment (its idempotency key). */
function paymentRequest(row: BookingRow, amountCents: number, currency: string, captureMethod: CaptureMethod): CreatePaymentInput {
  return {
    amountCents,
    currency,
    captureMethod,
    idempotencyKey: `booking-${row.id}`,
    bookingId: row.id,
    bookingReference: row.bookingReference,
    guestEmail: row.guestEmail,
    description: `${row.hotelName}: ${row.roomType}, ${row.checkIn} to ${row.checkOut}`,
  };
}

/**
 * Step 1 of booking: holds the rooms (status pending) with a server-made reference and the
 * server's price, then starts a payment for what its payment timing charges now (the price, a
 * deposit's share, or a card guarantee's authorisation: payment-timing.ts). The hold exists before any
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
  /** A staff member taking the booking by phone for the guest (the front desk): recorded with it. */
  options: { staff?: { id: string; email: string }; language?: Language } = {},
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
  // Member price and promo code (decision 053): checked now, the code's use taken in the transaction.
  const promotion = await checkPromotion(db, {
    code: input.promoCode,
    hotelId: priced.source.hotelId ?? null,
    ratePlanId: priced.plan?.id ?? null,
    stay,
    userId: user?.id ?? null,
    guestEmail: input.guestEmail,
    priceCents: priced.totalPriceCents,
    currency: priced.currency,
  });
  const charges = await stayCharges(db, priced, stay, input.extras ?? [], {
    memberCents: promotion.memberDiscountCents,
    memberLabel: promotion.memberTier,
    promoCents: promotion.promoDiscountCents,
    promoCode: promotion.promoCode,
  });
  const total = charges.totalCents;
  const { pointsUsed, discountCents } = applyPoints(total, input.pointsToRedeem);
  const id = randomUUID();
  const guestEmail = input.guestEmail.toLowerCase();
  let row: BookingRow;
  try {
    row = await db.transaction(async (tx) => {
      await claimHoldSlot(tx, holder, deps.holds, options.staff ? null : heldRoomType(priced, stay));
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
          ...newBookingRow({
            id,
            userId: user?.id ?? null,
            priced,
            stay,
            charges,
            guest: input,
            language: options.language ?? DEFAULT_LANGUAGE,
            staffId: options.staff?.id ?? null,
            discountCents,
            pointsRedeemed: pointsUsed,
            state: {
              kind: "hold",
              holdExpiresAt: new Date(Date.now() + deps.holds.minutes * 60_000),
              holderVisitor: holder.visitorId,
              holderAddress: holder.address,
            },
          }),
          promoCode: promotion.promoCode,
          promoDiscountCents: promotion.promoDiscountCents,
          memberDiscountCents: promotion.memberDiscountCents,
        })
        .returning();
      // The code's use names the booking, so it is taken once the row exists (a lost race rolls both back).
      await applyPromotion(tx, promotion, { bookingId: id, userId: user?.id ?? null, guestEmail });
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
      if (options.staff) {
        await logActivity(tx, {
          actionType: "phone_booking_created",
          userId: options.staff.id,
          userEmail: options.staff.email,
          targetUserEmail: guestEmail,
          details: {
            bookingId: id,
            reference: inserted!.bookingReference,
            hotelId: input.hotelId,
            totalPriceCents: total,
            payment: "card",
          },
        });
      }
      return inserted!;
    });
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    if (isOverdrawn(error)) throw new DomainError("NOT_ENOUGH_POINTS");
    throw error;
  }

  const ask = cardRequest(row);
  const guarantee = isCardGuarantee(row) ? cardGuaranteeFor(row, today, deps.cardAuthorisationMaxDays) : null;
  let started: { paymentId: string; clientSecret: string };
  try {
    started = await startCardRequest(deps, row, ask.amountCents, row.currency, guarantee);
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
      amountCents: ask.amountCents,
      currency: row.currency,
      status: "pending",
    });
    await tx
      .update(bookings)
      .set({ paymentIntentId: started.paymentId, cardGuarantee: guarantee, updatedAt: new Date() })
      .where(eq(bookings.id, row.id));
  });
  row = { ...row, paymentIntentId: started.paymentId, cardGuarantee: guarantee };
  return {
    booking: toBookingView(row, await bookingPolicy(db, row), today),
    payment: {
      provider: gateway.provider,
      paymentId: started.paymentId,
      clientSecret: started.clientSecret,
      amountCents: ask.amountCents,
      currency: row.currency,
      captureMethod: answeredMethod(row, guarantee),
      dueAtHotelCents: dueAtHotelCents(row),
    },
  };
}

/**
 * Ends an unpaid hold and frees its rooms; does nothing unless the booking is still pending. An
 * abandoned hold ends as an expired one does (payment status 'expired'), so every place that
 * leaves out unpaid holds treats both alike; the activity log tells them apart.
 */
export async function releaseHold(
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
    await givePromotionUseBack(tx, row.id);
    await tx
      .update(payments)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "pending")));
    await logActivity(tx, {
      actionType: abandonedBy ? "booking_hold_abandoned" : "booking_hold_expired",
      ...(abandonedBy ? { userId: abandonedBy.id, userEmail: abandonedBy.email } : {}),
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, reason: abandonedBy ? "abandoned" : paymentStatus },
    });
    return row;
  });
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
    started = await startCardRequest(deps, row, payment.amountCents, payment.currency, guaranteeOf(row));
  } catch (error) {
    deps.logger.error({ err: error, bookingId: row.id }, "could not resume the payment of a hold");
    throw new DomainError("PAYMENT_CREATE_FAILED");
  }
  if (started.paymentId !== row.paymentIntentId) {
    deps.logger.error({ bookingId: row.id, paymentId: started.paymentId }, "the provider answered a resumed payment with another payment");
    throw new DomainError("HOLD_NOT_OPEN");
  }
  return {
    provider: deps.gateway.provider,
    paymentId: started.paymentId,
    clientSecret: started.clientSecret,
    amountCents: payment.amountCents,
    currency: payment.currency,
    captureMethod: answeredMethod(row, guaranteeOf(row)),
    dueAtHotelCents: dueAtHotelCents(row),
  };
}

/** The way a held guarantee was started (stored with the hold); null: not a guarantee. */
function guaranteeOf(row: BookingRow): CardGuarantee | null {
  if (!isCardGuarantee(row)) return null;
  return row.cardGuarantee === "saved_card" ? "saved_card" : "authorisation";
}
