import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { PromoCodeView } from "../../src/shared/promotions.ts";
import { activityLogs, bookings, hotels, loyaltyAccounts, promoCodeUses, promoCodes, users } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { expireHolds } from "../../src/server/services/bookings/abandon-and-expire.ts";
import { checkPromotion } from "../../src/server/services/promotions.ts";
import { ensureLoyaltyAccount } from "../../src/server/services/loyalty.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type PlanRow, createPlan, createPolicy } from "../support/rate-plan-fixtures.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let member: string;
let hotel: HotelRow;
let otherHotel: HotelRow;
let room: RoomTypeRow;
let otherRoom: RoomTypeRow;
let flexible: PlanRow;
let noMember: PlanRow;
let otherPlan: PlanRow;
const d = (n: number) => addDays(todayUtc(), n);
let guestNo = 0;
const guest = () => ({ guestName: "Ada Guest", guestEmail: `guest${++guestNo}@example.com`, guestPhone: "+44 20 7946 0000" });

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createHotel(t.deps.db, { name: "Promo Palace", currency: "USD" });
  otherHotel = await createHotel(t.deps.db, { name: "Other Inn", currency: "USD" });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 30 });
  otherRoom = await createRoomType(t.deps.db, otherHotel.id, { name: "Twin", priceCents: 8000, maxGuests: 2, totalRooms: 30 });
  const free = {
    tiers: [{ daysBefore: 1, fee: { kind: "percent" as const, percent: 0 } }],
    finalFee: { kind: "percent" as const, percent: 100 },
  };
  const policy = await createPolicy(t.deps.db, hotel.id, free);
  flexible = await createPlan(t.deps.db, room, policy, { name: "Flexible", sortOrder: 0 });
  noMember = await createPlan(t.deps.db, room, policy, { name: "Non-refundable", priceRuleValue: -10, memberPrices: false, sortOrder: 1 });
  otherPlan = await createPlan(t.deps.db, otherRoom, await createPolicy(t.deps.db, otherHotel.id, free), { name: "Flexible" });

  await ensureAdmin(t.deps.db, t.deps.auth, { email: "promo-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "promo-admin@example.com", "admin-password");
  await signUp(t, "promo-manager@example.com");
  await signUp(t, "gold-member@example.com");
  const [managerRow] = await t.deps.db.select().from(users).where(eq(users.email, "promo-manager@example.com"));
  expect(
    (await t.client(admin).admin.users[":id"].hotels.$put({ param: { id: managerRow!.id }, json: { hotelIds: [hotel.id] } })).status,
  ).toBe(200);
  manager = await signIn(t, "promo-manager@example.com");
  member = await signIn(t, "gold-member@example.com");
  const [memberRow] = await t.deps.db.select().from(users).where(eq(users.email, "gold-member@example.com"));
  await ensureLoyaltyAccount(t.deps.db, memberRow!.id);
  await t.deps.db.update(loyaltyAccounts).set({ totalPointsEarned: 5000, tier: "Gold" }).where(eq(loyaltyAccounts.userId, memberRow!.id));
}, 120_000);
afterAll(() => t.close());

type CodeInput = InferRequestType<ApiClient["admin"]["promotions"]["$post"]>["json"];
type QuoteInput = InferRequestType<ApiClient["bookings"]["quote"]["$post"]>["json"];
type HoldInput = InferRequestType<ApiClient["bookings"]["$post"]>["json"];

/** A hotel's code as its manager (`"hotel"`) or a site-wide one as the admin (`"site"`). */
function postCode(json: CodeInput, scope: "hotel" | "site" = "hotel", hotelId = hotel.id) {
  return scope === "hotel"
    ? t.client(manager).properties.hotels[":hotelId"].promotions.$post({ param: { hotelId: String(hotelId) }, json })
    : t.client(admin).admin.promotions.$post({ json });
}

async function createCode(
  body: Partial<CodeInput> & { code: string },
  scope: "hotel" | "site" = "hotel",
  hotelId = hotel.id,
): Promise<PromoCodeView> {
  const res = await postCode({ discountKind: "percent", discountValue: 10, ...body }, scope, hotelId);
  return (await bodyOf(res, 201)).promoCode;
}

function setActive(promoId: number, active: boolean) {
  return t.client(manager).properties.hotels[":hotelId"].promotions[":promoId"].active.$put({
    param: { hotelId: String(hotel.id), promoId: String(promoId) },
    json: { active },
  });
}

