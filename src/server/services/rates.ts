/**
 * The rates calendar (decision 020): range rules in rate_rules (price, minimum stay, closed; the
 * latest rule wins per field and night) and rooms to sell per night in room_nights.rooms_total.
 * A night's rate has one definition, the SQL function f_stay_nights (migration 0015), which the
 * hotel page, the booking hold, the search and this calendar all read.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import {
  type CalendarEditInput,
  type CalendarMonthView,
  type CalendarNight,
  type NightPrice,
  closedNightsText,
  monthBounds,
  rangeNights,
} from "../../shared/rates.ts";
import { type Db, queryRows } from "../db/client.ts";
import { pgConstraint, pgErrorCode } from "../db/pg-errors.ts";
import { hotels, rateRules, roomTypes } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { setRoomsToSell } from "./bookings/room-nights.ts";

export interface NightRate extends NightPrice {
  closed: boolean;
  minStay: number;
}

interface NightRateRow {
  night: string | Date;
  price_cents: number;
  closed: boolean;
  min_stay: number;
}

function isoNight(value: string | Date): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Each night of the stay [checkIn, checkOut) of one room type, as the calendar sets it. */
export async function stayRates(db: Db, roomTypeId: number, checkIn: string, checkOut: string): Promise<NightRate[]> {
  const rows = await queryRows<NightRateRow>(
    db,
    sql`select to_char(n.night, 'YYYY-MM-DD') as night, n.price_cents, n.closed, n.min_stay
        from f_stay_nights(${roomTypeId}::int, ${checkIn}::date, ${checkOut}::date) n`,
  );
  return rows.map((r) => ({
    night: isoNight(r.night),
    priceCents: Number(r.price_cents),
    closed: Boolean(r.closed),
    minStay: Number(r.min_stay),
  }));
}

/** Why these nights cannot be sold as one stay (closed nights, named, or shorter than the check-in night's minimum stay), else null. */
export function staySellability(
  nights: readonly NightRate[],
): { code: "ROOM_CLOSED_FOR_DATES"; closedNights: string[] } | { code: "MIN_STAY_NOT_MET"; minStay: number } | null {
  const closedNights = nights.filter((n) => n.closed).map((n) => n.night);
  if (closedNights.length > 0) return { code: "ROOM_CLOSED_FOR_DATES", closedNights };
  const minStay = nights[0]?.minStay ?? 1;
  if (nights.length < minStay) return { code: "MIN_STAY_NOT_MET", minStay };
  return null;
}

/** Throws ROOM_CLOSED_FOR_DATES (with `details.nights`) or MIN_STAY_NOT_MET (with `details.minStay`) unless the stay can be sold. */
export function assertStaySellable(nights: readonly NightRate[]): void {
  const refusal = staySellability(nights);
  if (!refusal) return;
  if (refusal.code === "ROOM_CLOSED_FOR_DATES") {
    throw new DomainError(
      "ROOM_CLOSED_FOR_DATES",
      `This room is not sold on ${closedNightsText(refusal.closedNights)}. Please choose other dates or another room.`,
      { nights: refusal.closedNights },
    );
  }
  throw new DomainError("MIN_STAY_NOT_MET", `This room needs a stay of at least ${refusal.minStay} nights from your check-in date.`, {
    minStay: refusal.minStay,
  });
}

interface MonthRow {
  room_type_id: number;
  night: string;
  price_cents: number;
  closed: boolean;
  min_stay: number;
  rooms_to_sell: number;
  rooms_sold: number;
}

/** The calendar of a hotel for one month: every room type × night with price, rooms to sell and sold, closed, minimum stay. */
export async function getCalendarMonth(db: Db, hotelId: number, month: string): Promise<CalendarMonthView> {
  const [hotel] = await db
    .select({ id: hotels.id, name: hotels.name, currency: hotels.currency })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const types = await db
    .select({ id: roomTypes.id, name: roomTypes.name, priceCents: roomTypes.priceCents, totalRooms: roomTypes.totalRooms })
    .from(roomTypes)
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.priceCents), asc(roomTypes.id));
  const { first, last } = monthBounds(month);
  const rows =
    types.length === 0
      ? []
      : await queryRows<MonthRow>(
          db,
          sql`select rt.id as room_type_id, to_char(n.night, 'YYYY-MM-DD') as night, n.price_cents, n.closed, n.min_stay,
                coalesce(rn.rooms_total, rt.total_rows) as rooms_to_sell, coalesce(rn.rooms_taken, 0) as rooms_sold
              from (select t.id, t.total_rooms as total_rows from room_types t where t.hotel_id = ${hotelId}) rt
              cross join lateral f_stay_nights(rt.id, ${first}::date, ${last}::date + 1) n
              left join room_nights rn on rn.room_type_id = rt.id and rn.night = n.night
              order by rt.id, n.night`,
        );
  const byType = new Map<number, CalendarNight[]>();
  for (const r of rows) {
    const list = byType.get(Number(r.room_type_id)) ?? [];
    list.push({
      night: isoNight(r.night),
      priceCents: Number(r.price_cents),
      closed: Boolean(r.closed),
      minStay: Number(r.min_stay),
      roomsToSell: Number(r.rooms_to_sell),
      roomsSold: Number(r.rooms_sold),
    });
    byType.set(Number(r.room_type_id), list);
  }
  return {
    hotelId: hotel.id,
    hotelName: hotel.name,
    currency: hotel.currency,
    month,
    roomTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      basePriceCents: t.priceCents,
      totalRooms: t.totalRooms,
      nights: byType.get(t.id) ?? [],
    })),
  };
}

