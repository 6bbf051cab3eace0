import { and, count, desc, eq, inArray } from "drizzle-orm";
import { isOwnHotelId, SAVED_HOTELS_LIMIT } from "../../shared/saved-hotels.ts";
import type { Db } from "../db/client.ts";
import { hotels, savedHotels, users } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";

/** What a compact hotel card shows: enough to recognise the hotel and its price from, without a stay. */
export interface HotelCard {
  id: string;
  name: string;
  city: string;
  country: string;
  image: string;
  rating: number;
  reviewCount: number;
  starRating: number;
  /** The cheapest room type's nightly price ("from"), in cents of `currency`. */
  priceCents: number;
  currency: string;
}

export interface SavedHotelCard extends HotelCard {
  savedAt: string;
}

const CARD_COLUMNS = {
  id: hotels.id,
  name: hotels.name,
  city: hotels.city,
  country: hotels.country,
  image: hotels.image,
  rating: hotels.rating,
  reviewCount: hotels.reviewCount,
  starRating: hotels.starRating,
  priceCents: hotels.priceCents,
  currency: hotels.currency,
};

type CardRow = { id: number } & Omit<HotelCard, "id">;

function toCard(row: CardRow): HotelCard {
  return { ...row, id: String(row.id) };
}

/** The distinct own-hotel ids among `ids`, first occurrence first; anything else (partner ids, junk) is dropped. */
function ownHotelIds(ids: readonly string[]): number[] {
  return [...new Set(ids.filter(isOwnHotelId).map(Number))];
}

const newestFirst = [desc(savedHotels.savedAt), desc(savedHotels.hotelId)];

/** The user's saved hotels with their card data, newest save first. */
export async function listSavedHotels(db: Db, userId: string): Promise<SavedHotelCard[]> {
  const rows = await db
    .select({ ...CARD_COLUMNS, savedAt: savedHotels.savedAt })
    .from(savedHotels)
    .innerJoin(hotels, eq(hotels.id, savedHotels.hotelId))
    // A hidden hotel leaves travellers' lists while hidden, and comes back when shown again.
    .where(and(eq(savedHotels.userId, userId), eq(hotels.hidden, false)))
    .orderBy(...newestFirst);
  return rows.map(({ savedAt, ...card }) => ({ ...toCard(card), savedAt: savedAt.toISOString() }));
}

/** Just the ids, newest save first: what the hearts need on every page. */
export async function listSavedHotelIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ hotelId: savedHotels.hotelId })
    .from(savedHotels)
    .where(eq(savedHotels.userId, userId))
    .orderBy(...newestFirst);
  return rows.map((r) => String(r.hotelId));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Locks the user's row: saves of one user run one at a time, so the limit holds under concurrent requests. */
async function lockUserSaves(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await tx.select({ n: count() }).from(savedHotels).where(eq(savedHotels.userId, userId));
  return row?.n ?? 0;
}

function limitReached(): DomainError {
  return new DomainError("SAVED_HOTELS_FULL", `You can save up to ${SAVED_HOTELS_LIMIT} hotels. Remove one to save another.`);
}

/** Saves one of our hotels for the user; saving it again changes nothing (and keeps its first save time). */
export async function saveHotel(db: Db, userId: string, hotelId: string): Promise<void> {
  if (!isOwnHotelId(hotelId)) throw new DomainError("HOTEL_NOT_SAVABLE");
  const id = Number(hotelId);
  await db.transaction(async (tx) => {
    const saved = await lockUserSaves(tx, userId);
    const [hotel] = await tx
      .select({ id: hotels.id })
      .from(hotels)
      .where(and(eq(hotels.id, id), eq(hotels.hidden, false)));
    if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
    const [already] = await tx
      .select({ hotelId: savedHotels.hotelId })
      .from(savedHotels)
      .where(and(eq(savedHotels.userId, userId), eq(savedHotels.hotelId, id)));
    if (already) return;
    if (saved >= SAVED_HOTELS_LIMIT) throw limitReached();
    await tx.insert(savedHotels).values({ userId, hotelId: id });
  });
}

/** Forgets a save; a hotel that was not saved (or is not ours) is simply not there afterwards either. */
export async function unsaveHotel(db: Db, userId: string, hotelId: string): Promise<void> {
  if (!isOwnHotelId(hotelId)) return;
  await db.delete(savedHotels).where(and(eq(savedHotels.userId, userId), eq(savedHotels.hotelId, Number(hotelId))));
}

/**
 * Adds a visitor's browser-kept saves (newest first) to the account at sign-in. Ids that are not
 * ours or name no hotel are ignored, as are those beyond the account's limit; the merged saves keep
 * the browser's order. Answers how many were added and the account's saved ids afterwards.
 */
export async function mergeSavedHotels(
  db: Db,
  userId: string,
  hotelIds: readonly string[],
): Promise<{ added: number; hotelIds: string[] }> {
  const wanted = ownHotelIds(hotelIds);
  const added = await db.transaction(async (tx) => {
    const saved = await lockUserSaves(tx, userId);
    if (wanted.length === 0) return 0;
    const existing = new Set(
      (
        await tx
          .select({ id: hotels.id })
          .from(hotels)
          .where(and(inArray(hotels.id, wanted), eq(hotels.hidden, false)))
      ).map((r) => r.id),
    );
    const already = new Set(
      (
        await tx
          .select({ hotelId: savedHotels.hotelId })
          .from(savedHotels)
          .where(and(eq(savedHotels.userId, userId), inArray(savedHotels.hotelId, wanted)))
      ).map((r) => r.hotelId),
    );
    const fresh = wanted.filter((id) => existing.has(id) && !already.has(id)).slice(0, Math.max(0, SAVED_HOTELS_LIMIT - saved));
    if (fresh.length === 0) return 0;
    // One millisecond apart, newest first, so the account lists them in the order the browser kept them.
    const now = Date.now();
    await tx.insert(savedHotels).values(fresh.map((hotelId, i) => ({ userId, hotelId, savedAt: new Date(now - i) })));
    return fresh.length;
  });
  return { added, hotelIds: await listSavedHotelIds(db, userId) };
}

/** Card data of our hotels among `ids`, in the order asked; unknown and partner ids are left out. */
export async function getHotelCards(db: Db, ids: readonly string[]): Promise<HotelCard[]> {
  const wanted = ownHotelIds(ids);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(CARD_COLUMNS)
    .from(hotels)
    .where(and(inArray(hotels.id, wanted), eq(hotels.hidden, false)));
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
