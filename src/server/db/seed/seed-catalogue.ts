/**
 * Writes the generated catalogue: batched multi-row inserts on PGlite, COPY streams on PostgreSQL
 * (millions of hotels with flat memory). Hotels get explicit ids 1..N so room types can point at
 * their hotel without a round trip.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database, Db } from "../client.ts";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { bookings, hotels, rateRestrictionNights, reviewVotes, reviews, roomTypes, users } from "../schema.ts";
import { DEMO_GUEST_COUNT, demoGuest, REVIEWED_HOTELS } from "./catalogue-reviews.ts";
import { DEFAULT_CATALOGUE_SEED, generateHotel, type GeneratedHotel } from "./catalogue.ts";

export interface SeedCatalogueOptions {
  hotels: number;
  seed?: number;
  /** Empties hotels and room types first — and, by CASCADE, every table referring to them (bookings, payments, reviews, room nights). */
  truncate?: boolean;
  /** Called after every batch with the number of hotels written so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedCatalogueResult {
  hotels: number;
  roomTypes: number;
  reviews: number;
  ms: number;
}

/** Multi-row insert size on PGlite; 500 hotels (and ~1,750 room types) stay far below 65,535 parameters. */
const PGLITE_BATCH = 500;
/** Hotels per COPY on PostgreSQL: each chunk is committed, so progress is visible and memory stays flat. */
const COPY_CHUNK = 20_000;
/** Rows joined into one string before they are written to the COPY stream. */
const COPY_LINES_PER_WRITE = 1_000;

/**
 * Inserts hotels 1..N of the catalogue for `seed` with their room types. Refuses to run when the
 * hotels table is not empty (unless `truncate`), because the explicit ids would collide.
 */
