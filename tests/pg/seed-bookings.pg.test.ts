/**
 * The benchmark booking load (db:seed --bookings) at small scale on PostgreSQL: real bookings and
 * room_nights rows that agree with each other, occupancy shaped by city and weekday, sold-out
 * nights, and search treating those nights as sold out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { sql } from "drizzle-orm";
import { FEATURED_CITIES } from "../../src/server/db/seed/destinations.ts";
import { seedBookings, type SeedBookingsResult } from "../../src/server/db/seed/seed-bookings.ts";
import { seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const HOTELS = 150;
const DAYS = 42;

let temp: TempDatabase;
let database: Database;
let result: SeedBookingsResult;
let t: TestApp;
const progress: number[] = [];
/** The indexes of bookings and room_nights before the load, which drops the secondary ones and builds them again. */
let indexesBefore: { name: string; definition: string }[];

const indexesOf = (db: Database["db"]) =>
  queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename in ('bookings', 'room_nights') order by indexname`,
  );

beforeAll(async () => {
  temp = await createTempDatabase("staywise_test_load", { migrated: true });
  database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 4 });
  await seedCatalogue(database, { hotels: HOTELS });
  indexesBefore = await indexesOf(database.db);
  // More than the catalogue holds: every hotel gets its load.
  result = await seedBookings(database, { roomNights: 100_000_000, days: DAYS, onProgress: (p) => progress.push(p.roomNights) });
  t = await createTestApp({}, database);
}, 300_000);

afterAll(async () => {
  await database?.close();
  await temp?.drop();
});

const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe("db:seed --bookings on PostgreSQL", () => {
  it("books every hotel through the bookings and room_nights tables, rows that agree with each other", async () => {
    expect(result.hotels).toBe(HOTELS);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(result.roomNights);

    const [totals] = await q<{ bookings: number; booked: number; taken: number; rows: number }>(sql`
      select (select count(*)::int from bookings where id like 'load-%') as bookings,
             (select sum(num_rooms * total_nights)::int from bookings where id like 'load-%') as booked,
             (select sum(rooms_taken)::int from room_nights) as taken,
             (select count(*)::int from room_nights) as rows`);
    expect(totals).toEqual({ bookings: result.bookings, booked: result.roomNights, taken: result.roomNights, rows: result.roomNightRows });

    // Every room_nights row is exactly the rooms of the bookings that cover that night, within the room count.
    const [mismatch] = await q<{ n: number }>(sql`
      with covered as (
        select b.room_type_id, n::date as night, sum(b.num_rooms)::int as rooms
        from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') n
        where b.id like 'load-%' group by 1, 2)
      select count(*)::int as n from room_nights rn
      full join covered c on c.room_type_id = rn.room_type_id and c.night = rn.night
      join room_types rt on rt.id = coalesce(rn.room_type_id, c.room_type_id)
      where rn.rooms_taken is distinct from c.rooms or rn.rooms_total <> rt.total_rooms or rn.rooms_taken > rn.rooms_total`);
    expect(mismatch!.n).toBe(0);

    // A load this large builds the secondary indexes once at the end: every one is back as it was.
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(await indexesOf(database.db)).toEqual(indexesBefore);

    // Paid, confirmed stays of demo guests inside the window, priced as the app prices them.
    const today = todayUtc();
    const [odd] = await q<{ n: number }>(sql`
      select count(*)::int as n from bookings b join room_types rt on rt.id = b.room_type_id join hotels h on h.id = b.hotel_id
      where b.id like 'load-%' and not (
        b.status = 'confirmed' and b.payment_status = 'completed' and b.user_id like 'demo-guest-%'
        and b.check_in >= ${today}::date and b.check_out <= ${addDays(today, DAYS)}::date
        and b.total_nights = b.check_out - b.check_in and b.total_price_cents = rt.price_cents * b.total_nights * b.num_rooms
        and b.hotel_name = h.name and b.room_type = rt.name and b.num_guests between b.num_rooms and rt.max_guests * b.num_rooms
        and b.created_at < now() and b.booking_reference ~ '^BK[0-9]{13}[A-Z]{5}$')`);
    expect(odd!.n).toBe(0);
  });

  it("fills popular cities' weekends to 60-90 %, fuller than their weekdays and than other cities, with some nights sold out", async () => {
    const rows = await q<{ featured: boolean; weekend: boolean; occupancy: number }>(sql`
      select h.city = any(${sql.raw(`array[${FEATURED_CITIES.map((c) => `'${c}'`).join(",")}]`)}) as featured,
             extract(isodow from n) in (5, 6) as weekend,
             sum(coalesce(rn.rooms_taken, 0))::float / sum(rt.total_rooms) as occupancy
      from room_types rt join hotels h on h.id = rt.hotel_id
      cross join generate_series(${todayUtc()}::date, ${addDays(todayUtc(), 27)}::date, interval '1 day') n
      left join room_nights rn on rn.room_type_id = rt.id and rn.night = n::date
      group by 1, 2`);
    const occupancy = (featured: boolean, weekend: boolean) =>
      rows.find((r) => r.featured === featured && r.weekend === weekend)!.occupancy;
    expect(occupancy(true, true)).toBeGreaterThanOrEqual(0.6);
    expect(occupancy(true, true)).toBeLessThanOrEqual(0.9);
    expect(occupancy(true, true)).toBeGreaterThan(occupancy(true, false));
    expect(occupancy(true, true)).toBeGreaterThan(occupancy(false, true));
    expect(occupancy(false, false)).toBeGreaterThan(0.1);

    const [soldOut] = await q<{ n: number }>(sql`select count(*)::int as n from room_nights where rooms_taken = rooms_total`);
    expect(soldOut!.n).toBeGreaterThan(0);
  });

  it("shows sold-out nights as sold out on the hotel page and leaves fully booked hotels out of search", async () => {
    // A room type sold out on one night, in a hotel whose other rooms are all sold out that night too.
    const [full] = await q<{ hotel_id: number; city: string; night: string }>(sql`
      select h.id as hotel_id, h.city, rn.night::text as night from hotels h
      join room_types rt on rt.hotel_id = h.id
      join room_nights rn on rn.room_type_id = rt.id
      group by h.id, h.city, rn.night
      having bool_and(rn.rooms_taken = rn.rooms_total) and count(*) = (select count(*) from room_types x where x.hotel_id = h.id)
      order by h.id, rn.night limit 1`);
    expect(full, "some hotel is fully booked on some night").toBeDefined();
    const stay = `checkIn=${full!.night}&checkOut=${addDays(full!.night, 1)}&guests=1&rooms=1`;

    const detail = await t.request("GET", `/api/hotels/${full!.hotel_id}?${stay}`);
    expect(detail.status).toBe(200);
    const rooms = ((await detail.json()) as { rooms: { bookable: boolean; unavailableReason: string | null }[] }).rooms;
    expect(rooms.length).toBeGreaterThan(0);
    for (const room of rooms) expect(room).toMatchObject({ bookable: false, unavailableReason: "Sold out for these dates" });

    const search = await t.request("GET", `/api/hotels/search?destination=${encodeURIComponent(full!.city)}&${stay}&pageSize=50`);
    expect(search.status).toBe(200);
    const ids = ((await search.json()) as { hotels: { id: string }[] }).hotels.map((h) => h.id);
    expect(ids).not.toContain(String(full!.hotel_id));
    // The same hotel is found on a night it has rooms: search did look at it.
    const [free] = await q<{ night: string }>(sql`
      select n::date::text as night from generate_series(${todayUtc()}::date, ${addDays(todayUtc(), DAYS - 1)}::date, interval '1 day') n
      where exists (select 1 from room_types rt left join room_nights rn on rn.room_type_id = rt.id and rn.night = n::date
                    where rt.hotel_id = ${full!.hotel_id} and coalesce(rn.rooms_taken, 0) < rt.total_rooms)
      order by 1 limit 1`);
    const open = await t.request(
      "GET",
      `/api/hotels/search?destination=${encodeURIComponent(full!.city)}&checkIn=${free!.night}&checkOut=${addDays(free!.night, 1)}&guests=1&rooms=1&pageSize=50`,
    );
    expect(((await open.json()) as { hotels: { id: string }[] }).hotels.map((h) => h.id)).toContain(String(full!.hotel_id));
  });

  it("refuses to book over nights that are already booked", async () => {
    await expect(seedBookings(database, { roomNights: 1_000, days: DAYS })).rejects.toThrow(/already booked/);
  });
});
