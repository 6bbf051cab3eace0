import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, emailOutbox, simulatedPaymentIntents, simulatedRefunds } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { SimulatedGateway } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { confirmPaidBooking, reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";

let cluster: TwoInstances;
let databases: TwoInstances["databases"];
let instances: TwoInstances["instances"];

beforeAll(async () => {
  cluster = await startTwoInstances();
  ({ databases, instances } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

describe("a late payment for a sold room, confirmed by many callers at once on PostgreSQL", () => {
  it("is refunded exactly once, ends refunded, and e-mails the guest once", async () => {
    const db = databases[0]!.db;
    const hotel = await createHotel(db, { name: "Late Hotel", freeCancellationDays: 3 });
    const room = await createRoomType(db, hotel.id, { name: "Only Room", totalRooms: 1, maxGuests: 2, priceCents: 15000 });
    const checkIn = addDays(todayUtc(), 20);
    const res = await instances[0]!.request("POST", "/api/bookings", {
      body: {
        hotelId: String(hotel.id),
        roomTypeId: String(room.id),
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        rooms: 1,
        guestName: "Late Payer",
        guestEmail: "late@example.com",
        guestPhone: "+1 555 0100",
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreateBookingResponse;
    // The hold lapsed while the room went to someone else (its nights stay taken), then the card payment succeeded.
    await db
      .update(bookings)
      .set({ status: "cancelled", paymentStatus: "expired", holdExpiresAt: null })
      .where(eq(bookings.id, created.booking.id));
    await db.update(simulatedPaymentIntents).set({ status: "succeeded" }).where(eq(simulatedPaymentIntents.id, created.payment.paymentId));

    const callers = Array.from({ length: 12 }, (_, i) => {
      const app = instances[i % 2]!;
      switch (i % 4) {
        case 0:
          return app
            .request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, { body: { paymentId: created.payment.paymentId } })
            .then((r) => r.status);
        case 1: {
          const payload = JSON.stringify({ id: `evt_late_${i}`, type: "payment.succeeded", paymentId: created.payment.paymentId });
          const signature = (app.deps.gateway as SimulatedGateway).signEvent(payload);
          return app
            .request("POST", "/api/payments/webhook", { body: payload, headers: { "x-simulated-signature": signature } })
            .then((r) => r.status);
        }
        case 2:
          return reconcilePayments(bookingDeps(app.deps)).then(() => 200);
        default:
          return confirmPaidBooking(bookingDeps(app.deps), created.payment.paymentId, "reconciliation").then(() => 200);
      }
    });
    expect(await Promise.all(callers)).toEqual(Array.from({ length: 12 }, () => 200));

    const refunds = await db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, created.payment.paymentId));
    expect(refunds).toHaveLength(1);
    const [intent] = await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent?.refundedCents).toBe(30000);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const told = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${created.booking.id}:late-payment-refund`));
    expect(told).toHaveLength(1);

    // The browser's answer afterwards reports the true final state.
    const after = await instances[1]!.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, {
      body: { paymentId: created.payment.paymentId },
    });
    expect(await after.json()).toMatchObject({ booking: { status: "cancelled", paymentStatus: "refunded" } });
  });
});
