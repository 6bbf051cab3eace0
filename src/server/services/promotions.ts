/**
 * Promotions (decision 053): promo codes and member prices on a stay. `checkPromotion` prices them
 * (the quote, and the hold before its transaction); `applyPromotion` takes the code's use inside the
 * hold's transaction with one conditional update, so the last use goes to exactly one booking;
 * `givePromotionUseBack` returns it when the hold ends unpaid. The back office's codes live here too.
 */
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { tierFor, type TierName } from "../../shared/loyalty.ts";
import { dateIn } from "../../shared/time-zones.ts";
import {
  type CreatePromoCodeInput,
  PROMO_USED_UP,
  type PromoCodeView,
  type PromotionLines,
  memberDiscountCents,
  perGuestLimitMessage,
  promoDiscountCents,
  promoProblem,
  unknownCodeMessage,
} from "../../shared/promotions.ts";
import type { Db } from "../db/client.ts";
import { pgConstraint, pgErrorCode } from "../db/pg-errors.ts";
import { hotels, loyaltyAccounts, promoCodeUses, promoCodes, ratePlans } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;
type PromoCodeRow = typeof promoCodes.$inferSelect;
/** Who changes codes in the back office: written to the activity log. */
type Actor = { id: string; email: string };

export interface PromotionRequest {
  /** The code as the guest typed it (trimmed); undefined or empty: none. */
  code: string | undefined;
  /** Our own hotel's id; null: a partner's room, which takes neither codes nor member prices. */
  hotelId: number | null;
  /** The rate plan sold; null: a room type without plans (no member price, codes limited to plans refuse it). */
  ratePlanId: number | null;
  stay: { checkIn: string; checkOut: string };
  userId: string | null;
  guestEmail: string;
  /** The stay's price before promotions, in the booking's currency. */
  priceCents: number;
  currency: string;
  /** When the guest books (default: now): a code's booking window is read on the booking hotel's date at this instant. */
  now?: Date;
}

/** The lines of a stay's promotions, with the code that gives them (to take its use in the hold). */
export interface CheckedPromotion extends PromotionLines {
  promoCodeId: number | null;
  perGuestLimit: number | null;
}

const PARTNER_ROOM_MESSAGE = "Promo codes cannot be used on this hotel's rooms: they are sold by a partner at the partner's price.";

function refuse(message: string, code?: string): never {
  throw new DomainError("PROMO_CODE_NOT_VALID", message, code ? { promoCode: code } : undefined);
}

async function memberTier(db: DbOrTx, userId: string | null): Promise<TierName | null> {
  if (!userId) return null;
  const [account] = await db
    .select({ earned: loyaltyAccounts.totalPointsEarned })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, userId));
  return account ? tierFor(account.earned) : null;
}

async function planAllowsMemberPrices(db: DbOrTx, ratePlanId: number | null): Promise<boolean> {
  if (ratePlanId === null) return false;
  const [plan] = await db.select({ memberPrices: ratePlans.memberPrices }).from(ratePlans).where(eq(ratePlans.id, ratePlanId));
  return plan?.memberPrices ?? false;
}

/** The code a guest means at this hotel: the hotel's own, else a site-wide one, whatever the case typed. */
async function findCode(db: DbOrTx, code: string, hotelId: number): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(sql`lower(${promoCodes.code}) = lower(${code})`, or(eq(promoCodes.hotelId, hotelId), isNull(promoCodes.hotelId))))
    .orderBy(sql`${promoCodes.hotelId} nulls last`)
    .limit(1);
  return row;
}

/**
 * The booking hotel's date at `now` (decision 070): a code's booking window is in that hotel's days,
 * a site-wide code's too (the hotel of the booking), so a code that ends on 1 Dec is taken until
 * midnight there, whatever the server's or the guest's clock says.
 */
async function hotelToday(db: DbOrTx, hotelId: number, now: Date): Promise<string> {
  const [hotel] = await db.select({ timeZone: hotels.timeZone }).from(hotels).where(eq(hotels.id, hotelId));
  return dateIn(now, hotel?.timeZone ?? "UTC");
}

