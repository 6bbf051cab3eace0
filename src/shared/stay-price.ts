/**
 * A stay's price as result cards and the hotel page show it (issue 30 item 2, decisions 059 and 061):
 * the room price for the whole stay (every room, every night, child charges) with the hotel's taxes
 * and fees, computed by the server with computeCharges (no extras, no discounts), and the traveller's
 * display preference: the total "includes taxes and fees" (the EU way) or the amount before them
 * "+ N taxes and fees" (the US way).
 */
import { computeCharges } from "./charges.ts";
import type { TaxSettings } from "./taxes.ts";

/** The three figures every surface shows, in integer cents of the hotel's currency. */
export interface StayPrice {
  /** Rooms and child charges: the price "+ taxes and fees". */
  beforeTaxesAndFeesCents: number;
  /** Fixed fees and the taxes added on top (added VAT, city tax); included VAT is not among them. */
  taxesAndFeesCents: number;
  /** What the guest pays for the stay before extras and discounts. */
  totalCents: number;
}

export interface StayPriceInput {
  currency: string;
  nights: number;
  rooms: number;
  adults: number;
  childAges: readonly number[];
  /** The hotel's star rating (city tax tiers). */
  stars: number;
  /** All rooms for all nights, as the surface priced them. */
  roomsCents: number;
  childChargeCents: number;
  taxes: TaxSettings;
}

/** The stay's price with the hotel's taxes and fees, to the cent as the quote computes it without extras or discounts. */
export function stayPriceOf(input: StayPriceInput): StayPrice {
  const charges = computeCharges({
    currency: input.currency,
    roomLabel: "",
    nights: input.nights,
    rooms: input.rooms,
    adults: input.adults,
    childAges: input.childAges,
    stars: input.stars,
    nightlyPrices: [],
    roomsCents: input.roomsCents,
    childChargeCents: input.childChargeCents,
    discounts: [],
    extras: [],
    taxes: input.taxes,
  });
  return {
    beforeTaxesAndFeesCents: charges.beforeTaxesAndFeesCents,
    taxesAndFeesCents: charges.taxesAndFeesCents,
    totalCents: charges.totalCents,
  };
}

/** How prices are shown: the total with everything in it, or the amount before taxes and fees with those beside it. */
export const PRICE_DISPLAYS = ["including", "before"] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];

export function isPriceDisplay(value: unknown): value is PriceDisplay {
  return typeof value === "string" && (PRICE_DISPLAYS as readonly string[]).includes(value);
}

/** Regions whose travellers read prices before taxes (sales tax added at the till). */
const BEFORE_TAXES_REGIONS: ReadonlySet<string> = new Set(["US", "CA"]);

/**
 * The display a traveller from `region` (an ISO 3166 region code such as the browser language's
 * "US" of "en-US"; null when unknown) expects: before taxes in the US and Canada, including them
 * elsewhere (the EU and most of the world show the total).
 */
export function defaultPriceDisplay(region: string | null | undefined): PriceDisplay {
  return region && BEFORE_TAXES_REGIONS.has(region.toUpperCase()) ? "before" : "including";
}

/**
 * The amount a card shows in big type and what it says about taxes: the total "includes taxes and
 * fees", or the amount before them with the taxes and fees to add ("+ N taxes and fees"). A stay
 * without taxes or fees reads "includes taxes and fees" whichever the display: nothing is added.
 */
export function stayPriceHeadline(price: StayPrice, display: PriceDisplay): { amountCents: number; addedCents: number | null } {
  if (display === "before" && price.taxesAndFeesCents > 0) {
    return { amountCents: price.beforeTaxesAndFeesCents, addedCents: price.taxesAndFeesCents };
  }
  return { amountCents: price.totalCents, addedCents: null };
}
