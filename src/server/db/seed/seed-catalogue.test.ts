import { readFile } from "node:fs/promises";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotel, createRoomType } from "../../../../tests/factories.ts";
import { type Database, openDatabase, queryRows } from "../client.ts";
import { migrateDatabase, migrationsFolder } from "../migrate.ts";
import { hotels, roomTypes } from "../schema.ts";
import { generateHotel } from "./catalogue.ts";
import { seedCatalogue } from "./seed-catalogue.ts";
import { expectSeededPropertyTypes, expectSeededReviewsConsistent } from "../../../../tests/support/seed-checks.ts";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: null });
  await migrateDatabase(database);
});

afterAll(async () => {
  await database?.close();
});

describe("seedCatalogue on PGlite", () => {
  it("writes hotels 1..N with their room types and reports progress", async () => {
    const progress: number[] = [];
    const result = await seedCatalogue(database, { hotels: 600, onProgress: (done) => progress.push(done) });

    expect(result.hotels).toBe(600);
    expect(progress).toEqual([500, 600]);
    const [hotelCount] = await database.db.select({ n: count() }).from(hotels);
    const [roomCount] = await database.db.select({ n: count() }).from(roomTypes);
    expect(hotelCount!.n).toBe(600);
    expect(roomCount!.n).toBe(result.roomTypes);

    const generated = generateHotel(16);
    const [stored] = await database.db.select().from(hotels).where(eq(hotels.id, 17));
    expect(stored).toMatchObject({ ...generated.hotel, rating: expect.closeTo(generated.hotel.rating, 5) });
    const rooms = await database.db.select().from(roomTypes).where(eq(roomTypes.hotelId, 17)).orderBy(roomTypes.id);
    expect(rooms.map((r) => r.name)).toEqual(generated.roomTypes.map((r) => r.name));
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
  }, 120_000);

  it("gives catalogues seeded before migration 0013 the property type the seed now writes", async () => {
    const text = await readFile(path.join(migrationsFolder, "0013_search_filters.sql"), "utf8");
    const rewrite = text.split("--> statement-breakpoint").find((statement) => statement.includes("TYPE text USING"));
    await database.db.execute(sql`update hotels set property_type = 'hotel'`);
    await database.db.execute(sql.raw(rewrite!));
    await expectSeededPropertyTypes(database.db);
  });

  it("leaves the id sequence after the seeded hotels, so later inserts work", async () => {
    const hotel = await createHotel(database.db, { name: "Factory Hotel" });
    expect(hotel.id).toBe(601);
    const room = await createRoomType(database.db, hotel.id, { totalRooms: 1 });
    expect(room).toMatchObject({ hotelId: 601, totalRooms: 1 });
  });

  it("refuses to seed over an existing catalogue unless asked to truncate", async () => {
    await expect(seedCatalogue(database, { hotels: 10 })).rejects.toThrow(/not empty/);
    const result = await seedCatalogue(database, { hotels: 300, seed: 7, truncate: true });
    const [hotelCount] = await database.db.select({ n: count() }).from(hotels);
    expect(hotelCount!.n).toBe(300);
    const [first] = await database.db.select().from(hotels).where(eq(hotels.id, 1));
    expect(first!.name).toBe(generateHotel(0, 7).hotel.name);
    expect(result.roomTypes).toBeGreaterThanOrEqual(600);
    expect((await createHotel(database.db)).id).toBe(301);
  });
});
