import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { supplierSandboxBookings } from "../../db/schema.ts";
import type { SandboxBooking, SandboxBookingStore } from "./sandbox-booking-store.ts";
import { MAX_DATABASE_ID } from "../../../shared/ids.ts";

type Row = typeof supplierSandboxBookings.$inferSelect;

function toBooking(row: Row): SandboxBooking {
  return {
    bookingNumber: row.bookingNumber,
    yourRef: row.yourRef,
    hotelId: row.hotelId,
    roomTypeName: row.roomTypeName,
    mealId: row.mealId,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    priceCents: row.priceCents,
    createdAt: row.createdAt.toISOString().slice(0, 10),
    active: row.active,
    guests: row.guests,
    email: row.email,
  };
}

/** The sandbox's bookings in the app's database: they survive restarts and every instance sees them. */
export function databaseSandboxStore(db: Db): SandboxBookingStore {
  return {
    async add(booking) {
      const { createdAt, ...values } = booking;
      const [row] = await db
        .insert(supplierSandboxBookings)
        .values({ ...values, createdAt: new Date(`${createdAt}T00:00:00Z`) })
        .returning();
      return toBooking(row!);
    },
    async cancel(bookingNumber) {
      if (!Number.isSafeInteger(bookingNumber) || bookingNumber < 1 || bookingNumber > MAX_DATABASE_ID) return "not-found";
      const [cancelled] = await db
        .update(supplierSandboxBookings)
        .set({ active: false })
        .where(and(eq(supplierSandboxBookings.bookingNumber, bookingNumber), eq(supplierSandboxBookings.active, true)))
        .returning({ bookingNumber: supplierSandboxBookings.bookingNumber });
      if (cancelled) return "cancelled";
      const [exists] = await db
        .select({ n: supplierSandboxBookings.bookingNumber })
        .from(supplierSandboxBookings)
        .where(eq(supplierSandboxBookings.bookingNumber, bookingNumber));
      return exists ? "already-cancelled" : "not-found";
    },
    async find(filter) {
      if (filter.bookingNumber !== undefined && (!Number.isSafeInteger(filter.bookingNumber) || filter.bookingNumber > MAX_DATABASE_ID))
        return [];
      const conditions = [
        ...(filter.bookingNumber !== undefined ? [eq(supplierSandboxBookings.bookingNumber, filter.bookingNumber)] : []),
        ...(filter.yourRef !== undefined ? [eq(supplierSandboxBookings.yourRef, filter.yourRef)] : []),
      ];
      if (conditions.length === 0) return [];
      const rows = await db
        .select()
        .from(supplierSandboxBookings)
        .where(and(...conditions))
        .limit(100);
      return rows.map(toBooking);
    },
  };
}
