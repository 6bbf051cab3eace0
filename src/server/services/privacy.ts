/**
 * A traveller's data in their own hands (decision 067): everything held about an account as one JSON
 * document, and the account's erasure. Erasure deletes the account and everything that is only about
 * it, and anonymises what others must keep: a booking keeps its stay for the hotel's books, a paid
 * one (see `keptByLaw`) also its guest name for the legal period; invoices are never touched (they
 * are immutable and kept by law); reviews stay as "a former guest" or go, as the person chooses.
 */
import { anonymiseBookingGuests, clearGuestDetailsPastRetention } from "./bookings/erasure.ts";
import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { InvoiceLine, InvoiceParty } from "../../shared/invoices.ts";
import { addDays, todayUtc } from "../../shared/dates.ts";
import { describeUserAgent } from "../../shared/user-agent.ts";
import type { Db } from "../db/client.ts";
import { likeEscape } from "../db/like.ts";
import {
  activityLogs,
  bookingBillingDetails,
  bookings,
  emailOutbox,
  hotelManagers,
  hotels,
  invoices,
  loyaltyAccounts,
  loyaltyTransactions,
  promoCodeUses,
  rateLimits,
  reviewVotes,
  reviews,
  roleChanges,
  savedHotels,
  sessions,
  users,
  verifications,
  webhookDeliveries,
} from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type BookingRow = typeof bookings.$inferSelect;

/** What an anonymised booking's guest name becomes when the law does not keep it. */
export const ERASED_GUEST_NAME = "Former guest";
/** What the e-mail of an erased account becomes in the records that stay (activity log, role history). */
export const ERASED_ACCOUNT = "(erased account)";
/** How long a paid booking keeps its guest name after the account is erased, counted from check-out (decision 067). */
export const GUEST_NAME_RETENTION_YEARS = 10;

export type ReviewChoice = "keep" | "delete";

/** Payment states in which money is still moving: erasing the guest's e-mail would lose the refund or charge's notice. */
const MONEY_IN_FLIGHT = ["refund_pending", "refunding", "capture_pending", "capturing", "release_pending"];
/** Payment states that mean money was taken (a refund included: it was taken first). */
const MONEY_TAKEN = ["completed", "captured", "refunded", "refund_pending", "refunding"];

/**
 * A booking the person cannot delete their account over yet: a stay still to come or under way, a
 * hold still running, or money still moving. Decision 067: such bookings refuse the deletion until
 * they are cancelled or over, rather than leaving a nameless guest the hotel expects.
 */
export function isOpenBooking(row: BookingRow, now: Date = new Date()): boolean {
  if (MONEY_IN_FLIGHT.includes(row.paymentStatus)) return true;
  if (row.status === "pending") return row.holdExpiresAt !== null && row.holdExpiresAt > now;
  if (row.status !== "confirmed") return false;
  if (row.stayStatus === "checked_out" || row.stayStatus === "no_show") return false;
  return row.checkOut > todayUtc(now);
}

/**
 * A booking whose guest name the hotel must keep (decision 067): one that was invoiced, paid for
 * (also when refunded later) or stayed (a pay-at-hotel stay is paid at the desk). Its e-mail and
 * phone still go; the invoices themselves are never changed.
 */