export interface CalendarEditResult {
  roomTypes: number;
  nights: number;
}

/**
 * Applies a range edit in one transaction: one rate rule per room type for the rate fields, and
 * rooms to sell written night by night into room_nights.rooms_total. Rooms to sell below the rooms
 * already sold on a night (checked under the row locks, and by the table's check constraint against
 * holds racing this edit) refuse the whole edit with ROOMS_TO_SELL_BELOW_SOLD; nothing is written.
 */
export async function editCalendar(db: Db, user: SessionUser, hotelId: number, input: CalendarEditInput): Promise<CalendarEditResult> {
  const types = await db
    .select({ id: roomTypes.id, name: roomTypes.name, totalRooms: roomTypes.totalRooms })
    .from(roomTypes)
    .where(and(eq(roomTypes.hotelId, hotelId), inArray(roomTypes.id, input.roomTypeIds)));
  const unknown = input.roomTypeIds.filter((id) => !types.some((t) => t.id === id));
  if (unknown.length > 0) {
    throw new DomainError("VALIDATION_ERROR", "Choose room types of this hotel", { roomTypeIds: unknown.join(", ") });
  }
  if (input.roomsToSell !== undefined) {
    const tooMany = types.find((t) => input.roomsToSell! > t.totalRooms);
    if (tooMany) {
      throw new DomainError("VALIDATION_ERROR", `Rooms to sell cannot exceed the ${tooMany.totalRooms} rooms of ${tooMany.name}`, {
        roomTypeId: tooMany.id,
        totalRooms: tooMany.totalRooms,
      });
    }
  }
  const nights = rangeNights(input.from, input.to, input.weekdays);
  const nightList = sql.join(
    nights.map((n) => sql`${n}::date`),
    sql`, `,
  );
  const hasRate = input.priceCents !== undefined || input.minStay !== undefined || input.closed !== undefined;
  try {
    await db.transaction(async (tx) => {
      if (hasRate) {
        await tx.insert(rateRules).values(
          types.map((t) => ({
            roomTypeId: t.id,
            firstNight: input.from,
            lastNight: input.to,
            weekdays: input.weekdays,
            priceCents: input.priceCents ?? null,
            minStay: input.minStay ?? null,
            closed: input.closed ?? null,
            createdBy: user.id,
          })),
        );
      }
      if (input.roomsToSell !== undefined) {
        const roomsToSell = input.roomsToSell;
        for (const t of types) {
          // Lock the nights already taken, then refuse with the first night that sold more.
          const [oversold] = await queryRows<{ night: string; rooms_taken: number }>(
            tx,
            sql`select to_char(night, 'YYYY-MM-DD') as night, rooms_taken from room_nights
                where room_type_id = ${t.id} and night in (${nightList})
                order by night for update`,
          ).then((rows) => rows.filter((r) => Number(r.rooms_taken) > roomsToSell));
          if (oversold) throw belowSold(t.name, oversold.night, Number(oversold.rooms_taken));
          await setRoomsToSell(tx, t.id, nights, roomsToSell);
        }
      }
      await logActivity(tx, {
        actionType: "rate_calendar_updated",
        userId: user.id,
        userEmail: user.email,
        details: {
          hotelId,
          roomTypeIds: types.map((t) => t.id),
          from: input.from,
          to: input.to,
          weekdays: input.weekdays,
          nights: nights.length,
          ...(input.priceCents !== undefined ? { priceCents: input.priceCents } : {}),
          ...(input.minStay !== undefined ? { minStay: input.minStay } : {}),
          ...(input.closed !== undefined ? { closed: input.closed } : {}),
          ...(input.roomsToSell !== undefined ? { roomsToSell: input.roomsToSell } : {}),
        },
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === "23514" && pgConstraint(error) === "room_nights_not_overbooked") {
      throw new DomainError("ROOMS_TO_SELL_BELOW_SOLD");
    }
    throw error;
  }
  return { roomTypes: types.length, nights: nights.length * types.length };
}

function belowSold(roomType: string, night: string, sold: number): DomainError {
  return new DomainError(
    "ROOMS_TO_SELL_BELOW_SOLD",
    `${roomType} has ${sold} room${sold === 1 ? "" : "s"} sold on ${night}: rooms to sell cannot be fewer.`,
    { night, roomsSold: sold },
  );
}
