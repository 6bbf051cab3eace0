/**
 * The price of a stay before it is held (the booking dialog's breakdown): our own room priced by
 * the hold's own pricing (own-rooms.ts) and terms (booking-row.ts), with nothing taken or saved.
 */
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import { todayUtc } from "../../../shared/dates.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { applyPoints } from "../../../shared/loyalty.ts";
import type { PriceQuote, QuoteDiscount, QuoteInput } from "../../../shared/price-quote.ts";
import { addDays } from "../../../shared/dates.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyAccounts } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { translator } from "../../i18n.ts";
import { stayFromQuery } from "../stay-query.ts";
import { checkPromotion } from "../promotions.ts";
import { soldTerms } from "./booking-row.ts";
import { formatMoney } from "./emails.ts";
import { priceInventoryRoom } from "./own-rooms.ts";
import { extrasOnOffer, stayCharges } from "./charges.ts";

/** What the hold would charge for this choice, line by line, and the terms it would keep. */
export async function quoteBooking(
  db: Db,
  input: QuoteInput,
  user: { id: string } | null,
  language: Language,
  now: Date = new Date(),
  today = todayUtc(),
): Promise<PriceQuote> {
  const stay = stayFromQuery(input, today);
  if (input.pointsToRedeem > 0 && !user) throw new DomainError("UNAUTHENTICATED", "Please sign in to use your points.");
  const priced = await priceInventoryRoom(db, input, stay, now);
  // Member price and promo code as the hold applies them (decision 053); a refused code answers 400 in words.
  const promotion = await checkPromotion(db, {
    code: input.promoCode,
    hotelId: priced.source.hotelId ?? null,
    ratePlanId: priced.plan?.id ?? null,
    stay,
    userId: user?.id ?? null,
    guestEmail: "",
    priceCents: priced.totalPriceCents,
    currency: priced.currency,
    now,
  });
  const charges = await stayCharges(db, priced, stay, input.extras ?? [], {
    memberCents: promotion.memberDiscountCents,
    memberLabel: promotion.memberTier,
    promoCents: promotion.promoDiscountCents,
    promoCode: promotion.promoCode,
  });
  const hotelId = priced.source.hotelId;
  const availableExtras = hotelId ? await extrasOnOffer(db, hotelId, priced.plan ?? null) : [];
  const { pointsUsed, discountCents: pointsCents } = applyPoints(charges.totalCents, input.pointsToRedeem);
  // The hold refuses points the guest does not have; the quote says so first, in the same words.
  if (pointsUsed > 0 && user) {
    const [account] = await db
      .select({ balance: loyaltyAccounts.pointsBalance })
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.userId, user.id));
    const balance = account?.balance ?? 0;
    if (balance < pointsUsed) {
      throw new DomainError("NOT_ENOUGH_POINTS", `You have ${balance} points, not enough to redeem ${pointsUsed}.`);
    }
  }
  const discounts: QuoteDiscount[] = [
    ...(promotion.memberDiscountCents > 0
      ? [{ kind: "member" as const, label: promotion.memberTier ?? "", cents: promotion.memberDiscountCents }]
      : []),
    ...(promotion.promoDiscountCents > 0
      ? [{ kind: "promotion" as const, label: promotion.promoCode ?? "", cents: promotion.promoDiscountCents }]
      : []),
    ...(pointsUsed > 0 ? [{ kind: "points" as const, label: `${pointsUsed} points`, cents: pointsCents }] : []),
  ];
  const discountCents = discounts.reduce((sum, line) => sum + line.cents, 0);
  const terms = soldTerms({ ...priced, totalPriceCents: charges.totalCents }, stay, { discountCents: pointsCents });
  const t = translator(language);
  const totalCents = charges.totalCents - pointsCents;
  const nightly = priced.nightlyPrices ?? [];
  return {
    hotelId: input.hotelId,
    roomTypeId: input.roomTypeId,
    hotelName: priced.hotelName,
    roomType: priced.roomName,
    ratePlan: priced.plan
      ? { id: String(priced.plan.id), name: priced.plan.name, mealPlan: priced.plan.mealPlan, inclusions: priced.plan.inclusions }
      : null,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nightly.length,
    rooms: stay.rooms,
    nightlyPrices: nightly.map((priceCents, i) => ({ night: addDays(stay.checkIn, i), priceCents })),
    roomsSubtotalCents: priced.totalPriceCents - priced.childChargeCents,
    childChargeCents: priced.childChargeCents,
    subtotalCents: priced.totalPriceCents,
    discounts,
    pointsRedeemed: pointsUsed,
    discountCents,
    totalCents,
    charges,
    availableExtras,
    paymentTiming: terms.paymentTiming,
    depositPercent: priced.plan?.depositPercent ?? null,
    amountDueNowCents: terms.amountDueNowCents,
    amountDueAtHotelCents: totalCents - terms.amountDueNowCents,
    currency: priced.currency,
    cancellationSchedule: terms.cancellationSchedule,
    cancellationWords: terms.cancellationSchedule
      ? cancellationWords(terms.cancellationSchedule, {
          t,
          language,
          money: (cents) => formatMoney(cents, priced.currency, language),
          now,
        })
      : null,
    memberPriceAvailable: promotion.memberPriceAvailable,
  };
}
