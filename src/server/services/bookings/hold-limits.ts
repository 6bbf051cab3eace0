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

/**
 * Inside the hold's transaction, before its rooms are taken: refuses (429) a requester who already
 * has as many unpaid holds as allowed. Advisory locks on the requester's keys make concurrent
 * requests of one requester, on any instance, count one after the other.
 */
export async function claimHoldSlot(tx: Tx, requester: HoldRequester, settings: HoldSettings): Promise<void> {
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
}
