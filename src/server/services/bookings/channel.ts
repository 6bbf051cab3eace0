/**
 * Bookings a channel manager makes and cancels through the channel API (decision 057): our price,
 * our inventory rows (the overbooking constraint holds), confirmed at once with the channel as the
 * booking's source (its key's name); the channel collects the money, so nothing is charged here.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import type { ChannelBookingChange, ChannelBookingInput } from "../../../shared/channel-api.ts";
import { todayUtc } from "../../../shared/dates.ts";
import { bookings } from "../../db/schema.ts";
import { logActivity } from "../activity-log.ts";
import { DomainError } from "../../domain-error.ts";
import { stayFromQuery } from "../hotel-search.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { newBookingRow } from "./booking-row.ts";
import { NO_DISCOUNTS, stayCharges } from "./charges.ts";
import { priceInventoryRoom } from "./own-rooms.ts";
import type { BookingDeps, BookingRow, Tx } from "./records.ts";
import { isOverbooking, releaseRoomNights } from "./room-nights.ts";

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

/** Changes the guest's details on a confirmed channel booking of the key's hotel (a booking.modified event). */
export async function changeChannelBooking(deps: BookingDeps, channel: ChannelActor, bookingId: string, change: ChannelBookingChange) {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({
        ...(change.guestName !== undefined ? { guestName: change.guestName } : {}),
        ...(change.guestEmail !== undefined ? { guestEmail: change.guestEmail.toLowerCase() } : {}),
        ...(change.guestPhone !== undefined ? { guestPhone: change.guestPhone } : {}),
        ...(change.specialRequests !== undefined ? { specialRequests: change.specialRequests || null } : {}),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.hotelId, channel.hotelId),
          eq(bookings.source, "channel"),
          eq(bookings.status, "confirmed"),
        ),
      )
      .returning();
    if (row) {
      await recordBookingEvent(tx, "booking.modified", row);
      await logChannelActivity(tx, "channel_booking_changed", channel, row, { fields: Object.keys(change) });
    }
    return row ?? null;
  });
  if (updated) return updated;
  const [existing] = await deps.db
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.hotelId, channel.hotelId), eq(bookings.source, "channel")));
  throw new DomainError(
    existing ? "NOT_CANCELLABLE" : "BOOKING_NOT_FOUND",
    existing ? "Only a confirmed booking can be changed." : undefined,
  );
}