/** How many bookings of this guest (signed in: the account or its e-mail; else the e-mail) hold a use of the code. */
async function guestUses(db: DbOrTx, promoCodeId: number, userId: string | null, guestEmail: string): Promise<number> {
  const guest = userId
    ? or(eq(promoCodeUses.userId, userId), eq(promoCodeUses.guestEmail, guestEmail))
    : eq(promoCodeUses.guestEmail, guestEmail);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), guest));
  return row?.n ?? 0;
}

/**
 * A stay's member price and promo code, checked but not taken: the member discount of the guest's
 * tier first (plans that allow it), then the code's discount on what is left. A code that cannot
 * be used throws PROMO_CODE_NOT_VALID with the reason in words.
 */
export async function checkPromotion(db: DbOrTx, req: PromotionRequest): Promise<CheckedPromotion> {
  const guestEmail = req.guestEmail.toLowerCase();
  const own = req.hotelId !== null;
  const allowsMember = own && (await planAllowsMemberPrices(db, req.ratePlanId));
  const tier = allowsMember ? await memberTier(db, req.userId) : null;
  const member = memberDiscountCents(tier, allowsMember, req.priceCents);
  const afterMember = req.priceCents - member;
  const lines: CheckedPromotion = {
    priceCents: req.priceCents,
    memberDiscountCents: member,
    memberTier: member > 0 ? tier : null,
    promoCode: null,
    promoDiscountCents: 0,
    totalCents: afterMember,
    memberPriceAvailable: allowsMember && req.userId === null,
    promoCodeId: null,
    perGuestLimit: null,
  };
  if (!req.code) return lines;
  if (!own) refuse(PARTNER_ROOM_MESSAGE, req.code);
  const promo = await findCode(db, req.code, req.hotelId!);
  if (!promo) refuse(unknownCodeMessage(req.code), req.code);
  const today = await hotelToday(db, req.hotelId!, req.now ?? new Date());
  const problem = promoProblem(promo, { ...req.stay, ratePlanId: req.ratePlanId, currency: req.currency, today });
  if (problem) refuse(problem, req.code);
  if (promo.perGuestLimit !== null && (await guestUses(db, promo.id, req.userId, guestEmail)) >= promo.perGuestLimit) {
    refuse(perGuestLimitMessage(promo.perGuestLimit), req.code);
  }
  const discount = promoDiscountCents(promo, afterMember);
  return {
    ...lines,
    promoCode: req.code,
    promoDiscountCents: discount,
    totalCents: afterMember - discount,
    promoCodeId: promo.id,
    perGuestLimit: promo.perGuestLimit,
  };
}

/**
 * Takes one use of the checked code for a booking, inside the hold's transaction: one conditional
 * update (`uses_count < uses_limit` in the same statement) so of many concurrent holds only as many
 * as there are uses left get one; the row it locks until commit makes the per-guest count exact too.
 */
export async function applyPromotion(
  tx: Tx,
  checked: CheckedPromotion,
  booking: { bookingId: string; userId: string | null; guestEmail: string },
): Promise<void> {
  if (checked.promoCodeId === null) return;
  const [taken] = await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(promoCodes.id, checked.promoCodeId),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.usesLimit), sql`${promoCodes.usesCount} < ${promoCodes.usesLimit}`),
      ),
    )
    .returning({ id: promoCodes.id });
  if (!taken) refuse(PROMO_USED_UP, checked.promoCode ?? undefined);
  const guestEmail = booking.guestEmail.toLowerCase();
  if (checked.perGuestLimit !== null && (await guestUses(tx, checked.promoCodeId, booking.userId, guestEmail)) >= checked.perGuestLimit) {
    refuse(perGuestLimitMessage(checked.perGuestLimit), checked.promoCode ?? undefined);
  }
  await tx.insert(promoCodeUses).values({
    bookingId: booking.bookingId,
    promoCodeId: checked.promoCodeId,
    userId: booking.userId,
    guestEmail,
    discountCents: checked.promoDiscountCents,
  });
}

/**
 * Gives a booking's code use back (a hold that expired, was abandoned or whose payment could not
 * start); harmless when it had none or gave it back already. A cancelled confirmed booking keeps it.
 */
export async function givePromotionUseBack(tx: Tx, bookingId: string): Promise<void> {
  const [use] = await tx
    .delete(promoCodeUses)
    .where(eq(promoCodeUses.bookingId, bookingId))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (!use) return;
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`greatest(${promoCodes.usesCount} - 1, 0)`, updatedAt: new Date() })
    .where(eq(promoCodes.id, use.promoCodeId));
}