/** The stay the tests book (three nights in ten days, on the flexible plan), without the guest. */
function stayChoice(extra: Partial<QuoteInput> = {}): QuoteInput {
  return {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    ratePlanId: String(flexible.id),
    checkIn: d(10),
    checkOut: d(13),
    guests: 2,
    rooms: 1,
    ...extra,
  };
}

function holdBody(extra: Partial<HoldInput> = {}): HoldInput {
  return { ...stayChoice(), ...guest(), ...extra };
}

const bookingsAs = (cookie?: string) => (cookie ? t.client(cookie) : t.api).bookings;

async function hold(json: HoldInput, cookie?: string): Promise<CreateBookingResponse> {
  return await bodyOf(await bookingsAs(cookie).$post({ json }), 201);
}

async function refused(json: HoldInput, cookie?: string): Promise<string> {
  const answer = await errorOf(await bookingsAs(cookie).$post({ json }), 400);
  expect(answer.code).toBe("PROMO_CODE_NOT_VALID");
  return answer.message;
}

async function stored(bookingId: string) {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

async function usesOf(code: PromoCodeView): Promise<number> {
  const [row] = await t.deps.db.select({ n: promoCodes.usesCount }).from(promoCodes).where(eq(promoCodes.id, code.id));
  return row!.n;
}

describe("promo codes in the back office", () => {
  it("lets a manager create a hotel's code and list it with its uses; codes are unique per scope whatever the case", async () => {
    await createCode({ code: "Spring-15", discountValue: 15, usesLimit: 100 });
    const dup = await postCode({ code: "SPRING-15", discountKind: "percent", discountValue: 5 });
    expect((await errorOf(dup, 409)).code).toBe("PROMO_CODE_TAKEN");
    const list = await t.client(manager).properties.hotels[":hotelId"].promotions.$get({ param: { hotelId: String(hotel.id) } });
    const { promoCodes: codes } = await bodyOf(list);
    expect(codes.map((c) => [c.code, c.usesCount, c.usesLimit])).toContainEqual(["Spring-15", 0, 100]);
    const logged = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "promo_code_created"));
    expect(logged.map((l) => [l.userEmail, l.details])).toContainEqual([
      "promo-manager@example.com",
      expect.objectContaining({ code: "Spring-15", scope: `hotel ${hotel.id}` }),
    ]);
  });

  it("keeps managers to their own hotels and site-wide codes to admins", async () => {
    const other = await postCode({ code: "NOPE1", discountKind: "percent", discountValue: 5 }, "hotel", otherHotel.id);
    expect([403, 404]).toContain(other.status);
    const site = await t.client(manager).admin.promotions.$post({ json: { code: "NOPE2", discountKind: "percent", discountValue: 5 } });
    expect(site.status).toBe(403);
  });

  it("refuses bad input with the field's message and saves nothing", async () => {
    const cases: [CodeInput, string][] = [
      [{ code: "BIG", discountKind: "percent", discountValue: 120 }, "A percentage must be between 1 and 100"],
      [
        { code: "BACKWARDS", discountKind: "percent", discountValue: 5, bookingFrom: d(5), bookingTo: d(1) },
        "Bookable until must not be before Bookable from",
      ],
      [{ code: "a b", discountKind: "percent", discountValue: 5 }, "A code uses only letters, digits, - and _"],
    ];
    for (const [body, message] of cases) {
      const res = await postCode(body);
      expect(JSON.stringify(await errorOf(res, 400))).toContain(message);
    }
    const site = await postCode({ code: "FIVEOFF", discountKind: "amount", discountValue: 500 }, "site");
    expect((await errorOf(site, 400)).message).toBe("Choose the currency of the amount");
  });

  it("turns a code off; the hold then refuses it", async () => {
    const code = await createCode({ code: "OFFNOW" });
    const res = await setActive(code.id, false);
    expect(res.status).toBe(200);
    expect(await refused(holdBody({ promoCode: "offnow" }))).toBe("This code is no longer available.");
  });
});

