import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyTerms } from "../../src/shared/cancellation-policies.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import {
  activityLogs,
  bookings,
  cancellationPolicies,
  hotelManagers,
  ratePlanPrices,
  ratePlans,
  users,
} from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import type { CancellationPolicyView, RatePlanOverview, RatePlanView } from "../../src/server/services/rate-plans.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { type Answer, errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let otherManager: string;
let traveller: string;
let hotel: HotelRow;
let other: HotelRow;
let double: RoomTypeRow;
let suite: RoomTypeRow;

const FLEXIBLE: PolicyTerms = { tiers: [{ daysBefore: 7, fee: { kind: "percent", percent: 0 } }], finalFee: { kind: "nights", nights: 1 } };
const NON_REFUNDABLE: PolicyTerms = { tiers: [], finalFee: { kind: "percent", percent: 100 } };

type PlanInput = InferRequestType<
  ApiClient["properties"]["hotels"][":hotelId"]["room-types"][":roomTypeId"]["rate-plans"]["$post"]
>["json"];

function plan(policyId: number, overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    name: "Flexible",
    priceRule: { kind: "percent", value: 0 },
    mealPlan: "room_only",
    inclusions: [],
    cancellationPolicyId: policyId,
    paymentTiming: "pay_now",
    depositPercent: null,
    minStay: null,
    minAdvanceDays: null,
    maxAdvanceDays: null,
    closedDates: [],
    ...overrides,
  };
}

