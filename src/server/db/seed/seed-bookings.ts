/**
 * Writes the benchmark booking load (booking-load.ts) into the tables real bookings use: `bookings`
 * rows (confirmed, paid) and their `room_nights`. COPY streams on PostgreSQL, batched inserts on
 * PGlite. Hotels are filled in id order until the requested room-nights are booked (decision 019).
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database, Db } from "../client.ts";
import { queryRows } from "../client.ts";
import { bookings, roomNights } from "../schema.ts";
import { type HotelLoad, type LoadHotel, generateHotelLoad } from "./booking-load.ts";
import { DEFAULT_CATALOGUE_SEED } from "./catalogue.ts";
import { BOOKING_KEYS, copyRows, ensureDemoGuests, withIndexesDeferred } from "./seed-catalogue.ts";
import { todayUtc } from "../../../shared/dates.ts";

/** The benchmark load: at least 20M booked room-nights over the next 180 days. */
export const DEFAULT_BOOKED_ROOM_NIGHTS = 20_000_000;
export const BOOKING_DAYS = 180;

export interface SeedBookingsOptions {
  /** Stop after the hotel that brings the booked room-nights to this many. */
  roomNights: number;
  seed?: number;
  /** Nights from today that get bookings (BOOKING_DAYS unless a test wants fewer). */
  days?: number;
  /** Called after every chunk with the room-nights booked so far. */
  onProgress?: (progress: SeedBookingsProgress) => void;
}

export interface SeedBookingsProgress {
  hotels: number;
  bookings: number;
  roomNights: number;
  target: number;
}

export interface SeedBookingsResult extends SeedBookingsProgress {
  /** room_nights rows written (room type × night with something booked). */
  roomNightRows: number;
  ms: number;
}

/**
 * From this many room-nights on, the PostgreSQL load drops the secondary indexes of bookings and
 * room_nights and builds them once at the end: eleven indexes of bookings, several of them in random
 * order (guest, creation time), took the COPY from 157,000 to 77,000 room-nights a second as they
 * outgrew memory (booked 2M catalogue, 2026-11-29).
 */
const BULK_LOAD_ROOM_NIGHTS = 1_000_000;

/** Hotels read and generated at a time; about 20,000 bookings on PostgreSQL, fewer per insert on PGlite. */
const CHUNK_HOTELS = 25;

const ROOM_NIGHT_KEYS = ["roomTypeId", "night", "roomsTotal", "roomsTaken"] as const;

/**
 * Books the catalogue's hotels, from the lowest id up, with the realistic load until `roomNights`
 * room-nights are booked (or every hotel is). Refuses to run over existing bookings of those nights,
 * whose room_nights rows the load would otherwise collide with.
 */
