import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { type bookings, hotelManagers, users } from "../../src/server/db/schema.ts";
import { type TestApp, signIn } from "./test-app.ts";

type BookingInsert = typeof bookings.$inferInsert;
/** What a stored booking must name: its hotel and room, its stay and its guest. */
type BookingNames = Pick<
  BookingInsert,
  "hotelId" | "hotelName" | "roomTypeId" | "roomType" | "checkIn" | "checkOut" | "guestName" | "guestEmail" | "guestPhone"
>;

let rows = 0;

/**
 * A booking to insert straight into `bookings`, as if made long ago: confirmed and paid, one room
 * for two guests, one night at 10,000 cents, under a reference of its own; fields override these.
 */
export function bookingRow(fields: BookingNames & Partial<BookingInsert>): BookingInsert {
  rows += 1;
  return {
    id: randomUUID(),
    bookingReference: `BKROW${rows}`,
    roomPriceCents: 10000,
    numGuests: 2,
    numRooms: 1,
    totalNights: 1,
    totalPriceCents: 10000,
    status: "confirmed",
    paymentStatus: "completed",
    ...fields,
  };
}

/** Makes a signed-up user the manager of these hotels (straight in the database) and signs them in: their id and session. */
export async function signInAsManager(t: TestApp, email: string, hotelIds: number[]): Promise<{ id: string; cookie: string }> {
  const [user] = await t.deps.db.update(users).set({ role: "manager" }).where(eq(users.email, email)).returning();
  await t.deps.db.insert(hotelManagers).values(hotelIds.map((hotelId) => ({ userId: user!.id, hotelId })));
  return { id: user!.id, cookie: await signIn(t, email) };
}
