import { type SQL, sql } from "drizzle-orm";
import { countNights } from "../../../shared/dates.ts";
import type { HotelDetail, HotelSummary, RoomOffer } from "../../../shared/search.ts";
import { POPULAR_DESTINATIONS, type SortOption, type Stay, discountPercent } from "../../../shared/search-options.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { likeEscape } from "../../db/like.ts";
import type { HotelCatalogSupplier, SupplierSearch, SupplierSearchResult } from "./hotel-supplier.ts";

interface HotelRow {
  id: number;
  name: string;
  location: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  rating: number;
  review_count: number;
  star_rating: number;
  currency: string;
  image: string;
  images: string[];
  amenities: string[];
  description: string | null;
  distance_from_center_km: number;
  cancellation_policy: string;
  free_cancellation_days: number;
  breakfast: boolean;
  wifi: boolean;
  parking: boolean;
  pool: boolean;
  gym: boolean;
  spa: boolean;
  price_cents: number;
  original_price_cents: number | null;
}

interface SearchRow extends HotelRow {
  offer_price_cents: number;
  offer_original_price_cents: number | null;
  rooms_available: number;
  total: number;
}

interface RoomRow {
  id: number;
  name: string;
  description: string;
  images: string[];
  max_guests: number;
  size_m2: number;
  bed_type: string;
  amenities: string[];
  price_cents: number;
  original_price_cents: number | null;
  currency: string;
  total_rooms: number;
  rooms_free: number;
}

const HOTEL_COLUMNS = sql.raw(
  [
    "id", "name", "location", "city", "country", "lat", "lng", "rating", "review_count", "star_rating", "currency", "image",
    "images", "amenities", "description", "distance_from_center_km", "cancellation_policy", "free_cancellation_days",
    "breakfast", "wifi", "parking", "pool", "gym", "spa", "price_cents", "original_price_cents",
  ].map((c) => `h.${c}`).join(", "),
);

const ORDER_BY: Record<SortOption, SQL> = {
  popularity: sql`m.review_count desc, m.id`,
  price: sql`m.offer_price_cents asc, m.id`,
  rating: sql`m.rating desc, m.review_count desc, m.id`,
  distance: sql`m.distance_from_center_km asc, m.id`,
};

function destinationCondition(destination: string): SQL {
  if (!destination) {
    return sql`h.city in (${sql.join(POPULAR_DESTINATIONS.map((d) => sql`${d}`), sql`, `)})`;
  }
  const pattern = `%${likeEscape(destination.toLowerCase())}%`;
  // Substring match, or a close word (typo-tolerant) match; both use the trigram index.
  return sql`(h.search_text like f_unaccent(${pattern}) or f_unaccent(lower(${destination})) <% h.search_text)`;
}

function toSummary(row: HotelRow, priceCents: number, originalPriceCents: number | null, roomsAvailable: number): HotelSummary {
  return {
    id: String(row.id),
    supplier: "inventory",
    name: row.name,
    location: row.location,
    city: row.city,
    country: row.country,
    lat: Number(row.lat),
    lng: Number(row.lng),
    rating: Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count),
    starRating: Number(row.star_rating),
    priceCents: Number(priceCents),
    originalPriceCents: originalPriceCents === null ? null : Number(originalPriceCents),
    discountPercent: discountPercent(Number(priceCents), originalPriceCents === null ? null : Number(originalPriceCents)),
    currency: row.currency,
    image: row.image,
    amenities: row.amenities,
    distanceFromCenterKm: Math.round(Number(row.distance_from_center_km) * 10) / 10,
    cancellationPolicy: row.cancellation_policy,
    roomsAvailable: Number(roomsAvailable),
    flags: { breakfast: row.breakfast, wifi: row.wifi, parking: row.parking, pool: row.pool, gym: row.gym, spa: row.spa },
  };
}

/** The party a room type must hold across the requested rooms. */
function partySize(stay: Stay): number {
  return stay.guests + stay.children;
}

