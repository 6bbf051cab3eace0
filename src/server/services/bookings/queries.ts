import { and, desc, eq, gte, lte, ne } from "drizzle-orm";
import type { BookingView } from "../../../shared/booking.ts";
import { todayUtc } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { bookings, hotels } from "../../db/schema.ts";
import { type BookingRow, toBookingView } from "./records.ts";

export interface MyBookingsFilter {
  checkInFrom?: string | undefined;
  checkOutTo?: string | undefined;
}

/** A user's bookings, newest first; holds that were never paid are left out. */
export async function listUserBookings(db: Db, userId: string, filter: MyBookingsFilter, today = todayUtc()): Promise<BookingView[]> {
  const conditions = [eq(bookings.userId, userId), ne(bookings.paymentStatus, "expired"), ne(bookings.paymentStatus, "payment_failed")];
  if (filter.checkInFrom) conditions.push(gte(bookings.checkIn, filter.checkInFrom));
  if (filter.checkOutTo) conditions.push(lte(bookings.checkOut, filter.checkOutTo));
  const rows = await db
    .select({ booking: bookings, cancellationPolicy: hotels.cancellationPolicy, freeCancellationDays: hotels.freeCancellationDays })
    .from(bookings)
    .leftJoin(hotels, eq(hotels.id, bookings.hotelId))
    .where(and(...conditions))
    .orderBy(desc(bookings.createdAt))
    .limit(500);
  return rows.map((r) =>
    toBookingView(r.booking, { cancellationPolicy: r.cancellationPolicy, freeCancellationDays: r.freeCancellationDays ?? 0 }, today),
  );
}

export async function findBooking(db: Db, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}

export async function findBookingByReference(db: Db, reference: string, email: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.bookingReference, reference), eq(bookings.guestEmail, email.toLowerCase())));
  return row ?? null;
}