export async function seedBookings(database: Database, opts: SeedBookingsOptions): Promise<SeedBookingsResult> {
  const started = performance.now();
  const { db } = database;
  const days = opts.days ?? BOOKING_DAYS;
  const firstNight = todayUtc();
  const loadOptions = { seed: opts.seed ?? DEFAULT_CATALOGUE_SEED, firstNight, days, now: new Date() };
  if (!Number.isSafeInteger(opts.roomNights) || opts.roomNights < 1) throw new Error(`Invalid room-night count: ${opts.roomNights}`);
  const [taken] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${roomNights} where night >= ${firstNight}) as any`,
  );
  if (taken?.any)
    throw new Error("Rooms are already booked from today on; seed the booking load onto a fresh catalogue (db:seed --truncate)");
  await ensureDemoGuests(db);

  const progress: SeedBookingsProgress = { hotels: 0, bookings: 0, roomNights: 0, target: opts.roomNights };
  let roomNightRows = 0;
  const loadWith = async (writer: LoadWriter) => {
    let lastId = 0;
    try {
      while (progress.roomNights < opts.roomNights) {
        const chunk = await readHotels(db, lastId, CHUNK_HOTELS);
        if (chunk.length === 0) break;
        const loads: HotelLoad[] = [];
        for (const hotel of chunk) {
          if (progress.roomNights >= opts.roomNights) break;
          const load = generateHotelLoad(hotel, loadOptions);
          loads.push(load);
          progress.hotels++;
          progress.bookings += load.bookings.length;
          progress.roomNights += load.roomNightCount;
          roomNightRows += load.roomNights.length;
          lastId = hotel.id;
        }
        // Generating the next chunk overlaps with the database writing this one.
        await writer.write(loads);
        opts.onProgress?.({ ...progress });
      }
      await writer.finish();
    } finally {
      writer.release();
    }
  };
  if (database.kind !== "postgres") await loadWith(insertWriter(db));
  else if (opts.roomNights < BULK_LOAD_ROOM_NIGHTS) await loadWith(copyWriter(database.pool!));
  else await withIndexesDeferred(database.pool!, ["bookings", "room_nights"], () => loadWith(copyWriter(database.pool!)));
  await db.execute(sql`analyze ${bookings}, ${roomNights}`);
  return { ...progress, roomNightRows, ms: Math.round(performance.now() - started) };
}

/** The next `limit` hotels after `afterId` with their room types, in id order. */
async function readHotels(db: Db, afterId: number, limit: number): Promise<LoadHotel[]> {
  const rows = await queryRows<{
    hotel_id: number;
    hotel_name: string;
    city: string;
    country: string;
    lat: number;
    id: number | null;
    name: string | null;
    price_cents: number | null;
    max_guests: number | null;
    total_rooms: number | null;
  }>(
    db,
    sql`select h.id as hotel_id, h.name as hotel_name, h.city, h.country, h.lat, r.id, r.name, r.price_cents, r.max_guests, r.total_rooms
      from (select id, name, city, country, lat from hotels where id > ${afterId} order by id limit ${limit}) h
      left join room_types r on r.hotel_id = h.id
      order by h.id, r.id`,
  );
  const hotels: LoadHotel[] = [];
  for (const row of rows) {
    let hotel = hotels.at(-1);
    if (!hotel || hotel.id !== row.hotel_id) {
      hotel = { id: row.hotel_id, name: row.hotel_name, city: row.city, country: row.country, lat: row.lat, roomTypes: [] };
      hotels.push(hotel);
    }
    if (row.id !== null) {
      (hotel.roomTypes as LoadHotel["roomTypes"][number][]).push({
        id: row.id,
        name: row.name!,
        priceCents: row.price_cents!,
        maxGuests: row.max_guests!,
        totalRooms: row.total_rooms!,
      });
    }
  }
  return hotels;
}

interface LoadWriter {
  /** Starts writing these loads; resolves once the writes before them are done (one chunk in flight). */
  write(loads: HotelLoad[]): Promise<void>;
  finish(): Promise<void>;
  release(): void;
}

/**
 * Two connections: bookings and room_nights of a chunk are copied side by side (neither refers to
 * the other), each chunk in its own COPY, so progress is committed as it goes.
 */
function copyWriter(pool: pg.Pool): LoadWriter {
  const clients: Promise<[pg.PoolClient, pg.PoolClient]> = Promise.all([loadConnection(pool), loadConnection(pool)]);
  let pending: Promise<void> = Promise.resolve();
  return {
    async write(loads) {
      await pending;
      const [bookingClient, nightClient] = await clients;
      pending = Promise.all([
        copyRows(bookingClient, bookings, BOOKING_KEYS, flatten(loads, (l) => l.bookings) as Iterable<Record<string, unknown>>),
        copyRows(nightClient, roomNights, ROOM_NIGHT_KEYS, flatten(loads, (l) => l.roomNights) as Iterable<Record<string, unknown>>),
      ]).then(() => {});
      // Awaited on the next turn; until then a failure must not count as an unhandled rejection.
      pending.catch(() => {});
    },
    finish: () => pending,
    release() {
      void clients.then(
        ([a, b]) => {
          // A connection that failed mid-COPY, or that skips foreign-key checks, is not given back as it is.
          a.release(true);
          b.release(true);
        },
        () => {},
      );
    },
  };
}

/**
 * A connection for the COPYs. As a superuser it skips the foreign-key checks, as pg_restore's
 * --disable-triggers does: three lookups and row locks per booking would halve the speed, and every
 * key comes from rows just read from the same tables. (bookings and room_nights have no other triggers.)
 */
async function loadConnection(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  const { rows } = await client.query<{ rolsuper: boolean }>("select rolsuper from pg_roles where rolname = current_user");
  if (rows[0]?.rolsuper) await client.query("set session_replication_role = replica");
  return client;
}

function insertWriter(db: Db): LoadWriter {
  return {
    async write(loads) {
      await db.transaction(async (tx) => {
        // 20 columns a booking: 1,000 rows stay far below 65,535 parameters per statement.
        for (const slice of slices(loads.flatMap((l) => l.bookings))) await tx.insert(bookings).values(slice);
        for (const slice of slices(loads.flatMap((l) => l.roomNights))) await tx.insert(roomNights).values(slice);
      });
    },
    finish: () => Promise.resolve(),
    release: () => {},
  };
}

function* flatten<T>(loads: readonly HotelLoad[], pick: (load: HotelLoad) => readonly T[]): Generator<T> {
  for (const load of loads) yield* pick(load);
}

function* slices<T>(rows: readonly T[], size = 1_000): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
