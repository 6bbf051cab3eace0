/**
 * Hotels and room types in the back office (issue 14 item 1, decision 021). Every change runs in one
 * transaction that also keeps the derived catalogue right: hotels.price_cents (the cheapest open room
 * type), the destination's hotel count, the amenity flags, and (through triggers) room_offers.
 */
import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { AMENITIES } from "../../shared/amenities.ts";
import type { SessionUser } from "../../shared/auth.ts";
import { todayUtc } from "../../shared/dates.ts";
import type { HotelInput, RoomTypeInput } from "../../shared/property-hotels.ts";
import { type Db, queryRows } from "../db/client.ts";
import { likeEscape } from "../db/like.ts";
import { bookings, hotels, roomTypes } from "../db/schema.ts";
import { haversineKm } from "../db/seed/catalogue.ts";
import { type Destination, getDestinations } from "../db/seed/destinations.ts";
import { timeZoneAt } from "../db/seed/time-zones.ts";
import { DomainError } from "../domain-error.ts";
import { imageUrl } from "../integrations/images/hotel-images.ts";
import { logActivity } from "./activity-log.ts";
import { followRoomCount } from "./bookings/room-nights.ts";
import { type HotelScope, hotelScopeOf } from "./hotel-access.ts";

type Actor = Pick<SessionUser, "id" | "email">;
type HotelRow = typeof hotels.$inferSelect;
type RoomTypeRow = typeof roomTypes.$inferSelect;

export interface DestinationChoice {
  city: string;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  /** The time zone at the city centre: the hotel form's default. */
  timeZone: string;
}

/** Up to 20 places of the destination list whose city (or "city, country") starts with or contains the text. */
export function searchDestinationChoices(text: string): DestinationChoice[] {
  const q = text.trim().toLowerCase();
  const all = getDestinations();
  const starts: Destination[] = [];
  const contains: Destination[] = [];
  for (const d of all) {
    const name = `${d.city}, ${d.country}`.toLowerCase();
    if (!q || name.startsWith(q)) starts.push(d);
    else if (name.includes(q)) contains.push(d);
    if (starts.length >= 20) break;
  }
  return [...starts, ...contains].slice(0, 20).map((d) => ({
    city: d.city,
    country: d.country,
    countryCode: d.countryCode,
    lat: d.lat,
    lng: d.lng,
    timeZone: d.timeZone,
  }));
}

/** The destination of the list with exactly this city and country (case-insensitive). */
export function findDestination(city: string, country: string): Destination | undefined {
  const c = city.trim().toLowerCase();
  const k = country.trim().toLowerCase();
  return getDestinations().find((d) => d.city.toLowerCase() === c && d.country.toLowerCase() === k);
}

export interface HotelListItem {
  id: number;
  name: string;
  city: string;
  country: string;
  starRating: number;
  hidden: boolean;
  image: string;
  roomTypeCount: number;
  priceCents: number | null;
}

