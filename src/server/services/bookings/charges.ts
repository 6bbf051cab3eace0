/**
 * A stay's charges (decision 059): the priced room with its discounts, the extras chosen and the
 * hotel's taxes and fees, line by line, computed once here for the quote, the hold, a phone
 * booking and a channel's booking alike (shared/charges.ts holds the arithmetic).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { type ChosenExtra, type PriceBreakdown, computeCharges } from "../../../shared/charges.ts";
import { type ExtraView, type ExtrasChoice, includedByPlan } from "../../../shared/extras.ts";
import type { Stay } from "../../../shared/search.ts";
import { NO_TAXES } from "../../../shared/taxes.ts";
import type { Db } from "../../db/client.ts";
import { hotelExtras } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import type { SupplierChargeLine } from "../../integrations/wholesaler/wholesaler-answers.ts";
import type { PricedRoom } from "./records.ts";

/** The discounts taken off the rooms' price before taxes (points are a means of payment, not among them). */
export interface StayDiscounts {
  memberCents: number;
  memberLabel: string | null;
  promoCents: number;
  promoCode: string | null;
}

export const NO_DISCOUNTS: StayDiscounts = { memberCents: 0, memberLabel: null, promoCents: 0, promoCode: null };

type ExtraRow = typeof hotelExtras.$inferSelect;

function toExtraView(row: ExtraRow): ExtraView {
  return {
    id: String(row.id),
    hotelId: String(row.hotelId),
    name: row.name,
    kind: row.kind,
    pricing: row.pricing,
    priceCents: row.priceCents,
    taxable: row.taxable,
    active: row.active,
  };
}

/** A hotel's extras on sale, in the hotel's order, each with whether `plan` includes it. */
export async function extrasOnOffer(
  db: Db,
  hotelId: number,
  plan: PricedRoom["plan"] | null,
): Promise<(ExtraView & { inPlan: boolean })[]> {
  const rows = await db
    .select()
    .from(hotelExtras)
    .where(and(eq(hotelExtras.hotelId, hotelId), eq(hotelExtras.active, true)))
    .orderBy(asc(hotelExtras.sortOrder), asc(hotelExtras.id));
  return rows.map((row) => ({ ...toExtraView(row), inPlan: includedByPlan(row.kind, plan ?? null) }));
}

/**
 * The stay's price line by line: the priced room (rooms and child charges), less the member and
 * promo discounts, with the chosen extras (each active extra of the room's hotel; one no longer
 * offered is refused in words) and the hotel's fees and taxes. A partner's room carries no taxes of
 * ours and takes no extras.
 */
export async function stayCharges(
  db: Db,
  priced: PricedRoom,
  stay: Stay,
  chosen: ExtrasChoice,
  discounts: StayDiscounts,
): Promise<PriceBreakdown> {
  const hotelId = priced.source.hotelId;
  let extras: ChosenExtra[] = [];
  if (chosen.length > 0) {
    if (!priced.hotelCharges || hotelId === undefined || hotelId === null) throw new DomainError("EXTRA_NOT_AVAILABLE");
    const rows = await db
      .select()
      .from(hotelExtras)
      .where(
        and(
          eq(hotelExtras.hotelId, hotelId),
          eq(hotelExtras.active, true),
          inArray(
            hotelExtras.id,
            chosen.map((c) => Number(c.extraId)),
          ),
        ),
      );
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    extras = chosen.map((choice) => {
      const row = byId.get(choice.extraId);
      if (!row) throw new DomainError("EXTRA_NOT_AVAILABLE");
      return {
        id: String(row.id),
        name: row.name,
        kind: row.kind,
        pricing: row.pricing,
        priceCents: row.priceCents,
        taxable: row.taxable,
        quantity: choice.quantity,
        inPlan: includedByPlan(row.kind, priced.plan ?? null),
      };
    });
  }
  const nightly = priced.nightlyPrices ?? [];
  const supplierLines = (priced as SupplierPricedRoom).supplierCharges ?? [];
  const nights = Math.max(1, Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000));
  const breakdown = computeCharges({
    currency: priced.currency,
    roomLabel: priced.plan ? `${priced.roomName} (${priced.plan.name})` : priced.roomName,
    nights,
    rooms: stay.rooms,
    adults: stay.guests,
    childAges: stay.childAges,
    stars: priced.hotelCharges?.stars ?? 0,
    nightlyPrices: nightly,
    roomsCents: priced.totalPriceCents - priced.childChargeCents,
    childChargeCents: priced.childChargeCents,
    discounts: [
      ...(discounts.memberCents > 0
        ? [
            {
              code: "member" as const,
              label: discounts.memberLabel ? `Member price (${discounts.memberLabel})` : "Member price",
              cents: discounts.memberCents,
            },
          ]
        : []),
      ...(discounts.promoCents > 0
        ? [
            {
              code: "promotion" as const,
              label: discounts.promoCode ? `Promo code ${discounts.promoCode}` : "Promotion",
              cents: discounts.promoCents,
            },
          ]
        : []),
    ],
    extras,
    taxes: priced.hotelCharges?.taxes ?? NO_TAXES,
  });
  if (supplierLines.length === 0) return breakdown;
  // A partner's taxes and fees, as its pre-book answer names them (decision 062): inside its price
  // (shown as included, like included VAT) or paid at the hotel (shown, never in what we take).
  for (const s of supplierLines) {
    breakdown.lines.push({
      kind: s.kind,
      code: s.kind === "tax" ? "supplier_tax" : "supplier_fee",
      label: s.payableAtHotel ? `${s.name} (payable at the hotel)` : s.name,
      quantity: 1,
      unitCents: s.amountCents,
      amountCents: s.amountCents,
      rateBasisPoints: 0,
      vatCents: 0,
      included: true,
      ...(s.payableAtHotel ? { payableAtHotel: true } : {}),
    });
  }
  return breakdown;
}

/** A partner's room priced with the tax and fee lines of its supplier's answer (decision 062). */
export type SupplierPricedRoom = PricedRoom & { supplierCharges?: SupplierChargeLine[] };

/** The booking columns that keep a stay's charges (total_price_cents is charges.totalCents). */
export function chargeColumns(charges: PriceBreakdown) {
  return {
    charges,
    totalPriceCents: charges.totalCents,
    roomRevenueCents: charges.roomRevenueCents,
    extrasRevenueCents: charges.extrasRevenueCents,
    taxCents: charges.taxCents,
  };
}
