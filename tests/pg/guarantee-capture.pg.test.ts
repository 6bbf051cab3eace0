import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, cancellationPolicies, ratePlans, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { PaymentGateway } from "../../src/server/integrations/payments/payment-gateway.ts";
import { TEST_CARDS } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { settleCancellationMoney } from "../../src/server/services/bookings/payment-settlement.ts";
import type { BookingDeps } from "../../src/server/services/bookings/records.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";

/**
 * A card guarantee's fee is captured once on real PostgreSQL, however many callers on however many
 * instances settle the same cancellation at the same moment (the guest's cancel, the front desk's
 * no-show, a retry).
 */
let cluster: TwoInstances;
let planId: number;
let hotelId: number;
let roomTypeId: number;
const captureCalls: string[] = [];

function countingGateway(inner: PaymentGateway): PaymentGateway {
  return {
    ...inner,
    parseWebhook: (body, signature) => inner.parseWebhook(body, signature),
    async capturePayment(id, amount, key) {
      captureCalls.push(id);
      return inner.capturePayment(id, amount, key);
    },
  };
}

beforeAll(async () => {
  cluster = await startTwoInstances();
  const db = cluster.databases[0]!.db;
  const hotel = await createHotel(db, { name: "Guarantee Hotel" });
  const room = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 10, maxGuests: 2, priceCents: 12000 });
  const [policy] = await db
    .insert(cancellationPolicies)
    .values({ hotelId: hotel.id, name: "Non-refundable", terms: { tiers: [], finalFee: { kind: "percent", percent: 100 } } })
    .returning();
  const [plan] = await db
    .insert(ratePlans)
    .values({
      roomTypeId: room.id,
      hotelId: hotel.id,
      name: "Pay at the hotel",
      cancellationPolicyId: policy!.id,
      paymentTiming: "pay_at_hotel",
    })
    .returning();
  planId = plan!.id;
  hotelId = hotel.id;
  roomTypeId = room.id;
}, 60_000);

afterAll(async () => {
  await cluster?.close();
});

describe("card guarantee capture on PostgreSQL", () => {
  it("captures the fee exactly once when 12 callers on two instances settle the same cancellation at once", async () => {
    const [a, b] = cluster.instances;
    const res = await a.request("POST", "/api/bookings", {
      body: {
        hotelId: String(hotelId),
        roomTypeId: String(roomTypeId),
        ratePlanId: String(planId),
        checkIn: addDays(todayUtc(), 12),
        checkOut: addDays(todayUtc(), 14),
        guests: 2,
        rooms: 1,
        guestName: "Gus Arantee",
        guestEmail: "gus@example.com",
        guestPhone: "+1 555 0111",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as CreateBookingResponse;
    expect(created.payment).toMatchObject({ amountCents: 24000, captureMethod: "manual" });
    const paid = await b.request("POST", `/api/simulated-payments/${created.payment.paymentId}/confirm`, {
      body: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    await a.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, { body: { paymentId: created.payment.paymentId } });
    const db = cluster.databases[0]!.db;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row!.paymentStatus).toBe("guaranteed");

    const deps: BookingDeps[] = cluster.instances.map((t) => ({ ...bookingDeps(t.deps), gateway: countingGateway(t.deps.gateway) }));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => settleCancellationMoney(deps[i % 2]!, row!, { feeCents: 12000, why: "first night" })),
    );
    expect(results.reduce((sum, r) => sum + r.capturedCents, 0)).toBe(12000);
    expect(captureCalls).toEqual([created.payment.paymentId]);
    const [intent] = await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent).toMatchObject({ status: "succeeded", amountCapturedCents: 12000 });
    const [after] = await db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(after).toMatchObject({ paymentStatus: "captured", capturedCents: 12000 });
    const logged = await db.select().from(activityLogs).where(eq(activityLogs.actionType, "booking_guarantee_captured"));
    expect(logged.filter((l) => (l.details as { bookingId?: string }).bookingId === created.booking.id)).toHaveLength(1);
  });
});