/** One page of the hotels in the caller's scope, searched by name or city. */
export async function listPropertyHotels(
  db: Db,
  user: SessionUser,
  query: { search: string; page: number; pageSize: number },
): Promise<{ hotels: HotelListItem[]; total: number }> {
  const scope: HotelScope = await hotelScopeOf(db, user);
  if (scope.kind === "some" && scope.hotelIds.length === 0) return { hotels: [], total: 0 };
  const conditions = [];
  if (scope.kind === "some") conditions.push(inArray(hotels.id, scope.hotelIds));
  if (query.search) {
    const pattern = `%${likeEscape(query.search)}%`;
    conditions.push(or(ilike(hotels.name, pattern), ilike(hotels.city, pattern)));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(hotels).where(where);
  const rows = await db
    .select({
      id: hotels.id,
      name: hotels.name,
      city: hotels.city,
      country: hotels.country,
      starRating: hotels.starRating,
      hidden: hotels.hidden,
      image: hotels.image,
      priceCents: hotels.priceCents,
      // db.$count qualifies both columns; a raw "${hotels.id}" here renders as a bare "id", which the
      // subquery reads as the room type's own id (every hotel then showed the same count).
      roomTypeCount: db.$count(roomTypes, eq(roomTypes.hotelId, hotels.id)),
    })
    .from(hotels)
    .where(where)
    .orderBy(asc(hotels.name), asc(hotels.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: Number(totalRow?.n ?? 0),
    hotels: rows.map((r) => {
      const roomTypeCount = Number(r.roomTypeCount);
      return { ...r, roomTypeCount, priceCents: roomTypeCount > 0 ? r.priceCents : null };
    }),
  };
}

export interface RoomTypeView {
  id: number;
  name: string;
  description: string;
  bedType: string;
  sizeM2: number;
  maxGuests: number;
  amenities: string[];
  totalRooms: number;
  priceCents: number;
  originalPriceCents: number | null;
  closed: boolean;
  images: string[];
  upcomingBookings: number;
}

export interface PropertyHotelView {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  starRating: number;
  description: string;
  amenities: string[];
  cancellationPolicy: string;
  freeCancellationDays: number;
  childrenFreeUnderAge: number;
  childRateCents: number;
  checkInTime: string;
  checkOutTime: string;
  timeZone: string;
  hidden: boolean;
  image: string;
  images: string[];
  priceCents: number;
  roomTypes: RoomTypeView[];
}

async function upcomingBookingCounts(db: Db, roomTypeIds: number[]): Promise<Map<number, number>> {
  if (roomTypeIds.length === 0) return new Map();
  const rows = await db
    .select({ roomTypeId: bookings.roomTypeId, n: count() })
    .from(bookings)
    .where(
      and(
        inArray(bookings.roomTypeId, roomTypeIds),
        inArray(bookings.status, ["pending", "confirmed"]),
        sql`${bookings.checkOut} > ${todayUtc()}::date`,
      ),
    )
    .groupBy(bookings.roomTypeId);
  return new Map(rows.map((r) => [Number(r.roomTypeId), Number(r.n)]));
}

function roomTypeView(row: RoomTypeRow, upcoming: number): RoomTypeView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    bedType: row.bedType,
    sizeM2: row.sizeM2,
    maxGuests: row.maxGuests,
    amenities: row.amenities,
    totalRooms: row.totalRooms,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    closed: row.closed,
    images: row.images,
    upcomingBookings: upcoming,
  };
}

/** A hotel with its room types as staff edit it (the caller's access is checked by the route's middleware). */
export async function getPropertyHotel(db: Db, hotelId: number): Promise<PropertyHotelView> {
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const rooms = await db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.priceCents), asc(roomTypes.id));
  const upcoming = await upcomingBookingCounts(
    db,
    rooms.map((r) => r.id),
  );
  return { ...hotelView(hotel), roomTypes: rooms.map((r) => roomTypeView(r, upcoming.get(r.id) ?? 0)) };
}

function hotelView(hotel: HotelRow): Omit<PropertyHotelView, "roomTypes"> {
  return {
    id: hotel.id,
    name: hotel.name,
    address: hotel.location,
    city: hotel.city,
    country: hotel.country,
    countryCode: hotel.countryCode,
    lat: hotel.lat,
    lng: hotel.lng,
    starRating: hotel.starRating,
    description: hotel.description ?? "",
    amenities: hotel.amenities,
    cancellationPolicy: hotel.cancellationPolicy,
    freeCancellationDays: hotel.freeCancellationDays,
    childrenFreeUnderAge: hotel.childrenFreeUnderAge,
    childRateCents: hotel.childRateCents,
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    timeZone: hotel.timeZone,
    hidden: hotel.hidden,
    image: hotel.image,
    images: hotel.images,
    priceCents: hotel.priceCents,
  };
}

/** How far from its city's centre a hotel may be: beyond it, the coordinates or the city are a mistake. */
export const MAX_KM_FROM_CITY_CENTRE = 100;