async function overview(cookie = manager, h: HotelRow = hotel): Promise<RatePlanOverview> {
  const res = await t.client(cookie).properties.hotels[":hotelId"]["rate-plans"].$get({ param: { hotelId: String(h.id) } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function createPolicy(name: string, terms: PolicyTerms, cookie = manager): Promise<CancellationPolicyView> {
  const res = await t.client(cookie).properties.hotels[":hotelId"]["cancellation-policies"].$post({
    param: { hotelId: String(hotel.id) },
    json: { name, terms },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).policy;
}

async function createPlan(room: RoomTypeRow, body: PlanInput, cookie = manager): Promise<RatePlanView> {
  const res = await t.client(cookie).properties.hotels[":hotelId"]["room-types"][":roomTypeId"]["rate-plans"].$post({
    param: { hotelId: String(hotel.id), roomTypeId: String(room.id) },
    json: body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).plan;
}

/** A 400 whose message a person can act on, and the count of rows of the table unchanged. */
async function expectRefused(res: Answer<unknown>, message: RegExp, status = 400) {
  const body = await errorOf(res, status);
  expect(body.message).toMatch(message);
  return body;
}

async function counts() {
  return {
    policies: (await t.deps.db.select().from(cancellationPolicies)).length,
    plans: (await t.deps.db.select().from(ratePlans)).length,
  };
}

/** A booking made on the plan (rows as the booking door writes them; the door itself is tested elsewhere). */
async function bookOn(planRow: RatePlanView, room: RoomTypeRow) {
  const id = randomUUID();
  const checkIn = addDays(todayUtc(), 30);
  await t.deps.db.insert(bookings).values({
    id,
    bookingReference: `BK${id.slice(0, 8)}`,
    hotelId: hotel.id,
    hotelName: hotel.name,
    roomTypeId: room.id,
    roomType: room.name,
    roomPriceCents: room.priceCents,
    checkIn,
    checkOut: addDays(checkIn, 2),
    numGuests: 2,
    numRooms: 1,
    totalNights: 2,
    totalPriceCents: room.priceCents * 2,
    guestName: "Paula Plan",
    guestEmail: "paula@example.com",
    guestPhone: "+1 555 0102",
    status: "confirmed",
    paymentStatus: "completed",
    ratePlanId: planRow.id,
    ratePlanName: planRow.name,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "plans-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "plans-admin@example.com", "admin-password");
  for (const email of ["plans-manager@example.com", "plans-other@example.com", "plans-traveller@example.com"]) await signUp(t, email);
  hotel = await createHotel(db, { name: "Plan Palace", city: "Planville", country: "Planland", priceCents: 10000 });
  double = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 5, originalPriceCents: null });
  suite = await createRoomType(db, hotel.id, { name: "Suite", priceCents: 30000, maxGuests: 4, totalRooms: 2, originalPriceCents: null });
  other = await createHotel(db, { name: "Other Plans Hotel", city: "Elsewhere", country: "Planland", priceCents: 9000 });
  await createRoomType(db, other.id, { name: "Twin", priceCents: 9000, maxGuests: 2, totalRooms: 3 });
  for (const [email, h] of [
    ["plans-manager@example.com", hotel],
    ["plans-other@example.com", other],
  ] as const) {
    const [m] = await db.update(users).set({ role: "manager" }).where(eq(users.email, email)).returning();
    await db.insert(hotelManagers).values({ userId: m!.id, hotelId: h.id });
  }
  manager = await signIn(t, "plans-manager@example.com");
  otherManager = await signIn(t, "plans-other@example.com");
  traveller = await signIn(t, "plans-traveller@example.com");
});
afterAll(() => t.close());

describe("cancellation policies", () => {
  it("a manager writes, lists, renames and deletes a policy of their hotel, each step in the activity log", async () => {
    const policy = await createPolicy("Free until 7 days", FLEXIBLE);
    expect(policy).toMatchObject({ name: "Free until 7 days", terms: FLEXIBLE, planCount: 0, booked: false });
    expect((await overview()).policies.map((p) => p.name)).toContain("Free until 7 days");

    const renamed = await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$put({
      param: { hotelId: String(hotel.id), policyId: String(policy.id) },
      json: { name: "Flexible 7", terms: { ...FLEXIBLE, finalFee: { kind: "percent", percent: 100 } } },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await renamed.json()).policy.terms.finalFee).toEqual({ kind: "percent", percent: 100 });

    const deleted = await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$delete({
      param: { hotelId: String(hotel.id), policyId: String(policy.id) },
    });
    expect(deleted.status).toBe(200);
    expect((await overview()).policies.map((p) => p.id)).not.toContain(policy.id);
    const logged = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "cancellation_policy_deleted"));
    expect(logged.length).toBe(1);
  });

  it.each<[string, PolicyTerms, RegExp]>([
    [
      "overlapping tiers",
      {
        tiers: [
          { daysBefore: 3, fee: { kind: "percent", percent: 0 } },
          { daysBefore: 7, fee: { kind: "percent", percent: 50 } },
        ],
        finalFee: { kind: "percent", percent: 100 },
      },
      /Tiers overlap: tier 2 must end fewer days before check-in than tier 1/,
    ],
    ["a percentage over 100", { tiers: [], finalFee: { kind: "percent", percent: 120 } }, /A fee percentage cannot be over 100/],
    [
      "a negative percentage",
      { tiers: [{ daysBefore: 5, fee: { kind: "percent", percent: -5 } }], finalFee: { kind: "percent", percent: 100 } },
      /A fee percentage cannot be below 0/,
    ],
    [
      "a fee that falls closer to check-in",
      { tiers: [{ daysBefore: 5, fee: { kind: "percent", percent: 50 } }], finalFee: { kind: "percent", percent: 10 } },
      /The fee after the last tier cannot be lower than the last tier's/,
    ],
  ])("refuses %s with a 400 naming the problem, and saves nothing", async (_, terms, message) => {
    const before = await counts();
    const body = await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"].$post({
        param: { hotelId: String(hotel.id) },
        json: { name: "Bad", terms },
      }),
      message,
    );
    expect(body.issues?.[0]?.path).toMatch(/^terms\./);
    expect(await counts()).toEqual(before);
  });

  it("refuses a second policy of the same name (any case) at the hotel", async () => {
    await createPolicy("Strict", NON_REFUNDABLE);
    const before = await counts();
    const body = await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"].$post({
        param: { hotelId: String(hotel.id) },
        json: { name: "strict", terms: FLEXIBLE },
      }),
      /already has a policy called "strict"/,
    );
    expect(body.issues).toEqual([{ path: "name", message: expect.stringContaining("choose another name") }]);
    expect(await counts()).toEqual(before);
  });

  it("freezes a policy's terms once a booking was made on a plan using it: renaming still works, deleting is refused while a plan uses it", async () => {
    const policy = await createPolicy("Booked flexible", FLEXIBLE);
    const p = await createPlan(suite, plan(policy.id, { name: "Booked plan" }));
    await bookOn(p, suite);
    expect((await overview()).policies.find((x) => x.id === policy.id)).toMatchObject({ booked: true, planCount: 1 });

    const changed: PolicyTerms = {
      tiers: [{ daysBefore: 1, fee: { kind: "percent", percent: 0 } }],
      finalFee: { kind: "percent", percent: 100 },
    };
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$put({
        param: { hotelId: String(hotel.id), policyId: String(policy.id) },
        json: { name: "Booked flexible", terms: changed },
      }),
      /its terms can no longer change.*Write a new policy/,
    );
    const [row] = await t.deps.db.select().from(cancellationPolicies).where(eq(cancellationPolicies.id, policy.id));
    expect(row!.terms).toEqual(FLEXIBLE);

    const rename = await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$put({
      param: { hotelId: String(hotel.id), policyId: String(policy.id) },
      json: { name: "Flexible (2025)", terms: FLEXIBLE },
    });
    expect(rename.status, await rename.clone().text()).toBe(200);

    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$delete({
        param: { hotelId: String(hotel.id), policyId: String(policy.id) },
      }),
      /used by the plan "Booked plan"/,
      409,
    );

    // The documented way: a new policy, and the plan switched to it.
    const next = await createPolicy("Free until 1 day", changed);
    const switched = await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].$put({
      param: { hotelId: String(hotel.id), planId: String(p.id) },
      json: plan(next.id, { name: "Booked plan" }),
    });
    expect(switched.status, await switched.clone().text()).toBe(200);
  });
});