function keptByLaw(row: BookingRow, invoiced: ReadonlySet<string>): boolean {
  return (
    invoiced.has(row.id) ||
    MONEY_TAKEN.includes(row.paymentStatus) ||
    row.capturedCents > 0 ||
    row.refundedCents > 0 ||
    row.stayStatus === "checked_in" ||
    row.stayStatus === "checked_out"
  );
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

export interface PersonalDataExport {
  format: "staywise-personal-data/1";
  exportedAt: string;
  account: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string;
    disabled: boolean;
    twoFactorEnabled: boolean;
    createdAt: string;
    lastSignInAt: string | null;
    managedHotels: { id: number; name: string }[];
  };
  loyalty: {
    tier: string;
    pointsBalance: number;
    totalPointsEarned: number;
    referralCode: string;
    referred: boolean;
    transactions: { points: number; description: string; createdAt: string }[];
  } | null;
  bookings: {
    id: string;
    bookingReference: string;
    hotelId: number | null;
    hotelName: string;
    roomType: string;
    ratePlanName: string | null;
    mealPlan: string | null;
    checkIn: string;
    checkOut: string;
    numGuests: number;
    numChildren: number;
    childAges: number[];
    numRooms: number;
    totalNights: number;
    currency: string;
    totalPriceCents: number;
    discountCents: number;
    pointsRedeemed: number;
    promoCode: string | null;
    charges: unknown;
    guestName: string;
    guestEmail: string;
    guestPhone: string;
    specialRequests: string | null;
    language: string;
    status: string;
    paymentStatus: string;
    stayStatus: string | null;
    refundedCents: number;
    source: string;
    createdAt: string;
    cancelledAt: string | null;
    checkedInAt: string | null;
    checkedOutAt: string | null;
    billingDetails: { name: string; company: string | null; taxId: string | null; address: string | null } | null;
  }[];
  invoices: {
    id: number;
    invoiceNumber: string;
    kind: string;
    bookingReference: string;
    issuedAt: string;
    seller: InvoiceParty;
    buyer: InvoiceParty;
    currency: string;
    lines: InvoiceLine[];
    netCents: number;
    taxCents: number;
    totalCents: number;
  }[];
  reviews: {
    id: number;
    hotelId: number;
    hotelName: string;
    title: string;
    rating: number;
    comment: string;
    photos: string[];
    status: string;
    helpfulVotes: number;
    unhelpfulVotes: number;
    createdAt: string;
  }[];
  reviewVotes: { reviewId: number; voteType: string; createdAt: string }[];
  savedHotels: { hotelId: number; hotelName: string; savedAt: string }[];
  sessions: {
    browser: string | null;
    os: string | null;
    ipAddress: string | null;
    userAgent: string | null;
    signedInAt: string;
    lastSeenAt: string;
    expiresAt: string;
  }[];
  activity: { createdAt: string; actionType: string; ipAddress: string | null }[];
}

/**
 * Everything held about the account, read from the account's own rows only: its bookings are those
 * made while signed in to it (user_id), and its invoices those of these bookings. Secrets (the
 * password hash, the authenticator secret, session tokens) are left out: they are not information
 * about the person, and the export must not become a way to take the account over.
 */
