import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentStart } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, roomNights, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { holderAddress } from "../../src/server/services/bookings/hold-limits.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { recordPoints } from "../../src/server/services/loyalty.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, cookieFrom, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

// The shipped defaults, not the test suite's generous ones: 2 unpaid holds per guest, 3 per address, 4 rooms per hold, half of a
// room type's rooms per address, 10 attempts an hour.
const DEFAULTS = {
  HOLD_MAX_PENDING: "2",
  HOLD_MAX_PENDING_PER_ADDRESS: "3",
  HOLD_MAX_ROOM_SHARE_PERCENT: "50",
  HOLD_RATE_PER_HOUR: "10",
  HOLD_MINUTES: "20",
};

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);
let nextAddress = 1;
/** A fresh client address for each scenario, so their counters never meet. */
const newAddress = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  t = await createTestApp(DEFAULTS);
  hotel = await createHotel(t.deps.db, { name: "Popular Hotel" });
  // Large enough that three holds of 4 rooms stay within one address's half of it.
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 24 });
});
afterAll(() => t.close());

type HoldInput = InferRequestType<ApiClient["bookings"]["$post"]>["json"];

function body(extra: Partial<HoldInput> = {}): HoldInput {
  return {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    checkIn: d(20),
    checkOut: d(27),
    guests: 2,
    rooms: 1,
    guestName: "Ada Guest",
    guestEmail: "ada@example.com",
    guestPhone: "+44 20 7946 0000",
    ...extra,
  };
}

/** The client as a browser at the given address (the limits count per address), signed in when a cookie is given. */
function from(address: string, cookie?: string) {
  const client = cookie ? t.client(cookie) : t.api;
  const init = { headers: { "x-forwarded-for": address } };
  return {
    hold: (json: HoldInput) => client.bookings.$post({ json }, init),
    abandon: (id: string, access?: string) =>
      client.bookings[":id"].abandon.$post({ param: { id }, header: access ? { "x-booking-access": access } : {} }, init),
    resume: (id: string) => client.bookings[":id"].payment.$post({ param: { id }, header: {} }, init),
  };
}

async function created(res: Awaited<ReturnType<ReturnType<typeof from>["hold"]>>) {
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

async function roomsTaken(night: string): Promise<number> {
  const [row] = await t.deps.db
    .select()
    .from(roomNights)
    .where(and(eq(roomNights.roomTypeId, room.id), eq(roomNights.night, night)));
  return row?.roomsTaken ?? 0;
}

async function pay(payment: PaymentStart, number = "4242 4242 4242 4242") {
  const res = await t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: payment.paymentId },
    json: { clientSecret: payment.clientSecret, returnUrl: "/booking-success", card: { number, expMonth: 12, expYear: 2040, cvc: "123" } },
  });
  return await res.json();
}

