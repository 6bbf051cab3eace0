/**
 * Bookings a channel manager makes and cancels through the channel API (decision 057): our price,
 * our inventory rows (the overbooking constraint holds), confirmed at once with the channel as the
 * booking's source (its key's name); the channel collects the money, so nothing is charged here.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import { type ChannelBookingChange, type ChannelBookingInput, changesStay } from "../../../shared/channel-api.ts";
import { stayNights, todayUtc } from "../../../shared/dates.ts";
import { averageNightlyCents, closedNightsText } from "../../../shared/rates.ts";
import type { Stay } from "../../../shared/search.ts";
import type { Db } from "../../db/client.ts";
import { bookings, invoices } from "../../db/schema.ts";
import { logActivity } from "../activity-log.ts";
import { DomainError } from "../../domain-error.ts";
import { stayFromQuery } from "../stay-query.ts";
import { invoiceSourceKey } from "../invoices.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { newBookingRow, soldStayColumns } from "./booking-row.ts";
import { NO_DISCOUNTS, stayCharges } from "./charges.ts";
import { priceInventoryRoom } from "./own-rooms.ts";
import type { BookingDeps, BookingRow, PricedRoom, Tx } from "./records.ts";
import { isOverbooking, lockRoomNights, nightsShortForChange, releaseRoomNights } from "./room-nights.ts";

/** The activity log's line for what a channel did to a booking: the channel (its key's name) is the actor. */
async function logChannelActivity(
  tx: Tx,
  actionType: "channel_booking_created" | "channel_booking_changed" | "channel_booking_cancelled",
  channel: ChannelActor,
  row: BookingRow,
  more: Record<string, unknown> = {},
): Promise<void> {
  await logActivity(tx, {
    actionType,
    targetUserEmail: row.guestEmail,
    details: { bookingId: row.id, reference: row.bookingReference, hotelId: channel.hotelId, channel: channel.name, ...more },
  });
}

export interface ChannelActor {
  hotelId: number;
  /** The API key's name, recorded as the booking's source detail. */
  name: string;
}

/** A confirmed booking of the key's hotel, sold by the channel; ROOM_UNAVAILABLE when a night is full. */
export async function createChannelBooking(deps: BookingDeps, channel: ChannelActor, input: ChannelBookingInput, today = todayUtc()) {
  const bookingInput: CreateBookingInput = { ...input, hotelId: String(channel.hotelId), pointsToRedeem: 0 };
  const stay = stayFromQuery(bookingInput, today);
  const priced = await priceInventoryRoom(deps.db, bookingInput, stay);
  const charges = await stayCharges(deps.db, priced, stay, [], NO_DISCOUNTS);
  const row = newBookingRow({
    id: randomUUID(),
    userId: null,
    priced,
    stay,
    guest: input,
    language: "en",
    staffId: null,
    discountCents: 0,
    pointsRedeemed: 0,
    charges,
    state: { kind: "pay_at_hotel" },
    source: { kind: "channel", detail: channel.name },
  });
  try {
    return await deps.db.transaction(async (tx) => {
      await priced.take?.(tx);
      const [inserted] = await tx.insert(bookings).values(row).returning();
      await recordBookingEvent(tx, "booking.created", inserted!);
      await logChannelActivity(tx, "channel_booking_created", channel, inserted!, { totalPriceCents: inserted!.totalPriceCents });
      return inserted!;
    });
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    throw error;
  }
}

/** Cancels a confirmed channel booking of the key's hotel: its rooms go back at once; a second call is NOT_CANCELLABLE. */
export async function cancelChannelBooking(deps: BookingDeps, channel: ChannelActor, bookingId: string): Promise<BookingRow> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.hotelId, channel.hotelId),
          eq(bookings.source, "channel"),
          eq(bookings.status, "confirmed"),
        ),
      )
      .returning();
    if (!row) return null;
    await releaseRoomNights(tx, row);
    await recordBookingEvent(tx, "booking.cancelled", row);
    await logChannelActivity(tx, "channel_booking_cancelled", channel, row);
    return row;
  });
  if (cancelled) return cancelled;
  const [existing] = await deps.db
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.hotelId, channel.hotelId), eq(bookings.source, "channel")));
  throw new DomainError(existing ? "NOT_CANCELLABLE" : "BOOKING_NOT_FOUND");
}

/** The guest's details a change sets (only those sent). */
function guestColumns(change: ChannelBookingChange): Partial<typeof bookings.$inferInsert> {
  return {
    ...(change.guestName !== undefined ? { guestName: change.guestName } : {}),
    ...(change.guestEmail !== undefined ? { guestEmail: change.guestEmail.toLowerCase() } : {}),
    ...(change.guestPhone !== undefined ? { guestPhone: change.guestPhone } : {}),
    ...(change.specialRequests !== undefined ? { specialRequests: change.specialRequests || null } : {}),
  };
}

/**
 * The changed stay priced by the server (decision 070): the booking's own rate plan prices the
 * nights as a new booking would (restrictions, closed nights and minimum stay of the new stay
 * apply), except that a night the booking already had keeps the price it was sold at.
 */