export async function exportPersonalData(db: Db, userId: string): Promise<PersonalDataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("USER_NOT_FOUND");
  const [managed, loyalty, ledger, bookingRows, reviewRows, votes, saved, sessionRows, activity] = await Promise.all([
    db
      .select({ id: hotels.id, name: hotels.name })
      .from(hotelManagers)
      .innerJoin(hotels, eq(hotels.id, hotelManagers.hotelId))
      .where(eq(hotelManagers.userId, userId))
      .orderBy(asc(hotels.name)),
    db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId)),
    db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId)).orderBy(asc(loyaltyTransactions.createdAt)),
    db
      .select({ booking: bookings, billing: bookingBillingDetails })
      .from(bookings)
      .leftJoin(bookingBillingDetails, eq(bookingBillingDetails.bookingId, bookings.id))
      .where(eq(bookings.userId, userId))
      .orderBy(asc(bookings.createdAt)),
    db
      .select({ review: reviews, hotelName: hotels.name })
      .from(reviews)
      .innerJoin(hotels, eq(hotels.id, reviews.hotelId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db.select().from(reviewVotes).where(eq(reviewVotes.userId, userId)).orderBy(asc(reviewVotes.createdAt)),
    db
      .select({ hotelId: savedHotels.hotelId, hotelName: hotels.name, savedAt: savedHotels.savedAt })
      .from(savedHotels)
      .innerJoin(hotels, eq(hotels.id, savedHotels.hotelId))
      .where(eq(savedHotels.userId, userId))
      .orderBy(asc(savedHotels.savedAt)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db
      .select({ createdAt: activityLogs.createdAt, actionType: activityLogs.actionType, ipAddress: activityLogs.ipAddress })
      .from(activityLogs)
      .where(or(eq(activityLogs.userId, userId), eq(activityLogs.targetUserEmail, user.email)))
      .orderBy(asc(activityLogs.createdAt), asc(activityLogs.id))
      .limit(5000),
  ]);
  const bookingIds = bookingRows.map((r) => r.booking.id);
  const invoiceRows =
    bookingIds.length === 0
      ? []
      : await db
          .select({ invoice: invoices, bookingReference: bookings.bookingReference })
          .from(invoices)
          .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
          .where(inArray(invoices.bookingId, bookingIds))
          .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const account = loyalty[0];
  return {
    format: "staywise-personal-data/1",
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      disabled: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: iso(user.lastSignInAt),
      managedHotels: managed,
    },
    loyalty: account
      ? {
          tier: account.tier,
          pointsBalance: account.pointsBalance,
          totalPointsEarned: account.totalPointsEarned,
          referralCode: account.referralCode,
          referred: account.referredByUserId !== null,
          transactions: ledger.map((l) => ({ points: l.points, description: l.description, createdAt: l.createdAt.toISOString() })),
        }
      : null,
    bookings: bookingRows.map(({ booking: b, billing }) => ({
      id: b.id,
      bookingReference: b.bookingReference,
      hotelId: b.hotelId,
      hotelName: b.hotelName,
      roomType: b.roomType,
      ratePlanName: b.ratePlanName,
      mealPlan: b.mealPlan,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      numGuests: b.numGuests,
      numChildren: b.numChildren,
      childAges: b.childAges,
      numRooms: b.numRooms,
      totalNights: b.totalNights,
      currency: b.currency,
      totalPriceCents: b.totalPriceCents,
      discountCents: b.discountCents,
      pointsRedeemed: b.pointsRedeemed,
      promoCode: b.promoCode,
      charges: b.charges ?? null,
      guestName: b.guestName,
      guestEmail: b.guestEmail,
      guestPhone: b.guestPhone,
      specialRequests: b.specialRequests,
      language: b.language,
      status: b.status,
      paymentStatus: b.paymentStatus,
      stayStatus: b.stayStatus,
      refundedCents: b.refundedCents,
      source: b.source,
      createdAt: b.createdAt.toISOString(),
      cancelledAt: iso(b.cancelledAt),
      checkedInAt: iso(b.checkedInAt),
      checkedOutAt: iso(b.checkedOutAt),
      billingDetails: billing ? { name: billing.name, company: billing.company, taxId: billing.taxId, address: billing.address } : null,
    })),
    invoices: invoiceRows.map(({ invoice: i, bookingReference }) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      kind: i.kind,
      bookingReference,
      issuedAt: i.issuedAt.toISOString(),
      seller: i.seller,
      buyer: i.buyer,
      currency: i.currency,
      lines: i.lines,
      netCents: i.netCents,
      taxCents: i.taxCents,
      totalCents: i.totalCents,
    })),
    reviews: reviewRows.map(({ review: r, hotelName }) => ({
      id: r.id,
      hotelId: r.hotelId,
      hotelName,
      title: r.title,
      rating: r.rating,
      comment: r.comment,
      photos: r.photos,
      status: r.status,
      helpfulVotes: r.helpfulVotes,
      unhelpfulVotes: r.unhelpfulVotes,
      createdAt: r.createdAt.toISOString(),
    })),
    reviewVotes: votes.map((v) => ({ reviewId: v.reviewId, voteType: v.voteType, createdAt: v.createdAt.toISOString() })),
    savedHotels: saved.map((s) => ({ hotelId: s.hotelId, hotelName: s.hotelName, savedAt: s.savedAt.toISOString() })),
    sessions: sessionRows.map((s) => ({
      ...describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress || null,
      userAgent: s.userAgent || null,
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: s.updatedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    activity: activity.map((a) => ({ createdAt: a.createdAt.toISOString(), actionType: a.actionType, ipAddress: a.ipAddress })),
  };
}

/** The download's file name: the day and the account's id, never its e-mail. */
export function exportFileName(userId: string, now: Date = new Date()): string {
  return `staywise-data-${todayUtc(now)}-${userId.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40)}.json`;
}

/** How many of the account's bookings stand in the way of its deletion (see `isOpenBooking`). */
export async function openBookingCount(db: Db | Tx, userId: string): Promise<number> {
  const rows = await db.select().from(bookings).where(eq(bookings.userId, userId));
  const now = new Date();
  return rows.filter((row) => isOpenBooking(row, now)).length;
}

export interface ErasureSummary {
  /** The account's bookings, all anonymised; of them, those keeping the guest name by law. */
  bookings: number;
  bookingsKeepingGuestName: number;
  /** Invoices of these bookings, kept unchanged. */
  invoicesKept: number;
  reviewsKept: number;
  reviewsDeleted: number;
}

export type ErasureActor = { kind: "self" } | { kind: "admin"; id: string; email: string; requestedBy: string };

/**
 * Erases the account at once, in one transaction: refused (ACCOUNT_HAS_OPEN_BOOKINGS) while a
 * booking is open, and for the last admin. What stays is described in decision 067.
 */
export async function eraseAccount(db: Db, userId: string, reviewChoice: ReviewChoice, actor: ErasureActor): Promise<ErasureSummary> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new DomainError("USER_NOT_FOUND");
    if (user.role === "admin") {
      // The same lock as role changes and bans, so two erasures cannot both pass the last-admin check.
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.banned, false)));
      if (admins.filter((a) => a.id !== userId).length === 0) {
        throw new DomainError("LAST_ADMIN", "The last admin account cannot be deleted. Make another admin first.");
      }
    }
    // Locked so no booking of the account is confirmed, paid or checked in while it is erased.
    const rows = await tx.select().from(bookings).where(eq(bookings.userId, userId)).for("update");
    const now = new Date();
    if (rows.some((row) => isOpenBooking(row, now))) throw new DomainError("ACCOUNT_HAS_OPEN_BOOKINGS");
    const ids = rows.map((r) => r.id);
    const invoiceRows =
      ids.length === 0 ? [] : await tx.select({ bookingId: invoices.bookingId }).from(invoices).where(inArray(invoices.bookingId, ids));
    const invoiced = new Set(invoiceRows.map((r) => r.bookingId));
    const kept = rows.filter((row) => keptByLaw(row, invoiced)).map((r) => r.id);
    const erased = ids.filter((id) => !kept.includes(id));

    if (ids.length > 0) {
      // Invoices are not touched: they copied the buyer when issued, are immutable, and are kept by law.
      await anonymiseBookingGuests(tx, { keepingName: kept, erasingName: erased }, ERASED_GUEST_NAME, now);
      await tx.delete(bookingBillingDetails).where(inArray(bookingBillingDetails.bookingId, ids));
      await tx.update(promoCodeUses).set({ guestEmail: "" }).where(inArray(promoCodeUses.bookingId, ids));
      // The booking events already written for the hotel's webhooks lose the e-mail (and the name where it goes).
      const withBooking = sql`payload #> '{data,booking}' is not null`;
      await tx
        .update(webhookDeliveries)
        .set({ payload: sql`jsonb_set(payload, '{data,booking,guestEmail}', '""'::jsonb)` })
        .where(and(inArray(webhookDeliveries.bookingId, ids), withBooking));
      if (erased.length > 0) {
        await tx
          .update(webhookDeliveries)
          .set({ payload: sql`jsonb_set(payload, '{data,booking,guestName}', to_jsonb(${ERASED_GUEST_NAME}::text))` })
          .where(and(inArray(webhookDeliveries.bookingId, erased), withBooking));
      }
      // The booking's e-mails (confirmation, cancellation...) carried the guest's details.
      await tx.delete(emailOutbox).where(or(...ids.map((id) => like(emailOutbox.dedupeKey, `booking:${likeEscape(id)}:%`))));
    }
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${user.email.toLowerCase()}`);

    // The account's votes go, and with them their counts on the reviews they were cast on.
    const votes = await tx.delete(reviewVotes).where(eq(reviewVotes.userId, userId)).returning();
    for (const vote of votes) {
      await tx
        .update(reviews)
        .set(
          vote.voteType === "helpful"
            ? { helpfulVotes: sql`greatest(${reviews.helpfulVotes} - 1, 0)` }
            : { unhelpfulVotes: sql`greatest(${reviews.unhelpfulVotes} - 1, 0)` },
        )
        .where(eq(reviews.id, vote.reviewId));
    }
    let reviewsKept = 0;
    let reviewsDeleted = 0;
    if (reviewChoice === "delete") {
      reviewsDeleted = (await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id })).length;
    } else {
      // Kept without an author: shown as written by "a former guest".
      reviewsKept = (await tx.update(reviews).set({ userId: null }).where(eq(reviews.userId, userId)).returning({ id: reviews.id })).length;
    }

    // Another member referred by this one keeps their account, not the link.
    await tx.update(loyaltyAccounts).set({ referredByUserId: null }).where(eq(loyaltyAccounts.referredByUserId, userId));
    // The records that stay (who changed what) no longer name the person.
    await tx.update(roleChanges).set({ userEmail: ERASED_ACCOUNT }).where(eq(roleChanges.userId, userId));
    await tx.update(roleChanges).set({ changedByEmail: ERASED_ACCOUNT }).where(eq(roleChanges.changedById, userId));
    const email = user.email.toLowerCase();
    await tx.execute(sql`
      update ${activityLogs} set
        user_email = case when ${activityLogs.userId} = ${userId} or lower(${activityLogs.userEmail}) = ${email} then ${ERASED_ACCOUNT} else user_email end,
        target_user_email = case when lower(${activityLogs.targetUserEmail}) = ${email} then ${ERASED_ACCOUNT} else target_user_email end,
        ip_address = case when ${activityLogs.userId} = ${userId} then null else ip_address end,
        details = replace(details::text, ${JSON.stringify(user.email).slice(1, -1)}, ${ERASED_ACCOUNT})::jsonb
      where ${activityLogs.userId} = ${userId} or lower(${activityLogs.userEmail}) = ${email}
         or lower(${activityLogs.targetUserEmail}) = ${email} or strpos(lower(details::text), ${email}) > 0`);
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, email)));
    await tx.delete(rateLimits).where(or(like(rateLimits.key, `%:${likeEscape(email)}`), like(rateLimits.key, `%:${likeEscape(userId)}`)));
    // Sessions, password, two-factor, loyalty, saved hotels and hotel grants go with the account
    // (their rows cascade); bookings and kept reviews lose the link to it (set null).
    await tx.delete(users).where(eq(users.id, userId));

    const summary: ErasureSummary = {
      bookings: ids.length,
      bookingsKeepingGuestName: kept.length,
      invoicesKept: invoiceRows.length,
      reviewsKept,
      reviewsDeleted,
    };
    // The log names the account by its id only (its e-mail is gone), and who asked for an admin's erasure.
    await logActivity(
      tx,
      actor.kind === "self"
        ? { actionType: "account_deleted", details: { accountId: userId, reviews: reviewChoice, ...summary } }
        : {
            actionType: "admin_account_deleted",
            userId: actor.id,
            userEmail: actor.email,
            details: { accountId: userId, requestedBy: actor.requestedBy, reviews: reviewChoice, ...summary },
          },
    );
    return summary;
  });
}

/** Bookings cleared per transaction by the retention job: short row locks, bounded statements. */
const RETENTION_BATCH = 500;

/** The same calendar date `years` earlier (29 February becomes the 28th in a common year). */
function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/** The last check-out whose legal period (GUEST_NAME_RETENTION_YEARS after check-out) has ended by `now`. */
export function lastCheckOutPastRetention(now: Date = new Date()): string {
  return addDays(yearsBefore(todayUtc(now), GUEST_NAME_RETENTION_YEARS), -1);
}

/**
 * The retention job (decisions 067 and 071): once the legal period after check-out has passed, a
 * booking without an account (an erased account's, or one taken by phone, a channel or a calendar
 * for a guest without one) keeps no guest details: its name becomes "Former guest", the e-mail,
 * phone, requests, billing details, the e-mails queued about it, the guest's e-mail on its promo
 * code use and the guest's details in its webhook events go. Invoices stay as issued (immutable).
 * Bookings of a live account are the traveller's own history and wait for the account's erasure.
 * Safe to run on several instances at once (rows are claimed with SKIP LOCKED); returns how many
 * bookings it cleared.
 */
export async function clearGuestDataPastRetention(db: Db, now: Date = new Date(), batchSize: number = RETENTION_BATCH): Promise<number> {
  const lastCheckOut = lastCheckOutPastRetention(now);
  let cleared = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const batch = await clearGuestDetailsPastRetention(tx, lastCheckOut, batchSize, ERASED_GUEST_NAME, now);
      if (batch.length === 0) return batch;
      await tx.delete(bookingBillingDetails).where(inArray(bookingBillingDetails.bookingId, batch));
      await tx.update(promoCodeUses).set({ guestEmail: "" }).where(inArray(promoCodeUses.bookingId, batch));
      await tx
        .update(webhookDeliveries)
        .set({
          payload: sql`jsonb_set(jsonb_set(payload, '{data,booking,guestEmail}', '""'::jsonb), '{data,booking,guestName}', to_jsonb(${ERASED_GUEST_NAME}::text))`,
        })
        .where(and(inArray(webhookDeliveries.bookingId, batch), sql`payload #> '{data,booking}' is not null`));
      await tx
        .delete(emailOutbox)
        .where(and(like(emailOutbox.dedupeKey, "booking:%"), inArray(sql`split_part(${emailOutbox.dedupeKey}, ':', 2)`, batch)));
      return batch;
    });
    cleared += ids.length;
    if (ids.length < batchSize) return cleared;
  }
}
