import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingView, CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, emailOutbox, payments } from "../../src/server/db/schema.ts";
import { sandboxMethodParameters } from "../../src/server/integrations/wholesaler/sandbox-methods.ts";
import { SANDBOX_USERNAME, createWholesalerSandbox, sandboxPassword } from "../../src/server/integrations/wholesaler/sandbox.ts";
import { databaseSandboxStore } from "../../src/server/integrations/wholesaler/sandbox-store.ts";
import { NOT_PLACED_NOTICE } from "../../src/server/services/bookings/records.ts";
import { type ServedTestApp, serveTestApp } from "../support/served-app.ts";
import { type ApiClient, TEST_SECRET } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

// Booking a wholesaler room end to end through our API, against the app's own sandbox over HTTP.
// Sandbox hooks: hotels whose id ends in 3 cost 5 % more at pre-book; a guest named "… Fail" is
// refused at BookV3; "… Slow" is booked but answered after 15 s (our limit here is 1.5 s).
let s: ServedTestApp;
const checkIn = addDays(todayUtc(), 20);
const checkOut = addDays(todayUtc(), 22);
const stay = { checkIn, checkOut, guests: 2, rooms: 1 };

beforeAll(async () => {
  s = await serveTestApp({ SUPPLIER_BOOK_TIMEOUT_MS: "1500" });
  await s.activate("TEST", s.sandboxUrl);
});
afterAll(() => s.close());

async function room(hotelId: string) {
  const res = await s.t.api.hotels[":id"].$get({
    param: { id: hotelId },
    query: { checkIn: checkIn, checkOut: checkOut, guests: "2", rooms: "1" },
  });
  expect(res.status).toBe(200);
  const detail = await res.json();
  return detail.rooms.find((r) => r.bookable)!;
}

function holdBody(hotelId: string, roomId: string, expectedNightlyPriceCents: number, lastName = "Lee") {
  return {
    hotelId,
    roomTypeId: roomId,
    ...stay,
    guestName: `Ann ${lastName}`,
    guestEmail: "ann@example.com",
    guestPhone: "+1 555 0100",
    expectedNightlyPriceCents,
  };
}

async function hold(body: InferRequestType<ApiClient["bookings"]["$post"]>["json"]) {
  const res = await s.t.api.bookings.$post({ json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

async function pay(created: CreateBookingResponse): Promise<void> {
  const res = await s.t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: created.payment.paymentId },
    json: {
      clientSecret: created.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(await res.json()).toEqual({ status: "succeeded" });
}

/** The browser's return after paying, asked again while the supplier is still being called (by the webhook or this call). */
async function settle(created: CreateBookingResponse): Promise<{ booking: BookingView; accessToken: string }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await s.t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: created.booking.id },
      json: { paymentId: created.payment.paymentId },
    });
    expect(res.status).toBe(200);
    const result = await res.json();
    if (result.booking.status !== "pending") return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the booking stayed pending");
}

async function row(id: string) {
  const [found] = await s.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
  return found!;
}

async function supplierBookings(reference: string) {
  return (await s.t.deps.wholesaler.lookupByReference(reference, "TEST")).bookings;
}

