/**
 * Test data on top of the catalogue generator: realistic rows with only the fields a test cares
 * about overridden.
 */
import type { Db } from "../src/server/db/client.ts";
import { hotels, roomTypes } from "../src/server/db/schema.ts";
import { generateHotel } from "../src/server/db/seed/catalogue.ts";

type HotelInsert = typeof hotels.$inferInsert;
type RoomTypeInsert = typeof roomTypes.$inferInsert;
export type HotelRow = typeof hotels.$inferSelect;
export type RoomTypeRow = typeof roomTypes.$inferSelect;

/** Catalogue numbers far beyond any seeded catalogue, so factory hotels never look like seeded ones. */
let nextIndex = 1_000_000;

/** Inserts a hotel (no room types) and returns the stored row. */
export async function createHotel(db: Db, overrides: Partial<HotelInsert> = {}): Promise<HotelRow> {
  const { hotel } = generateHotel(nextIndex++);
  const [row] = await db
    .insert(hotels)
    .values({ ...hotel, ...overrides })
    .returning();
  return row!;
}

/** Inserts a room type of `hotelId` and returns the stored row; the hotel's own price is left as it is. */
export async function createRoomType(
  db: Db,
  hotelId: number,
  overrides: Partial<Omit<RoomTypeInsert, "hotelId">> = {},
): Promise<RoomTypeRow> {
  const [room] = generateHotel(nextIndex++).roomTypes;
  const [row] = await db
    .insert(roomTypes)
    .values({ ...room!, ...overrides, hotelId })
    .returning();
  return row!;
}
