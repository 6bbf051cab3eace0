import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import type { ActivityType } from "../../src/shared/activity-types.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, backgroundFailures, bookings, emailOutbox, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { PaymentGateway } from "../../src/server/integrations/payments/payment-gateway.ts";
import type { WholesalerSupplier } from "../../src/server/integrations/suppliers/wholesaler-supplier.ts";
import type { BookingDeps } from "../../src/server/services/bookings/records.ts";
import type { MailTransport } from "../../src/server/services/email-outbox.ts";
import { type Worker, runBookingJobRound, startBookingWorkers, startEmailWorker } from "../../src/server/workers.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type Instances, startInstances } from "../support/pg.ts";

/**
 * Three app instances on one PostgreSQL database, each running every background job: the work of
 * each job (expired holds, lost confirmations, supplier look-ups, e-mails) must be done once.
 */
const INSTANCES = 3;

let cluster: Instances;
/** What the instances asked of the outside world, counted across all three. */
const cancelledPayments = new Map<string, number>();
const supplierLookups = new Map<string, number>();
const delivered: string[] = [];
/** References whose supplier look-up fails (the supplier does not answer). */
const unreachable = new Set<string>();
let jobDeps: BookingDeps[];
/** Partner bookings whose look-up failed in the first test; the supplier answers in the second. */
let lookupFailedFirst: CreateBookingResponse[] = [];
let roomTypeId: number;
let hotelId: number;

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function countingGateway(inner: PaymentGateway): PaymentGateway {
  return {
    provider: inner.provider,
    publishableKey: inner.publishableKey,
    testMode: inner.testMode,
    createPayment: (input) => inner.createPayment(input),
    saveCard: (input) => inner.saveCard(input),
    chargeSavedCard: (input) => inner.chargeSavedCard(input),
    getPayment: (id) => inner.getPayment(id),
    async cancelPayment(id) {
      bump(cancelledPayments, id);
      await inner.cancelPayment(id);
    },
    refund: (id, amount, reason, key) => inner.refund(id, amount, reason, key),
    capturePayment: (id, amount, key) => inner.capturePayment(id, amount, key),
    cancelAuthorisation: (id, key) => inner.cancelAuthorisation(id, key),
    parseWebhook: (body, signature) => inner.parseWebhook(body, signature),
  };
}

/** The partner's look-up: the booking is there (Active) unless its reference is unreachable. */
const fakeWholesaler = {
  async lookupByReference(reference: string) {
    bump(supplierLookups, reference);
    if (unreachable.has(reference)) throw new Error("The supplier did not answer in time");
    return {
      environment: "test",
      bookings: [
        {
          bookingNumber: `WH-${reference}`,
          yourRef: reference,
          status: "Active",
          hotelName: "Partner Hotel",
          checkIn: "",
          checkOut: "",
          priceCents: 0,
        },
      ],
    };
  },
  async cancel() {
    return { cancelled: true, feeCents: 0 };
  },
} as unknown as WholesalerSupplier;

const recordingTransport: MailTransport = {
  async send(message) {
    delivered.push(`${message.to}|${message.subject}|${message.text}`);
  },
};

beforeAll(async () => {
  // With SMTP configured, messages wait in the outbox as 'pending' for the e-mail workers.
  cluster = await startInstances(INSTANCES, { SMTP_URL: "smtp://127.0.0.1:9" });
  jobDeps = cluster.instances.map((t) => ({
    ...bookingDeps(t.deps),
    gateway: countingGateway(t.deps.gateway),
    wholesaler: fakeWholesaler,
  }));
  const db = cluster.databases[0]!.db;
  const hotel = await createHotel(db, { name: "Shared Hotel" });
  const room = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 200, maxGuests: 2, priceCents: 10000 });
  hotelId = hotel.id;
  roomTypeId = room.id;
}, 60_000);

afterAll(async () => {
  await cluster?.close();
});

let holdCount = 0;

