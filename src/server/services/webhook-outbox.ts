/**
 * The webhook outbox's writing side (decision 057): an event becomes one row per subscribed,
 * enabled endpoint (the hotel's own and the platform-wide ones) in the transaction of the change
 * that caused it, so an event is never sent for a change that rolled back, nor lost for one that
 * committed. Delivery is webhook-delivery.ts.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WebhookEvent } from "../../shared/webhooks.ts";
import type { Db } from "../db/client.ts";
import type { bookings } from "../db/schema.ts";

type Executor = Pick<Db, "execute">;

/** How long a delivery is retried before it is marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

export interface WebhookEventInput {
  type: WebhookEvent;
  hotelId: number | null;
  /** Deliveries of one booking go out in order. */
  bookingId?: string | null;
  data: Record<string, unknown>;
}

/** Queues the event for every endpoint that subscribed to it; returns its (stable) id. Pass the change's transaction. */
export async function recordWebhookEvent(tx: Executor, event: WebhookEventInput): Promise<string> {
  const id = randomUUID();
  const payload = { id, type: event.type, createdAt: new Date().toISOString(), data: event.data };
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, event_type, hotel_id, booking_id, payload, give_up_at)
    select e.id, ${id}, ${event.type}, ${event.hotelId}, ${event.bookingId ?? null}, ${JSON.stringify(payload)}::jsonb,
           now() + make_interval(secs => ${WEBHOOK_RETRY_WINDOW_MS / 1000})
    from webhook_endpoints e
    where e.enabled and ${event.type} = any(e.events)
      and (e.hotel_id is null or e.hotel_id = ${event.hotelId})`);
  return id;
}

type BookingRow = typeof bookings.$inferSelect;

/** What a booking event tells a receiver: the booking as it is now, never the guest's card or the traveller's account. */
export function bookingEventData(row: BookingRow): Record<string, unknown> {
  return {
    booking: {
      id: row.id,
      reference: row.bookingReference,
      hotelId: row.hotelId,
      hotelName: row.hotelName,
      roomTypeId: row.roomTypeId,
      roomType: row.roomType,
      ratePlanId: row.ratePlanId,
      ratePlanName: row.ratePlanName,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      rooms: row.numRooms,
      guests: row.numGuests,
      children: row.numChildren,
      guestName: row.guestName,
      guestEmail: row.guestEmail,
      status: row.status,
      paymentStatus: row.paymentStatus,
      totalPriceCents: row.totalPriceCents,
      currency: row.currency,
      source: row.source,
      sourceDetail: row.sourceDetail,
      cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    },
  };
}

/** The one call each booking step makes: the event of `row` as it stands in the step's transaction. */
export async function recordBookingEvent(tx: Executor, type: Extract<WebhookEvent, `booking.${string}`>, row: BookingRow): Promise<string> {
  return recordWebhookEvent(tx, { type, hotelId: row.hotelId, bookingId: row.id, data: bookingEventData(row) });
}

/** A refund that went back to the card (the amount of this refund, and the booking after it). */
export async function recordRefundEvent(tx: Executor, row: BookingRow, amountCents: number): Promise<string> {
  return recordWebhookEvent(tx, {
    type: "payment.refunded",
    hotelId: row.hotelId,
    bookingId: row.id,
    data: { refund: { amountCents, currency: row.currency }, ...bookingEventData(row) },
  });
}

/** A review an admin approved: now shown on the hotel page. */
export async function recordReviewPublished(
  tx: Executor,
  review: {
    id: number;
    hotelId: number;
    bookingId: string | null;
    rating: number;
    title: string | null;
    comment: string | null;
    createdAt: Date;
  },
): Promise<string> {
  return recordWebhookEvent(tx, {
    type: "review.published",
    hotelId: review.hotelId,
    data: {
      review: {
        id: review.id,
        hotelId: review.hotelId,
        bookingId: review.bookingId,
        rating: review.rating,
        title: review.title,
        comment: review.comment,
        createdAt: review.createdAt.toISOString(),
      },
    },
  });
}
