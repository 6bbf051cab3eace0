import { type SQL, sql } from "drizzle-orm";
import type { Stay } from "../../../shared/search-options.ts";

/** The party a room type must hold across the requested rooms. */
export function partySize(stay: Stay): number {
  return stay.guests + stay.children;
}

/**
 * The positions i of h.room_offers (five integers per room type: id, max_guests, price_cents,
 * total_rooms, original_price_cents) whose room type holds the party across the rooms asked for.
 */
export function fittingRoomOffers(stay: Stay): SQL {
  return sql`generate_series(1, cardinality(h.room_offers), 5) i where h.room_offers[i + 1] * ${stay.rooms} >= ${partySize(stay)}`;
}

/**
 * The fewest rooms of room type `roomTypeId` left to sell on any night of the stay: per night the
 * calendar's rooms to sell (room_nights.rooms_total, never above the room count) less the rooms
 * taken; nights without a row have every room free.
 */
export function roomsFree(stay: Stay, roomTypeId: SQL, totalRooms: SQL): SQL {
  return sql`coalesce((
    select min(least(n.rooms_total, ${totalRooms}) - n.rooms_taken) from room_nights n
    where n.room_type_id = ${roomTypeId} and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
  ), ${totalRooms})`;
}

/**
 * Room type at position i (or `at`) of h.room_offers has the rooms asked for free on every night of the stay:
 * no night has fewer (roomsFree >= rooms, given total_rooms >= rooms, which every caller checks first).
 * Asked as NOT EXISTS, the probe stops at the first short night and needs no aggregate: about a third
 * of a capped count's time on the booked 2M catalogue (decision 031).
 */
export function freeFor(stay: Stay, at: SQL = sql`i`): SQL {
  return sql`not exists (
    select 1 from room_nights n
    where n.room_type_id = h.room_offers[${at}] and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
      and least(n.rooms_total, h.room_offers[${at} + 3]) - n.rooms_taken < ${stay.rooms})`;
}
