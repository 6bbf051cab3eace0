/**
 * The demo chain's front desk (issue 14 item 7): a demo manager running hotels 1, 2 and 3, and
 * bookings there around today (arriving, in house, leaving, past and future) so the front desk
 * has something to show on first start. Deterministic apart from today's date.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { bookingReference } from "../../shared/booking.ts";
import { addDays, countNights, todayUtc } from "../../shared/dates.ts";
import type { Auth } from "../auth/auth.ts";
import { ensureUser } from "../services/accounts.ts";
import { takeRoomNights } from "../services/bookings/room-nights.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotelManagers, hotels, roleChanges, roomTypes, users } from "../db/schema.ts";

export const DEMO_MANAGER_EMAIL = "manager@staywise.example";
/** Front-desk staff of hotel 1 only (decision 064): the desk, and nothing else of the back office. */
export const DEMO_FRONT_DESK_EMAIL = "frontdesk@staywise.example";
export const DEMO_FRONT_DESK_HOTEL_ID = 1;
export const DEMO_CHAIN_HOTEL_IDS = [1, 2, 3];

const GUESTS = ["Amelia Hart", "Noah Becker", "Sofia Rossi", "Liam O'Neill", "Yuki Tanaka", "Lucas Silva", "Emma Dubois", "Omar Haddad"];

/** Stays relative to today: [first night offset, nights, stay status, paid at the hotel]. */
const STAYS: [number, number, "checked_in" | "checked_out" | null, boolean][] = [
  [0, 2, null, false], // arriving today
  [0, 1, null, true], // arriving today, taken by phone, pays at the hotel
  [-2, 4, "checked_in", false], // in house
  [-3, 3, "checked_in", false], // leaving today
  [-10, 3, "checked_out", false], // past stay
  [5, 3, null, false], // future
  [12, 2, null, true], // future, pays at the hotel
];

/** Creates the demo manager (role, grants, role history) and the chain's stays; returns the manager's e-mail. */
export async function seedFrontDeskDemo(db: Db, auth: Auth, password: string, adminEmail: string, today = todayUtc()): Promise<string> {
  await ensureUser(db, auth, { email: DEMO_MANAGER_EMAIL, password, name: "Demo Manager" });
  await ensureUser(db, auth, { email: DEMO_FRONT_DESK_EMAIL, password, name: "Demo Front Desk" });
  const [manager] = await db.select().from(users).where(eq(users.email, DEMO_MANAGER_EMAIL));
  const [frontDesk] = await db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK_EMAIL));
  const [admin] = await db.select().from(users).where(eq(users.email, adminEmail));
  const chain = await db.select({ id: hotels.id, name: hotels.name }).from(hotels).where(inArray(hotels.id, DEMO_CHAIN_HOTEL_IDS));
  const rooms = await db
    .select()
    .from(roomTypes)
    .where(inArray(roomTypes.hotelId, DEMO_CHAIN_HOTEL_IDS))
    .orderBy(asc(roomTypes.priceCents), asc(roomTypes.id));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: "manager", updatedAt: new Date() }).where(eq(users.id, manager!.id));
    await tx
      .insert(hotelManagers)
      .values(chain.map((h) => ({ userId: manager!.id, hotelId: h.id, grantedBy: admin?.id ?? null })))
      .onConflictDoNothing();
    await tx.insert(roleChanges).values({
      userId: manager!.id,
      userEmail: DEMO_MANAGER_EMAIL,
      previousRole: "user",
      newRole: "manager",
      changedByEmail: null,
      reason: "demo seed",
    });
    if (chain.some((h) => h.id === DEMO_FRONT_DESK_HOTEL_ID)) {
      await tx.update(users).set({ role: "front_desk", updatedAt: new Date() }).where(eq(users.id, frontDesk!.id));
      await tx
        .insert(hotelManagers)
        .values({ userId: frontDesk!.id, hotelId: DEMO_FRONT_DESK_HOTEL_ID, grantedBy: manager!.id, role: "front_desk" })
        .onConflictDoNothing();
      await tx.insert(roleChanges).values({
        userId: frontDesk!.id,
        userEmail: DEMO_FRONT_DESK_EMAIL,
        previousRole: "user",
        newRole: "front_desk",
        changedByEmail: null,
        reason: "demo seed",
      });
    }
    let n = 0;
    for (const hotel of chain) {
      const hotelRooms = rooms.filter((r) => r.hotelId === hotel.id && r.totalRooms > 0);
      for (const [offset, nights, stayStatus, payAtHotel] of STAYS) {
        const room = hotelRooms[n % Math.max(1, hotelRooms.length)];
        if (!room) break;
        const checkIn = addDays(today, offset);
        const checkOut = addDays(checkIn, nights);
        const guestName = GUESTS[n % GUESTS.length]!;
        n++;
        await takeRoomNights(tx, room.id, room.totalRooms, checkIn, checkOut, 1);
        await tx.insert(bookings).values({
          id: randomUUID(),
          bookingReference: bookingReference(Date.UTC(2026, 0, 1) + n, () => ((n * 7) % 26) / 26),
          hotelId: hotel.id,
          hotelName: hotel.name,
          roomTypeId: room.id,
          roomType: room.name,
          roomPriceCents: room.priceCents,
          checkIn,
          checkOut,
          numGuests: Math.min(2, room.maxGuests),
          numRooms: 1,
          totalNights: countNights(checkIn, checkOut),
          totalPriceCents: room.priceCents * nights,
          guestName,
          guestEmail: `${guestName.toLowerCase().replaceAll(/[^a-z]+/g, ".")}@example.com`,
          guestPhone: `+1 555 01${String(n).padStart(2, "0")}`,
          status: "confirmed",
          paymentStatus: payAtHotel ? "pay_at_hotel" : "completed",
          payAtHotel,
          createdByStaffId: payAtHotel ? manager!.id : null,
          stayStatus,
          // Booked two weeks ahead: a booking made after its own check-in would give the reports a negative lead time.
          createdAt: new Date(`${addDays(checkIn, -14)}T12:00:00Z`),
          checkedInAt: stayStatus ? new Date(`${checkIn}T15:00:00Z`) : null,
          checkedOutAt: stayStatus === "checked_out" ? new Date(`${checkOut}T10:00:00Z`) : null,
        });
      }
    }
  });
  return DEMO_MANAGER_EMAIL;
}
