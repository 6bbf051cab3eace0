import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, emailOutbox, roomNights, simulatedPaymentIntents, simulatedRefunds } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { SimulatedGateway } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { expireHolds } from "../../src/server/services/bookings/abandon-and-expire.ts";
import { confirmPaidBooking, reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { payWithCard } from "../support/guest-booking.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let refundable: HotelRow;
let strict: HotelRow;
let roomA: RoomTypeRow;
let single: RoomTypeRow;
let strictRoom: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);
const settle = () => new Promise((r) => setTimeout(r, 50));

const guest = { guestName: "Ada Guest", guestEmail: "ada.guest@example.com", guestPhone: "+44 20 7946 0000" };

beforeAll(async () => {
  t = await createTestApp();
  refundable = await createHotel(t.deps.db, {
    name: "Refundable Resort",
    freeCancellationDays: 3,
    cancellationPolicy: "Free cancellation up to 3 days before check-in",
  });
  roomA = await createRoomType(t.deps.db, refundable.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 40 });
  single = await createRoomType(t.deps.db, refundable.id, { name: "Last Room", priceCents: 20000, maxGuests: 2, totalRooms: 1 });
  strict = await createHotel(t.deps.db, { name: "Strict Hotel", freeCancellationDays: 0, cancellationPolicy: "Non-refundable" });
  strictRoom = await createRoomType(t.deps.db, strict.id, { name: "Standard", priceCents: 5000, maxGuests: 2, totalRooms: 5 });
});
afterAll(() => t.close());

function holdBody(room: RoomTypeRow, hotel: HotelRow, extra: Record<string, unknown> = {}) {
  return {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    checkIn: d(10),
    checkOut: d(13),
    guests: 2,
    rooms: 1,
    ...guest,
    ...extra,
  };
}

/** Raw: some holds carry fields the API ignores (a price or reference from a tampered browser), which the typed client would not send. */
async function hold(body: Record<string, unknown>, cookie?: string): Promise<CreateBookingResponse> {
  const res = await t.request("POST", "/api/bookings", { body, ...(cookie ? { cookie } : {}) });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

/** The guest's card to the simulated processor (the test card that succeeds unless another is given). */
function pay(created: CreateBookingResponse, number = "4242 4242 4242 4242") {
  return payWithCard(t, created, number);
}

async function confirm(created: CreateBookingResponse) {
  const res = await t.api.bookings[":id"]["confirm-payment"].$post({
    param: { id: created.booking.id },
    json: { paymentId: created.payment.paymentId },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

async function mails(bookingId: string, kind: string) {
  return t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.dedupeKey, `booking:${bookingId}:${kind.replace("booking_", "")}`)));
}

describe("holds", () => {
  it("holds the room at the server's price, ignoring any price or reference the browser sends", async () => {
    const created = await hold(
      holdBody(roomA, refundable, { rooms: 2, guests: 3, totalPriceCents: 1, roomPriceCents: 1, bookingReference: "BK1AAAAA" }),
    );
    expect(created.booking).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      totalNights: 3,
      numRooms: 2,
      roomPriceCents: 10000,
      totalPriceCents: 60000,
    });
    expect(created.booking.bookingReference).toMatch(/^BK\d{13}[A-Z]{5}$/);
    expect(created.payment).toMatchObject({ provider: "simulated", amountCents: 60000 });
  });

  it.each([
    [{ guestPhone: "" }, 400, "Phone is required"],
    [{ guestEmail: "not-an-email" }, 400, "Enter a valid email address"],
    [{ guestName: "  " }, 400, "Full name is required"],
    [{ checkIn: d(-5), checkOut: d(-2) }, 400, "Check-in cannot be in the past"],
    [{ checkOut: d(9) }, 400, "Check-out must be after check-in"],
    [{ guests: 5, rooms: 1 }, 400, "sleeps up to 2 guests per room"],
    [{ roomTypeId: "999999" }, 404, "This room was not found at this hotel."],
    [{ roomTypeId: "abc" }, 404, "This room was not found at this hotel."],
  ])("refuses %j", async (extra, status, message) => {
    const res = await t.api.bookings.$post({ json: holdBody(roomA, refundable, extra) });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toContain(message);
  });

  it("refuses a room of another hotel", async () => {
    const res = await t.api.bookings.$post({ json: holdBody(strictRoom, refundable) });
    expect(res.status).toBe(404);
  });

  it("never sells the last room twice, and frees it when the hold expires", async () => {
    const body = holdBody(single, refundable, { checkIn: d(30), checkOut: d(32) });
    const first = await hold(body);
    const second = await t.api.bookings.$post({ json: { ...body, checkIn: d(31), checkOut: d(33) } });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "ROOM_UNAVAILABLE" });
    // Back-to-back stays share no night.
    await hold({ ...body, checkIn: d(32), checkOut: d(34) });

    await t.deps.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, first.booking.id));
    expect(await expireHolds(bookingDeps(t.deps))).toBeGreaterThanOrEqual(1);
    const [expired] = await t.deps.db.select().from(bookings).where(eq(bookings.id, first.booking.id));
    expect(expired).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
    const [intent] = await t.deps.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, first.payment.paymentId));
    expect(intent?.status).toBe("canceled");
    expect((await pay(first)).status).toBe("failed");
    await hold(body);
  });
});

