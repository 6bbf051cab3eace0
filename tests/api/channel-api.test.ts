import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import {
  activityLogs,
  bookings,
  cancellationPolicies,
  channelApiKeys,
  hotelManagers,
  rateRules,
  ratePlans,
  roomNights,
  users,
} from "../../src/server/db/schema.ts";
import { authenticateChannelKey } from "../../src/server/services/channel-api.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let manager: string;
let otherManager: string;
let hotel: HotelRow;
let otherHotel: HotelRow;
let room: RoomTypeRow;
let suite: RoomTypeRow;
let otherRoom: RoomTypeRow;
let readKey: string;
let writeKey: string;
let otherKey: string;
const d = (n: number) => addDays(todayUtc(), n);

interface Availability {
  roomTypes: {
    id: number;
    nights: { night: string; priceCents: number; roomsLeft: number; roomsSold: number; closed: boolean; minStay: number }[];
    ratePlans: { id: number; name: string; nightlyCents: (number | null)[] }[];
  }[];
}

async function createKey(cookie: string, hotelId: number, name: string, scope: "read" | "read_write") {
  const res = await t.request("POST", `/api/properties/hotels/${hotelId}/channel-keys`, { cookie, body: { name, scope } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { key: string; apiKey: { id: number; prefix: string } };
}

function call(method: string, path: string, key: string | null, options: { body?: unknown; idempotencyKey?: string } = {}) {
  return t.request(method, `/api/channel/v1${path}`, {
    ...(options.body !== undefined ? { body: options.body } : {}),
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await signUp(t, "channel-manager@example.com", "secret123", "Chan Manager");
  await signUp(t, "channel-other@example.com", "secret123", "Other Manager");
  hotel = await createHotel(db, { name: "Channel Hotel" });
  otherHotel = await createHotel(db, { name: "Other Channel Hotel" });
  room = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10000, totalRooms: 3 });
  suite = await createRoomType(db, hotel.id, { name: "Suite", priceCents: 30000, totalRooms: 1 });
  otherRoom = await createRoomType(db, otherHotel.id, { name: "Other room", priceCents: 8000, totalRooms: 2 });
  for (const [email, hotelId] of [
    ["channel-manager@example.com", hotel.id],
    ["channel-other@example.com", otherHotel.id],
  ] as const) {
    const [row] = await db.update(users).set({ role: "manager" }).where(eq(users.email, email)).returning();
    await db.insert(hotelManagers).values({ userId: row!.id, hotelId });
  }
  manager = await signIn(t, "channel-manager@example.com");
  otherManager = await signIn(t, "channel-other@example.com");
  readKey = (await createKey(manager, hotel.id, "Reader", "read")).key;
  writeKey = (await createKey(manager, hotel.id, "SiteMinder", "read_write")).key;
  otherKey = (await createKey(otherManager, otherHotel.id, "Elsewhere", "read_write")).key;
  const [policy] = await db
    .insert(cancellationPolicies)
    .values({ hotelId: hotel.id, name: "Non-refundable", terms: { tiers: [], finalFee: { kind: "percent", percent: 100 } } })
    .returning();
  await db.insert(ratePlans).values([
    {
      roomTypeId: room.id,
      hotelId: hotel.id,
      name: "Flexible",
      priceRuleKind: "percent",
      priceRuleValue: 0,
      cancellationPolicyId: policy!.id,
    },
    {
      roomTypeId: room.id,
      hotelId: hotel.id,
      name: "Non-refundable",
      priceRuleKind: "percent",
      priceRuleValue: -10,
      cancellationPolicyId: policy!.id,
      closedDates: [d(5)],
    },
  ]);
});
afterAll(() => t.close());

describe("channel API keys", () => {
  it("are shown once and stored only as a hash; the list never shows them", async () => {
    const created = await createKey(manager, hotel.id, "Shown once", "read");
    expect(created.key).toMatch(/^swk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.deps.db.select().from(channelApiKeys).where(eq(channelApiKeys.id, created.apiKey.id));
    expect(row!.keyHash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await t.request("GET", `/api/properties/hotels/${hotel.id}/channel-keys`, { cookie: manager });
    const text = await list.text();
    expect(text).toContain("Shown once");
    expect(text).not.toContain(created.key);
    // Another hotel's manager cannot list or make keys for this hotel.
    expect((await t.request("GET", `/api/properties/hotels/${hotel.id}/channel-keys`, { cookie: otherManager })).status).toBe(403);
  });

  it("refuses a missing, unknown or revoked key and records when a key was last used", async () => {
    expect((await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(2)}`, null)).status).toBe(401);
    expect((await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(2)}`, "swk_nope")).status).toBe(401);
    const doomed = await createKey(manager, hotel.id, "Doomed", "read");
    const ok = await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(2)}`, doomed.key);
    expect(ok.status).toBe(200);
    const [used] = await t.deps.db.select().from(channelApiKeys).where(eq(channelApiKeys.id, doomed.apiKey.id));
    expect(used!.lastUsedAt).not.toBeNull();
    const revoke = await t.request("DELETE", `/api/properties/hotels/${hotel.id}/channel-keys/${doomed.apiKey.id}`, { cookie: manager });
    expect(revoke.status).toBe(200);
    const refused = await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(2)}`, doomed.key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("CHANNEL_KEY_INVALID");
  });

  it("answers only for the key's own hotel: another hotel's key is refused on read and push", async () => {
    const read = await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(2)}`, otherKey);
    expect(read.status).toBe(404);
    const push = await call("POST", `/hotels/${hotel.id}/rates`, otherKey, {
      idempotencyKey: "other-1",
      body: { roomTypeId: room.id, from: d(3), to: d(4), priceCents: 1 },
    });
    expect(push.status).toBe(404);
    // Nor can a key push a room type of another hotel through its own hotel's path.
    const foreignRoom = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "foreign-room",
      body: { roomTypeId: otherRoom.id, from: d(3), to: d(4), priceCents: 5000 },
    });
    expect(foreignRoom.status).toBe(404);
  });

  it("lets a read key read and refuses its pushes", async () => {
    const push = await call("POST", `/hotels/${hotel.id}/rates`, readKey, {
      idempotencyKey: "read-1",
      body: { roomTypeId: room.id, from: d(3), to: d(4), priceCents: 12000 },
    });
    expect(push.status).toBe(403);
    expect(((await push.json()) as { code: string }).code).toBe("CHANNEL_KEY_READ_ONLY");
  });
});

describe("reading availability", () => {
  it("answers a year: every room type's nights with rooms left, and each plan's price per night", async () => {
    const from = d(1);
    const to = addDays(from, 366);
    const res = await call("GET", `/hotels/${hotel.id}/availability?from=${from}&to=${to}`, readKey);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Availability;
    expect(body.roomTypes.map((r) => r.id)).toEqual([room.id, suite.id]);
    const double = body.roomTypes[0]!;
    expect(double.nights).toHaveLength(366);
    expect(double.nights[0]).toMatchObject({ night: from, priceCents: 10000, roomsLeft: 3, closed: false, minStay: 1 });
    expect(double.nights.at(-1)!.night).toBe(addDays(to, -1));
    const flexible = double.ratePlans.find((p) => p.name === "Flexible")!;
    const nonRefundable = double.ratePlans.find((p) => p.name === "Non-refundable")!;
    expect(flexible.nightlyCents).toHaveLength(366);
    expect(flexible.nightlyCents[0]).toBe(10000);
    expect(nonRefundable.nightlyCents[0]).toBe(9000);
    // Its closed date has no price.
    expect(nonRefundable.nightlyCents[double.nights.findIndex((n) => n.night === d(5))]).toBeNull();
    expect(body.roomTypes[1]!.ratePlans).toEqual([]);
  });

  it("refuses more than 366 nights or a range that ends before it starts", async () => {
    expect((await call("GET", `/hotels/${hotel.id}/availability?from=${d(1)}&to=${d(368)}`, readKey)).status).toBe(400);
    expect((await call("GET", `/hotels/${hotel.id}/availability?from=${d(5)}&to=${d(5)}`, readKey)).status).toBe(400);
  });
});

describe("pushing rates and rooms", () => {
  it("applies a push once per Idempotency-Key, refuses the key with another body, and requires one", async () => {
    const body = { roomTypeId: room.id, from: d(10), to: d(12), priceCents: 14500, minStay: 2 };
    const first = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, { body, idempotencyKey: "push-1" });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toEqual({ roomTypeId: room.id, nights: 3, replayed: false });
    const again = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, { body, idempotencyKey: "push-1" });
    expect(await again.json()).toEqual({ roomTypeId: room.id, nights: 3, replayed: true });
    const rules = await t.deps.db.select().from(rateRules).where(eq(rateRules.roomTypeId, room.id));
    expect(rules).toHaveLength(1);
    const reused = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      body: { ...body, priceCents: 1 },
      idempotencyKey: "push-1",
    });
    expect(reused.status).toBe(422);
    const missing = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, { body });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const read = (await (await call("GET", `/hotels/${hotel.id}/availability?from=${d(10)}&to=${d(13)}`, readKey)).json()) as Availability;
    expect(read.roomTypes[0]!.nights.map((n) => [n.priceCents, n.minStay])).toEqual([
      [14500, 2],
      [14500, 2],
      [14500, 2],
    ]);
    expect(read.roomTypes[0]!.ratePlans.find((p) => p.name === "Non-refundable")!.nightlyCents).toEqual([13050, 13050, 13050]);
  });

  it("refuses rooms to sell below what is sold, naming every such night, and changes nothing", async () => {
    await t.deps.db.insert(roomNights).values([
      { roomTypeId: room.id, night: d(20), roomsTotal: 3, roomsTaken: 2 },
      { roomTypeId: room.id, night: d(22), roomsTotal: 3, roomsTaken: 3 },
      { roomTypeId: room.id, night: d(21), roomsTotal: 3, roomsTaken: 1 },
    ]);
    const res = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "oversell-1",
      body: { roomTypeId: room.id, from: d(19), to: d(23), roomsToSell: 1, priceCents: 9900 },
    });
    expect(res.status).toBe(409);
    const error = (await res.json()) as { code: string; message: string; details: { nights: string } };
    expect(error.code).toBe("CHANNEL_PUSH_OVERSELLS");
    expect(error.details.nights).toBe(`${d(20)}, ${d(22)}`);
    expect(error.message).toContain("Double");
    const nights = await t.deps.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.every((n) => n.roomsTotal === 3)).toBe(true);
    const read = (await (await call("GET", `/hotels/${hotel.id}/availability?from=${d(19)}&to=${d(24)}`, readKey)).json()) as Availability;
    expect(read.roomTypes[0]!.nights.map((n) => n.priceCents)).toEqual([10000, 10000, 10000, 10000, 10000]);
    // Two rooms to sell fits every night but the sold-out one... which still refuses, naming it alone.
    const two = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "oversell-2",
      body: { roomTypeId: room.id, from: d(19), to: d(23), roomsToSell: 2 },
    });
    expect(((await two.json()) as { details: { nights: string } }).details.nights).toBe(d(22));
    // A refusal is not stored: the same key works once the request is fixed.
    const fixed = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "oversell-2",
      body: { roomTypeId: room.id, from: d(19), to: d(23), roomsToSell: 3 },
    });
    expect(fixed.status, await fixed.clone().text()).toBe(200);
  });

  it("refuses a push into the past with a clear message", async () => {
    const res = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "past-1",
      body: { roomTypeId: room.id, from: d(-5), to: d(-4), priceCents: 9000 },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Dates in the past cannot be changed");
  });
});

describe("pushing a rate plan's own prices", () => {
  it("sets the plan's price on the chosen week days, answers it in availability and prices bookings with it", async () => {
    const db = t.deps.db;
    const [policy] = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.hotelId, hotel.id));
    const [own] = await db
      .insert(ratePlans)
      .values({
        roomTypeId: room.id,
        hotelId: hotel.id,
        name: "Own prices",
        priceRuleKind: "own",
        priceRuleValue: 0,
        cancellationPolicyId: policy!.id,
        sortOrder: 9,
      })
      .returning();
    const from = d(120);
    const to = addDays(from, 6);
    const weekend = Array.from({ length: 7 }, (_, i) => addDays(from, i)).filter((night) => [0, 6].includes(new Date(night).getUTCDay()));
    expect(weekend).toHaveLength(2);
    // Saturday and Sunday (ISO week-day bits 32 and 64).
    const body = { roomTypeId: room.id, ratePlanId: own!.id, from, to, weekdays: 96, priceCents: 17700 };
    const res = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, { body, idempotencyKey: "plan-push-1" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ roomTypeId: room.id, ratePlanId: own!.id, nights: 2, replayed: false });
    const again = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, { body, idempotencyKey: "plan-push-1" });
    expect(((await again.json()) as { replayed: boolean }).replayed).toBe(true);

    const read = (await (
      await call("GET", `/hotels/${hotel.id}/availability?from=${from}&to=${addDays(to, 1)}`, readKey)
    ).json()) as Availability;
    const double = read.roomTypes[0]!;
    const plan = double.ratePlans.find((p) => p.id === own!.id)!;
    expect(plan.nightlyCents).toEqual(double.nights.map((n) => (weekend.includes(n.night) ? 17700 : n.priceCents)));
    // The room type's own calendar price did not move.
    expect(double.nights.map((n) => n.priceCents)).toEqual(Array(7).fill(10000));

    const booked = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, {
      idempotencyKey: "plan-push-book",
      body: {
        guestName: "Wendy Weekend",
        guestEmail: "wendy@example.com",
        guestPhone: "+34 600 000 002",
        roomTypeId: String(room.id),
        ratePlanId: String(own!.id),
        checkIn: weekend[0],
        checkOut: addDays(weekend[0]!, 1),
        guests: 2,
        rooms: 1,
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(await booked.json()).toMatchObject({ ratePlanName: "Own prices", totalPriceCents: 17700 });
  });

  it("refuses a plan of another hotel (404), of another room type or priced from the calendar (400), and other fields with a plan", async () => {
    const db = t.deps.db;
    const [otherPolicy] = await db
      .insert(cancellationPolicies)
      .values({ hotelId: otherHotel.id, name: "Flex", terms: { tiers: [], finalFee: { kind: "percent", percent: 0 } } })
      .returning();
    const [foreign] = await db
      .insert(ratePlans)
      .values({
        roomTypeId: otherRoom.id,
        hotelId: otherHotel.id,
        name: "Elsewhere own",
        priceRuleKind: "own",
        priceRuleValue: 0,
        cancellationPolicyId: otherPolicy!.id,
      })
      .returning();
    const [own] = await db.select().from(ratePlans).where(eq(ratePlans.name, "Own prices"));
    const [flexible] = await db.select().from(ratePlans).where(eq(ratePlans.name, "Flexible"));
    const push = (idempotencyKey: string, body: Record<string, unknown>) =>
      call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
        idempotencyKey,
        body: { roomTypeId: room.id, from: d(130), to: d(131), priceCents: 12000, ...body },
      });

    const otherHotelPlan = await push("plan-bad-1", { ratePlanId: foreign!.id });
    expect(otherHotelPlan.status).toBe(404);
    expect(((await otherHotelPlan.json()) as { code: string }).code).toBe("RATE_PLAN_NOT_FOUND");

    const otherRoomType = await push("plan-bad-2", { roomTypeId: suite.id, ratePlanId: own!.id });
    expect(otherRoomType.status).toBe(400);
    expect(((await otherRoomType.json()) as { message: string }).message).toBe(
      `Rate plan ${own!.id} (Own prices) is not a plan of room type ${suite.id} (Suite).`,
    );

    const calendarPlan = await push("plan-bad-3", { ratePlanId: flexible!.id });
    expect(calendarPlan.status).toBe(400);
    expect(((await calendarPlan.json()) as { message: string }).message).toContain("is priced from the room type's calendar");

    const withRooms = await push("plan-bad-4", { ratePlanId: own!.id, roomsToSell: 1 });
    expect(withRooms.status).toBe(400);
    expect(((await withRooms.json()) as { message: string }).message).toContain("sets only its price");

    // Nothing was set by any refusal.
    const read = (await (
      await call("GET", `/hotels/${hotel.id}/availability?from=${d(130)}&to=${d(132)}`, readKey)
    ).json()) as Availability;
    expect(read.roomTypes[0]!.ratePlans.find((p) => p.id === own!.id)!.nightlyCents).toEqual([10000, 10000]);
  });
});

describe("channel bookings", () => {
  const guest = { guestName: "Carla Channel", guestEmail: "carla@example.com", guestPhone: "+34 600 000 000" };

  it("books through the same door as the website: source 'channel' with the key's name, rooms taken, once per Idempotency-Key", async () => {
    const body = { ...guest, roomTypeId: String(suite.id), checkIn: d(40), checkOut: d(42), guests: 2, rooms: 1 };
    const res = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, { body, idempotencyKey: "book-1" });
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as {
      id: string;
      status: string;
      source: string;
      sourceDetail: string;
      totalPriceCents: number;
      replayed: boolean;
    };
    expect(booking).toMatchObject({
      status: "confirmed",
      source: "channel",
      sourceDetail: "SiteMinder",
      totalPriceCents: 60000,
      replayed: false,
    });
    const again = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, { body, idempotencyKey: "book-1" });
    expect((await again.json()) as { id: string; replayed: boolean }).toMatchObject({ id: booking.id, replayed: true });
    // The suite has one room: it is now sold on those nights, for the channel and the website alike.
    const full = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, { body, idempotencyKey: "book-2" });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { code: string }).code).toBe("ROOM_UNAVAILABLE");
    const read = (await (await call("GET", `/hotels/${hotel.id}/availability?from=${d(40)}&to=${d(42)}`, readKey)).json()) as Availability;
    expect(read.roomTypes[1]!.nights.map((n) => n.roomsLeft)).toEqual([0, 0]);

    // A read key may not book or cancel; another hotel's key does not find it.
    expect((await call("POST", `/hotels/${hotel.id}/bookings`, readKey, { body, idempotencyKey: "book-3" })).status).toBe(403);
    expect((await call("POST", `/hotels/${otherHotel.id}/bookings/${booking.id}/cancel`, otherKey)).status).toBe(404);

    const changed = await call("PATCH", `/hotels/${hotel.id}/bookings/${booking.id}`, writeKey, { body: { guestName: "Carla Canal" } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ guestName: "Carla Canal", status: "confirmed" });
    expect((await call("PATCH", `/hotels/${hotel.id}/bookings/${booking.id}`, writeKey, { body: {} })).status).toBe(400);
    expect((await call("PATCH", `/hotels/${hotel.id}/bookings/${booking.id}`, readKey, { body: { guestName: "X" } })).status).toBe(403);
    const cancelled = await call("POST", `/hotels/${hotel.id}/bookings/${booking.id}/cancel`, writeKey);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe("cancelled");
    const after = (await (await call("GET", `/hotels/${hotel.id}/availability?from=${d(40)}&to=${d(42)}`, readKey)).json()) as Availability;
    expect(after.roomTypes[1]!.nights.map((n) => n.roomsLeft)).toEqual([1, 1]);
    expect((await call("POST", `/hotels/${hotel.id}/bookings/${booking.id}/cancel`, writeKey)).status).toBe(409);
    // The activity log names the channel for each thing it did to the booking, once each.
    const logged = await t.deps.db
      .select({ actionType: activityLogs.actionType, details: activityLogs.details })
      .from(activityLogs)
      .where(sql`${activityLogs.details}->>'bookingId' = ${booking.id}`)
      .orderBy(activityLogs.createdAt);
    expect(logged.map((l) => l.actionType).filter((a) => a.startsWith("channel_"))).toEqual([
      "channel_booking_created",
      "channel_booking_changed",
      "channel_booking_cancelled",
    ]);
    expect(logged.find((l) => l.actionType === "channel_booking_created")!.details).toMatchObject({
      channel: "SiteMinder",
      totalPriceCents: 60000,
    });
  });

  it("prices the chosen rate plan and refuses a room type of another hotel", async () => {
    const [plan] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.name, "Non-refundable"));
    const res = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, {
      idempotencyKey: "book-plan",
      body: { ...guest, roomTypeId: String(room.id), ratePlanId: String(plan!.id), checkIn: d(60), checkOut: d(61), guests: 2, rooms: 1 },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ ratePlanName: "Non-refundable", totalPriceCents: 9000 });
    const foreign = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, {
      idempotencyKey: "book-foreign",
      body: { ...guest, roomTypeId: String(otherRoom.id), checkIn: d(60), checkOut: d(61), guests: 2, rooms: 1 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("changing a channel booking's stay (decision 070)", () => {
  const guest = { guestName: "Mia Modify", guestEmail: "mia@example.com", guestPhone: "+34 600 000 001" };
  type Booked = { id: string; checkIn: string; checkOut: string; rooms: number; totalPriceCents: number; replayed: boolean };

  async function roomsSold(from: string, to: string): Promise<number[]> {
    const read = (await (await call("GET", `/hotels/${hotel.id}/availability?from=${from}&to=${to}`, readKey)).json()) as Availability;
    return read.roomTypes[0]!.nights.map((n) => n.roomsSold);
  }

  async function bookDouble(idempotencyKey: string, checkIn: string, checkOut: string, rooms = 1): Promise<Booked> {
    const [plan] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.name, "Flexible"));
    const res = await call("POST", `/hotels/${hotel.id}/bookings`, writeKey, {
      idempotencyKey,
      body: { ...guest, roomTypeId: String(room.id), ratePlanId: String(plan!.id), checkIn, checkOut, guests: 2, rooms },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Booked;
  }

  it("moves the rooms and reprices from the rate plan: nights kept keep their price, new nights take today's; once per Idempotency-Key", async () => {
    const booking = await bookDouble("modify-book-1", d(70), d(72));
    expect(booking.totalPriceCents).toBe(20000);
    // The calendar price rises after the sale: the booked nights keep 100.00, an added night costs 150.00.
    const push = await call("POST", `/hotels/${hotel.id}/rates`, writeKey, {
      idempotencyKey: "modify-price",
      body: { roomTypeId: room.id, from: d(70), to: d(75), priceCents: 15000 },
    });
    expect(push.status, await push.clone().text()).toBe(200);
    const endpoint = await t.deps.db.execute(sql`
      insert into webhook_endpoints (hotel_id, url, secret_sealed, events)
      values (${hotel.id}, 'https://receiver.example/hook', 'sealed', array['booking.modified']) returning id`);
    expect(endpoint).toBeTruthy();

    const path = `/hotels/${hotel.id}/bookings/${booking.id}`;
    const missingKey = await call("PATCH", path, writeKey, { body: { checkOut: d(73) } });
    expect(missingKey.status).toBe(400);
    expect(((await missingKey.json()) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REQUIRED");

    const changed = await call("PATCH", path, writeKey, { body: { checkOut: d(73) }, idempotencyKey: "modify-1" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ checkIn: d(70), checkOut: d(73), rooms: 1, totalPriceCents: 35000, replayed: false });
    expect(await roomsSold(d(70), d(74))).toEqual([1, 1, 1, 0]);

    const again = await call("PATCH", path, writeKey, { body: { checkOut: d(73) }, idempotencyKey: "modify-1" });
    expect(await again.json()).toMatchObject({ checkOut: d(73), totalPriceCents: 35000, replayed: true });
    expect(await roomsSold(d(70), d(74))).toEqual([1, 1, 1, 0]);

    // Moved later and to two rooms: the old nights go back, the new ones are taken, every night at today's price.
    const moved = await call("PATCH", path, writeKey, {
      body: { checkIn: d(73), checkOut: d(75), rooms: 2 },
      idempotencyKey: "modify-2",
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await moved.json()).toMatchObject({ checkIn: d(73), checkOut: d(75), rooms: 2, totalPriceCents: 2 * 2 * 15000 });
    expect(await roomsSold(d(70), d(76))).toEqual([0, 0, 0, 2, 2, 0]);

    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ totalNights: 2, numRooms: 2, nightlyPriceCents: [15000, 15000], roomPriceCents: 15000 });
    // The non-refundable policy's fee follows the new price; its deadline instants follow the new check-in.
    expect(row!.cancellationSchedule).toMatchObject({ finalFeeCents: 60000, priceCents: 60000 });
    expect(row!.charges!.totalCents).toBe(60000);

    const events = await t.deps.db.execute(sql`
      select payload from webhook_deliveries where booking_id = ${booking.id} and event_type = 'booking.modified' order by id`);
    const payloads = ((events as unknown as { rows: { payload: { data: { booking: { checkIn: string } } } }[] }).rows ?? []).map(
      (r) => r.payload.data.booking.checkIn,
    );
    expect(payloads).toEqual([d(70), d(73)]);
    const logged = await t.deps.db
      .select({ details: activityLogs.details })
      .from(activityLogs)
      .where(sql`${activityLogs.details}->>'bookingId' = ${booking.id} and ${activityLogs.actionType} = 'channel_booking_changed'`)
      .orderBy(activityLogs.createdAt);
    expect(logged).toHaveLength(2);
    expect(logged[1]!.details).toMatchObject({
      channel: "SiteMinder",
      before: { checkIn: d(70), checkOut: d(73), rooms: 1, totalPriceCents: 35000 },
      after: { checkIn: d(73), checkOut: d(75), rooms: 2, totalPriceCents: 60000 },
    });
  });

  it("refuses a change that would oversell, naming the nights, and changes nothing", async () => {
    const booking = await bookDouble("modify-book-2", d(90), d(92));
    // Two other rooms are sold on d(92) and all three on d(93).
    await t.deps.db.insert(roomNights).values([
      { roomTypeId: room.id, night: d(92), roomsTotal: 3, roomsTaken: 2 },
      { roomTypeId: room.id, night: d(93), roomsTotal: 3, roomsTaken: 3 },
    ]);
    const path = `/hotels/${hotel.id}/bookings/${booking.id}`;
    // One room more on its own nights fits; a third night on the sold-out d(93) does not.
    const tooMany = await call("PATCH", path, writeKey, { body: { checkOut: d(94), rooms: 2 }, idempotencyKey: "modify-over-1" });
    expect(tooMany.status).toBe(409);
    const error = (await tooMany.json()) as { code: string; message: string; details: { nights: string } };
    expect(error.code).toBe("ROOM_UNAVAILABLE");
    expect(error.details.nights).toBe(`${d(92)}, ${d(93)}`);
    expect(error.message).toMatch(/^Nothing was changed: Double has no 2 rooms left on /);
    expect(await roomsSold(d(90), d(94))).toEqual([1, 1, 2, 3]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ checkIn: d(90), checkOut: d(92), numRooms: 1, totalPriceCents: 20000 });
    // Within its own rooms a booking may grow to the last room: it gives back its own before it takes.
    const fits = await call("PATCH", path, writeKey, { body: { checkOut: d(93) }, idempotencyKey: "modify-over-2" });
    expect(fits.status, await fits.clone().text()).toBe(200);
    expect(await roomsSold(d(90), d(94))).toEqual([1, 1, 3, 3]);
  });

  it("refuses a change of the stay once the guest has checked in, and a change of dates into the past", async () => {
    const booking = await bookDouble("modify-book-3", d(100), d(101));
    const path = `/hotels/${hotel.id}/bookings/${booking.id}`;
    const past = await call("PATCH", path, writeKey, { body: { checkIn: d(-5) }, idempotencyKey: "modify-past" });
    expect(past.status).toBe(400);
    await t.deps.db.update(bookings).set({ stayStatus: "checked_in" }).where(eq(bookings.id, booking.id));
    const begun = await call("PATCH", path, writeKey, { body: { checkOut: d(102) }, idempotencyKey: "modify-begun" });
    expect(begun.status).toBe(409);
    expect(((await begun.json()) as { message: string }).message).toBe("The stay has begun at the hotel: the front desk changes it now.");
    // The guest's details still change.
    expect((await call("PATCH", path, writeKey, { body: { guestPhone: "+34 600 000 009" } })).status).toBe(200);
  });
});

describe("rate limit", () => {
  it("counts each key's calls and refuses past its limit with a time to wait", async () => {
    const { key } = await createKey(manager, hotel.id, "Busy", "read");
    const rule = { limit: 2, windowSeconds: 60 };
    await authenticateChannelKey(t.deps.db, `Bearer ${key}`, rule);
    await authenticateChannelKey(t.deps.db, `Bearer ${key}`, rule);
    const refused = await authenticateChannelKey(t.deps.db, `Bearer ${key}`, rule).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "RATE_LIMITED" });
    expect((refused as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds).toBeGreaterThan(0);
    // Another key has its own count.
    const other = await createKey(manager, hotel.id, "Quiet", "read");
    await expect(authenticateChannelKey(t.deps.db, `Bearer ${other.key}`, rule)).resolves.toMatchObject({ name: "Quiet" });
  });
});