describe("a promo code in the hold", () => {
  it("takes its discount off the stay's price, stores the line and charges the rest", async () => {
    const code = await createCode({ code: "TENOFF", usesLimit: 5 });
    const created = await hold(holdBody({ promoCode: "  tenoff " }));
    const row = await stored(created.booking.id);
    expect(row.promoCode).toBe("tenoff");
    expect(row.promoDiscountCents).toBe(3000);
    expect(row.memberDiscountCents).toBe(0);
    expect(row.totalPriceCents).toBe(27_000);
    expect(created.payment.amountCents).toBe(27_000);
    expect(created.booking).toMatchObject({
      promoCode: "tenoff",
      promoDiscountCents: 3000,
      memberDiscountCents: 0,
      totalPriceCents: 27_000,
    });
    expect(await usesOf(code)).toBe(1);
  });

  it("takes an amount off, never below 1 cent", async () => {
    await createCode({ code: "HUGE", discountKind: "amount", discountValue: 1_000_000 });
    const created = await hold(holdBody({ promoCode: "HUGE" }));
    const row = await stored(created.booking.id);
    expect(row.promoDiscountCents).toBe(29_999);
    expect(row.totalPriceCents).toBe(1);
  });

  it("refuses each broken rule with its own words", async () => {
    // Ended two days ago (UTC): the booking window is read on the hotel's own date (Mexico City),
    // which is yesterday's UTC date until 06:00 UTC, so a code ending "yesterday" is still open then.
    await createCode({ code: "EXPIRED", bookingFrom: d(-30), bookingTo: d(-2) });
    await createCode({ code: "WINTER", stayFrom: d(40), stayTo: d(60) });
    await createCode({ code: "LONGSTAY", minNights: 4 });
    await createCode({ code: "NONREF", ratePlanIds: [noMember.id] });
    const expired = await refused(holdBody({ promoCode: "EXPIRED" }));
    expect(expired).toMatch(/^This code expired on \d{1,2} [A-Z][a-z]{2}( \d{4})?\.$/);
    expect(await refused(holdBody({ promoCode: "winter" }))).toMatch(/^This code is for stays between .+ and .+ \(every night\)\.$/);
    expect(await refused(holdBody({ promoCode: "LongStay" }))).toBe("This code needs a stay of at least 4 nights.");
    expect(await refused(holdBody({ promoCode: "NONREF" }))).toBe("This code does not apply to the rate you chose.");
    expect(await refused(holdBody({ promoCode: "NOSUCH" }))).toBe(
      "We do not know the code NOSUCH. Check the spelling, or book without it.",
    );
    // The plan it covers takes it.
    const ok = await hold(holdBody({ promoCode: "NONREF", ratePlanId: String(noMember.id) }));
    expect((await stored(ok.booking.id)).promoDiscountCents).toBe(2700);
  });

  it("holds a guest to the per-guest limit, by e-mail", async () => {
    await createCode({ code: "ONCEEACH", perGuestLimit: 1 });
    const body = holdBody({ promoCode: "ONCEEACH" });
    await hold(body);
    expect(await refused({ ...body, guestEmail: body.guestEmail.toUpperCase() })).toBe("You have already used this code.");
    await hold(holdBody({ promoCode: "ONCEEACH" }));
  });

  it("refuses a code once all its uses are taken, and gives a use back when a hold is abandoned", async () => {
    const code = await createCode({ code: "LASTONE", usesLimit: 1 });
    const first = await hold(holdBody({ promoCode: "LASTONE" }));
    expect(await refused(holdBody({ promoCode: "LASTONE" }))).toBe("This code has been fully used.");
    const abandon = await t.api.bookings[":id"].abandon.$post({
      param: { id: first.booking.id },
      header: { "x-booking-access": first.accessToken },
    });
    await bodyOf(abandon);
    expect(await usesOf(code)).toBe(0);
    expect(await t.deps.db.select().from(promoCodeUses).where(eq(promoCodeUses.bookingId, first.booking.id))).toEqual([]);
    await hold(holdBody({ promoCode: "LASTONE" }));
    expect(await usesOf(code)).toBe(1);
  });

  it("takes a site-wide code at any of our hotels, and a hotel's code only at its hotel", async () => {
    await createCode({ code: "EVERYWHERE", discountValue: 20 }, "site");
    const here = await hold(holdBody({ promoCode: "everywhere" }));
    expect((await stored(here.booking.id)).promoDiscountCents).toBe(6000);
    const there = await hold({
      ...holdBody({ promoCode: "EVERYWHERE" }),
      hotelId: String(otherHotel.id),
      roomTypeId: String(otherRoom.id),
      ratePlanId: String(otherPlan.id),
    });
    expect((await stored(there.booking.id)).promoDiscountCents).toBe(4800);
    const hotelOnly = await refused({
      ...holdBody({ promoCode: "TENOFF" }),
      hotelId: String(otherHotel.id),
      roomTypeId: String(otherRoom.id),
      ratePlanId: String(otherPlan.id),
    });
    expect(hotelOnly).toBe("We do not know the code TENOFF. Check the spelling, or book without it.");
  });

  it("prefers the hotel's own code to a site-wide one with the same letters, and keeps each scope's codes to it", async () => {
    const site = await createCode({ code: "SAMELETTERS", discountValue: 50 }, "site");
    await createCode({ code: "sameletters", discountValue: 5 });
    const here = await hold(holdBody({ promoCode: "SameLetters" }));
    expect((await stored(here.booking.id)).promoDiscountCents).toBe(1500);
    const crossScope = await setActive(site.id, false);
    expect((await errorOf(crossScope, 404)).code).toBe("PROMO_CODE_NOT_FOUND");
  });

  it("refuses codes on a partner's rooms, which are sold at the partner's price", async () => {
    const request = { code: "EVERYWHERE", hotelId: null, ratePlanId: null, stay: { checkIn: d(10), checkOut: d(12) }, userId: null };
    await expect(
      checkPromotion(t.deps.db, { ...request, guestEmail: "x@example.com", priceCents: 20_000, currency: "USD" }),
    ).rejects.toMatchObject({
      code: "PROMO_CODE_NOT_VALID",
      userMessage: expect.stringMatching(/^Promo codes cannot be used on this hotel's rooms/),
    });
  });

  it("reads a code's booking window on the booking hotel's date, not UTC's, on both sides of the date line", async () => {
    const db = t.deps.db;
    const east = await createHotel(db, { name: "Line Islands Lodge", currency: "USD" });
    const west = await createHotel(db, { name: "Pago Pago Inn", currency: "USD" });
    await db.update(hotels).set({ timeZone: "Pacific/Kiritimati" }).where(eq(hotels.id, east.id));
    await db.update(hotels).set({ timeZone: "Pacific/Pago_Pago" }).where(eq(hotels.id, west.id));
    // 12:00 UTC on 1 Dec 2026: 02:00 on 2 Dec in Kiritimati (UTC+14), 01:00 on 1 Dec in Pago Pago (UTC-11).
    const now = new Date("2026-12-01T12:00:00Z");
    const code = (values: { hotelId: number | null; code: string; bookingFrom?: string; bookingTo?: string }) => ({
      discountKind: "percent" as const,
      discountValue: 10,
      ...values,
    });
    await db
      .insert(promoCodes)
      .values([
        code({ hotelId: east.id, code: "EASTSTARTS", bookingFrom: "2026-12-02" }),
        code({ hotelId: east.id, code: "EASTENDS", bookingTo: "2026-12-01" }),
        code({ hotelId: null, code: "SITEENDS", bookingTo: "2026-12-01" }),
        code({ hotelId: null, code: "SITESTARTS", bookingFrom: "2026-12-02" }),
      ]);
    const check = (hotelId: number, promo: string) =>
      checkPromotion(db, {
        code: promo,
        hotelId,
        ratePlanId: null,
        stay: { checkIn: "2027-01-10", checkOut: "2027-01-12" },
        userId: null,
        guestEmail: "dateline@example.com",
        priceCents: 20_000,
        currency: "USD",
        now,
      });
    // In Kiritimati it is already 2 Dec: a code from 2 Dec is taken (UTC's 1 Dec would refuse it), one that ended on 1 Dec is not.
    await expect(check(east.id, "EASTSTARTS")).resolves.toMatchObject({ promoDiscountCents: 2000 });
    await expect(check(east.id, "EASTENDS")).rejects.toMatchObject({ userMessage: expect.stringMatching(/^This code expired on 1 Dec/) });
    // A site-wide code follows the hotel of the booking: still 1 Dec in Pago Pago, already 2 Dec in Kiritimati.
    await expect(check(west.id, "SITEENDS")).resolves.toMatchObject({ promoDiscountCents: 2000 });
    await expect(check(east.id, "SITEENDS")).rejects.toMatchObject({ userMessage: expect.stringMatching(/^This code expired on 1 Dec/) });
    await expect(check(west.id, "SITESTARTS")).rejects.toMatchObject({
      userMessage: expect.stringMatching(/^This code can be used from 2 Dec/),
    });
    await expect(check(east.id, "SITESTARTS")).resolves.toMatchObject({ promoDiscountCents: 2000 });
  });

  it("refuses a code longer than 40 characters before any lookup", async () => {
    const res = await t.api.bookings.$post({ json: holdBody({ promoCode: "X".repeat(41) }) });
    expect(JSON.stringify(await errorOf(res, 400))).toContain("A promo code has at most 40 characters");
  });
});

describe("member prices", () => {
  it("give a signed-in Gold member 10 % off a plan that allows member prices, before the code", async () => {
    const created = await hold(holdBody({ promoCode: "TENOFF" }), member);
    const row = await stored(created.booking.id);
    expect(row.memberDiscountCents).toBe(3000);
    expect(row.promoDiscountCents).toBe(2700);
    expect(row.totalPriceCents).toBe(24_300);
    expect(created.payment.amountCents).toBe(24_300);
  });

  it("give nothing on a plan without member prices, or to a visitor", async () => {
    const plain = await hold(holdBody({ ratePlanId: String(noMember.id) }), member);
    expect((await stored(plain.booking.id)).memberDiscountCents).toBe(0);
    const visitor = await hold(holdBody());
    expect((await stored(visitor.booking.id)).memberDiscountCents).toBe(0);
    expect((await stored(visitor.booking.id)).totalPriceCents).toBe(30_000);
  });
});

describe("the quote", () => {
  function quote(extra: Partial<QuoteInput>, cookie?: string) {
    return bookingsAs(cookie).quote.$post({ json: stayChoice(extra) });
  }

  it("shows the member price and the code as lines, the total as the hold will charge it", async () => {
    const res = await quote({ promoCode: "tenoff" }, member);
    const answer = await bodyOf(res);
    expect(answer.discounts).toEqual([
      { kind: "member", label: "Gold", cents: 3000 },
      { kind: "promotion", label: "tenoff", cents: 2700 },
    ]);
    expect(answer.subtotalCents).toBe(30_000);
    expect(answer.totalCents).toBe(24_300);
    expect(answer.amountDueNowCents).toBe(24_300);
    expect(answer.memberPriceAvailable).toBe(false);
  });

  it("tells a visitor a lower member price exists, on plans that have one", async () => {
    const visitor = await bodyOf(await quote({}));
    expect(visitor.memberPriceAvailable).toBe(true);
    expect(visitor.totalCents).toBe(30_000);
    const plain = await bodyOf(await quote({ ratePlanId: String(noMember.id) }));
    expect(plain.memberPriceAvailable).toBe(false);
  });

  it("refuses a code with the same words as the hold", async () => {
    const res = await quote({ promoCode: "LongStay" });
    expect(await errorOf(res, 400)).toMatchObject({
      code: "PROMO_CODE_NOT_VALID",
      message: "This code needs a stay of at least 4 nights.",
    });
  });
});

describe("the hotel page", () => {
  it("says which plans have member prices, so visitors can be told to sign in for a lower price", async () => {
    const res = await t.api.hotels[":id"].$get({
      param: { id: String(hotel.id) },
      query: { checkIn: d(10), checkOut: d(13), guests: "2", rooms: "1" },
    });
    const answer = await bodyOf(res);
    const plans = answer.rooms.find((r) => r.id === String(room.id))?.plans ?? [];
    expect(plans.map((p) => [p.name, p.memberPrices])).toEqual([
      ["Flexible", true],
      ["Non-refundable", false],
    ]);
  });
});

describe("a code's uses after the hold", () => {
  async function payAndConfirm(created: CreateBookingResponse) {
    const paid = await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    // The route declares no access header; the visitor's token goes as a plain request header.
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post(
      { param: { id: created.booking.id }, json: { paymentId: created.payment.paymentId } },
      { headers: { "x-booking-access": created.accessToken } },
    );
    await bodyOf(confirmed);
  }

  it("gives the use back when an unpaid hold expires", async () => {
    const code = await createCode({ code: "EXPIRING", usesLimit: 1 });
    await hold(holdBody({ promoCode: "EXPIRING" }));
    expect(await usesOf(code)).toBe(1);
    await expireHolds(bookingDeps(t.deps), new Date(Date.now() + 24 * 3600_000));
    expect(await usesOf(code)).toBe(0);
  });

  it("keeps the use of a confirmed booking that is cancelled", async () => {
    const code = await createCode({ code: "KEEPIT", usesLimit: 1 });
    const created = await hold(holdBody({ promoCode: "KEEPIT" }));
    await payAndConfirm(created);
    const cancelled = await t.api.bookings[":id"].cancel.$post({
      param: { id: created.booking.id },
      header: { "x-booking-access": created.accessToken },
    });
    await bodyOf(cancelled);
    expect((await stored(created.booking.id)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(1);
    expect(await refused(holdBody({ promoCode: "KEEPIT" }))).toBe("This code has been fully used.");
  });
});