describe("what one client may hold", () => {
  it("stops a script without cookies at its address's share while other guests still book the same room", async () => {
    const script = newAddress();
    const tooBig = await from(script).hold(body({ rooms: 8, guests: 16 }));
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ code: "TOO_MANY_ROOMS", message: expect.stringContaining("up to 4 rooms at a time") });

    const answers = [];
    for (let i = 0; i < 6; i++) {
      // No cookie is sent back: every request is a new visitor, so only the address ties them together.
      answers.push(await from(script).hold(body({ rooms: 4, guests: 8 })));
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429, 429]);
    const refusal = answers[3];
    expect(await roomsTaken(d(20))).toBe(12);
    expect(Number(refusal!.headers.get("retry-after"))).toBeGreaterThan(19 * 60);
    expect(await refusal!.json()).toMatchObject({ code: "TOO_MANY_HOLDS", message: expect.stringContaining("waiting for payment") });

    // A real guest elsewhere still gets a room of the same type for the same nights, and pays.
    const guest = await created(await from(newAddress()).hold(body({ rooms: 2, guests: 4, guestEmail: "real@example.com" })));
    expect((await pay(guest.payment)).status).toBe("succeeded");
    expect(await roomsTaken(d(20))).toBe(14);
  });

  it("counts a visitor session's holds whatever address it comes from", async () => {
    const first = await from(newAddress()).hold(body({ checkIn: d(40), checkOut: d(41), rooms: 1 }));
    await created(first);
    const cookie = cookieFrom(first);
    expect(cookie).toContain("staywise_visitor=");
    await created(await from(newAddress(), cookie).hold(body({ checkIn: d(40), checkOut: d(41), rooms: 1 })));
    const third = await from(newAddress(), cookie).hold(body({ checkIn: d(40), checkOut: d(41), rooms: 1 }));
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("counts a signed-in user's holds, and frees a place as soon as one is abandoned", async () => {
    await signUp(t, "holder@example.com");
    const cookie = await signIn(t, "holder@example.com");
    const stay = { checkIn: d(50), checkOut: d(52), rooms: 1 };
    const a = await created(await from(newAddress(), cookie).hold(body(stay)));
    await created(await from(newAddress(), cookie).hold(body(stay)));
    expect((await from(newAddress(), cookie).hold(body(stay))).status).toBe(429);

    const abandoned = await from(newAddress(), cookie).abandon(a.booking.id);
    expect(abandoned.status).toBe(200);
    await created(await from(newAddress(), cookie).hold(body(stay)));
  });

  it("limits hold attempts per address per hour, failed ones included, with Retry-After", async () => {
    const address = newAddress();
    const soldOut = await createRoomType(t.deps.db, hotel.id, { name: "Sold Out Suite", totalRooms: 0, maxGuests: 4 });
    for (let i = 0; i < 10; i++) {
      const res = await from(address).hold(body({ roomTypeId: String(soldOut.id), rooms: 1 }));
      expect(res.status).toBe(409);
    }
    const limited = await from(address).hold(body({ rooms: 1 }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(50 * 60);
    expect(await limited.json()).toMatchObject({ message: expect.stringContaining("Too many booking attempts") });
  });

  it("holds for HOLD_MINUTES and tells the booking form the rules", async () => {
    const hold = await created(await from(newAddress()).hold(body({ checkIn: d(60), checkOut: d(61), rooms: 1 })));
    expect(Date.parse(hold.booking.holdExpiresAt!) - Date.parse(hold.booking.createdAt)).toBeCloseTo(20 * 60_000, -3);
    const rules = await (await t.api.bookings["hold-rules"].$get()).json();
    expect(rules).toEqual({ holdMinutes: 20, maxRooms: 4 });
  });

  it("counts IPv6 clients by their /64", () => {
    expect(holderAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(holderAddress("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(holderAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(holderAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(holderAddress(null)).toBe("unknown");
  });
});

describe("one address's share of a small room type", () => {
  let small: RoomTypeRow;
  beforeAll(async () => {
    small = await createRoomType(t.deps.db, hotel.id, { name: "Garden Suite", priceCents: 15000, maxGuests: 2, totalRooms: 4 });
  });
  const suite = (extra: Partial<HoldInput> = {}) => body({ roomTypeId: String(small.id), checkIn: d(120), checkOut: d(123), ...extra });
  async function suitesTaken(night: string): Promise<number> {
    const [row] = await t.deps.db
      .select()
      .from(roomNights)
      .where(and(eq(roomNights.roomTypeId, small.id), eq(roomNights.night, night)));
    return row?.roomsTaken ?? 0;
  }

  it("lets one address hold at most half of it unpaid, says so with the numbers, and leaves the rest to other guests", async () => {
    const script = newAddress();
    // The whole room type in one hold, as the script of issue 27 did: refused outright, waiting would not help.
    const whole = await from(script).hold(suite({ rooms: 4, guests: 8 }));
    expect(whole.status).toBe(400);
    expect(await whole.json()).toMatchObject({
      code: "TOO_MANY_ROOMS",
      message: expect.stringContaining('at most 2 of the 4 "Garden Suite" rooms'),
    });

    await created(await from(script).hold(suite({ rooms: 1 })));
    await created(await from(script).hold(suite({ rooms: 1 })));
    // A third hold is within the address's 3 unpaid holds, but not within its share of the room type.
    const third = await from(script).hold(suite({ rooms: 1 }));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(19 * 60);
    const refusal = await errorOf(third);
    expect(refusal.code).toBe("TOO_MANY_HOLDS");
    expect(refusal.message).toContain("already hold 2 rooms of this type for these nights");
    expect(refusal.message).toContain('at most 2 of the 4 "Garden Suite" rooms');
    expect(await suitesTaken(d(121))).toBe(2);

    // Other nights of the same room type are another matter.
    await created(await from(script).hold(suite({ checkIn: d(130), checkOut: d(131), rooms: 1 })));
    // Another guest gets the other half and pays.
    const guest = await created(await from(newAddress()).hold(suite({ rooms: 2, guests: 4 })));
    expect((await pay(guest.payment)).status).toBe("succeeded");
    expect(await suitesTaken(d(121))).toBe(4);
  });

  it("counts only unpaid holds: once one is paid, the address may hold again", async () => {
    const address = newAddress();
    const stay = { checkIn: d(140), checkOut: d(141) };
    const first = await created(await from(address).hold(suite({ ...stay, rooms: 2, guests: 4 })));
    expect((await from(address).hold(suite({ ...stay, rooms: 1 }))).status).toBe(429);
    expect((await pay(first.payment)).status).toBe("succeeded");
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: first.booking.id },
      json: { paymentId: first.payment.paymentId },
    });
    expect(confirmed.status).toBe(200);
    await created(await from(address).hold(suite({ ...stay, rooms: 1 })));
  });

  it("does not hold the front desk to one address's share: it books its own hotel for the guests on the line", async () => {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "desk@example.com", password: "desk-password", name: "Desk" }, "test");
    const staff = await signIn(t, "desk@example.com", "desk-password");
    const address = newAddress();
    const { roomTypeId, guestName, guestEmail, guestPhone } = suite();
    const stay = { roomTypeId, guestName, guestEmail, guestPhone, checkIn: d(160), checkOut: d(161), rooms: 3, guests: 6 };
    const res = await t
      .client(staff)
      .properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post(
        { param: { hotelId: String(hotel.id) }, json: { ...stay, payment: "card" } },
        { headers: { "x-forwarded-for": address } },
      );
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await suitesTaken(d(160))).toBe(3);
    // Its unpaid card holds do not count against a guest at the same address either.
    await created(await from(address).hold(suite({ checkIn: d(160), checkOut: d(161), rooms: 1 })));
  });

  it("always allows one room: a room type with a single room is left to availability", async () => {
    const only = await createRoomType(t.deps.db, hotel.id, { name: "Tower Room", priceCents: 30000, maxGuests: 2, totalRooms: 1 });
    const address = newAddress();
    await created(await from(address).hold(body({ roomTypeId: String(only.id), checkIn: d(150), checkOut: d(151) })));
    const again = await from(address).hold(body({ roomTypeId: String(only.id), checkIn: d(150), checkOut: d(151) }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "ROOM_UNAVAILABLE" });
  });
});

