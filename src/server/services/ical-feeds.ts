import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import { addDays, todayUtc } from "../../shared/dates.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels, icalFeeds, roomTypes, users } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { assertHotelAccess } from "./hotel-access.ts";

/** Stays that ended longer ago than this are left out of a feed: calendars keep what they saw. */
export const ICAL_PAST_DAYS = 90;
/** A feed lists at most this many stays (years of a busy room type). */
const ICAL_MAX_EVENTS = 5000;
/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface RoomTypeCalendarLink {
  roomTypeId: number;
  roomType: string;
  totalRooms: number;
  /** The live link's facts (its address was shown once, when it was created); null when there is none. */
  link: { createdAt: string; createdBy: string | null } | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function roomTypeOfHotel(db: Db, user: SessionUser, hotelId: number, roomTypeId: number) {
  await assertHotelAccess(db, user, hotelId);
  const [room] = await db
    .select({ id: roomTypes.id, name: roomTypes.name, hotelName: hotels.name })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.hotelId, hotelId)));
  if (!room) throw new DomainError("ROOM_NOT_FOUND");
  return room;
}

/** The hotel (for the page's heading) and its room types, each with whether it has a live calendar link. */
export async function listCalendarLinks(
  db: Db,
  user: SessionUser,
  hotelId: number,
): Promise<{ hotel: { id: number; name: string }; roomTypes: RoomTypeCalendarLink[] }> {
  await assertHotelAccess(db, user, hotelId);
  const [hotel] = await db.select({ id: hotels.id, name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const rows = await db
    .select({
      roomTypeId: roomTypes.id,
      roomType: roomTypes.name,
      totalRooms: roomTypes.totalRooms,
      createdAt: icalFeeds.createdAt,
      createdBy: users.email,
    })
    .from(roomTypes)
    .leftJoin(icalFeeds, eq(icalFeeds.roomTypeId, roomTypes.id))
    .leftJoin(users, eq(users.id, icalFeeds.createdById))
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.name), asc(roomTypes.id));
  return {
    hotel,
    roomTypes: rows.map((r) => ({
      roomTypeId: r.roomTypeId,
      roomType: r.roomType,
      totalRooms: r.totalRooms,
      link: r.createdAt ? { createdAt: r.createdAt.toISOString(), createdBy: r.createdBy } : null,
    })),
  };
}

/**
 * A new secret link for the room type's calendar, replacing any earlier one (which stops working
 * at once). Only the token's hash is stored, so the address is in this answer and nowhere else.
 */
export async function createCalendarLink(
  db: Db,
  user: SessionUser,
  target: { hotelId: number; roomTypeId: number },
  publicUrl: string,
): Promise<{ url: string; createdAt: string }> {
  const room = await roomTypeOfHotel(db, user, target.hotelId, target.roomTypeId);
  const token = randomBytes(32).toString("base64url");
  const createdAt = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(icalFeeds)
      .values({ roomTypeId: room.id, tokenHash: hashToken(token), createdById: user.id })
      .onConflictDoUpdate({
        target: icalFeeds.roomTypeId,
        set: { tokenHash: hashToken(token), createdById: user.id, createdAt: sql`now()` },
      })
      .returning({ createdAt: icalFeeds.createdAt });
    await logActivity(tx as unknown as Db, {
      actionType: "ical_feed_created",
      userId: user.id,
      userEmail: user.email,
      details: { hotelId: target.hotelId, hotelName: room.hotelName, roomTypeId: room.id, roomType: room.name },
    });
    return row!.createdAt;
  });
  return { url: `${publicUrl}/api/ical/${token}.ics`, createdAt: createdAt.toISOString() };
}

/** Revokes the room type's link: its address answers 404 from now on. */
export async function revokeCalendarLink(db: Db, user: SessionUser, target: { hotelId: number; roomTypeId: number }): Promise<void> {
  const room = await roomTypeOfHotel(db, user, target.hotelId, target.roomTypeId);
  await db.transaction(async (tx) => {
    const removed = await tx.delete(icalFeeds).where(eq(icalFeeds.roomTypeId, room.id)).returning({ roomTypeId: icalFeeds.roomTypeId });
    if (removed.length === 0) throw new DomainError("ICAL_FEED_NOT_FOUND", "This room type has no calendar link to revoke.");
    await logActivity(tx as unknown as Db, {
      actionType: "ical_feed_revoked",
      userId: user.id,
      userEmail: user.email,
      details: { hotelId: target.hotelId, hotelName: room.hotelName, roomTypeId: room.id, roomType: room.name },
    });
  });
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
function icalText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** RFC 5545 3.1: lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");
const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The calendar behind a secret link: one all-day VEVENT per confirmed stay of the room type (from
 * ICAL_PAST_DAYS ago on), DTSTART the check-in and DTEND the check-out (exclusive, as a stay's
 * nights are). Events name the booking reference and the rooms and guests only: no guest name,
 * e-mail or phone, since a calendar link is shared with other systems. Unknown or revoked tokens
 * are ICAL_FEED_NOT_FOUND.
 */
export async function calendarFeed(db: Db, token: string, publicUrl: string, now = new Date()): Promise<string> {
  if (!TOKEN.test(token)) throw new DomainError("ICAL_FEED_NOT_FOUND");
  const [feed] = await db
    .select({ roomTypeId: roomTypes.id, roomType: roomTypes.name, hotelName: hotels.name })
    .from(icalFeeds)
    .innerJoin(roomTypes, eq(roomTypes.id, icalFeeds.roomTypeId))
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(eq(icalFeeds.tokenHash, hashToken(token)));
  if (!feed) throw new DomainError("ICAL_FEED_NOT_FOUND");
  const stays = await db
    .select({
      id: bookings.id,
      reference: bookings.bookingReference,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      rooms: bookings.numRooms,
      guests: bookings.numGuests,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.roomTypeId, feed.roomTypeId),
        eq(bookings.status, "confirmed"),
        gte(bookings.checkOut, addDays(todayUtc(now), -ICAL_PAST_DAYS)),
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.id))
    .limit(ICAL_MAX_EVENTS);
  const host = new URL(publicUrl).hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Staywise//Room type calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icalText(`${feed.hotelName} – ${feed.roomType}`)}`,
  ];
  for (const stay of stays) {
    const what = `${plural(stay.rooms, "room", "rooms")}, ${plural(stay.guests, "guest", "guests")}`;
    lines.push(
      "BEGIN:VEVENT",
      `UID:booking-${stay.id}@${host}`,
      `DTSTAMP:${utcStamp(stay.updatedAt)}`,
      `DTSTART;VALUE=DATE:${compactDate(stay.checkIn)}`,
      `DTEND;VALUE=DATE:${compactDate(stay.checkOut)}`,
      `SUMMARY:${icalText(`${stay.reference} (${what})`)}`,
      `DESCRIPTION:${icalText(`Staywise booking ${stay.reference}: ${feed.roomType}, ${what}, ${stay.checkIn} to ${stay.checkOut}.`)}`,
      "STATUS:CONFIRMED",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
