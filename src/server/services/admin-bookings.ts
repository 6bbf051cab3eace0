import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { csvRow } from "../../shared/csv.ts";
import type { BookingSource, BookingView } from "../../shared/booking.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels } from "../db/schema.ts";
import { likeEscape } from "../db/like.ts";
import { logActivity } from "./activity-log.ts";
import { type AdminBookingStatus, changeBookingStatus, refundAndCancelBooking } from "./bookings/admin.ts";
import { type BookingDeps, bookingPolicy, isSupplierBooking, toBookingView } from "./bookings/records.ts";

export interface AdminBookingQuery {
  search: string;
  status: "all" | "pending" | "confirmed" | "cancelled" | "completed";
  /** Where the booking came from (bookings.source); "all" for every source. */
  source?: "all" | BookingSource;
  sort: "created_desc" | "created_asc" | "check_in_asc" | "check_in_desc" | "total_desc" | "total_asc";
  page: number;
  pageSize: number;
}

export interface AdminBookingView extends BookingView {
  userId: string | null;
  /** A refund can be issued: paid, not refunded, not cancelled. */
  refundable: boolean;
  /** Partner bookings: where the booking was placed and the supplier's number, for support. */
  supplier: { environment: string | null; state: string | null; bookingNumber: string | null } | null;
  /** Where it was booked: website, phone, channel (API key name in sourceDetail), calendar, partner. */
  source: string;
  sourceDetail: string | null;
}

type BookingRow = typeof bookings.$inferSelect;
type Actor = { id: string; email: string };

const SORTS = {
  created_desc: [desc(bookings.createdAt)],
  created_asc: [asc(bookings.createdAt)],
  check_in_asc: [asc(bookings.checkIn), desc(bookings.createdAt)],
  check_in_desc: [desc(bookings.checkIn), desc(bookings.createdAt)],
  total_desc: [desc(bookings.totalPriceCents), desc(bookings.createdAt)],
  total_asc: [asc(bookings.totalPriceCents), desc(bookings.createdAt)],
} as const;

function filters(q: Pick<AdminBookingQuery, "search" | "status" | "source">) {
  const conditions = [sql`${bookings.paymentStatus} not in ('expired', 'payment_failed')`];
  if (q.search) {
    const pattern = `%${likeEscape(q.search)}%`;
    conditions.push(
      or(
        ilike(bookings.bookingReference, pattern),
        ilike(bookings.guestName, pattern),
        ilike(bookings.guestEmail, pattern),
        ilike(bookings.hotelName, pattern),
      )!,
    );
  }
  if (q.status === "completed") conditions.push(sql`${bookings.status} = 'confirmed' and ${bookings.checkOut} <= current_date`);
  else if (q.status === "confirmed") conditions.push(sql`${bookings.status} = 'confirmed' and ${bookings.checkOut} > current_date`);
  else if (q.status !== "all") conditions.push(eq(bookings.status, q.status));
  if (q.source && q.source !== "all") conditions.push(eq(bookings.source, q.source));
  return and(...conditions);
}

function toAdminView(
  row: BookingRow,
  policy: { cancellationPolicy: string | null; freeCancellationDays: number | null },
): AdminBookingView {
  return {
    ...toBookingView(row, { cancellationPolicy: policy.cancellationPolicy, freeCancellationDays: policy.freeCancellationDays ?? 0 }),
    userId: row.userId,
    supplier: isSupplierBooking(row)
      ? { environment: row.supplierEnvironment, state: row.supplierState, bookingNumber: row.supplierBookingRef }
      : null,
    refundable: row.status !== "cancelled" && row.paymentStatus === "completed" && row.paymentIntentId !== null,
    source: row.source,
    sourceDetail: row.sourceDetail,
  };
}

export async function listAdminBookings(db: Db, q: AdminBookingQuery): Promise<{ bookings: AdminBookingView[]; total: number }> {
  const where = filters(q);
  const [rows, totals] = await Promise.all([
    db
      .select({ booking: bookings, cancellationPolicy: hotels.cancellationPolicy, freeCancellationDays: hotels.freeCancellationDays })
      .from(bookings)
      .leftJoin(hotels, eq(hotels.id, bookings.hotelId))
      .where(where)
      .orderBy(...SORTS[q.sort], desc(bookings.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map((r) => toAdminView(r.booking, r)), total: totals[0]?.n ?? 0 };
}

/** Every booking matching the filters as CSV: Reference, Guest, Email, Room, Check-in, Check-out, Total, Status. */
export async function exportBookingsCsv(db: Db, q: Pick<AdminBookingQuery, "search" | "status" | "source">, actor: Actor): Promise<string> {
  const rows = await db.select().from(bookings).where(filters(q)).orderBy(desc(bookings.createdAt)).limit(100_000);
  const lines = [csvRow(["Reference", "Guest", "Email", "Room", "Check-in", "Check-out", "Total", "Status"])];
  for (const r of rows) {
    const view = toBookingView(r, { cancellationPolicy: null, freeCancellationDays: 0 });
    lines.push(
      csvRow([
        r.bookingReference,
        r.guestName,
        r.guestEmail,
        r.roomType,
        r.checkIn,
        r.checkOut,
        (r.totalPriceCents / 100).toFixed(2),
        view.status,
      ]),
    );
  }
  await logActivity(db, {
    actionType: "admin_bookings_exported",
    userId: actor.id,
    userEmail: actor.email,
    details: { rows: rows.length, ...q },
  });
  return lines.join("\r\n") + "\r\n";
}

/** An admin sets confirmed, pending or cancelled (services/bookings/admin.ts); the booking as the back office shows it. */
export async function setBookingStatus(
  deps: BookingDeps,
  bookingId: string,
  status: AdminBookingStatus,
  actor: Actor,
): Promise<AdminBookingView> {
  const row = await changeBookingStatus(deps, bookingId, status, actor);
  return toAdminView(row, await bookingPolicy(deps.db, row));
}

/** Refunds what the guest paid and cancels the booking (services/bookings/admin.ts); the booking as the back office shows it. */
export async function refundBookingAsAdmin(
  deps: BookingDeps,
  bookingId: string,
  actor: Actor,
): Promise<{ booking: AdminBookingView; amountCents: number }> {
  const { row, amountCents } = await refundAndCancelBooking(deps, bookingId, actor);
  return { booking: toAdminView(row, await bookingPolicy(deps.db, row)), amountCents };
}