/** A hold made through the API of one instance (round robin), as a guest would. */
async function hold(): Promise<CreateBookingResponse> {
  const i = holdCount++;
  const checkIn = addDays(todayUtc(), 10 + (i % 20));
  const res = await cluster.instances[i % INSTANCES]!.request("POST", "/api/bookings", {
    body: {
      hotelId: String(hotelId),
      roomTypeId: String(roomTypeId),
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      rooms: 1,
      guestName: `Guest ${i}`,
      guestEmail: `guest${i}@example.com`,
      guestPhone: "+1 555 0100",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreateBookingResponse;
}

/** Work for every booking job: holds past their time, payments whose confirmation was lost, paid partner bookings awaiting a look-up. */
async function makeWork(counts: { expired: number; paid: number; supplier: number }) {
  const db = cluster.databases[0]!.db;
  const expired = await Promise.all(Array.from({ length: counts.expired }, hold));
  const paid = await Promise.all(Array.from({ length: counts.paid }, hold));
  const supplier = await Promise.all(Array.from({ length: counts.supplier }, hold));
  await db
    .update(bookings)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(
      inArray(
        bookings.id,
        expired.map((h) => h.booking.id),
      ),
    );
  // Paid at the provider, but the browser's return and the webhook never arrived.
  await db
    .update(simulatedPaymentIntents)
    .set({ status: "succeeded" })
    .where(
      inArray(
        simulatedPaymentIntents.id,
        [...paid, ...supplier].map((h) => h.payment.paymentId),
      ),
    );
  // Partner bookings whose booking call had no clear answer: the reconciliation looks them up by reference.
  await db
    .update(bookings)
    .set({ supplier: "wholesaler", supplierState: "unknown", supplierEnvironment: "test", supplierAttempts: 1 })
    .where(
      inArray(
        bookings.id,
        supplier.map((h) => h.booking.id),
      ),
    );
  return { expired, paid, supplier };
}

async function activityCount(actionType: ActivityType, bookingId: string): Promise<number> {
  const [row] = await cluster.databases[0]!.db.select({ n: sql<number>`count(*)::int` })
    .from(activityLogs)
    .where(and(eq(activityLogs.actionType, actionType), sql`${activityLogs.details}->>'bookingId' = ${bookingId}`));
  return row?.n ?? 0;
}

async function statusOf(bookingId: string) {
  const [row] = await cluster.databases[0]!.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

/** Waits, however long a loaded machine needs, for `check` to hold. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("background jobs on three instances sharing one PostgreSQL database", () => {
  it("runs a round that all three start at the same moment on exactly one of them", async () => {
    const work = await makeWork({ expired: 6, paid: 6, supplier: 4 });
    const failing = work.supplier.slice(0, 2);
    lookupFailedFirst = failing;
    for (const h of failing) unreachable.add(h.booking.bookingReference);

    const rounds = await Promise.all(
      jobDeps.flatMap((deps) => [runBookingJobRound(deps, "holdExpiry"), runBookingJobRound(deps, "paymentReconciliation")]),
    );
    const ran = (job: number) => rounds.filter((r, i) => i % 2 === job && r !== null).length;
    expect(ran(0), "instances that ran the hold expiry").toBe(1);
    expect(ran(1), "instances that ran the payment reconciliation").toBe(1);
    // The round just ran: until its interval (a minute) has passed, no instance runs it again.
    const again = await Promise.all(jobDeps.map((deps) => runBookingJobRound(deps, "paymentReconciliation")));
    expect(again).toEqual([null, null, null]);

    for (const h of work.expired) {
      expect(await statusOf(h.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
      expect(cancelledPayments.get(h.payment.paymentId), "provider payment cancelled").toBe(1);
      expect(await activityCount("booking_hold_expired", h.booking.id)).toBe(1);
    }
    for (const h of [...work.paid, ...work.supplier.slice(2)]) {
      expect(await statusOf(h.booking.id)).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
      expect(await activityCount("booking_confirmed", h.booking.id)).toBe(1);
    }
    for (const h of work.supplier) expect(supplierLookups.get(h.booking.bookingReference), "supplier look-ups").toBe(1);
    // A look-up that failed counts one failed round, not one per instance.
    const failures = await cluster.databases[0]!.db.select()
      .from(backgroundFailures)
      .where(
        inArray(
          backgroundFailures.bookingId,
          failing.map((h) => h.booking.id),
        ),
      );
    expect(failures.map((f) => f.attempts)).toEqual([1, 1]);
  }, 120_000);

  it("does each item's work once while every instance runs its workers", async () => {
    unreachable.clear();
    const work = await makeWork({ expired: 8, paid: 8, supplier: 3 });
    const db = cluster.databases[0]!.db;
    await db.insert(emailOutbox).values(
      Array.from({ length: 40 }, (_, i) => ({
        toAddress: `reader${i}@example.com`,
        subject: `Newsletter ${i}`,
        textBody: `Issue ${i}`,
        kind: "test",
        status: "pending",
      })),
    );

    const workers: Worker[] = [];
    cluster.instances.forEach((t, i) => {
      workers.push(...startBookingWorkers(jobDeps[i]!, { holdExpiry: 200, paymentReconciliation: 200 }));
      workers.push(
        startEmailWorker(
          t.database.db,
          recordingTransport,
          { from: "Staywise <no-reply@staywise.local>", host: "localhost" },
          t.deps.logger,
          50,
        ),
      );
    });
    try {
      const settled = async (ids: string[], status: string) => {
        const rows = await db.select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
        return rows.every((r) => r.status === status);
      };
      await eventually(
        () =>
          settled(
            work.expired.map((h) => h.booking.id),
            "cancelled",
          ),
        "the expired holds to end",
      );
      // Includes the partner bookings whose look-up failed in the first round: the supplier answers now.
      const toConfirm = [...work.paid, ...work.supplier, ...lookupFailedFirst].map((h) => h.booking.id);
      await eventually(() => settled(toConfirm, "confirmed"), "the paid bookings to be confirmed");
      await eventually(async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.status} <> 'sent'`);
        return row?.n === 0;
      }, "every e-mail to be sent");
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }

    for (const h of work.expired) {
      expect(cancelledPayments.get(h.payment.paymentId), "provider payment cancelled").toBe(1);
      expect(await activityCount("booking_hold_expired", h.booking.id)).toBe(1);
    }
    for (const h of [...work.paid, ...work.supplier]) expect(await activityCount("booking_confirmed", h.booking.id)).toBe(1);
    for (const h of work.supplier) expect(supplierLookups.get(h.booking.bookingReference), "supplier look-ups").toBe(1);
    for (const h of lookupFailedFirst) {
      expect(supplierLookups.get(h.booking.bookingReference), "look-ups: the failed one, then the one that found it").toBe(2);
      expect(await activityCount("booking_confirmed", h.booking.id)).toBe(1);
    }

    // Every message in the outbox (the 40 above, and the confirmations of both tests) went out exactly once.
    const sent = await db.select().from(emailOutbox);
    expect(sent.length).toBeGreaterThanOrEqual(40 + 6 + 2 + 8 + 3);
    expect(sent.every((m) => m.status === "sent")).toBe(true);
    const expected = sent.map((m) => `${m.toAddress}|${m.subject}|${m.textBody}`).sort();
    expect([...delivered].sort()).toEqual(expected);
  }, 180_000);
});
