/**
 * db:seed --seasonal-rates at small scale on PostgreSQL: valid rules on every room type, the
 * rate_rules trigger keeping hotels.room_offers and price_cents in step, and search, the hotel page
 * and the hold pricing the same seasonal stay identically.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { seasonRules, seedSeasonalRates } from "../../src/server/db/seed/seed-rates.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";
import { holdBody } from "./hold-body.ts";

const HOTELS = 120;

let temp: TempDatabase;
let database: Database;
let written: number;
let pricesBefore: Map<number, number>;
let t: TestApp;
const progress: number[] = [];

beforeAll(async () => {
  temp = await createTempDatabase("staywise_test_seasons", { migrated: true });
  database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 4 });
  await seedCatalogue(database, { hotels: HOTELS });
  // A hidden hotel and a closed room type, whose offers the seed's own refresh must treat as the trigger does.
  await database.db.execute(sql`update hotels set hidden = true where id = (select min(id) + 1 from hotels)`);
  await database.db.execute(
    sql`update room_types set closed = true where id = (select min(id) from room_types where hotel_id = (select min(id) + 2 from hotels))`,
  );
  pricesBefore = new Map(
    (await queryRows<{ id: number; price_cents: number }>(database.db, sql`select id, price_cents from hotels`)).map((r) => [
      Number(r.id),
      Number(r.price_cents),
    ]),
  );
  // Small batches, so the seed refreshes room_offers once per batch as on the big catalogue.
  written = await seedSeasonalRates(database.db, { batch: 50, onProgress: (done) => progress.push(done) });
  t = await createTestApp({ HOLD_MAX_PENDING_PER_ADDRESS: "100" }, database);
}, 300_000);

afterAll(async () => {
  await database?.close();
  await temp?.drop();
});

const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe("season rules", () => {
  it("fall inside the year from today: weekends all year, winter and summer seasons, Christmas and closed nights for some hotels", () => {
    const rules = seasonRules("2026-11-23");
    expect(rules.map((r) => [r.first, r.last, r.weekdays, r.factor, r.minStay, r.closed, r.everyNthHotel])).toEqual([
      ["2026-11-23", "2027-11-22", 0b011_0000, 1.15, null, null, 1],
      ["2027-01-07", "2027-03-20", 127, 0.85, null, null, 1],
      ["2027-01-07", "2027-03-20", 0b011_0000, 0.85 * 1.15, null, null, 1],
      ["2027-06-15", "2027-09-15", 127, 1.3, null, null, 1],
      ["2027-06-15", "2027-09-15", 0b011_0000, 1.3 * 1.15, null, null, 1],
      ["2026-12-20", "2027-01-02", 127, null, 2, null, 4],
      ["2027-11-10", "2027-11-12", 127, null, null, true, 50],
    ]);
  });
});

describe("db:seed --seasonal-rates on PostgreSQL", () => {
  it("writes the season rules on every room type, with positive prices derived from the base price", async () => {
    const rules = seasonRules();
    const [counts] = await q<{ rules: number; expected: number; bad: number }>(sql`
      select (select count(*)::int from rate_rules) as rules,
        (select sum(n)::int from (select (select count(*) from unnest(${`{${rules.map((r) => r.everyNthHotel).join(",")}}`}::int[]) e where rt.hotel_id % e = 0) as n
           from room_types rt) x) as expected,
        (select count(*)::int from rate_rules r join room_types rt on rt.id = r.room_type_id
           where r.first_night < ${todayUtc()}::date or r.last_night > ${addDays(todayUtc(), 364)}::date
              or (r.price_cents is null) = (r.min_stay is null and r.closed is null)
              or r.price_cents < round(rt.price_cents * 0.85) or r.price_cents > round(rt.price_cents * 1.3 * 1.15) + 1) as bad`);
    expect(counts).toEqual({ rules: written, expected: written, bad: 0 });
    expect(written).toBeGreaterThanOrEqual(HOTELS * 3);
    expect(progress).toEqual([50, 100, HOTELS]);
  });

  it("writes with the trigger off what the trigger writes, and leaves the trigger on", async () => {
    const rows = await q<{ id: number; price_cents: number; hidden: boolean; offers: number[]; expected_floor: number | null }>(sql`
      select h.id, h.price_cents, h.hidden, h.room_offers as offers, f_room_floor(f_room_offers(h.id), 1) as expected_floor
      from hotels h order by h.id`);
    expect(rows.length).toBe(HOTELS);
    for (const row of rows) {
      const before = pricesBefore.get(Number(row.id))!;
      const floor = row.expected_floor === null ? before : Number(row.expected_floor);
      expect({ id: row.id, price: Number(row.price_cents) }).toEqual({ id: row.id, price: Math.min(before, floor) });
    }
    expect(rows.find((r) => r.hidden)?.offers).toEqual([]);
    // The seasons lowered some hotels' walk price (winter rules are cheaper than the base price).
    expect(rows.filter((r) => Number(r.price_cents) < pricesBefore.get(Number(r.id))!).length).toBeGreaterThan(0);
    const [trigger] = await q<{ enabled: string }>(
      sql`select tgenabled as enabled from pg_trigger where tgname = 'rate_rules_room_offers_insert'`,
    );
    expect(trigger?.enabled).toBe("O");
  });

  it("writes the compiled rates that the rules compile to, and leaves that trigger on", async () => {
    type Segments = { room_type_id: number; starts: string[]; prices: (number | null)[]; min_stays: number[] | null };
    const read = () => q<Segments>(sql`select room_type_id, starts, prices, min_stays from room_rate_segments order by room_type_id`);
    const seeded = await read();
    const [types] = await q<{ n: number }>(sql`select count(*)::int as n from room_types`);
    expect(seeded.length).toBe(types!.n);
    // Some hotels have the Christmas minimum stay, some the closed November nights.
    expect(seeded.some((r) => r.min_stays !== null)).toBe(true);
    expect(seeded.some((r) => r.prices.includes(null))).toBe(true);
    await database.db.execute(sql`select f_refresh_rate_segments(array(select id from room_types))`);
    expect(await read()).toEqual(seeded);
    const triggers = await q<{ name: string; enabled: string }>(
      sql`select tgname as name, tgenabled as enabled from pg_trigger where tgname like 'rate_rules_rate_segments_%' order by tgname`,
    );
    expect(triggers.map((t) => t.enabled)).toEqual(["O", "O", "O"]);
  });

  it("keeps room_offers, the hotels' walk price and offers_at_floor in step with the rules", async () => {
    const [stale] = await q<{ n: number }>(sql`
      select count(*)::int as n from hotels h
      where h.room_offers is distinct from f_room_offers(h.id) or h.price_cents > f_room_floor(h.room_offers, 1)
        or h.offers_at_floor <> f_hotel_offers_at_floor(h.id)`);
    expect(stale!.n).toBe(0);
  });

  it("prices a stay across a weekend the same in search, on the hotel page and in the hold", async () => {
    const checkIn = addDays(todayUtc(), 20);
    const checkOut = addDays(checkIn, 7);
    const [room] = await q<{ hotel_id: number; id: number; city: string; total: number; average: number; nights: number[] }>(sql`
      select rt.hotel_id, rt.id, h.city, s.total, round(s.total::numeric / 7)::int as average,
        (select array_agg(n.price_cents order by n.night) from f_stay_nights(rt.id, ${checkIn}::date, ${checkOut}::date) n) as nights
      from room_types rt join hotels h on h.id = rt.hotel_id
      cross join lateral (select f_stay_price(rt.id, rt.price_cents, ${checkIn}::date, ${checkOut}::date) as total) s
      where rt.max_guests >= 2 and s.total is not null
        and s.total = (select min(f_stay_price(x.id, x.price_cents, ${checkIn}::date, ${checkOut}::date)) from room_types x
                       where x.hotel_id = rt.hotel_id and x.max_guests >= 2)
      order by rt.hotel_id limit 1`);
    expect(room).toBeDefined();
    // The weekend nights cost more than the week nights: the rules are in the price.
    expect(new Set(room!.nights).size).toBeGreaterThan(1);
    const stay = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`;

    const search = await t.request("GET", `/api/hotels/search?destination=${encodeURIComponent(room!.city)}&${stay}&pageSize=50`);
    expect(search.status).toBe(200);
    const found = ((await search.json()) as { hotels: { id: string; priceCents: number }[] }).hotels.find(
      (h) => h.id === String(room!.hotel_id),
    );
    expect(found?.priceCents).toBe(room!.average);

    const detail = await t.request("GET", `/api/hotels/${room!.hotel_id}?${stay}`);
    const rooms = ((await detail.json()) as { rooms: { id: string; stayPriceCents: number; nightlyPrices: { priceCents: number }[] }[] })
      .rooms;
    const shown = rooms.find((r) => r.id === String(room!.id));
    expect(shown?.stayPriceCents).toBe(room!.total);
    expect(shown?.nightlyPrices.map((n) => n.priceCents)).toEqual(room!.nights);

    const hold = await t.request("POST", "/api/bookings", {
      body: holdBody(room!.hotel_id, room!.id, { checkIn, checkOut }, "Season Guest"),
    });
    expect(hold.status, await hold.clone().text()).toBe(201);
    const { booking } = (await hold.json()) as { booking: { totalPriceCents: number } };
    expect(booking.totalPriceCents).toBe(room!.total);
  });
});
