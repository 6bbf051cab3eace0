/**
 * Background work that keeps failing for one booking: a refund, a payment reconciliation or a
 * supplier look-up. Each failure counts an attempt; at the limit (RETRY_MAX_ATTEMPTS) the workers
 * leave the booking alone and the case waits on Admin → API Diagnostics until an admin retries it.
 * A success forgets the case.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { backgroundFailures, bookings } from "../db/schema.ts";
import { logActivity } from "./activity-log.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const BACKGROUND_JOBS = {
  refund: "refund",
  paymentReconciliation: "payment_reconciliation",
  supplierLookup: "supplier_lookup",
} as const;
export type BackgroundJob = (typeof BACKGROUND_JOBS)[keyof typeof BACKGROUND_JOBS];

export interface StuckCase {
  id: number;
  job: BackgroundJob;
  bookingId: string;
  bookingReference: string;
  guestEmail: string;
  attempts: number;
  lastError: string;
  firstFailedAt: string;
  lastFailedAt: string;
}

/** Counts one more failed attempt; returns the attempts so far. Logs once when the limit is reached. */
export async function recordBackgroundFailure(
  db: Db | Tx,
  job: BackgroundJob,
  bookingId: string,
  error: unknown,
  maxAttempts: number,
): Promise<number> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const [row] = await db
    .insert(backgroundFailures)
    .values({ job, bookingId, attempts: 1, lastError: message })
    .onConflictDoUpdate({
      target: [backgroundFailures.job, backgroundFailures.bookingId],
      set: { attempts: sql`${backgroundFailures.attempts} + 1`, lastError: message, lastFailedAt: new Date() },
    })
    .returning({ attempts: backgroundFailures.attempts });
  const attempts = row?.attempts ?? 1;
  if (attempts === maxAttempts) {
    await logActivity(db, { actionType: "background_job_gave_up", details: { job, bookingId, attempts, message } });
  }
  return attempts;
}

export async function clearBackgroundFailure(db: Db | Tx, job: BackgroundJob, bookingId: string): Promise<void> {
  await db.delete(backgroundFailures).where(and(eq(backgroundFailures.job, job), eq(backgroundFailures.bookingId, bookingId)));
}

/** Bookings with a job that used up its attempts: the workers skip them. */
export async function stuckBookingIds(db: Db, maxAttempts: number): Promise<Set<string>> {
  const rows = await db
    .select({ bookingId: backgroundFailures.bookingId })
    .from(backgroundFailures)
    .where(gte(backgroundFailures.attempts, maxAttempts));
  return new Set(rows.map((r) => r.bookingId));
}

/** Whether a job of this booking failed before (so a success has something to clear). */
export async function failingBookingIds(db: Db, job: BackgroundJob): Promise<Set<string>> {
  const rows = await db.select({ bookingId: backgroundFailures.bookingId }).from(backgroundFailures).where(eq(backgroundFailures.job, job));
  return new Set(rows.map((r) => r.bookingId));
}

export async function listStuckCases(db: Db, maxAttempts: number, limit = 100): Promise<StuckCase[]> {
  const rows = await db
    .select({ failure: backgroundFailures, reference: bookings.bookingReference, guestEmail: bookings.guestEmail })
    .from(backgroundFailures)
    .innerJoin(bookings, eq(bookings.id, backgroundFailures.bookingId))
    .where(gte(backgroundFailures.attempts, maxAttempts))
    .orderBy(asc(backgroundFailures.firstFailedAt))
    .limit(limit);
  return rows.map(({ failure, reference, guestEmail }) => ({
    id: failure.id,
    job: failure.job as BackgroundJob,
    bookingId: failure.bookingId,
    bookingReference: reference,
    guestEmail,
    attempts: failure.attempts,
    lastError: failure.lastError,
    firstFailedAt: failure.firstFailedAt.toISOString(),
    lastFailedAt: failure.lastFailedAt.toISOString(),
  }));
}

/** An admin gives a stuck case a fresh set of attempts; the next worker round picks it up. Returns false for an unknown case. */
export async function retryStuckCase(db: Db, id: number, actor: { id: string; email: string }): Promise<boolean> {
  const [removed] = await db.delete(backgroundFailures).where(eq(backgroundFailures.id, id)).returning();
  if (!removed) return false;
  await logActivity(db, {
    actionType: "admin_background_job_retried",
    userId: actor.id,
    userEmail: actor.email,
    details: { job: removed.job, bookingId: removed.bookingId, attempts: removed.attempts, lastError: removed.lastError },
  });
  return true;
}