/** Our own hotels, rooms and prices in the database: the default supplier. */
export function createInventorySupplier(db: Db): HotelCatalogSupplier {
  return {
    id: "inventory",

    ownsHotelId(hotelId) {
      return /^\d{1,10}$/.test(hotelId);
    },

    async search(criteria: SupplierSearch): Promise<SupplierSearchResult> {
      const { stay } = criteria;
      const filters: SQL[] = [destinationCondition(criteria.destination)];
      if (criteria.stars.length > 0) {
        filters.push(sql`h.star_rating in (${sql.join(criteria.stars.map((s) => sql`${s}`), sql`, `)})`);
      }
      if (criteria.minDistanceKm > 0) filters.push(sql`h.distance_from_center_km >= ${criteria.minDistanceKm}`);
      if (criteria.maxDistanceKm !== null) filters.push(sql`h.distance_from_center_km <= ${criteria.maxDistanceKm}`);
      for (const amenity of criteria.amenities) {
        const pattern = `%${likeEscape(amenity)}%`;
        filters.push(sql`exists (select 1 from unnest(h.amenities) a where a ilike ${pattern})`);
      }
      const priceFilters: SQL[] = [sql`o.offer_price_cents >= ${criteria.minPriceCents}`];
      if (criteria.maxPriceCents !== null) priceFilters.push(sql`o.offer_price_cents <= ${criteria.maxPriceCents}`);

      // Plan: narrow rows (id and sort keys) for every matching hotel, each priced from its own room
      // types (availability looked up per room type in room_nights, so only matched hotels cost
      // anything), counted and cut to the page; the wide hotel columns are read for the page only.
      const page = (limit: number, offset: number) =>
        queryRows<SearchRow>(
          db,
          sql`
        with offers as (
          select h.id, h.review_count, h.rating, h.distance_from_center_km,
            o.offer_price_cents, o.offer_original_price_cents, o.rooms_available
          from hotels h
          cross join lateral (
            select min(f.price_cents) as offer_price_cents,
              -- The cheapest room's original price: price then id decide, so no sort per hotel.
              (min(array[f.price_cents, f.id, f.original_price_cents]))[3] as offer_original_price_cents,
              sum(f.rooms_free)::int as rooms_available
            from (
              select rt.id, rt.price_cents, rt.original_price_cents, rt.total_rooms - coalesce(b.taken, 0) as rooms_free
              from room_types rt
              left join lateral (
                select max(n.rooms_taken) as taken from room_nights n
                where n.room_type_id = rt.id and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
              ) b on true
              where rt.hotel_id = h.id and rt.max_guests * ${stay.rooms} >= ${partySize(stay)}
            ) f
            where f.rooms_free >= ${stay.rooms}
          ) o
          where ${sql.join(filters, sql` and `)}
            and o.offer_price_cents is not null
            and ${sql.join(priceFilters, sql` and `)}
        ),
        page as (
          select m.*, (count(*) over ())::int as total
          from offers m
          order by ${ORDER_BY[criteria.sort]}
          limit ${limit} offset ${offset}
        )
        select ${HOTEL_COLUMNS}, m.offer_price_cents, m.offer_original_price_cents, m.rooms_available, m.total
        from page m join hotels h on h.id = m.id
        order by ${ORDER_BY[criteria.sort]}`,
        );
      const rows = await page(criteria.limit, criteria.offset);
      if (rows.length === 0 && criteria.offset > 0) {
        // Past the last page: one row from the start still carries the total.
        const [first] = await page(1, 0);
        return { hotels: [], total: first?.total ?? 0 };
      }
      return {
        total: rows[0]?.total ?? 0,
        hotels: rows.map((r) => toSummary(r, r.offer_price_cents, r.offer_original_price_cents, r.rooms_available)),
      };
    },

    async getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null> {
      if (!this.ownsHotelId(hotelId)) return null;
      const id = Number(hotelId);
      const [hotel] = await queryRows<HotelRow>(db, sql`select ${HOTEL_COLUMNS} from hotels h where h.id = ${id}`);
      if (!hotel) return null;
      const roomRows = await queryRows<RoomRow>(
        db,
        sql`
        select rt.id, rt.name, rt.description, rt.images, rt.max_guests, rt.size_m2, rt.bed_type, rt.amenities,
          rt.price_cents, rt.original_price_cents, rt.currency, rt.total_rooms,
          (rt.total_rooms - coalesce((
            select max(n.rooms_taken) from room_nights n
            where n.room_type_id = rt.id and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
          ), 0))::int as rooms_free
        from room_types rt where rt.hotel_id = ${id}
        order by rt.price_cents, rt.id`,
      );
      const rooms = roomRows.map((r) => toRoomOffer(r, stay));
      const bookable = rooms.filter((r) => r.bookable);
      const cheapest = bookable[0] ?? null;
      const summary = toSummary(
        hotel,
        cheapest?.priceCents ?? hotel.price_cents,
        cheapest ? cheapest.originalPriceCents : hotel.original_price_cents,
        bookable.reduce((sum, r) => sum + r.roomsAvailable, 0),
      );
      return {
        ...summary,
        description: hotel.description,
        images: hotel.images.length > 0 ? hotel.images : [hotel.image],
        freeCancellationDays: Number(hotel.free_cancellation_days),
        rooms,
        stay,
        nights: countNights(stay.checkIn, stay.checkOut),
      };
    },
  };
}

function toRoomOffer(row: RoomRow, stay: Stay): RoomOffer {
  const roomsAvailable = Math.max(0, Number(row.rooms_free));
  const fitsParty = Number(row.max_guests) * stay.rooms >= partySize(stay);
  let unavailableReason: string | null = null;
  if (!fitsParty) {
    unavailableReason = `Sleeps up to ${row.max_guests} per room: too small for ${partySize(stay)} guests in ${stay.rooms} room${stay.rooms > 1 ? "s" : ""}`;
  } else if (roomsAvailable === 0) {
    unavailableReason = "Sold out for these dates";
  } else if (roomsAvailable < stay.rooms) {
    unavailableReason = `Only ${roomsAvailable} room${roomsAvailable > 1 ? "s" : ""} left for these dates`;
  }
  const originalPriceCents = row.original_price_cents === null ? null : Number(row.original_price_cents);
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    images: row.images,
    maxGuests: Number(row.max_guests),
    sizeM2: Number(row.size_m2),
    bedType: row.bed_type,
    amenities: row.amenities,
    priceCents: Number(row.price_cents),
    originalPriceCents,
    discountPercent: discountPercent(Number(row.price_cents), originalPriceCents),
    currency: row.currency,
    totalRooms: Number(row.total_rooms),
    roomsAvailable,
    fitsParty,
    bookable: unavailableReason === null,
    unavailableReason,
  };
}
