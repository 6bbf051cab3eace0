import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { Random } from "../../src/server/db/seed/random.ts";
import { rateRules, roomTypes } from "../../src/server/db/schema.ts";
import { stayNightlyPrice } from "../../src/server/services/search/pricing-sql.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/*
 * Search prices a stay from each room type's compiled rates (room_rate_segments, decision 035);
 * the hotel page, the hold and the calendar from the rules themselves (f_stay_nights). The two must
 * agree on every stay, whatever the rules: overlapping ranges, week days, later rules overriding
 * earlier ones field by field, closed nights reopened, minimum stays, rules deleted and base prices
 * changed.
 */
const WINDOW = 40;
const start = addDays(todayUtc(), 5);

describe("compiled rates", () => {
  let t: TestApp;
  let hotelId: number;
  // Seeded, so a failure can be replayed.
  const random = new Random(35);

  beforeAll(async () => {
    t = await createTestApp();
    hotelId = (await createHotel(t.deps.db, { name: "Segment Hotel" })).id;
    for (let n = 0; n < 6; n++) await createRoomType(t.deps.db, hotelId, { name: `Room ${n}`, priceCents: 8000 + 1000 * n });
  });
  afterAll(() => t.close());

  /** Every stay of 1-7 nights starting in the window, and a few long ones: search's price against the rules'. */
  async function mismatches(): Promise<unknown[]> {
    const stays: [string, string][] = [];
    for (let d = -2; d < WINDOW; d++) for (let n = 1; n <= 7; n++) stays.push([addDays(start, d), addDays(start, d + n)]);
    for (const d of [-3, 4, 11]) stays.push([addDays(start, d), addDays(start, d + 30)]);
    const wrong: unknown[] = [];
    for (const [checkIn, checkOut] of stays) {
      const stay = { checkIn, checkOut, guests: 2, children: 0, childAges: [], rooms: 1 };
      const rows = await queryRows<{ id: number; search: number | null; rules: number | null }>(
        t.deps.db,
        sql`select rt.id, ${stayNightlyPrice(stay, sql`rt.id`, sql`rt.price_cents`)} as search,
            (select case when bool_or(n.closed) or (array_agg(n.min_stay order by n.night))[1] > ${checkOut}::date - ${checkIn}::date
                      then null else round(sum(n.price_cents)::numeric / (${checkOut}::date - ${checkIn}::date))::int end
             from f_stay_nights(rt.id, ${checkIn}::date, ${checkOut}::date) n) as rules
            from room_types rt where rt.hotel_id = ${hotelId} order by rt.id`,
      );
      for (const r of rows) if (r.search !== r.rules) wrong.push({ checkIn, checkOut, ...r });
    }
    return wrong;
  }

  async function addRandomRules(count: number): Promise<void> {
    const types = await t.deps.db.select({ id: roomTypes.id }).from(roomTypes).where(eq(roomTypes.hotelId, hotelId));
    for (let i = 0; i < count; i++) {
      const first = addDays(start, random.int(-5, WINDOW));
      const kind = random.next();
      await t.deps.db.insert(rateRules).values({
        roomTypeId: types[random.int(0, types.length - 1)]!.id,
        firstNight: first,
        lastNight: addDays(first, random.int(0, 20)),
        weekdays: random.next() < 0.5 ? 127 : random.int(1, 127),
        priceCents: kind < 0.6 ? random.int(50, 300) * 100 : null,
        closed: kind >= 0.6 && kind < 0.75 ? random.next() < 0.7 : kind > 0.95 ? false : null,
        minStay: kind >= 0.75 && kind <= 0.95 ? random.int(1, 4) : null,
      });
    }
  }

  it("price every stay as the rules do, through additions, deletions and base price changes", async () => {
    expect(await mismatches()).toEqual([]);
    await addRandomRules(40);
    const [compiled] = await queryRows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from room_rate_segments`);
    expect(compiled!.n).toBeGreaterThan(0);
    expect(await mismatches()).toEqual([]);

    // Several rules in one statement, and more on top.
    await addRandomRules(30);
    expect(await mismatches()).toEqual([]);

    // Rules deleted: some one by one, then every rule of one room type (its compiled row goes).
    const rules = await t.deps.db.select({ id: rateRules.id, roomTypeId: rateRules.roomTypeId }).from(rateRules);
    for (const r of rules.filter((_, i) => i % 4 === 0)) await t.deps.db.delete(rateRules).where(eq(rateRules.id, r.id));
    const emptied = rules[0]!.roomTypeId;
    await t.deps.db.delete(rateRules).where(eq(rateRules.roomTypeId, emptied));
    const left = await queryRows(t.deps.db, sql`select 1 from room_rate_segments where room_type_id = ${emptied}`);
    expect(left).toEqual([]);
    expect(await mismatches()).toEqual([]);

    // A new base price fills the nights no rule prices.
    await t.deps.db
      .update(roomTypes)
      .set({ priceCents: sql`${roomTypes.priceCents} + 1234` })
      .where(eq(roomTypes.hotelId, hotelId));
    expect(await mismatches()).toEqual([]);
  }, 120_000);
});