describe("payment and confirmation", () => {
  it("confirms once with the test card 4242, however often the return and the webhook arrive", async () => {
    const created = await hold(holdBody(roomA, refundable));
    expect((await pay(created)).status).toBe("succeeded");
    const results = await Promise.all([confirm(created), confirm(created), confirm(created)]);
    await settle();
    for (const r of results) expect(r.booking).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect(await mails(created.booking.id, "booking_confirmation")).toHaveLength(1);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row?.paymentIntentId).toBe(created.payment.paymentId);
  });

  it("charges once when Pay is pressed twice", async () => {
    const created = await hold(holdBody(roomA, refundable));
    const [a, b] = await Promise.all([pay(created), pay(created)]);
    expect([a.status, b.status]).toEqual(["succeeded", "succeeded"]);
    await settle();
    expect((await confirm(created)).booking.status).toBe("confirmed");
    expect(await mails(created.booking.id, "booking_confirmation")).toHaveLength(1);
  });

  it.each([
    ["4000 0000 0000 0002", "Your card was declined."],
    ["4000 0000 0000 9995", "Your card has insufficient funds."],
    ["4242 4242 4242 4241", "Your card number is incorrect."],
  ])("refuses card %s with the provider's message and keeps the hold", async (card, message) => {
    const created = await hold(holdBody(roomA, refundable));
    expect(await pay(created, card)).toMatchObject({ status: "failed", message });
    const after = await confirm(created);
    expect(after.booking.status).toBe("pending");
    // Another card within the hold still works.
    expect((await pay(created)).status).toBe("succeeded");
    expect((await confirm(created)).booking.status).toBe("confirmed");
  });

  it("takes the 3-D Secure card through the challenge page and back to /booking-success", async () => {
    const created = await hold(holdBody(roomA, refundable));
    const started = await pay(created, "4000 0027 6000 3184");
    expect(started.status).toBe("requires_action");
    const challenge = "redirectUrl" in started ? started.redirectUrl : "";
    // The challenge page is the gateway's HTML page, outside the API.
    const page = await t.request("GET", challenge);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Complete authentication");
    const url = new URL(challenge, "http://localhost:3000");
    const form = new URLSearchParams({
      client_secret: url.searchParams.get("client_secret")!,
      return_url: "/booking-success",
      outcome: "approve",
    });
    // As a browser posts the challenge form: with the site's cookies and, under no-referrer, Origin: null.
    const back = await t.request("POST", url.pathname, {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "staywise_lang=es", origin: "null" },
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/booking-success?payment_intent=${created.payment.paymentId}&redirect_status=succeeded`);
    expect((await confirm(created)).booking.status).toBe("confirmed");
  });

  it("keeps the hold when the 3-D Secure check fails, and refuses a foreign return address", async () => {
    const created = await hold(holdBody(roomA, refundable));
    const started = await pay(created, "4000 0027 6000 3184");
    expect(started.status).toBe("requires_action");
    const url = new URL("redirectUrl" in started ? started.redirectUrl : "", "http://localhost:3000");
    const secret = url.searchParams.get("client_secret")!;
    // The challenge form, posted form-encoded as a browser does.
    const evil = await t.request("POST", url.pathname, {
      body: new URLSearchParams({ client_secret: secret, return_url: "//evil.example.com", outcome: "approve" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(evil.status).toBe(400);
    const back = await t.request("POST", url.pathname, {
      body: new URLSearchParams({ client_secret: secret, return_url: "/booking-success", outcome: "fail" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(back.headers.get("location")).toContain("redirect_status=failed");
    const after = await confirm(created);
    expect(after.booking.status).toBe("pending");
    expect(after.paymentError).toMatch(/unable to authenticate/);
  });

  it("accepts only signed webhooks and ignores replays", async () => {
    const gateway = t.deps.gateway as SimulatedGateway;
    const created = await hold(holdBody(roomA, refundable));
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    const payload = JSON.stringify({ id: "evt_test_1", type: "payment.succeeded", paymentId: created.payment.paymentId });
    // The provider's webhook is signed over its exact bytes: sent raw, as the provider sends it.
    const forged = await t.request("POST", "/api/payments/webhook", {
      body: payload,
      headers: { "x-simulated-signature": "0".repeat(64) },
    });
    expect(forged.status).toBe(400);
    const headers = { "x-simulated-signature": gateway.signEvent(payload) };
    const [first, again] = await Promise.all([t.request("POST", "/api/payments/webhook", { body: payload, headers }), confirm(created)]);
    expect(first.status).toBe(200);
    const replay = await t.request("POST", "/api/payments/webhook", { body: payload, headers });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(again.booking.status).toBe("confirmed");
    expect(await mails(created.booking.id, "booking_confirmation")).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("confirms a paid booking whose return and webhook were both lost", async () => {
    const created = await hold(holdBody(roomA, refundable));
    // The provider took the money, but nothing reached us.
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    await reconcilePayments(bookingDeps(t.deps));
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "completed" });
    expect(await mails(created.booking.id, "booking_confirmation")).toHaveLength(1);
  });

  it("re-takes the room for a payment that lands after the hold expired, or refunds when the room is gone", async () => {
    const base = holdBody(single, refundable, { checkIn: d(50), checkOut: d(51) });
    const late = await hold(base);
    await t.deps.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, late.booking.id));
    // Expire without cancelling at the provider, as if the provider accepted the card in the same instant.
    await t.deps.db.update(bookings).set({ status: "cancelled", paymentStatus: "expired" }).where(eq(bookings.id, late.booking.id));
    await t.deps.db
      .update(roomNights)
      .set({ roomsTaken: 0 })
      .where(and(eq(roomNights.roomTypeId, single.id), eq(roomNights.night, d(50))));
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, late.payment.paymentId));
    await reconcilePayments(bookingDeps(t.deps));
    let [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, late.booking.id));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "completed" });

    const gone = await hold({ ...base, checkIn: d(52), checkOut: d(53) });
    await t.deps.db.update(bookings).set({ status: "cancelled", paymentStatus: "expired" }).where(eq(bookings.id, gone.booking.id));
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, gone.payment.paymentId));
    // Meanwhile someone else holds the night (the room count stays taken).
    await reconcilePayments(bookingDeps(t.deps));
    [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, gone.booking.id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const [intent] = await t.deps.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, gone.payment.paymentId));
    expect(intent?.refundedCents).toBe(gone.booking.totalPriceCents);
  });
});

describe("a payment that lands after its hold expired and the room was sold", () => {
  it("is refunded once when the return, the webhook and the reconciliation race, and the guest is told once", async () => {
    const late = await hold(holdBody(single, refundable, { checkIn: d(60), checkOut: d(61) }));
    // The hold lapsed and someone else took the room (its night stays taken); then the payment succeeded.
    await t.deps.db
      .update(bookings)
      .set({ status: "cancelled", paymentStatus: "expired", holdExpiresAt: null })
      .where(eq(bookings.id, late.booking.id));
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, late.payment.paymentId));
    const gateway = t.deps.gateway as SimulatedGateway;
    const payload = JSON.stringify({ id: "evt_late_race", type: "payment.succeeded", paymentId: late.payment.paymentId });
    const [returned] = await Promise.all([
      confirm(late),
      // The provider's webhook, signed over its exact bytes: raw.
      t.request("POST", "/api/payments/webhook", { body: payload, headers: { "x-simulated-signature": gateway.signEvent(payload) } }),
      reconcilePayments(bookingDeps(t.deps)),
      confirmPaidBooking(bookingDeps(t.deps), late.payment.paymentId, "reconciliation"),
    ]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, late.booking.id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const refunds = await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, late.payment.paymentId));
    expect(refunds).toHaveLength(1);
    const [intent] = await t.deps.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, late.payment.paymentId));
    expect(intent?.refundedCents).toBe(late.booking.totalPriceCents);
    const told = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${late.booking.id}:late-payment-refund`));
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain("is being refunded in full");
    // The return's answer says the money is going back, never that a hold simply lapsed or a refund is pending.
    expect(returned.booking.paymentStatus).toMatch(/^(refunding|refunded)$/);
    const again = await confirm(late);
    expect(again.booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    // Nothing is left for the reconciliation to retry.
    await reconcilePayments(bookingDeps(t.deps));
    expect(await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, late.payment.paymentId))).toHaveLength(1);
  });

  it("answers a repeated refund request with the same key with the first refund (simulated gateway)", async () => {
    const created = await hold(holdBody(roomA, refundable, { checkIn: d(62), checkOut: d(63) }));
    await pay(created);
    const first = await t.deps.gateway.refund(created.payment.paymentId, 1000, "requested_by_customer", "test-key-1");
    const second = await t.deps.gateway.refund(created.payment.paymentId, 1000, "requested_by_customer", "test-key-1");
    expect(second.refundId).toBe(first.refundId);
    const [intent] = await t.deps.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent?.refundedCents).toBe(1000);
    await expect(t.deps.gateway.refund(created.payment.paymentId, 2000, "requested_by_customer", "test-key-1")).rejects.toThrow(
      /same parameters/,
    );
  });
});