describe("booking a wholesaler room", () => {
  it("asks the guest to accept a price that went up at the price check, then holds at the new price", async () => {
    const offer = await room("wh-43");
    const refused = await s.t.api.bookings.$post({ json: holdBody("wh-43", offer.id, offer.priceCents) });
    expect(refused.status).toBe(409);
    const body = await errorOf(refused);
    const newPrice = Math.round(offer.priceCents * 1.05);
    expect(body).toMatchObject({
      code: "PRICE_INCREASED",
      details: { previousNightlyPriceCents: offer.priceCents, nightlyPriceCents: newPrice },
    });
    expect(body.message).toContain("per night. Accept the new price to continue.");
    expect(await s.t.deps.db.select().from(bookings)).toHaveLength(0);

    const created = await hold(holdBody("wh-43", offer.id, newPrice));
    expect(created.booking).toMatchObject({
      status: "pending",
      hotelId: "wh-43",
      roomPriceCents: newPrice,
      totalPriceCents: body.details?.totalPriceCents,
    });
    expect(created.payment.amountCents).toBe(body.details?.totalPriceCents);
    expect(await row(created.booking.id)).toMatchObject({
      supplier: "wholesaler",
      supplierEnvironment: "TEST",
      supplierState: "priced",
      hotelId: null,
      roomTypeId: null,
    });
  });

  it("books with the supplier after payment, stores its booking number and e-mails the confirmation", async () => {
    const offer = await room("wh-98");
    const created = await hold(holdBody("wh-98", offer.id, offer.priceCents));
    expect(await supplierBookings(created.booking.bookingReference)).toEqual([]);
    await pay(created);
    const { booking } = await settle(created);
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "completed", notice: null });
    const stored = await row(booking.id);
    expect(stored).toMatchObject({ supplierState: "booked", supplierAttempts: 1, supplierBookingRef: expect.stringMatching(/^\d+$/) });
    // Exactly one booking at the supplier, under our reference, although the return and the webhook both ran.
    expect(await supplierBookings(booking.bookingReference)).toMatchObject([
      { bookingNumber: stored.supplierBookingRef, status: "Active" },
    ]);
    const mail = await s.t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${booking.id}:confirmation`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain(`Hotel confirmation number: ${stored.supplierBookingRef}`);
    const admin = await (await s.t.client(s.admin).admin.bookings.$get({ query: { search: booking.bookingReference } })).json();
    expect(admin.bookings[0]!.supplier).toEqual({ environment: "TEST", state: "booked", bookingNumber: stored.supplierBookingRef });
    // The sandbox keeps it in the database: another instance (or this one after a restart) finds it.
    const otherInstance = createWholesalerSandbox({
      appSecret: TEST_SECRET,
      publicUrl: "http://localhost:3000",
      store: databaseSandboxStore(s.t.deps.db),
    });
    const form = new URLSearchParams({
      ...Object.fromEntries((sandboxMethodParameters("GetBookingInformationV3") ?? []).map((p) => [p, ""])),
      userName: SANDBOX_USERNAME,
      password: sandboxPassword(TEST_SECRET),
      reference: booking.bookingReference,
    });
    const answer = await otherInstance.handle("NonStaticXMLAPI", "GetBookingInformationV3", form);
    expect(answer.xml).toContain(`<bookingnumber>${stored.supplierBookingRef}</bookingnumber>`);
  });

  it("lets the guest abandon an unpaid partner hold: the payment is cancelled and nothing reaches the supplier", async () => {
    const offer = await room("wh-41");
    const created = await hold(holdBody("wh-41", offer.id, offer.priceCents));
    const res = await s.t.api.bookings[":id"].abandon.$post({
      param: { id: created.booking.id },
      header: { "x-booking-access": created.accessToken },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row(created.booking.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "expired",
      supplierState: "priced",
      supplierBookingRef: null,
    });
    const [payment] = await s.t.deps.db.select().from(payments).where(eq(payments.bookingId, created.booking.id));
    expect(payment?.status).toBe("canceled");
    expect(await supplierBookings(created.booking.bookingReference)).toEqual([]);
  });

  it("refunds in full and tells the guest when the supplier refuses the booking after payment", async () => {
    const offer = await room("wh-98");
    const created = await hold(holdBody("wh-98", offer.id, offer.priceCents, "Fail"));
    await pay(created);
    const { booking } = await settle(created);
    expect(booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded", notice: NOT_PLACED_NOTICE, canCancel: false });
    expect(await row(booking.id)).toMatchObject({ supplierState: "failed", supplierBookingRef: null });
    const [payment] = await s.t.deps.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: "refunded", refundedCents: created.payment.amountCents });
    const mail = await s.t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${booking.id}:not-placed`));
    expect(mail[0]?.subject).toContain("We could not confirm your booking");
    const [logged] = await s.t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "supplier_booking_failed"));
    expect(logged?.details).toMatchObject({ bookingId: booking.id, reason: "Room no longer available" });
    expect(await supplierBookings(booking.bookingReference)).toEqual([]);
  });

  it("looks a timed-out booking up by reference instead of booking twice", async () => {
    const offer = await room("wh-98");
    const created = await hold(holdBody("wh-98", offer.id, offer.priceCents, "Slow"));
    await pay(created);
    const { booking } = await settle(created);
    expect(booking.status).toBe("confirmed");
    const stored = await row(booking.id);
    expect(stored).toMatchObject({ supplierState: "booked", supplierAttempts: 1 });
    expect(await supplierBookings(booking.bookingReference)).toMatchObject([
      { bookingNumber: stored.supplierBookingRef, status: "Active" },
    ]);
    const unknown = await s.t.deps.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.actionType, "supplier_booking_unknown"), eq(activityLogs.targetUserEmail, "ann@example.com")));
    expect(unknown.map((u) => (u.details as { bookingId: string }).bookingId)).toContain(booking.id);
  });

  it("cancels with the supplier when the guest cancels; a booking the supplier already cancelled counts as cancelled", async () => {
    const offer = await room("wh-98");
    for (const supplierCancelledFirst of [false, true]) {
      const created = await hold(holdBody("wh-98", offer.id, offer.priceCents));
      await pay(created);
      const { booking, accessToken } = await settle(created);
      const number = (await row(booking.id)).supplierBookingRef!;
      if (supplierCancelledFirst) await s.t.deps.wholesaler.cancel(number, "TEST");
      const res = await s.t.api.bookings[":id"].cancel.$post({ param: { id: booking.id }, header: { "x-booking-access": accessToken } });
      expect(res.status, await res.clone().text()).toBe(200);
      const result = await res.json();
      expect(result.booking.status).toBe("cancelled");
      expect(result.refunded).toBe(booking.refundOnCancel);
      expect(await row(booking.id)).toMatchObject({ supplierState: "cancelled" });
      expect(await supplierBookings(booking.bookingReference)).toMatchObject([{ bookingNumber: number, status: "NotActive" }]);
      const again = await s.t.api.bookings[":id"].cancel.$post({ param: { id: booking.id }, header: { "x-booking-access": accessToken } });
      expect(again.status).toBe(409);
    }
  });

  it("keeps the booking when the supplier cannot cancel it, and says so", async () => {
    const offer = await room("wh-98");
    const created = await hold(holdBody("wh-98", offer.id, offer.priceCents));
    await pay(created);
    const { booking, accessToken } = await settle(created);
    // Port 9 (discard) answers nothing: a sandbox path on loopback passes the host policy, the call then fails.
    await s.activate("TEST", "http://127.0.0.1:9/supplier-sandbox/15");
    try {
      const res = await s.t.api.bookings[":id"].cancel.$post({ param: { id: booking.id }, header: { "x-booking-access": accessToken } });
      expect(res.status).toBe(502);
      expect((await errorOf(res)).message).toBe(
        "We could not cancel this booking with the hotel just now. Nothing has changed; please try again in a few minutes.",
      );
      expect(await row(booking.id)).toMatchObject({ status: "confirmed", supplierState: "booked" });
    } finally {
      await s.activate("TEST", s.sandboxUrl);
    }
    expect(await supplierBookings(booking.bookingReference)).toMatchObject([{ status: "Active" }]);
  });

  it("forwards an admin's cancellation and refund to the supplier, and will not restore a cancelled partner booking", async () => {
    const offer = await room("wh-98");
    const byStatus = await hold(holdBody("wh-98", offer.id, offer.priceCents));
    await pay(byStatus);
    await settle(byStatus);
    const cancel = await s.t
      .client(s.admin)
      .admin.bookings[":id"].status.$patch({ param: { id: byStatus.booking.id }, json: { status: "cancelled" } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await supplierBookings(byStatus.booking.bookingReference)).toMatchObject([{ status: "NotActive" }]);
    const restore = await s.t
      .client(s.admin)
      .admin.bookings[":id"].status.$patch({ param: { id: byStatus.booking.id }, json: { status: "confirmed" } });
    expect(restore.status).toBe(409);

    const byRefund = await hold(holdBody("wh-98", offer.id, offer.priceCents));
    await pay(byRefund);
    await settle(byRefund);
    const refund = await s.t.client(s.admin).admin.bookings[":id"].refund.$post({ param: { id: byRefund.booking.id } });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await row(byRefund.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", supplierState: "cancelled" });
    expect(await supplierBookings(byRefund.booking.bookingReference)).toMatchObject([{ status: "NotActive" }]);
  });

  it("refuses a LIVE booking while payments are in test mode, before anything is held", async () => {
    await s.activate("LIVE", s.sandboxUrl);
    try {
      const offer = await room("wh-98");
      const before = (await s.t.deps.db.select().from(bookings)).length;
      const res = await s.t.api.bookings.$post({ json: holdBody("wh-98", offer.id, offer.priceCents) });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: "LIVE_NEEDS_REAL_PAYMENT",
        message: "This hotel cannot be booked right now. Please choose another hotel.",
      });
      expect(await s.t.deps.db.select().from(bookings)).toHaveLength(before);
    } finally {
      await s.activate("TEST", s.sandboxUrl);
    }
  });

  it("books in the environment that priced the room, even if an admin switches environments before payment", async () => {
    const offer = await room("wh-98");
    const created = await hold(holdBody("wh-98", offer.id, offer.priceCents));
    // LIVE now points at a wrong password: a booking sent there would be refused.
    await s.activate("LIVE", s.sandboxUrl, "wrong-password");
    try {
      await pay(created);
      const { booking } = await settle(created);
      expect(booking.status).toBe("confirmed");
      expect(await row(booking.id)).toMatchObject({ supplierEnvironment: "TEST", supplierState: "booked" });
    } finally {
      await s.activate("TEST", s.sandboxUrl);
    }
  });

  it("answers a supplier that cannot be reached with the supplier error text and holds nothing", async () => {
    await s.activate("TEST", "http://127.0.0.1:9/supplier-sandbox/15");
    try {
      const before = (await s.t.deps.db.select().from(bookings)).length;
      const res = await s.t.api.bookings.$post({ json: holdBody("wh-98", "wh-1-1", 10000) });
      expect(res.status).toBe(502);
      expect((await errorOf(res)).message).toMatch(/^Supplier API Error: /);
      expect(await s.t.deps.db.select().from(bookings)).toHaveLength(before);
    } finally {
      await s.activate("TEST", s.sandboxUrl);
    }
  });
});