/**
 * What is wrong with the hotel's coordinates for its city, or null: a point more than
 * MAX_KM_FROM_CITY_CENTRE km from the centre (a swapped sign, latitude and longitude swapped, the
 * wrong city) would put the hotel on the map and in "distance from centre" thousands of km away.
 */
export function coordinatesProblem(destination: Destination, lat: number, lng: number): string | null {
  const km = haversineKm(destination.lat, destination.lng, lat, lng);
  if (km <= MAX_KM_FROM_CITY_CENTRE) return null;
  return `These coordinates are ${Math.round(km).toLocaleString("en-US")} km from the centre of ${destination.city}. Check the latitude and longitude (or the city).`;
}

/** The columns a hotel input sets, with what follows from it: country code, distance from the centre, amenity flags. */
export function hotelColumns(input: HotelInput): Omit<typeof hotels.$inferInsert, "priceCents" | "image"> {
  const destination = findDestination(input.city, input.country);
  if (!destination)
    throw new DomainError(
      "UNKNOWN_DESTINATION",
      `${input.city}, ${input.country} is not in the destination list. Choose the city from the list.`,
    );
  const misplaced = coordinatesProblem(destination, input.lat, input.lng);
  if (misplaced) throw new DomainError("VALIDATION_ERROR", misplaced);
  const flags = Object.fromEntries(
    AMENITIES.filter((a) => "flag" in a).map((a) => [(a as { flag: string }).flag, input.amenities.includes(a.label)]),
  ) as Record<"breakfast" | "wifi" | "parking" | "pool" | "gym" | "spa", boolean>;
  const distance = haversineKm(destination.lat, destination.lng, input.lat, input.lng);
  return {
    name: input.name,
    location: input.address,
    city: destination.city,
    country: destination.country,
    countryCode: destination.countryCode,
    lat: input.lat,
    lng: input.lng,
    starRating: input.starRating,
    description: input.description || null,
    amenities: input.amenities,
    cancellationPolicy: input.cancellationPolicy,
    freeCancellationDays: input.freeCancellationDays,
    ...(input.childrenFreeUnderAge !== undefined ? { childrenFreeUnderAge: input.childrenFreeUnderAge } : {}),
    ...(input.childRateCents !== undefined ? { childRateCents: input.childRateCents } : {}),
    checkInTime: input.checkInTime,
    checkOutTime: input.checkOutTime,
    ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    hidden: input.hidden,
    distanceFromCenterKm: Math.max(0.1, Math.round(distance * 10) / 10),
    ...flags,
  };
}

/**
 * Recounts the destinations of these places from the hotels travellers can see: a city whose last
 * visible hotel is hidden or moved leaves the suggestions, a new city joins them.
 */
export async function refreshDestinationCounts(db: Db, places: { city: string; country: string }[]): Promise<void> {
  const unique = [...new Map(places.map((p) => [`${p.city}\u0000${p.country}`, p])).values()];
  for (const p of unique) {
    await db.execute(sql`delete from destinations where city = ${p.city} and country = ${p.country}`);
    await db.execute(sql`insert into destinations (city, country, hotel_count)
      select city, country, count(*)::int from hotels where city = ${p.city} and country = ${p.country} and not hidden
      group by city, country`);
  }
}

/**
 * Keeps hotels.price_cents (the list price and the search's price ceiling) at the lowest rate floor
 * (base price or any calendar rule's price, decision 020) of the open room types, else of any room type; and refuses to leave a hotel travellers can see with nothing to sell.
 */