export async function seedCatalogue(database: Database, opts: SeedCatalogueOptions): Promise<SeedCatalogueResult> {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_CATALOGUE_SEED;
  const { db } = database;
  if (!Number.isSafeInteger(opts.hotels) || opts.hotels < 0) throw new Error(`Invalid hotel count: ${opts.hotels}`);

  if (opts.truncate) {
    // The cascade empties rate_rules (and their compiled room_rate_segments) without its delete
    // triggers: their nights' counts go too.
    await db.execute(sql`truncate table ${hotels}, ${roomTypes}, ${rateRestrictionNights} restart identity cascade`);
  } else if ((await db.select({ id: hotels.id }).from(hotels).limit(1)).length > 0) {
    throw new Error("The hotels table is not empty; truncate it first (db:seed --truncate) to replace the catalogue");
  }

  if (opts.hotels > 0) await ensureDemoGuests(db);
  const today = todayUtc();
  let counts: { roomTypes: number; reviews: number };
  if (database.kind === "postgres") {
    counts = await withHotelIndexesDeferred(database, opts.hotels, () =>
      copyCatalogue(database.pool!, opts.hotels, seed, today, opts.onProgress),
    );
  } else {
    counts = await insertCatalogue(db, opts.hotels, seed, today, opts.onProgress);
  }

  // Hotels and room types were given explicit ids, which do not advance the sequences.
  await db.execute(sql`select setval(pg_get_serial_sequence('hotels', 'id'), coalesce(max(id), 1), max(id) is not null) from ${hotels}`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('room_types', 'id'), coalesce(max(id), 1), max(id) is not null) from ${roomTypes}`,
  );
  await db.execute(sql`select setval(pg_get_serial_sequence('reviews', 'id'), coalesce(max(id), 1), max(id) is not null) from ${reviews}`);
  await refreshDestinations(db);
  // Fresh statistics, so the first searches after a large seed get sensible plans. On PostgreSQL a
  // vacuum too: it sets the visibility map, without which the search's index-only scans visit the
  // table for every row until autovacuum comes by (first search run after a fresh seed: p95 73 ms
  // against 16-27 ms once vacuumed, 5,000 hotels). Not in a transaction: the seed runs on the pool.
  if (database.kind === "postgres") {
    await db.execute(sql`vacuum (analyze) ${hotels}, ${roomTypes}, ${bookings}, ${reviews}, ${reviewVotes}`);
  } else {
    await db.execute(sql`analyze ${hotels}, ${roomTypes}, ${bookings}, ${reviews}, ${reviewVotes}`);
  }
  // Bulk inserts leave the trigram entries in the GIN pending lists, which every search then scans
  // linearly (~4 MB: 5x slower searches on PGlite, which has no autovacuum to merge them).
  await db.execute(
    sql`select gin_clean_pending_list('hotels_search_text_trgm_idx'::regclass), gin_clean_pending_list('hotels_name_trgm_idx'::regclass),
      gin_clean_pending_list('destinations_search_text_trgm_idx'::regclass)`,
  );
  return { hotels: opts.hotels, roomTypes: counts.roomTypes, reviews: counts.reviews, ms: Math.round(performance.now() - started) };
}

/**
 * From this many hotels on, the PostgreSQL seed drops the secondary indexes of hotels
 * before copying and builds them once at the end: maintaining the seven wide city indexes and the
 * trigram indexes row by row made the hotels COPY the bottleneck (2,000,000 hotels: ~320 hotels/s on
 * a busy 2-core machine, against thousands per second without them).
 */
const BULK_LOAD_HOTELS = 200_000;

/**
 * Runs `work` on a PostgreSQL catalogue of `hotels` hotels with the hotels' secondary indexes dropped
 * from BULK_LOAD_HOTELS on, and builds them again afterwards (also when `work` fails): rewriting every
 * hotel row (the seasonal seed's room_offers) would otherwise update a dozen indexes per row.
 */
export async function withHotelIndexesDeferred<T>(database: Database, hotels: number, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres" || hotels < BULK_LOAD_HOTELS) return work();
  return withIndexesDeferred(database.pool!, ["hotels"], work);
}

/**
 * Runs `work` with the secondary indexes of `tables` dropped, and builds them again afterwards (also
 * when `work` fails): a bulk load then builds each index once, sorted, instead of inserting every
 * row into it.
 */
export async function withIndexesDeferred<T>(pool: pg.Pool, tables: readonly string[], work: () => Promise<T>): Promise<T> {
  const deferred = await dropSecondaryIndexes(pool, tables);
  try {
    return await work();
  } finally {
    await recreateIndexes(pool, deferred);
  }
}

/** Drops the indexes of `tables` that no constraint needs; answers their definitions. */
async function dropSecondaryIndexes(pool: pg.Pool, tables: readonly string[]): Promise<{ name: string; definition: string }[]> {
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conindid = to_regclass(quote_ident(i.indexname)))
     order by i.tablename, i.indexname`,
    [tables],
  );
  for (const index of rows) await pool.query(`drop index ${pgIdent(index.name)}`);
  return rows;
}

/** Builds the dropped indexes again, with more sort memory than the default 64 MB. */
async function recreateIndexes(pool: pg.Pool, indexes: readonly { name: string; definition: string }[]): Promise<void> {
  if (indexes.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query("set maintenance_work_mem = '1GB'");
    for (const index of indexes) await client.query(index.definition);
  } finally {
    client.release();
  }
}

function pgIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The demo guests who wrote the catalogue's reviews; kept across a --truncate (users are not truncated). */
export async function ensureDemoGuests(db: Db): Promise<void> {
  const rows = Array.from({ length: DEMO_GUEST_COUNT }, (_, n) => ({ ...demoGuest(n), emailVerified: true }));
  await db.insert(users).values(rows).onConflictDoNothing();
}

interface ReviewRows {
  bookings: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
  votes: Record<string, unknown>[];
}

/**
 * The rows behind one hotel's generated reviews: each review's stay as a paid booking whose
 * check-out has passed (so it counts as completed), the review itself (approved, with explicit ids
 * from `firstReviewId`) and the guests' votes. Demo stays carry no payment id, so none is refundable.
 */