describe("my bookings, ownership and cancellation", () => {
  let alice: string;
  let bob: string;
  let aliceBooking: CreateBookingResponse;

  beforeAll(async () => {
    await signUp(t, "alice@example.com");
    await signUp(t, "bob@example.com");
    alice = await signIn(t, "alice@example.com");
    bob = await signIn(t, "bob@example.com");
    aliceBooking = await hold(holdBody(roomA, refundable, { checkIn: d(20), checkOut: d(22) }), alice);
    await pay(aliceBooking);
    await confirm(aliceBooking);
  });

  it("lists a user's own bookings only, with filters", async () => {
    const mine = await (await t.client(alice).bookings.mine.$get({ query: {} })).json();
    expect(mine.bookings.map((b) => b.id)).toEqual([aliceBooking.booking.id]);
    expect(mine.bookings[0]).toMatchObject({ status: "confirmed", canCancel: true, refundOnCancel: true });
    const bobs = await (await t.client(bob).bookings.mine.$get({ query: {} })).json();
    expect(bobs.bookings).toEqual([]);
    const later = await (await t.client(alice).bookings.mine.$get({ query: { checkInFrom: d(21) } })).json();
    expect(later.bookings).toEqual([]);
    expect((await t.api.bookings.mine.$get({ query: {} })).status).toBe(401);
    expect((await t.client(alice).bookings.mine.$get({ query: { checkInFrom: "tomorrow" } })).status).toBe(400);
  });

  it("answers 404 to anyone else asking for the booking, by id or reference", async () => {
    const id = aliceBooking.booking.id;
    const asked = { param: { id }, header: {} };
    for (const [what, res] of [
      ["Bob's view", await t.client(bob).bookings[":id"].$get(asked)],
      ["a visitor's view", await t.api.bookings[":id"].$get(asked)],
      ["Bob's confirmation", await t.client(bob).bookings[":id"].confirmation.$get(asked)],
      ["Bob's cancel", await t.client(bob).bookings[":id"].cancel.$post(asked)],
    ] as const) {
      expect(res.status, what).toBe(404);
    }
    const wrongEmail = await t.api.bookings.lookup.$post({
      json: { reference: aliceBooking.booking.bookingReference, email: "bob@example.com" },
    });
    expect(wrongEmail.status).toBe(404);
  });

  it("downloads a text confirmation named after the reference", async () => {
    const res = await t.client(alice).bookings[":id"].confirmation.$get({ param: { id: aliceBooking.booking.id }, header: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${aliceBooking.booking.bookingReference}.txt"`);
    const text = await res.text();
    expect(text).toContain(aliceBooking.booking.bookingReference);
    expect(text).toContain("Total: $200.00");
  });

  it("cancels with a refund inside the free-cancellation window, frees the rooms and e-mails the guest", async () => {
    const res = await t.client(alice).bookings[":id"].cancel.$post({ param: { id: aliceBooking.booking.id }, header: {} });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.refunded).toBe(true);
    expect(body.booking).toMatchObject({ status: "cancelled", paymentStatus: "refunded", canCancel: false });
    expect(await mails(aliceBooking.booking.id, "booking_cancellation")).toHaveLength(1);
    const nights = await t.deps.db
      .select()
      .from(roomNights)
      .where(and(eq(roomNights.roomTypeId, roomA.id), eq(roomNights.night, d(20))));
    expect(nights[0]?.roomsTaken).toBe(0);
    const again = await t.client(alice).bookings[":id"].cancel.$post({ param: { id: aliceBooking.booking.id }, header: {} });
    expect(again.status).toBe(409);
  });

  it("cancels a non-refundable booking without a refund", async () => {
    const created = await hold(holdBody(strictRoom, strict), alice);
    await pay(created);
    const confirmed = await confirm(created);
    expect(confirmed.booking).toMatchObject({ canCancel: true, refundOnCancel: false });
    const res = await t.client(alice).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
    const body = await res.json();
    expect(body).toMatchObject({ refunded: false, booking: { status: "cancelled", paymentStatus: "completed" } });
  });

  it("lets a visitor find, download and cancel a booking with its reference and e-mail", async () => {
    const created = await hold(holdBody(roomA, refundable, { checkIn: d(40), checkOut: d(41), guestEmail: "Visitor@Example.com" }));
    await pay(created);
    await confirm(created);
    const found = await t.api.bookings.lookup.$post({
      json: { reference: created.booking.bookingReference.toLowerCase(), email: "visitor@example.com" },
    });
    expect(found.status).toBe(200);
    const { accessToken, booking } = await found.json();
    expect(booking.id).toBe(created.booking.id);
    const header = { "x-booking-access": accessToken };
    expect((await t.api.bookings[":id"].confirmation.$get({ param: { id: booking.id }, header })).status).toBe(200);
    // The token opens only its own booking.
    expect((await t.api.bookings[":id"].$get({ param: { id: aliceBooking.booking.id }, header })).status).toBe(404);
    const cancelled = await t.api.bookings[":id"].cancel.$post({ param: { id: booking.id }, header });
    expect(cancelled.status).toBe(200);
  });
});
