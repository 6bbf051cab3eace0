/**
 * What one guest may hold unpaid (decision 008). A hold takes real rooms for HOLD_MINUTES before
 * any money moves, so without bounds one script can empty a hotel. Every count comes from the
 * database (pending bookings, the shared rate_limits table), so the limits hold across instances.
 */
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { HoldSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { DomainError } from "../../domain-error.ts";
import type { Tx } from "./records.ts";
import { hitRateLimit } from "../rate-limit.ts";

/** Who asks for a hold: the signed-in user, else the visitor session; and the client address. */
export interface HoldRequester {
  userId: string | null;
  visitorId: string | null;
  /** Already reduced by holderAddress(). */
  address: string;
}

/**
 * The address holds are counted by. One IPv6 subscriber gets a whole /64 and can pick any address
 * in it, so IPv6 counts by its /64 prefix; IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function holderAddress(ip: string | null): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

function minutesFrom(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function tooMany(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError("TOO_MANY_HOLDS", message, { retryAfterSeconds });
}

/** Refuses a hold of more rooms than one party needs (one guest per room is already the stay's rule). */
export function checkRoomsPerHold(rooms: number, settings: HoldSettings): void {
  if (rooms > settings.maxRooms) {
    throw new DomainError(
      "TOO_MANY_ROOMS",
      `You can book up to ${settings.maxRooms} rooms at a time. Book fewer rooms now and the rest in another booking once this one is paid.`,
    );
  }
}

/** Counts one hold attempt against the address (and the signed-in user); 429 past HOLD_RATE_PER_HOUR. */
export async function limitHoldAttempts(db: Db, requester: HoldRequester, settings: HoldSettings): Promise<void> {
  const keys = [`hold:address:${requester.address}`, ...(requester.userId ? [`hold:user:${requester.userId}`] : [])];
  for (const key of keys) {
    const result = await hitRateLimit(db, key, settings.creation);
    if (!result.allowed) {
      throw tooMany(`Too many booking attempts. Please try again in ${minutesFrom(result.retryAfterSeconds)}.`, result.retryAfterSeconds);
    }
  }
}

/** Our own room type a hold asks rooms of, for the share one address may hold unpaid. */
export interface HeldRoomType {
  roomTypeId: number;
  name: string;
  /** The room type's room count. */
  totalRooms: number;
  rooms: number;
  checkIn: string;
  checkOut: string;
}

/** The rooms of a room type one address may hold unpaid on the same nights: its share, at least 1 room. */
export function roomShareOf(totalRooms: number, settings: Pick<HoldSettings, "maxRoomSharePercent">): number {
  return Math.max(1, Math.floor((totalRooms * settings.maxRoomSharePercent) / 100));
}

/**
 * Refuses a hold that would leave one address holding unpaid more than its share of a room type on
 * any of the stay's nights (the rooms of its unpaid holds overlapping the stay are added up, which is
 * never less than on any one night), so a few holds re-made inside the hourly limit cannot keep a
 * small room type sold out. A hold too large on its own is a 400 (waiting does not help); one that
 * adds up with the address's other unpaid holds is a 429 until the oldest of them runs out.
 */
async function claimRoomTypeShare(tx: Tx, requester: HoldRequester, settings: HoldSettings, room: HeldRoomType): Promise<void> {
  const share = roomShareOf(room.totalRooms, settings);
  // A share of every room (one room of a single-room type, or the limit lifted) leaves it to availability.
  if (share >= room.totalRooms) return;
  const of = `${share} of the ${room.totalRooms} "${room.name}" rooms`;
  if (room.rooms > share) {
    throw new DomainError(
      "TOO_MANY_ROOMS",
      `One booking waiting for payment can hold at most ${of} for the same nights. Book ${share === 1 ? "1 room" : `up to ${share} rooms`} now and the rest in another booking once this one is paid.`,
    );
  }
  const result = (await tx.execute(sql`
    select coalesce(sum(num_rooms), 0)::int as held, min(hold_expires_at) as next_expiry
    from bookings
    where status = 'pending' and holder_address = ${requester.address} and room_type_id = ${room.roomTypeId}
      and created_by_staff_id is null and check_in < ${room.checkOut}::date and check_out > ${room.checkIn}::date`)) as unknown as {
    rows: { held: number; next_expiry: string | Date | null }[];
  };
  const row = result.rows[0];
  const held = Number(row?.held ?? 0);
  if (held + room.rooms > share) {
    const nextExpiry = row?.next_expiry ? new Date(row.next_expiry).getTime() : Date.now();
    const retryAfterSeconds = Math.max(1, Math.ceil((nextExpiry - Date.now()) / 1000));
    throw tooMany(
      `Bookings waiting for payment from your connection already hold ${held === 1 ? "1 room" : `${held} rooms`} of this type for these nights, and one connection can hold at most ${of} unpaid. Complete or cancel one of them (My Bookings lists them when you are signed in), or try again in ${minutesFrom(retryAfterSeconds)} when the oldest one runs out.`,
      retryAfterSeconds,
    );
  }
}

/**
 * Inside the hold's transaction, before its rooms are taken: refuses (429) a requester who already
 * has as many unpaid holds as allowed, or whose address would hold more than its share of the room
 * type (`room`; absent for a partner's room or a staff member's phone booking). Advisory locks on the
 * requester's keys make concurrent requests of one requester, on any instance, count one after the other.
 */
export async function claimHoldSlot(
  tx: Tx,
  requester: HoldRequester,
  settings: HoldSettings,
  room: HeldRoomType | null = null,
): Promise<void> {
  const owner = requester.userId
    ? { column: sql`user_id`, value: requester.userId }
    : requester.visitorId
      ? { column: sql`holder_visitor`, value: requester.visitorId }
      : null;
  const lockKeys = [`hold-slot:address:${requester.address}`, ...(owner ? [`hold-slot:owner:${owner.value}`] : [])].sort();
  for (const key of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

  const checks = [
    ...(owner ? [{ where: sql`${owner.column} = ${owner.value}`, limit: settings.maxPending }] : []),
    { where: sql`holder_address = ${requester.address}`, limit: settings.maxPendingPerAddress },
  ];
  for (const check of checks) {
    const result = (await tx.execute(sql`
      select count(*)::int as held, min(hold_expires_at) as next_expiry
      from bookings where status = 'pending' and ${check.where}`)) as unknown as {
      rows: { held: number; next_expiry: string | Date | null }[];
    };
    const row = result.rows[0];
    if (row && Number(row.held) >= check.limit) {
      const nextExpiry = row.next_expiry ? new Date(row.next_expiry).getTime() : Date.now();
      const retryAfterSeconds = Math.max(1, Math.ceil((nextExpiry - Date.now()) / 1000));
      const holds = check.limit === 1 ? "a booking" : `${check.limit} bookings`;
      throw tooMany(
        `You already have ${holds} waiting for payment. Complete or cancel one of them (My Bookings lists them when you are signed in), or try again in ${minutesFrom(retryAfterSeconds)} when the oldest one runs out.`,
        retryAfterSeconds,
      );
    }
  }
  if (room) await claimRoomTypeShare(tx, requester, settings, room);
}