function hotelReviewRows(
  hotelId: number,
  generated: GeneratedHotel,
  rooms: readonly { id: number; name: string; priceCents: number; maxGuests: number }[],
  firstReviewId: number,
  today: string,
  into: ReviewRows,
): void {
  generated.reviews.forEach((review, k) => {
    const reviewId = firstReviewId + k;
    const room = rooms[review.roomIndex]!;
    const guest = demoGuest(review.guest);
    const bookingId = `demo-stay-${reviewId}`;
    const checkIn = addDays(today, -review.checkInDaysAgo);
    const writtenAt = new Date(`${addDays(today, -review.writtenDaysAgo)}T12:00:00Z`);
    into.bookings.push({
      id: bookingId,
      userId: guest.id,
      // BK + 13 digits + 5 letters, like real references, whose digits are a timestamp far above any review id.
      bookingReference: `BK${String(reviewId).padStart(13, "0")}DEMOS`,
      hotelId,
      hotelName: generated.hotel.name,
      roomTypeId: room.id,
      roomType: room.name,
      roomPriceCents: room.priceCents,
      checkIn,
      checkOut: addDays(checkIn, review.nights),
      numGuests: Math.min(2, room.maxGuests),
      numRooms: 1,
      totalNights: review.nights,
      totalPriceCents: room.priceCents * review.nights,
      guestName: guest.name,
      guestEmail: guest.email,
      guestPhone: "+1 555 0100",
      status: "confirmed",
      paymentStatus: "completed",
      createdAt: new Date(`${addDays(checkIn, -14)}T12:00:00Z`),
    });
    into.reviews.push({
      id: reviewId,
      hotelId,
      userId: guest.id,
      bookingId,
      title: review.title,
      rating: review.rating,
      comment: review.comment,
      photos: review.photos,
      status: "approved",
      helpfulVotes: review.helpfulVoters.length,
      unhelpfulVotes: review.unhelpfulVoters.length,
      moderatedAt: writtenAt,
      createdAt: writtenAt,
    });
    for (const voter of review.helpfulVoters)
      into.votes.push({ reviewId, userId: demoGuest(voter).id, voteType: "helpful", createdAt: writtenAt });
    for (const voter of review.unhelpfulVoters)
      into.votes.push({ reviewId, userId: demoGuest(voter).id, voteType: "unhelpful", createdAt: writtenAt });
  });
}

async function insertCatalogue(
  db: Db,
  total: number,
  seed: number,
  today: string,
  onProgress: SeedCatalogueOptions["onProgress"],
): Promise<{ roomTypes: number; reviews: number }> {
  let roomTypeCount = 0;
  let reviewCount = 0;
  for (let start = 0; start < total; start += PGLITE_BATCH) {
    const end = Math.min(total, start + PGLITE_BATCH);
    const batch: GeneratedHotel[] = [];
    for (let i = start; i < end; i++) batch.push(generateHotel(i, seed));
    const hotelRows: (typeof hotels.$inferInsert)[] = [];
    const rooms: (typeof roomTypes.$inferInsert)[] = [];
    const related: ReviewRows = { bookings: [], reviews: [], votes: [] };
    batch.forEach((g, j) => {
      const hotelId = start + j + 1;
      const first = roomTypeCount + rooms.length;
      const withIds = g.roomTypes.map((room, k) => ({ ...room, id: first + k + 1, hotelId }));
      rooms.push(...withIds);
      hotelRows.push({ id: hotelId, ...g.hotel, roomOffers: roomOffers(withIds) });
      hotelReviewRows(hotelId, g, withIds, reviewCount + related.reviews.length + 1, today, related);
    });
    await db.transaction(async (tx) => {
      await tx.insert(hotels).values(hotelRows);
      await tx.insert(roomTypes).values(rooms);
      // Each in slices: a batch's bookings alone would pass PostgreSQL's 65,535 parameters per statement.
      for (const slice of slices(related.bookings)) await tx.insert(bookings).values(slice as (typeof bookings.$inferInsert)[]);
      for (const slice of slices(related.reviews)) await tx.insert(reviews).values(slice as (typeof reviews.$inferInsert)[]);
      for (const slice of slices(related.votes)) await tx.insert(reviewVotes).values(slice as (typeof reviewVotes.$inferInsert)[]);
    });
    roomTypeCount += rooms.length;
    reviewCount += related.reviews.length;
    onProgress?.(end, total);
  }
  return { roomTypes: roomTypeCount, reviews: reviewCount };
}