describe("rate plans", () => {
  let flexible: CancellationPolicyView;
  let strict: CancellationPolicyView;

  beforeAll(async () => {
    flexible = await createPolicy("Flexible 3", {
      tiers: [{ daysBefore: 3, fee: { kind: "percent", percent: 0 } }],
      finalFee: { kind: "nights", nights: 1 },
    });
    strict = await createPolicy("Non-refundable", NON_REFUNDABLE);
  });

  it("a manager adds plans with every field, lists them per room type and edits one", async () => {
    const created = await createPlan(
      double,
      plan(strict.id, {
        name: "Non-refundable breakfast",
        priceRule: { kind: "percent", value: -12 },
        mealPlan: "breakfast",
        inclusions: ["wifi", "parking"],
        paymentTiming: "deposit",
        depositPercent: 30,
        minStay: 2,
        minAdvanceDays: 7,
        maxAdvanceDays: 90,
        closedDates: ["2030-12-31", "2030-12-24"],
        memberPrices: false,
      }),
    );
    expect(created).toMatchObject({
      roomTypeId: double.id,
      priceRule: { kind: "percent", value: -12 },
      mealPlan: "breakfast",
      inclusions: ["wifi", "parking"],
      paymentTiming: "deposit",
      depositPercent: 30,
      minStay: 2,
      minAdvanceDays: 7,
      maxAdvanceDays: 90,
      closedDates: ["2030-12-24", "2030-12-31"],
      memberPrices: false,
      active: true,
      bookingCount: 0,
    });
    const room = (await overview()).roomTypes.find((r) => r.id === double.id)!;
    expect(room.plans.map((p) => p.name)).toEqual(["Non-refundable breakfast"]);
    expect(room.cheapestNightCents).toBe(10000);

    const edited = await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].$put({
      param: { hotelId: String(hotel.id), planId: String(created.id) },
      json: plan(flexible.id, { name: "Breakfast", priceRule: { kind: "amount", value: 1500 }, mealPlan: "breakfast" }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await edited.json()).plan).toMatchObject({
      name: "Breakfast",
      priceRule: { kind: "amount", value: 1500 },
      paymentTiming: "pay_now",
      depositPercent: null,
      cancellationPolicyId: flexible.id,
    });
  });

  it.each([
    [
      "a plan cheaper than zero",
      { priceRule: { kind: "amount", value: -30000 } },
      /free or cheaper than zero.*cheapest night of this room is \$300\.00/,
      "priceRule.value",
    ],
    ["a percentage below -90 %", { priceRule: { kind: "percent", value: -95 } }, /between -90 % and \+200 %/, "priceRule.value"],
    [
      "a deposit without its percentage",
      { paymentTiming: "deposit", depositPercent: null },
      /Enter the deposit as a percentage from 1 to 99/,
      "depositPercent",
    ],
    ["a deposit of 100 %", { paymentTiming: "deposit", depositPercent: 100 }, /between 1 % and 99 %/, "depositPercent"],
    ["a deposit percentage on a pay-now plan", { depositPercent: 20 }, /only applies when the guest pays a deposit/, "depositPercent"],
    ["restrictions that exclude every date", { minAdvanceDays: 30, maxAdvanceDays: 7 }, /exclude each other/, "maxAdvanceDays"],
    ["a closed date that is not a date", { closedDates: ["2030-02-30"] }, /A closed date must be a date like/, "closedDates.0"],
    ["a minimum stay of 0", { minStay: 0 }, /Minimum stay must be at least 1/, "minStay"],
    ["an unknown meal plan", { mealPlan: "all_inclusive" }, /Choose a meal plan/, "mealPlan"],
    ["an inclusion outside the vocabulary", { inclusions: ["helicopter"] }, /Choose inclusions from the list/, "inclusions.0"],
    ["another hotel's policy", { cancellationPolicyId: -1 }, /Choose a cancellation policy/, "cancellationPolicyId"],
  ])("refuses %s with a 400 naming the field, and saves nothing", async (_, overrides, message, path) => {
    const before = await counts();
    // Some of these plans (an unknown meal plan or inclusion) do not fit the typed client: the table goes raw.
    const body = await expectRefused(
      await t.request("POST", `/api/properties/hotels/${hotel.id}/room-types/${suite.id}/rate-plans`, {
        cookie: manager,
        body: { ...plan(flexible.id, { name: "Bad plan" }), ...overrides },
      }),
      message,
    );
    expect(body.issues?.[0]?.path).toBe(path);
    expect(await counts()).toEqual(before);
  });

  it("refuses another hotel's policy, and a second plan of the same name on the room type (another room type may reuse it)", async () => {
    const [foreign] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: other.id, name: "Theirs", terms: NON_REFUNDABLE })
      .returning();
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["room-types"][":roomTypeId"]["rate-plans"].$post({
        param: { hotelId: String(hotel.id), roomTypeId: String(suite.id) },
        json: plan(foreign!.id, { name: "Foreign" }),
      }),
      /Choose one of this hotel's cancellation policies/,
    );
    await createPlan(suite, plan(flexible.id, { name: "Standard" }));
    const before = await counts();
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["room-types"][":roomTypeId"]["rate-plans"].$post({
        param: { hotelId: String(hotel.id), roomTypeId: String(suite.id) },
        json: plan(flexible.id, { name: "STANDARD" }),
      }),
      /already has a plan called "STANDARD"/,
    );
    expect(await counts()).toEqual(before);
    await createPlan(double, plan(flexible.id, { name: "Standard" }));
  });

  it("an 'amount' plan is checked against the cheapest night of the calendar, not only the base price", async () => {
    const calendar = await t.client(manager).properties.hotels[":hotelId"].calendar.$post({
      param: { hotelId: String(hotel.id) },
      json: { roomTypeIds: [suite.id], from: addDays(todayUtc(), 40), to: addDays(todayUtc(), 41), priceCents: 5000 },
    });
    expect(calendar.status, await calendar.clone().text()).toBe(200);
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["room-types"][":roomTypeId"]["rate-plans"].$post({
        param: { hotelId: String(hotel.id), roomTypeId: String(suite.id) },
        json: plan(flexible.id, { name: "Deep discount", priceRule: { kind: "amount", value: -6000 } }),
      }),
      /cheapest night of this room is \$50\.00/,
    );
  });

  it("deleting a plan no booking names removes it; a booked plan is taken off sale instead", async () => {
    const unbooked = await createPlan(suite, plan(flexible.id, { name: "Short lived" }));
    const gone = await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].$delete({
      param: { hotelId: String(hotel.id), planId: String(unbooked.id) },
    });
    expect(await gone.json()).toEqual({ outcome: "deleted" });
    expect(await t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, unbooked.id))).toEqual([]);

    const booked = await createPlan(suite, plan(strict.id, { name: "Sold once" }));
    await bookOn(booked, suite);
    const off = await t
      .client(manager)
      .properties.hotels[":hotelId"]["rate-plans"][":planId"].$delete({ param: { hotelId: String(hotel.id), planId: String(booked.id) } });
    expect(await off.json()).toEqual({ outcome: "deactivated" });
    const [row] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, booked.id));
    expect(row!.active).toBe(false);
    const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.ratePlanId, booked.id));
    expect(booking!.ratePlanName).toBe("Sold once");
  });

  it("sets a plan's own calendar over a range (own-price plans only) and clears it", async () => {
    const own = await createPlan(suite, plan(flexible.id, { name: "Own prices", priceRule: { kind: "own", value: 0 } }));
    const from = addDays(todayUtc(), 10);
    const set = await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$post({
      param: { hotelId: String(hotel.id), planId: String(own.id) },
      json: { from, to: addDays(from, 2), priceCents: 25000 },
    });
    expect(await set.json()).toEqual({ nights: 3 });
    const listed = await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$get({
      param: { hotelId: String(hotel.id), planId: String(own.id) },
      query: { from: from, to: addDays(from, 30) },
    });
    expect((await listed.json()).prices).toEqual([
      { night: from, priceCents: 25000 },
      { night: addDays(from, 1), priceCents: 25000 },
      { night: addDays(from, 2), priceCents: 25000 },
    ]);
    await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$post({
      param: { hotelId: String(hotel.id), planId: String(own.id) },
      json: { from: addDays(from, 1), to: addDays(from, 1), priceCents: null },
    });
    expect((await t.deps.db.select().from(ratePlanPrices).where(eq(ratePlanPrices.ratePlanId, own.id))).length).toBe(2);

    const percent = await createPlan(suite, plan(flexible.id, { name: "Percent plan" }));
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$post({
        param: { hotelId: String(hotel.id), planId: String(percent.id) },
        json: { from, to: from, priceCents: 100 },
      }),
      /choose 'Own prices'/,
    );
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$post({
        param: { hotelId: String(hotel.id), planId: String(own.id) },
        json: { from, to: addDays(from, -1), priceCents: 100 },
      }),
      /To must be on or after From/,
    );
    await expectRefused(
      await t.client(manager).properties.hotels[":hotelId"]["rate-plans"][":planId"].prices.$post({
        param: { hotelId: String(hotel.id), planId: String(own.id) },
        json: { from, to: from, priceCents: 0 },
      }),
      /Price must be more than 0/,
    );
  });
});

