import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail, RoomOffer } from "../../src/shared/search.ts";
import { bookings, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { BookInput, BookResult, LookupResult } from "../../src/server/integrations/suppliers/wholesaler-bookings.ts";
import type { WholesalerSupplier } from "../../src/server/integrations/suppliers/wholesaler-supplier.ts";
import type { BookingInformation } from "../../src/server/integrations/wholesaler/wholesaler-answers.ts";
import { createBookingHold } from "../../src/server/services/bookings/hold.ts";
import { confirmPaidBooking, reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

// The supplier's answers scripted one by one, to walk the booking through outcomes the sandbox
// cannot produce on demand: a timeout whose look-up finds nothing, and a look-up that fails.
let t: TestApp;
const checkIn = addDays(todayUtc(), 15);
const checkOut = addDays(todayUtc(), 17);

const room: RoomOffer = {
  id: "wh-501-1",
  name: "Double · Room only",
  description: "",
  images: [],
  maxGuests: 2,
  sizeM2: 20,
  bedType: "Double",
  amenities: [],
  priceCents: 10000,
  stayPriceCents: 20000,
  nightlyPrices: null,
  originalPriceCents: null,
  discountPercent: 0,
  currency: "USD",
  totalRooms: 1,
  roomsAvailable: 1,
  fitsParty: true,
  bookable: true,
  unavailableReason: null,
};

interface Script {
  book: BookResult[];
  lookup: (LookupResult | Error)[];
  booked: BookInput[];
  lookups: number;
}

function scriptedSupplier(script: Script): WholesalerSupplier {
  const fail = () => Promise.reject(new Error("not scripted"));
  return {
    id: "wholesaler",
    ownsHotelId: (id) => id.startsWith("wh-"),
    search: fail,
    diagnosticSearch: fail,
    cancel: fail,
    getHotel: async (hotelId) => ({ id: hotelId, name: "Scripted Partner Hotel", rooms: [room] }) as unknown as HotelDetail,
    priceCheck: async () => ({
      status: "available",
      environment: "TEST",
      preBookCode: "code-1",
      totalPriceCents: 20000,
      nightlyPriceCents: 10000,
      currency: "USD",
      priceChanged: false,
      priceIncreased: false,
      freeCancellationDays: 3,
      notes: [],
    }),
    async book(input) {
      script.booked.push(input);
      const next = script.book.shift();
      if (!next) throw new Error("no more scripted book answers");
      return next;
    },
    async lookupByReference() {
      script.lookups++;
      const next = script.lookup.shift();
      if (!next) throw new Error("no more scripted look-ups");
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidHold(script: Script) {
  const deps = { ...bookingDeps(t.deps), wholesaler: scriptedSupplier(script) };
  const created = await createBookingHold(
    deps,
    {
      hotelId: "wh-501",
      roomTypeId: room.id,
      checkIn,
      checkOut,
      guests: 2,
      children: 0,
      rooms: 1,
      guestName: "Ann Lee",
      guestEmail: "ann@example.com",
      guestPhone: "+1 555 0100",
      pointsToRedeem: 0,
    },
    null,
    { visitorId: null, address: "unknown" },
  );
  await t.deps.db
    .update(simulatedPaymentIntents)
    .set({ status: "succeeded" })
    .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
  return { deps, created };
}

async function row(id: string) {
  const [found] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
  return found!;
}

const unknown: BookResult = { status: "unknown", environment: "TEST", errorType: "Timeout", reason: "The supplier did not answer in time" };
const confirmed: BookResult = {
  status: "confirmed",
  environment: "TEST",
  bookingNumber: "9001",
  totalPriceCents: 20000,
  currency: "USD",
  voucher: "V",
  freeCancellationUntil: null,
};
const active = (yourRef: string): BookingInformation => ({
  bookingNumber: "9002",
  yourRef,
  status: "Active",
  hotelName: "",
  checkIn,
  checkOut,
  priceCents: 20000,
});

describe("a partner booking whose answer is lost", () => {
  it("books again only after the look-up by reference finds nothing", async () => {
    const script: Script = { book: [unknown, confirmed], lookup: [{ environment: "TEST", bookings: [] }], booked: [], lookups: 0 };
    const { deps, created } = await paidHold(script);
    const result = await confirmPaidBooking(deps, created.payment.paymentId, "return");
    expect(result).toMatchObject({ status: "confirmed", supplierBookingRef: "9001", supplierState: "booked", supplierAttempts: 2 });
    expect(script.lookups).toBe(1);
    expect(script.booked.map((b) => [b.yourRef, b.environment, b.preBookCode])).toEqual([
      [created.booking.bookingReference, "TEST", "code-1"],
      [created.booking.bookingReference, "TEST", "code-1"],
    ]);
  });

  it("confirms with the number the look-up found, without booking again", async () => {
    const script: Script = { book: [unknown], lookup: [], booked: [], lookups: 0 };
    const { deps, created } = await paidHold(script);
    script.lookup.push({ environment: "TEST", bookings: [active(created.booking.bookingReference)] });
    expect(await confirmPaidBooking(deps, created.payment.paymentId, "webhook")).toMatchObject({
      status: "confirmed",
      supplierBookingRef: "9002",
    });
    expect(script.booked).toHaveLength(1);
  });

  it("waits while the look-up fails, and the reconciliation settles it later", async () => {
    const script: Script = { book: [unknown], lookup: [new Error("supplier down")], booked: [], lookups: 0 };
    const { deps, created } = await paidHold(script);
    expect(await confirmPaidBooking(deps, created.payment.paymentId, "return")).toMatchObject({
      status: "pending",
      supplierState: "unknown",
    });
    expect(script.booked).toHaveLength(1);
    script.lookup.push({ environment: "TEST", bookings: [active(created.booking.bookingReference)] });
    await reconcilePayments(deps);
    expect(await row(created.booking.id)).toMatchObject({ status: "confirmed", supplierBookingRef: "9002", paymentStatus: "completed" });
    expect(script.booked).toHaveLength(1);
  });

  it("gives up after two attempts the supplier never confirmed, and refunds", async () => {
    const script: Script = {
      book: [unknown, unknown],
      lookup: [
        { environment: "TEST", bookings: [] },
        { environment: "TEST", bookings: [] },
      ],
      booked: [],
      lookups: 0,
    };
    const { deps, created } = await paidHold(script);
    const result = await confirmPaidBooking(deps, created.payment.paymentId, "return");
    expect(result).toMatchObject({ status: "cancelled", supplierState: "failed", paymentStatus: "refunded", supplierAttempts: 2 });
    expect(script.booked).toHaveLength(2);
  });

  it("treats a booking call that throws before anything is sent as refused, and refunds", async () => {
    const script: Script = { book: [], lookup: [], booked: [], lookups: 0 };
    const { deps, created } = await paidHold(script);
    const result = await confirmPaidBooking(deps, created.payment.paymentId, "return");
    expect(result).toMatchObject({ status: "cancelled", supplierState: "failed", paymentStatus: "refunded" });
  });
});