function* slices<T>(rows: readonly T[], size = 1_000): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Two connections in a pipeline: while one copies the room types of chunk k, the other copies the
 * hotels of chunk k+1. Room types must wait for their hotels' chunk to commit (foreign key).
 */
async function copyCatalogue(
  pool: pg.Pool,
  total: number,
  seed: number,
  today: string,
  onProgress: SeedCatalogueOptions["onProgress"],
): Promise<{ roomTypes: number; reviews: number }> {
  const sample = generateHotel(0, seed);
  const hotelKeys = ["id", ...Object.keys(sample.hotel), "roomOffers"];
  const roomKeys = ["id", "hotelId", ...Object.keys(sample.roomTypes[0]!)];
  let reviewCount = 0;
  const hotelClient = await pool.connect();
  const roomClient = await pool.connect();
  // As a superuser, the room types and review rows skip their triggers and foreign-key checks, as
  // pg_restore --disable-triggers does: room_offers is written with each hotel already (the room_types
  // triggers would only recompute it, hotel by hotel: they were the COPY's bottleneck on 2,000,000
  // hotels), and every key points at rows this seed committed just before.
  const { rows: role } = await roomClient.query<{ rolsuper: boolean }>("select rolsuper from pg_roles where rolname = current_user");
  if (role[0]?.rolsuper) await roomClient.query("set session_replication_role = replica");
  let failed: unknown = null;
  let roomTypeCount = 0;
  let pendingRooms: Promise<void> = Promise.resolve();
  try {
    for (let start = 0; start < total; start += COPY_CHUNK) {
      const end = Math.min(total, start + COPY_CHUNK);
      // Encoded lines, not row objects: a chunk's room types then take a few MB instead of ~100.
      const roomLines: string[] = [];
      const related: ReviewRows = { bookings: [], reviews: [], votes: [] };
      const relatedFrom = { today, firstReviewId: reviewCount + 1, into: related };
      await copyLines(
        hotelClient,
        hotels,
        hotelKeys,
        chunkHotelLines(start, end, seed, hotelKeys, roomKeys, roomLines, roomTypeCount, relatedFrom),
      );
      await pendingRooms;
      if (start > 0) onProgress?.(start, total);
      roomTypeCount += roomLines.length;
      reviewCount += related.reviews.length;
      // Bookings need their room types, reviews their bookings, votes their reviews: one after another.
      pendingRooms = copyLines(roomClient, roomTypes, roomKeys, roomLines).then(() => copyReviewRows(roomClient, related));
      // Awaited on the next turn; until then a failure must not count as an unhandled rejection.
      pendingRooms.catch(() => {});
    }
    await pendingRooms;
    onProgress?.(total, total);
    return { roomTypes: roomTypeCount, reviews: reviewCount };
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // A connection that failed mid-COPY is in an unknown state: destroy it rather than reuse it.
    hotelClient.release(failed instanceof Error ? failed : undefined);
    // Never back into the pool with triggers switched off.
    roomClient.release(true);
  }
}

function* chunkHotelLines(
  start: number,
  end: number,
  seed: number,
  hotelKeys: readonly string[],
  roomKeys: readonly string[],
  roomLines: string[],
  roomTypesBefore: number,
  related: { today: string; firstReviewId: number; into: ReviewRows },
): Generator<string> {
  for (let i = start; i < end; i++) {
    const generated = generateHotel(i, seed);
    const id = i + 1;
    const first = roomTypesBefore + roomLines.length;
    const rooms = generated.roomTypes.map((room, k) => ({ ...room, id: first + k + 1, hotelId: id }));
    for (const room of rooms) roomLines.push(encodeCopyRow(roomKeys, room));
    if (i < REVIEWED_HOTELS)
      hotelReviewRows(id, generated, rooms, related.firstReviewId + related.into.reviews.length, related.today, related.into);
    yield encodeCopyRow(hotelKeys, { id, ...generated.hotel, roomOffers: roomOffers(rooms) });
  }
}

/**
 * hotels.room_offers for room types with their ids, as the room_types triggers compute it
 * (f_room_offers in migration 0003): cheapest first, then by id. Written with the hotel so the
 * triggers find nothing to change.
 */
