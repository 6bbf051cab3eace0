import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { invoiceCounters, invoices, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

let cluster: TwoInstances;
let databases: TwoInstances["databases"];
let instances: TwoInstances["instances"];

beforeAll(async () => {
  // 50 unpaid holds from one test client: the per-guest and per-address hold limits are lifted.
  cluster = await startTwoInstances({
    HOLD_MAX_PENDING: "1000",
    HOLD_MAX_PENDING_PER_ADDRESS: "1000",
    HOLD_RATE_PER_HOUR: "100000",
    HOLD_MAX_ROOM_SHARE_PERCENT: "100",
  });
  ({ databases, instances } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

describe("invoice numbers under concurrent confirmations on PostgreSQL", () => {
  it("50 bookings confirmed at once on two instances (each reported twice, five failing after their invoice) get invoices numbered 1..50 without a gap", async () => {
    const db = databases[0]!.db;
    // VAT included (decision 063): every invoice carries its tax lines, and the total stays the price.
    const hotel = await createHotel(db, {
      name: "Busy Ledger Hotel",
      taxSettings: { vat: { name: "VAT", rateBasisPoints: 1000, included: true }, cityTax: null, fees: [] },
    });
    const room = await createRoomType(db, hotel.id, { name: "Many", totalRooms: 500, maxGuests: 2, priceCents: 10000 });
    const checkIn = addDays(todayUtc(), 25);
    const checkOut = addDays(checkIn, 2);
    const held: CreateBookingResponse[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn, checkOut }, `Ledger Guest ${i}`),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      held.push((await res.json()) as CreateBookingResponse);
    }
    // Every card payment has gone through; the browsers' returns arrive together, twice each, on both instances.
    for (const h of held) {
      await db.update(simulatedPaymentIntents).set({ status: "succeeded" }).where(eq(simulatedPaymentIntents.id, h.payment.paymentId));
    }
    // Five confirmations fail after their invoice took a number (their e-mail cannot be queued): their
    // transactions roll back, and a number taken outside the transaction would leave a gap.
    const failing = [3, 13, 23, 33, 43].map((i) => `ledgerguest${i}@example.com`);
    await db.execute(
      sql.raw(`create function fail_some_confirmations() returns trigger language plpgsql as $$
      begin
        if new.to_address in (${failing.map((e) => `'${e}'`).join(",")}) then raise exception 'outbox down for %', new.to_address; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql`create trigger fail_some_confirmations before insert on email_outbox for each row execute function fail_some_confirmations()`,
    );
    const returns = held.flatMap((h, i) =>
      [0, 1].map((k) =>
        instances[(i + k) % 2]!.request("POST", `/api/bookings/${h.booking.id}/confirm-payment`, {
          body: { paymentId: h.payment.paymentId },
        }),
      ),
    );
    const statuses = await Promise.all(returns.map(async (p) => (await p).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(90);
    expect(statuses.filter((s) => s === 500)).toHaveLength(10);
    const midway = await databases[1]!.db.select().from(invoices).where(eq(invoices.hotelId, hotel.id));
    expect(midway.map((i) => i.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    // The outbox is back: the reconciliation confirms the five, which take the next numbers.
    await db.execute(sql`drop trigger fail_some_confirmations on email_outbox`);
    await reconcilePayments(bookingDeps(instances[1]!.deps));

    const issued = await databases[1]!.db.select().from(invoices).where(eq(invoices.hotelId, hotel.id));
    expect(issued.map((i) => i.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(issued.map((i) => i.bookingId)).size).toBe(50);
    // 200.00 with 10 % VAT included: 200.00 × 10 / 110 = 18.18.
    expect(issued.every((i) => i.kind === "invoice" && i.totalCents === 20000 && i.taxCents === 1818)).toBe(true);
    const [counter] = await databases[1]!.db.select().from(invoiceCounters).where(eq(invoiceCounters.hotelId, hotel.id));
    expect(counter!.lastNumber).toBe(50);
  });
});
