import { and, eq } from "drizzle-orm";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import { childChargeCents } from "../../../shared/children.ts";
import { averageNightlyCents, stayTotalCents } from "../../../shared/rates.ts";
import type { Stay } from "../../../shared/search.ts";
import type { Db } from "../../db/client.ts";
import { hotels, roomTypes } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { assertStaySellable, stayRates } from "../rates.ts";
import { type PricedRoom, roomTooSmall } from "./records.ts";
import { takeRoomNights } from "./room-nights.ts";
import { isDatabaseId } from "../../../shared/ids.ts";

/**
 * One of our own rooms, priced night by night from the rates calendar: the sum of its nights ×
 * rooms, plus the hotel's child charges (child rate × children at or over its free age × nights). A closed night or a stay shorter than the check-in night's minimum stay is refused.
 */
export async function priceInventoryRoom(db: Db, input: CreateBookingInput, stay: Stay): Promise<PricedRoom> {
  if (!isDatabaseId(input.hotelId) || !isDatabaseId(input.roomTypeId)) {
    throw new DomainError("ROOM_NOT_FOUND");
  }
  const [room] = await db
    .select({
      room: roomTypes,
      hotelName: hotels.name,
      currency: hotels.currency,
      childPolicy: { freeUnderAge: hotels.childrenFreeUnderAge, childRateCents: hotels.childRateCents },
    })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(
      and(
        eq(roomTypes.id, Number(input.roomTypeId)),
        eq(roomTypes.hotelId, Number(input.hotelId)),
        // A hidden hotel or a closed room type sells nothing (issue 14).
        eq(hotels.hidden, false),
        eq(roomTypes.closed, false),
      ),
    );
  if (!room) throw new DomainError("ROOM_NOT_FOUND");
  const party = stay.guests + stay.children;
  if (room.room.maxGuests * stay.rooms < party) {
    throw roomTooSmall(room.room.name, room.room.maxGuests, party);
  }
  const { id: roomTypeId, totalRooms } = room.room;
  const nights = await stayRates(db, roomTypeId, stay.checkIn, stay.checkOut);
  assertStaySellable(nights);
  const perRoom = stayTotalCents(nights);
  const childCharge = childChargeCents(stay.childAges, room.childPolicy, nights.length);
  return {
    hotelName: room.hotelName,
    roomName: room.room.name,
    nightlyPriceCents: averageNightlyCents(perRoom, nights.length),
    nightlyPrices: nights.map((n) => n.priceCents),
    totalPriceCents: perRoom * stay.rooms + childCharge,
    childChargeCents: childCharge,
    currency: room.currency,
    source: { hotelId: Number(input.hotelId), roomTypeId },
    totalRooms,
    take: (tx) => takeRoomNights(tx, roomTypeId, totalRooms, stay.checkIn, stay.checkOut, stay.rooms),
  };
}