function roomOffers(
  rooms: readonly { id: number; maxGuests: number; priceCents: number; totalRooms: number; originalPriceCents: number | null }[],
): (number | null)[] {
  return [...rooms]
    .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)
    .flatMap((r) => [r.id, r.maxGuests, r.priceCents, r.totalRooms, r.originalPriceCents]);
}

/** The booking columns the seeds COPY: the demo stays here and the benchmark booking load. */
export const BOOKING_KEYS = [
  "id",
  "userId",
  "bookingReference",
  "hotelId",
  "hotelName",
  "roomTypeId",
  "roomType",
  "roomPriceCents",
  "nightlyPriceCents",
  "checkIn",
  "checkOut",
  "numGuests",
  "numRooms",
  "totalNights",
  "totalPriceCents",
  "guestName",
  "guestEmail",
  "guestPhone",
  "status",
  "paymentStatus",
  "createdAt",
] as const;
const REVIEW_KEYS = [
  "id",
  "hotelId",
  "userId",
  "bookingId",
  "title",
  "rating",
  "comment",
  "photos",
  "status",
  "helpfulVotes",
  "unhelpfulVotes",
  "moderatedAt",
  "createdAt",
] as const;
const VOTE_KEYS = ["reviewId", "userId", "voteType", "createdAt"] as const;

async function copyReviewRows(client: pg.ClientBase, rows: ReviewRows): Promise<void> {
  if (rows.reviews.length === 0) return;
  await copyRows(client, bookings, BOOKING_KEYS, rows.bookings);
  await copyRows(client, reviews, REVIEW_KEYS, rows.reviews);
  if (rows.votes.length > 0) await copyRows(client, reviewVotes, VOTE_KEYS, rows.votes);
}

/**
 * Streams rows into `table` with COPY FROM STDIN (text format). `keys` are the row properties to
 * write, named as in the Drizzle schema; rows are encoded lazily as the server consumes them.
 */
export async function copyRows(
  client: pg.ClientBase,
  table: PgTable,
  keys: readonly string[],
  rows: Iterable<Record<string, unknown>>,
): Promise<void> {
  function* lines(): Generator<string> {
    for (const row of rows) yield encodeCopyRow(keys, row);
  }
  await copyLines(client, table, keys, lines());
}

async function copyLines(client: pg.ClientBase, table: PgTable, keys: readonly string[], lines: Iterable<string>): Promise<void> {
  const columns = getTableColumns(table) as Record<string, { name: string } | undefined>;
  const columnList = keys
    .map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${getTableName(table)} has no column for property ${key}`);
      return `"${column.name}"`;
    })
    .join(", ");
  const stream = client.query(copyFrom(`copy "${getTableName(table)}" (${columnList}) from stdin`));
  await pipeline(Readable.from(joinLines(lines)), stream);
}

/** Groups lines into larger writes: one stream chunk per line would cost more than the encoding. */
function* joinLines(lines: Iterable<string>): Generator<string> {
  let batch: string[] = [];
  for (const line of lines) {
    batch.push(line);
    if (batch.length === COPY_LINES_PER_WRITE) {
      yield batch.join("\n") + "\n";
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join("\n") + "\n";
}

function encodeCopyRow(keys: readonly string[], row: Record<string, unknown>): string {
  return keys.map((key) => encodeCopyValue(row[key])).join("\t");
}

const COPY_ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;

/** One field of COPY's text format: `\N` is NULL, and backslash, tab and line breaks are escaped. */
export function encodeCopyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "string") return escapeCopyText(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot COPY the number ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeCopyText(arrayLiteral(value));
  throw new Error(`Cannot COPY a value of type ${typeof value}`);
}

function escapeCopyText(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (c) => COPY_ESCAPES[c]!) : text;
}

/** An array literal; every element is quoted so commas, braces, spaces and "NULL" stay text; null is NULL. */
function arrayLiteral(items: readonly unknown[]): string {
  return `{${items.map((item) => (item === null ? "NULL" : `"${String(item).replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}

/** Rebuilds the destination list (suggestions, hotel counts) from the hotels. */
export async function refreshDestinations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from destinations`);
    await tx.execute(sql`insert into destinations (city, country, hotel_count)
      select city, country, count(*)::int from hotels where not hidden group by city, country`);
  });
}