async function repriceStay(tx: Tx, row: BookingRow, stay: Stay, now: Date): Promise<PricedRoom> {
  const priced = await priceInventoryRoom(
    tx as unknown as Db,
    {
      hotelId: String(row.hotelId),
      roomTypeId: String(row.roomTypeId),
      ...(row.ratePlanId !== null ? { ratePlanId: String(row.ratePlanId) } : {}),
    },
    stay,
    now,
  );
  const sold = new Map(stayNights(row.checkIn, row.checkOut).map((night, i) => [night, row.nightlyPriceCents?.[i]]));
  const nightlyPrices = stayNights(stay.checkIn, stay.checkOut).map((night, i) => sold.get(night) ?? priced.nightlyPrices![i]!);
  const perRoom = nightlyPrices.reduce((sum, cents) => sum + cents, 0);
  return {
    ...priced,
    nightlyPrices,
    nightlyPriceCents: averageNightlyCents(perRoom, nightlyPrices.length),
    totalPriceCents: perRoom * stay.rooms + priced.childChargeCents,
  };
}

/** Why a channel booking cannot be changed: it is not confirmed, or its stay has begun (its details may still change). */
function refuseChange(row: BookingRow | undefined): never {
  if (!row) throw new DomainError("BOOKING_NOT_FOUND");
  if (row.status === "confirmed" && row.stayStatus !== null) {
    throw new DomainError("NOT_CANCELLABLE", "The stay has begun at the hotel: the front desk changes it now.");
  }
  throw new DomainError("NOT_CANCELLABLE", "Only a confirmed booking can be changed.");
}

/**
 * Changes a confirmed channel booking of the key's hotel (decision 070): the guest's details, and,
 * before the stay begins, its dates, rooms or adults, repriced from its rate plan, its rooms moved in
 * the same transaction (released and taken in night order through room_nights, so the overbooking
 * constraint holds); a change that does not fit is refused with the nights named and changes
 * nothing. One booking.modified event and one activity-log line per change.
 */
export async function changeChannelBooking(
  deps: BookingDeps,
  channel: ChannelActor,
  bookingId: string,
  change: ChannelBookingChange,
  today = todayUtc(),
  now = new Date(),
): Promise<BookingRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.hotelId, channel.hotelId), eq(bookings.source, "channel")))
        .for("update");
      if (!row || row.status !== "confirmed" || (changesStay(change) && row.stayStatus !== null)) refuseChange(row);
      let set: Partial<typeof bookings.$inferInsert> = guestColumns(change);
      let before: Record<string, unknown> = {};
      if (changesStay(change)) {
        if (row.roomTypeId === null) throw new DomainError("ROOM_NOT_FOUND");
        const [invoice] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
        if (invoice) throw new DomainError("INVOICE_ALREADY_ISSUED", "This booking already has its invoice: cancel it and book again.");
        const stay = stayFromQuery(
          {
            checkIn: change.checkIn ?? row.checkIn,
            checkOut: change.checkOut ?? row.checkOut,
            guests: change.guests ?? row.numGuests - row.numChildren,
            children: row.numChildren,
            ages: row.childAges,
            rooms: change.rooms ?? row.numRooms,
          },
          today,
        );
        const priced = await repriceStay(tx, row, stay, now);
        const previous = { checkIn: row.checkIn, checkOut: row.checkOut, rooms: row.numRooms };
        const next = { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms };
        const from = previous.checkIn < next.checkIn ? previous.checkIn : next.checkIn;
        const to = previous.checkOut > next.checkOut ? previous.checkOut : next.checkOut;
        await lockRoomNights(tx, row.roomTypeId, from, to);
        const short = await nightsShortForChange(tx, row.roomTypeId, priced.totalRooms ?? 0, previous, next);
        if (short.length > 0) throw changeOversells(priced.roomName, next.rooms, short);
        await releaseRoomNights(tx, row);
        await priced.take?.(tx);
        const charges = await stayCharges(tx as unknown as Db, priced, stay, [], NO_DISCOUNTS);
        set = { ...set, ...soldStayColumns(priced, stay, charges, { discountCents: 0 }, true) };
        before = { ...previous, totalPriceCents: row.totalPriceCents };
      }
      const [updated] = await tx
        .update(bookings)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(bookings.id, row.id))
        .returning();
      await recordBookingEvent(tx, "booking.modified", updated!);
      await logChannelActivity(tx, "channel_booking_changed", channel, updated!, {
        fields: Object.keys(change).filter((k) => change[k as keyof ChannelBookingChange] !== undefined),
        ...(Object.keys(before).length > 0
          ? {
              before,
              after: {
                checkIn: updated!.checkIn,
                checkOut: updated!.checkOut,
                rooms: updated!.numRooms,
                totalPriceCents: updated!.totalPriceCents,
              },
            }
          : {}),
      });
      return updated!;
    });
  } catch (error) {
    // Another booking took a night between the check and the take (a night no row held yet).
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE", "Nothing was changed: a night of the new stay has just sold out.");
    throw error;
  }
}

function changeOversells(roomName: string, rooms: number, nights: string[]): DomainError {
  return new DomainError(
    "ROOM_UNAVAILABLE",
    `Nothing was changed: ${roomName} has no ${rooms === 1 ? "room" : `${rooms} rooms`} left on ${closedNightsText(nights)}.`,
    { nights: nights.join(", ") },
  );
}