// ---------------------------------------------------------------------------
// Back office
// ---------------------------------------------------------------------------

function toView(row: PromoCodeRow): PromoCodeView {
  return {
    id: row.id,
    hotelId: row.hotelId,
    code: row.code,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    currency: row.currency,
    bookingFrom: row.bookingFrom,
    bookingTo: row.bookingTo,
    stayFrom: row.stayFrom,
    stayTo: row.stayTo,
    minNights: row.minNights,
    usesLimit: row.usesLimit,
    usesCount: row.usesCount,
    perGuestLimit: row.perGuestLimit,
    ratePlanIds: row.ratePlanIds,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A hotel's codes (hotelId) or the site-wide ones (null), newest first. */
export async function listPromoCodes(db: Db, hotelId: number | null): Promise<PromoCodeView[]> {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(hotelId === null ? isNull(promoCodes.hotelId) : eq(promoCodes.hotelId, hotelId))
    .orderBy(desc(promoCodes.active), desc(promoCodes.createdAt), asc(promoCodes.id));
  return rows.map(toView);
}

/**
 * Creates a hotel's code (in the hotel's currency, for its own plans) or a site-wide one (an amount
 * code names its currency). A code already used in the same scope, in any case, is refused.
 */
export async function createPromoCode(db: Db, actor: Actor, hotelId: number | null, input: CreatePromoCodeInput): Promise<PromoCodeView> {
  let currency: string | null = null;
  if (input.discountKind === "amount") {
    if (hotelId !== null) {
      const [hotel] = await db.select({ currency: hotels.currency }).from(hotels).where(eq(hotels.id, hotelId));
      if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
      currency = hotel.currency;
    } else {
      if (!input.currency) {
        throw new DomainError("VALIDATION_ERROR", "Choose the currency of the amount", undefined, [
          { path: "currency", message: "Choose the currency of the amount" },
        ]);
      }
      currency = input.currency;
    }
  }
  if (input.ratePlanIds.length > 0) {
    if (hotelId === null)
      throw new DomainError("VALIDATION_ERROR", "A site-wide code applies to every rate; choose rates on a hotel's code.");
    const plans = await db.select({ id: ratePlans.id }).from(ratePlans).where(eq(ratePlans.hotelId, hotelId));
    const known = new Set(plans.map((p) => p.id));
    if (input.ratePlanIds.some((id) => !known.has(id)))
      throw new DomainError("RATE_PLAN_NOT_FOUND", "Some of these rates are not this hotel's.");
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          hotelId,
          code: input.code,
          discountKind: input.discountKind,
          discountValue: input.discountValue,
          currency,
          bookingFrom: input.bookingFrom,
          bookingTo: input.bookingTo,
          stayFrom: input.stayFrom,
          stayTo: input.stayTo,
          minNights: input.minNights,
          usesLimit: input.usesLimit,
          perGuestLimit: input.perGuestLimit,
          ratePlanIds: [...new Set(input.ratePlanIds)],
        })
        .returning();
      await logActivity(tx, {
        actionType: "promo_code_created",
        userId: actor.id,
        userEmail: actor.email,
        details: { promoCodeId: row!.id, code: row!.code, scope: hotelId === null ? "site-wide" : `hotel ${hotelId}` },
      });
      return toView(row!);
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505" && pgConstraint(error) === "promo_codes_scope_code_idx") throw new DomainError("PROMO_CODE_TAKEN");
    throw error;
  }
}

/** Turns a code off or on again (its uses stay counted); a code of another scope is not found. */
export async function setPromoCodeActive(
  db: Db,
  actor: Actor,
  hotelId: number | null,
  id: number,
  active: boolean,
): Promise<PromoCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(promoCodes.id, id), hotelId === null ? isNull(promoCodes.hotelId) : eq(promoCodes.hotelId, hotelId)))
      .returning();
    if (!row) throw new DomainError("PROMO_CODE_NOT_FOUND");
    await logActivity(tx, {
      actionType: "promo_code_changed",
      userId: actor.id,
      userEmail: actor.email,
      details: { promoCodeId: row.id, code: row.code, active: active ? "on" : "off" },
    });
    return toView(row);
  });
}