describe("abandoning a hold", () => {
  it("lets a visitor with the hold's access token end it at once: payment cancelled, rooms freed", async () => {
    const address = newAddress();
    const hold = await created(await from(address).hold(body({ checkIn: d(70), checkOut: d(72), rooms: 3, guests: 6 })));
    expect(await roomsTaken(d(70))).toBe(3);
    // Without the token (and not the owner) the hold is not found.
    expect((await from(address).abandon(hold.booking.id)).status).toBe(404);

    const res = await from(address).abandon(hold.booking.id, hold.accessToken);
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ status: "cancelled", awaitingPayment: false });
    expect(await roomsTaken(d(70))).toBe(0);
    const [intent] = await t.deps.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, hold.payment.paymentId));
    expect(intent?.status).toBe("canceled");
    expect((await pay(hold.payment)).status).toBe("failed");
    const logged = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "booking_hold_abandoned"));
    expect(logged.map((l) => l.details)).toContainEqual(expect.objectContaining({ bookingId: hold.booking.id }));
    // A second abandon (a retried request) changes nothing.
    expect((await from(address).abandon(hold.booking.id, hold.accessToken)).status).toBe(200);
    expect(await roomsTaken(d(70))).toBe(0);
  });

  it("gives redeemed points back at once", async () => {
    await signUp(t, "points@example.com");
    const cookie = await signIn(t, "points@example.com");
    const me = await (await t.client(cookie).me.$get()).json();
    await t.deps.db.transaction((tx) =>
      recordPoints(tx, { userId: me.user!.id, points: 500, description: "Gift", sourceKey: "test:gift", countsAsEarned: true }),
    );
    const hold = await created(
      await from(newAddress(), cookie).hold(body({ checkIn: d(80), checkOut: d(81), rooms: 1, pointsToRedeem: 500 })),
    );
    const balance = async () => (await (await t.client(cookie).loyalty.$get()).json()).account.pointsBalance;
    expect(await balance()).toBe(0);
    expect((await from(newAddress(), cookie).abandon(hold.booking.id)).status).toBe(200);
    expect(await balance()).toBe(500);
  });

  it("refuses to abandon a paid hold and confirms it instead", async () => {
    const address = newAddress();
    const hold = await created(await from(address).hold(body({ checkIn: d(90), checkOut: d(91), rooms: 1 })));
    // Paid, but neither the return nor the webhook has arrived yet.
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(simulatedPaymentIntents.id, hold.payment.paymentId));
    const res = await from(address).abandon(hold.booking.id, hold.accessToken);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "HOLD_ALREADY_PAID" });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, hold.booking.id));
    expect(row?.status).toBe("confirmed");
  });
});

