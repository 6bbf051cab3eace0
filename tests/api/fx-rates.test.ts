import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, fxRates, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { createLogger } from "../../src/server/logger.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { runFxFeedRound } from "../../src/server/services/fx-rates.ts";
import { runFxFeedJobRound } from "../../src/server/workers.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let admin: string;
let traveller: string;

/** The feed: whatever the test puts here is served at /rates.json, counting the requests. */
let feed: { status: number; body: string } = { status: 200, body: "{}" };
let feedHits = 0;
let feedServer: Server;
let feedUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "fx-admin@example.com", password: "fx-admin-password", name: "FX Admin" }, "test");
  admin = await signIn(t, "fx-admin@example.com", "fx-admin-password");
  await signUp(t, "fx-traveller@example.com");
  traveller = await signIn(t, "fx-traveller@example.com");
  feedServer = createServer((_req, res) => {
    feedHits++;
    res.writeHead(feed.status, { "content-type": "application/json" }).end(feed.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/rates.json`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
  await t.close();
});

async function storedRates(): Promise<Record<string, { micros: number; source: string; demo: boolean }>> {
  const rows = await t.deps.db.select().from(fxRates);
  return Object.fromEntries(rows.map((r) => [r.currency, { micros: r.rateMicros, source: r.source, demo: r.demo }]));
}

async function latestActivity(types: string[]) {
  const [row] = await t.deps.db
    .select()
    .from(activityLogs)
    .where(inArray(activityLogs.actionType, types))
    .orderBy(desc(activityLogs.id))
    .limit(1);
  return row;
}

describe("public rates", () => {
  it("serves the seeded demo rates to anyone, cacheable, with an ETag", async () => {
    const res = await t.request("GET", "/api/fx-rates");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const tag = res.headers.get("etag");
    expect(tag).toMatch(/^W\/"/);
    const body = (await res.json()) as { updatedAt: Record<string, string> };
    expect(body).toEqual({
      base: "USD",
      rates: { EUR: "0.92", GBP: "0.79", JPY: "151.5", CAD: "1.37", AUD: "1.52", CHF: "0.88" },
      demo: true,
      // When each rate was set, for the note beside an estimate ("1 USD = 0.92 EUR, as of ...").
      updatedAt: Object.fromEntries(["EUR", "GBP", "JPY", "CAD", "AUD", "CHF"].map((c) => [c, expect.any(String)])),
    });
    expect(Number.isNaN(Date.parse(body.updatedAt.EUR!))).toBe(false);
    const again = await t.request("GET", "/api/fx-rates", { headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
  });
});

describe("admin rates", () => {
  it("is refused to visitors (401) and to travellers (403)", async () => {
    expect((await t.request("GET", "/api/admin/fx-rates")).status).toBe(401);
    expect((await t.request("GET", "/api/admin/fx-rates", { cookie: traveller })).status).toBe(403);
    const put = await t.request("PUT", "/api/admin/fx-rates/EUR", { cookie: traveller, body: { rate: "0.5" } });
    expect(put.status).toBe(403);
    expect((await storedRates()).EUR?.micros).toBe(920_000);
  });

  it("lists the rates with their source and the feed status", async () => {
    const res = await t.request("GET", "/api/admin/fx-rates", { cookie: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { base: string; rates: { currency: string; rate: string; demo: boolean }[]; feed: unknown };
    expect(body.base).toBe("USD");
    expect(body.rates.map((r) => r.currency)).toEqual(["EUR", "GBP", "JPY", "CAD", "AUD", "CHF"]);
    expect(body.rates[0]).toMatchObject({ currency: "EUR", rate: "0.92", source: "manual", demo: true });
    expect(body.feed).toEqual({ host: null, latest: null });
  });

  it("updates one rate by hand exactly, drops the demo label and logs who did it", async () => {
    const res = await t.request("PUT", "/api/admin/fx-rates/JPY", { cookie: admin, body: { rate: "149.123456" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { rates: { currency: string; rate: string; source: string; demo: boolean }[] };
    expect(body.rates.find((r) => r.currency === "JPY")).toMatchObject({ rate: "149.123456", source: "manual", demo: false });
    expect((await storedRates()).JPY).toEqual({ micros: 149_123_456, source: "manual", demo: false });
    const logged = await latestActivity(["fx_rate_updated"]);
    expect(logged).toMatchObject({
      userEmail: "fx-admin@example.com",
      details: { currency: "JPY", base: "USD", from: "151.5", to: "149.123456" },
    });
    const publicRates = (await (await t.request("GET", "/api/fx-rates")).json()) as { rates: Record<string, string> };
    expect(publicRates.rates.JPY).toBe("149.123456");
  });

  it.each([
    ["EUR", { rate: "abc" }, "Enter the rate as a number such as 0.92"],
    ["EUR", { rate: "0.1234567" }, "at most 6 decimal places"],
    ["EUR", { rate: "-1" }, "Enter the rate as a number"],
    ["EUR", { rate: "0" }, "A rate must be more than 0"],
    ["EUR", { rate: "" }, "Enter a rate"],
    ["EUR", {}, "rate"],
    ["EUR", { rate: "0.00001" }, "A rate must be between 0.0001 and 100000 per USD"],
    ["EUR", { rate: "9.2" }, "more than 5 times away from the current rate (0.92)"],
    ["EUR", { rate: "0.092" }, "more than 5 times away from the current rate (0.92)"],
    ["USD", { rate: "1" }, "currency must be one of EUR, GBP, JPY, CAD, AUD, CHF"],
    ["XYZ", { rate: "1" }, "currency must be one of"],
  ])("refuses %s %j with a 400 that says why", async (currency, body, message) => {
    const res = await t.request("PUT", `/api/admin/fx-rates/${currency}`, { cookie: admin, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
    expect((await storedRates()).EUR?.micros).toBe(920_000);
  });
});

describe("the FX_RATES_URL feed", () => {
  const deps = () => ({ db: t.deps.db, logger: createLogger("silent"), url: feedUrl });
  const good = JSON.stringify({ base: "USD", rates: { EUR: 0.9312, GBP: 0.7801, JPY: 150.25, XAU: 0.0004, CHF: 0.8845 } });

  it("runs once per round across instances: of two rounds claimed together, one fetches", async () => {
    feed = { status: 503, body: "down" };
    feedHits = 0;
    const outcomes = await Promise.all([runFxFeedJobRound(deps()), runFxFeedJobRound(deps())]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes).toContain("failed");
    expect(feedHits).toBe(1);
    expect(await runFxFeedJobRound(deps())).toBeNull();
    expect(feedHits).toBe(1);
  });

  it.each([
    [{ status: 500, body: "oops" }, "The feed answered HTTP 500"],
    [{ status: 200, body: "<html>" }, "not JSON"],
    [{ status: 200, body: JSON.stringify({ base: "EUR", rates: { USD: 1.08 } }) }, "The feed's base must be USD"],
    [{ status: 200, body: JSON.stringify({ base: "USD", rates: { XAU: 0.0004 } }) }, "none of the rates we show"],
    // All or nothing: GBP is fine, but EUR's decimal point slipped, so neither is used.
    [{ status: 200, body: JSON.stringify({ base: "USD", rates: { EUR: 92, GBP: 0.78 } }) }, "EUR: That is more than 5 times away"],
    [{ status: 200, body: JSON.stringify({ base: "USD", rates: { EUR: 0.9200001 } }) }, "EUR: not a rate with at most 6 decimal places"],
  ])("keeps the old rates and records the failure when the feed answers %j", async (answer, message) => {
    feed = answer;
    const before = await storedRates();
    expect(await runFxFeedRound(deps())).toBe("failed");
    expect(await storedRates()).toEqual(before);
    const logged = await latestActivity(["fx_feed_failed", "fx_feed_updated"]);
    expect(logged?.actionType).toBe("fx_feed_failed");
    expect(String((logged?.details as { message: string }).message)).toContain(message);
  });

  it("stores a good document's rates for our currencies exactly, and the admin page shows the outcome", async () => {
    feed = { status: 200, body: good };
    expect(await runFxFeedRound(deps())).toBe("updated");
    const rates = await storedRates();
    expect(rates.EUR).toEqual({ micros: 931_200, source: "feed", demo: false });
    expect(rates.JPY).toEqual({ micros: 150_250_000, source: "feed", demo: false });
    expect(rates.CHF?.micros).toBe(884_500);
    // Not in the document: kept as it was.
    expect(rates.CAD).toEqual({ micros: 1_370_000, source: "manual", demo: true });
    expect(rates.XAU).toBeUndefined();
    const page = (await (await t.request("GET", "/api/admin/fx-rates", { cookie: admin })).json()) as { feed: { latest: unknown } };
    expect(page.feed.latest).toMatchObject({ outcome: "updated", message: "Updated EUR, GBP, JPY, CHF" });
  });

  it("does not fetch again within a day of an update", async () => {
    feedHits = 0;
    expect(await runFxFeedRound(deps())).toBe("not_due");
    expect(feedHits).toBe(0);
  });
});

describe("bookings and display currencies", () => {
  it("a booking made while showing EUR stores and charges the hotel's USD cents, never a converted amount", async () => {
    const hotel = await createHotel(t.deps.db, { name: "Euro Display Hotel" });
    const room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 12345, maxGuests: 2, totalRooms: 3 });
    const checkIn = addDays(todayUtc(), 20);
    const res = await t.request("POST", "/api/bookings", {
      cookie: traveller,
      // What the booking dialog sends with EUR picked, plus a browser insisting on EUR: the currency is not the browser's to choose.
      body: {
        hotelId: String(hotel.id),
        roomTypeId: String(room.id),
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        rooms: 1,
        guestName: "Euro Guest",
        guestEmail: "fx-traveller@example.com",
        guestPhone: "+33 1 23 45 67 89",
        currency: "EUR",
        displayCurrency: "EUR",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as CreateBookingResponse;
    expect(created.booking).toMatchObject({ currency: "USD", roomPriceCents: 12345, totalPriceCents: 24690, amountDueCents: 24690 });
    expect(created.payment).toMatchObject({ amountCents: 24690, currency: "USD" });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ totalPriceCents: 24690, roomPriceCents: 12345 });
    const [intent] = await t.deps.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent).toMatchObject({ amountCents: 24690, currency: "USD" });
  });
});