export async function settleHotel(db: Db, hotelId: number): Promise<void> {
  const [row] = await queryRows<{ hidden: boolean; open_price: number | null; open_original: number | null; any_price: number | null }>(
    db,
    sql`select h.hidden,
        (select min(f_rate_floor(id, price_cents)) from room_types where hotel_id = h.id and not closed)::int as open_price,
        (select original_price_cents from room_types where hotel_id = h.id and not closed order by price_cents, id limit 1)::int as open_original,
        (select min(f_rate_floor(id, price_cents)) from room_types where hotel_id = h.id)::int as any_price
      from hotels h where h.id = ${hotelId}`,
  );
  if (!row) throw new DomainError("HOTEL_NOT_FOUND");
  if (!row.hidden && row.open_price === null) throw new DomainError("HOTEL_HAS_NO_OPEN_ROOMS");
  const price = row.open_price ?? row.any_price;
  if (price !== null) {
    await db
      .update(hotels)
      .set({
        priceCents: Number(price),
        originalPriceCents: row.open_price === null || row.open_original === null ? null : Number(row.open_original),
      })
      .where(eq(hotels.id, hotelId));
  }
}

/** Creates a hotel (admins only; hidden until it has an open room type). */
export async function createPropertyHotel(db: Db, actor: SessionUser, input: HotelInput): Promise<PropertyHotelView> {
  if (!actor.isAdmin) throw new DomainError("FORBIDDEN", "Only administrators can add hotels.");
  const columns = hotelColumns(input);
  const id = await db.transaction(async (tx) => {
    // A placeholder price until the first room type sets it (the column is the cheapest room's price, never 0).
    const [created] = await tx
      .insert(hotels)
      .values({ ...columns, timeZone: columns.timeZone ?? timeZoneAt(input.lat, input.lng), priceCents: 1, image: imageUrl("exterior", 1) })
      .returning({ id: hotels.id });
    const hotelId = created!.id;
    await tx
      .update(hotels)
      .set({ image: imageUrl("exterior", hotelId) })
      .where(eq(hotels.id, hotelId));
    await settleHotel(tx, hotelId);
    await refreshDestinationCounts(tx, [{ city: columns.city!, country: columns.country! }]);
    await logActivity(tx, {
      actionType: "property_hotel_created",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, name: input.name, city: columns.city },
    });
    return hotelId;
  });
  return getPropertyHotel(db, id);
}

/** Edits a hotel; hiding it takes it out of search, suggestions, its page and booking at once. */
export async function updatePropertyHotel(db: Db, actor: Actor, hotelId: number, input: HotelInput): Promise<PropertyHotelView> {
  const columns = hotelColumns(input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(hotels).where(eq(hotels.id, hotelId)).for("update");
    if (!before) throw new DomainError("HOTEL_NOT_FOUND");
    await tx
      .update(hotels)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(hotels.id, hotelId));
    await settleHotel(tx, hotelId);
    await refreshDestinationCounts(tx, [
      { city: before.city, country: before.country },
      { city: columns.city!, country: columns.country! },
    ]);
    const changed = Object.entries(hotelView({ ...before, ...columns, location: columns.location! } as HotelRow))
      .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify((hotelView(before) as Record<string, unknown>)[key]))
      .map(([key]) => key);
    await logActivity(tx, {
      actionType:
        before.hidden === input.hidden ? "property_hotel_updated" : input.hidden ? "property_hotel_hidden" : "property_hotel_shown",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, name: input.name, changed },
    });
  });
  return getPropertyHotel(db, hotelId);
}

async function lockRoomType(db: Db, hotelId: number, roomTypeId: number): Promise<RoomTypeRow> {
  const [room] = await db
    .select()
    .from(roomTypes)
    .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.hotelId, hotelId)))
    .for("update");
  if (!room) throw new DomainError("ROOM_TYPE_NOT_FOUND");
  return room;
}

function roomColumns(input: RoomTypeInput) {
  return {
    name: input.name,
    description: input.description,
    bedType: input.bedType,
    sizeM2: input.sizeM2,
    maxGuests: input.maxGuests,
    amenities: input.amenities,
    totalRooms: input.totalRooms,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    closed: input.closed,
  };
}

