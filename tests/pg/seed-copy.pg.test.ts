import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { hotels, roomTypes } from "../../src/server/db/schema.ts";
import { generateHotel } from "../../src/server/db/seed/catalogue.ts";
import { copyRows, seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { createHotel } from "../factories.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { expectSeededPropertyTypes, expectSeededReviewsConsistent } from "../support/seed-checks.ts";

let temp: TempDatabase;
let database: Database;

beforeAll(async () => {
  temp = await createTempDatabase("staywise_test_seed", { migrated: true });
  database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 4 });
});

afterAll(async () => {
  await database?.close();
  await temp?.drop();
});

describe("seedCatalogue on PostgreSQL (COPY)", () => {
  it("streams hotels 1..N and their room types, and leaves the sequence after them", async () => {
    const progress: number[] = [];
    const result = await seedCatalogue(database, { hotels: 2_000, onProgress: (done) => progress.push(done) });

    expect(progress.at(-1)).toBe(2_000);
    const [hotelCount] = await database.db.select({ n: count() }).from(hotels);
    const [roomCount] = await database.db.select({ n: count() }).from(roomTypes);
    expect(hotelCount!.n).toBe(2_000);
    expect(roomCount!.n).toBe(result.roomTypes);

    const generated = generateHotel(1_499);
    const [stored] = await database.db.select().from(hotels).where(eq(hotels.id, 1_500));
    expect(stored).toMatchObject({ ...generated.hotel, rating: expect.closeTo(generated.hotel.rating, 5) });
    const rooms = await database.db.select().from(roomTypes).where(eq(roomTypes.hotelId, 1_500)).orderBy(roomTypes.id);
    expect(rooms).toMatchObject(generated.roomTypes);
    // Search reads the room types from hotels.room_offers: cheapest first, five integers each.
    expect(stored!.roomOffers).toEqual(rooms.flatMap((r) => [r.id, r.maxGuests, r.priceCents, r.totalRooms, r.originalPriceCents]));
    const [stale] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from hotels where room_offers is distinct from f_room_offers(id)`,
    );
    expect(stale!.n).toBe(0);

    // Every hotel's figures are what its review rows say, and every review is about its author's past stay there.
    await expectSeededReviewsConsistent(database.db, result.reviews);
    await expectSeededPropertyTypes(database.db);

    expect((await createHotel(database.db)).id).toBe(2_001);
  });

  it("round-trips text with tabs, line breaks, quotes, backslashes, braces and accents", async () => {
    const awkward = {
      ...generateHotel(5).hotel,
      id: 9_001,
      name: 'Hôtel "Le Tab"\there \\ back\\slash',
      location: "Line one\nline two\r\nZürich, São Paulo, Málaga",
      description: null,
      amenities: ['Quote " inside', "Back\\slash", "Comma, {brace}", "NULL", "", "Tab\tand\nnewline", "Ünïcödé ✓"],
      images: [],
    };
    const client = await database.pool!.connect();
    try {
      await copyRows(client, hotels, Object.keys(awkward), [awkward]);
    } finally {
      client.release();
    }
    const [stored] = await database.db.select().from(hotels).where(eq(hotels.id, 9_001));
    expect(stored).toMatchObject({
      name: awkward.name,
      location: awkward.location,
      description: null,
      amenities: awkward.amenities,
      images: [],
    });
  });
});