describe("who may manage plans", () => {
  it("an admin reaches every hotel", async () => {
    expect((await overview(admin, other)).hotelName).toBe("Other Plans Hotel");
  });

  it("a manager of another hotel and a traveller get 403, and nothing is saved", async () => {
    const before = await counts();
    for (const cookie of [otherManager, traveller]) {
      expect(
        (await t.client(cookie).properties.hotels[":hotelId"]["rate-plans"].$get({ param: { hotelId: String(hotel.id) } })).status,
      ).toBe(403);
      expect(
        (
          await t.client(cookie).properties.hotels[":hotelId"]["cancellation-policies"].$post({
            param: { hotelId: String(hotel.id) },
            json: { name: "Sneaky", terms: FLEXIBLE },
          })
        ).status,
      ).toBe(403);
    }
    const [anyPlan] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.hotelId, hotel.id)).limit(1);
    const res = await t.client(otherManager).properties.hotels[":hotelId"]["rate-plans"][":planId"].$delete({
      param: { hotelId: String(hotel.id), planId: String(anyPlan!.id) },
    });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await t.api.properties.hotels[":hotelId"]["rate-plans"].$get({ param: { hotelId: String(hotel.id) } })).status).toBe(401);
  });

  it("a plan or policy of another hotel is not found through this hotel's path", async () => {
    const [theirs] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: other.id, name: "Other's own", terms: FLEXIBLE })
      .returning();
    const res = await t.client(manager).properties.hotels[":hotelId"]["cancellation-policies"][":policyId"].$put({
      param: { hotelId: String(hotel.id), policyId: String(theirs!.id) },
      json: { name: "Mine now", terms: FLEXIBLE },
    });
    expect(res.status).toBe(404);
  });
});