export async function createRoomType(db: Db, actor: Actor, hotelId: number, input: RoomTypeInput): Promise<RoomTypeView> {
  const row = await db.transaction(async (tx) => {
    const [hotel] = await tx.select({ currency: hotels.currency }).from(hotels).where(eq(hotels.id, hotelId)).for("update");
    if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
    const [created] = await tx
      .insert(roomTypes)
      .values({ ...roomColumns(input), hotelId, currency: hotel.currency })
      .returning();
    await settleHotel(tx, hotelId);
    await logActivity(tx, {
      actionType: "property_room_type_created",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, roomTypeId: created!.id, name: input.name, priceCents: input.priceCents, totalRooms: input.totalRooms },
    });
    return created!;
  });
  return roomTypeView(row, 0);
}

/**
 * Edits a room type. A new room count applies to every future night at once (nights the calendar
 * sells fewer rooms on keep that limit, capped by the count) and may not fall below the rooms
 * already sold on any of them; closing stops new bookings and keeps existing ones.
 */
export async function updateRoomType(
  db: Db,
  actor: Actor,
  hotelId: number,
  roomTypeId: number,
  input: RoomTypeInput,
): Promise<RoomTypeView> {
  const row = await db.transaction(async (tx) => {
    const before = await lockRoomType(tx, hotelId, roomTypeId);
    if (input.totalRooms !== before.totalRooms) {
      const [sold] = await queryRows<{ taken: number | null; night: string | null }>(
        tx,
        sql`select rooms_taken as taken, night::text as night from room_nights
            where room_type_id = ${roomTypeId} and night >= ${todayUtc()}::date
            order by rooms_taken desc, night limit 1`,
      );
      if (sold?.taken !== null && sold?.taken !== undefined && Number(sold.taken) > input.totalRooms) {
        throw new DomainError(
          "ROOM_COUNT_BELOW_BOOKED",
          `${sold.taken} rooms of this type are already booked on ${sold.night}, so the hotel cannot have fewer than ${sold.taken}.`,
        );
      }
      await followRoomCount(tx, roomTypeId, before.totalRooms, input.totalRooms, todayUtc());
    }
    const [updated] = await tx.update(roomTypes).set(roomColumns(input)).where(eq(roomTypes.id, roomTypeId)).returning();
    await settleHotel(tx, hotelId);
    await logActivity(tx, {
      actionType:
        before.closed === input.closed
          ? "property_room_type_updated"
          : input.closed
            ? "property_room_type_closed"
            : "property_room_type_reopened",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, roomTypeId, name: input.name, priceCents: input.priceCents, totalRooms: input.totalRooms },
    });
    return updated!;
  });
  const upcoming = await upcomingBookingCounts(db, [roomTypeId]);
  return roomTypeView(row, upcoming.get(roomTypeId) ?? 0);
}

/**
 * Deletes a room type that no booking refers to. With upcoming bookings it is refused (close it
 * instead); with past ones too, since they keep the hotel's history and reports.
 */
export async function deleteRoomType(db: Db, actor: Actor, hotelId: number, roomTypeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await lockRoomType(tx, hotelId, roomTypeId);
    const upcoming = (await upcomingBookingCounts(tx, [roomTypeId])).get(roomTypeId) ?? 0;
    if (upcoming > 0) {
      throw new DomainError(
        "ROOM_TYPE_HAS_BOOKINGS",
        `${room.name} has ${upcoming} upcoming booking${upcoming > 1 ? "s" : ""}, so it cannot be deleted. Close it instead: it stops selling and the bookings stand.`,
      );
    }
    const [past] = await tx.select({ n: count() }).from(bookings).where(eq(bookings.roomTypeId, roomTypeId));
    if (Number(past?.n ?? 0) > 0) {
      throw new DomainError(
        "ROOM_TYPE_HAS_BOOKINGS",
        `${room.name} has past bookings that keep the hotel's history and reports, so it cannot be deleted. Close it instead.`,
      );
    }
    await tx.delete(roomTypes).where(eq(roomTypes.id, roomTypeId));
    await settleHotel(tx, hotelId);
    await logActivity(tx, {
      actionType: "property_room_type_deleted",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, roomTypeId, name: room.name },
    });
  });
}