describe("an unpaid hold in My Bookings", () => {
  it("is listed as awaiting payment, has no confirmation to download, and can be paid later", async () => {
    await signUp(t, "declined@example.com");
    const cookie = await signIn(t, "declined@example.com");
    const hold = await created(await from(newAddress(), cookie).hold(body({ checkIn: d(100), checkOut: d(102), rooms: 1 })));
    expect((await pay(hold.payment, "4000 0000 0000 0002")).status).toBe("failed");

    const mine = await (await t.client(cookie).bookings.mine.$get({ query: {} })).json();
    expect(mine.bookings).toEqual([expect.objectContaining({ id: hold.booking.id, status: "pending", awaitingPayment: true })]);
    const download = await t.client(cookie).bookings[":id"].confirmation.$get({ param: { id: hold.booking.id }, header: {} });
    expect(download.status).toBe(409);
    expect(await download.json()).toMatchObject({ code: "NOT_PAID" });
    // Nor for a visitor holding the token.
    expect(
      (await t.api.bookings[":id"].confirmation.$get({ param: { id: hold.booking.id }, header: { "x-booking-access": hold.accessToken } }))
        .status,
    ).toBe(409);

    const resumed = await from(newAddress(), cookie).resume(hold.booking.id);
    expect(resumed.status, await resumed.clone().text()).toBe(200);
    const { payment } = await resumed.json();
    expect(payment).toMatchObject({ paymentId: hold.payment.paymentId, clientSecret: hold.payment.clientSecret, amountCents: 20000 });
    expect((await pay(payment)).status).toBe("succeeded");
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: hold.booking.id },
      json: { paymentId: payment.paymentId },
    });
    expect((await confirmed.json()).booking).toMatchObject({ status: "confirmed", awaitingPayment: false });
    expect((await t.client(cookie).bookings[":id"].confirmation.$get({ param: { id: hold.booking.id }, header: {} })).status).toBe(200);
    // Paid: nothing left to resume.
    expect((await from(newAddress(), cookie).resume(hold.booking.id)).status).toBe(409);
  });
});
