/**
 * The rooms a booking occupies, night by night, in room_nights. Its check constraint
 * (rooms_taken <= rooms_total) is what makes overbooking impossible, whichever instance asks.
 * This file is the only code that writes room_nights (the seed aside): the rates calendar's rooms to
 * sell and a room type's new room count come through here too (tests/lint/booking-writes.test.ts).
 */
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { pgConstraint, pgErrorCode } from "../../db/pg-errors.ts";
import { roomTypes } from "../../db/schema.ts";
import type { BookingRow, Tx } from "./records.ts";

/**
 * Takes `rooms` of a room type for every night of the stay. The check constraint on room_nights
 * refuses the statement when any night would exceed the room count, so concurrent holds from
 * any number of app instances can never overbook.
 */
export async function takeRoomNights(
  tx: Tx,
  roomTypeId: number,
  totalRooms: number,
  checkIn: string,
  checkOut: string,
  rooms: number,
): Promise<void> {
  await tx.execute(sql`
    insert into room_nights (room_type_id, night, rooms_total, rooms_taken)
    select ${roomTypeId}, night::date, ${totalRooms}, ${rooms}
    from generate_series(${checkIn}::date, ${checkOut}::date - 1, interval '1 day') as night
    on conflict (room_type_id, night) do update set rooms_taken = room_nights.rooms_taken + excluded.rooms_taken`);
}

export async function releaseRoomNights(tx: Tx, row: BookingRow): Promise<void> {
  if (row.roomTypeId === null) return;
  await tx.execute(sql`
    update room_nights set rooms_taken = greatest(0, rooms_taken - ${row.numRooms})
    where room_type_id = ${row.roomTypeId} and night >= ${row.checkIn}::date and night < ${row.checkOut}::date`);
}

/** Gives back a booking's rooms on the nights [from, to) it no longer uses (a stay shortened at the front desk). */
export async function releaseRoomNightsAfter(tx: Tx, row: BookingRow, from: string, to: string): Promise<void> {
  if (row.roomTypeId === null) return;
  await tx.execute(sql`
    update room_nights set rooms_taken = greatest(0, rooms_taken - ${row.numRooms})
    where room_type_id = ${row.roomTypeId} and night >= ${from}::date and night < ${to}::date`);
}

/** Takes a booking's rooms again (a cancelled booking brought back); refused by the check constraint when they are gone. */
export async function retakeRoomNights(tx: Tx, row: BookingRow): Promise<void> {
  if (row.roomTypeId === null) return;
  await takeRoomNights(tx, row.roomTypeId, await roomCount(tx, row.roomTypeId), row.checkIn, row.checkOut, row.numRooms);
}

async function roomCount(tx: Tx, roomTypeId: number): Promise<number> {
  const [row] = await tx.select({ totalRooms: roomTypes.totalRooms }).from(roomTypes).where(eq(roomTypes.id, roomTypeId));
  return row?.totalRooms ?? 0;
}

/**
 * The rates calendar's rooms to sell on these nights of a room type (rows made where missing). The
 * check constraint refuses a night that already has more rooms taken.
 */
export async function setRoomsToSell(tx: Tx, roomTypeId: number, nights: readonly string[], roomsToSell: number): Promise<void> {
  const list = sql.join(
    nights.map((n) => sql`${n}::date`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into room_nights (room_type_id, night, rooms_total, rooms_taken)
    select ${roomTypeId}, n, ${roomsToSell}, 0 from unnest(array[${list}]) n
    on conflict (room_type_id, night) do update set rooms_total = excluded.rooms_total`);
}

/**
 * A room type's new room count on its nights from `from` on: nights selling every room follow it;
 * nights the calendar sells fewer on (a stop-sell, an allotment) keep their limit, never above the new count.
 */
export async function followRoomCount(tx: Tx, roomTypeId: number, before: number, after: number, from: string): Promise<void> {
  await tx.execute(sql`
    update room_nights
    set rooms_total = case when rooms_total >= ${before} then ${after} else least(rooms_total, ${after}) end
    where room_type_id = ${roomTypeId} and night >= ${from}::date`);
}

/** Whether a statement was refused because a night would exceed the room count. */
export function isOverbooking(error: unknown): boolean {
  return pgErrorCode(error) === "23514" && pgConstraint(error) === "room_nights_not_overbooked";
}

/** Gives back `rooms` of a room type on the nights [from, to) (an imported calendar block removed or moved, decision 058). */
export async function releaseNights(tx: Tx, roomTypeId: number, rooms: number, from: string, to: string): Promise<void> {
  await tx.execute(sql`
    update room_nights set rooms_taken = greatest(0, rooms_taken - ${rooms})
    where room_type_id = ${roomTypeId} and night >= ${from}::date and night < ${to}::date`);
}

/** A booking's rooms over its nights: what a change of the stay gives back and takes. */
export interface StayRooms {
  checkIn: string;
  checkOut: string;
  rooms: number;
}

/**
 * Locks a room type's existing rows over the nights [from, to) in night order, the order every
 * take and release of a stay follows, so a change that releases some nights and takes others
 * cannot deadlock with another booking's.
 */
export async function lockRoomNights(tx: Tx, roomTypeId: number, from: string, to: string): Promise<void> {
  await tx.execute(sql`
    select 1 from room_nights
    where room_type_id = ${roomTypeId} and night >= ${from}::date and night < ${to}::date
    order by night for update`);
}

/**
 * The nights of `next` that would hold more rooms than the room type sells once `previous` (the
 * same booking's rooms before the change) is given back; empty when the change fits.
 */
export async function nightsShortForChange(
  tx: Tx,
  roomTypeId: number,
  totalRooms: number,
  previous: StayRooms,
  next: StayRooms,
): Promise<string[]> {
  const rows = await queryRows<{ night: string }>(
    tx as unknown as Db,
    sql`
    select to_char(n.night, 'YYYY-MM-DD') as night
    from generate_series(${next.checkIn}::date, ${next.checkOut}::date - 1, interval '1 day') as n(night)
    left join room_nights rn on rn.room_type_id = ${roomTypeId} and rn.night = n.night::date
    where coalesce(rn.rooms_taken, 0)
        - case when n.night >= ${previous.checkIn}::date and n.night < ${previous.checkOut}::date then ${previous.rooms} else 0 end
        + ${next.rooms} > coalesce(rn.rooms_total, ${totalRooms})
    order by n.night`,
  );
  return rows.map((r) => r.night);
}
