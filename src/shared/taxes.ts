/**
 * A hotel's taxes and fixed fees (issue 30 item 1, decision 059): one VAT or sales tax (included in
 * its prices or added to them), one city or tourism tax (per person per night with tiers by star
 * rating, a child exemption and a cap on nights, or a percentage of the room price), and fixed fees
 * (cleaning, resort fee) per room per stay or per room per night. Rates are whole basis points
 * (1000 = 10 %), amounts integer cents of the hotel's currency.
 */
import { z } from "zod";
import { fieldError, type FieldName } from "./field-messages.ts";

/** How a fixed fee is counted: once per room for the stay, or per room per night. */
export const FEE_BASES = ["per_stay", "per_night"] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

/** How a city tax is counted: an amount per chargeable person per night, or a percentage of the room price (before VAT). */
export const CITY_TAX_KINDS = ["per_person_per_night", "percent"] as const;
export type CityTaxKind = (typeof CITY_TAX_KINDS)[number];

export const MAX_FEES = 10;
export const MAX_CITY_TAX_TIERS = 5;

const name = (field: FieldName) =>
  z
    .string({ message: fieldError("fieldRequired", { field }) })
    .trim()
    .min(1, fieldError("fieldRequired", { field }))
    .max(60, fieldError("fieldTooLong", { field, max: 60 }));

/** A percentage in basis points: 0 to 100 %. */
const rate = (field: FieldName) =>
  z
    .number({ message: fieldError("fieldNumber", { field }) })
    .int(fieldError("rateDecimals", { field }))
    .min(0, fieldError("ratePercent", { field }))
    .max(10_000, fieldError("ratePercent", { field }));

const cents = (field: FieldName) =>
  z
    .number({ message: fieldError("fieldNumber", { field }) })
    .int(fieldError("fieldWholeNumberOfCents", { field }))
    .min(0, fieldError("fieldNegative", { field }))
    .max(100_000_00, fieldError("fieldAtMost", { field, max: "100,000.00" }));

export const VatSettings = z.object({
  name: name("taxName"),
  rateBasisPoints: rate("vatRate"),
  /** true: prices (rooms, extras, fees) include it (the EU way); false: it is added on top (the US way). */
  included: z.boolean(),
});
export type VatSettings = z.infer<typeof VatSettings>;

export const CityTaxTier = z.object({
  /** The tier applies to hotels of at least this many stars (the highest tier the hotel reaches wins). */
  minStars: z.number().int().min(1, fieldError("tierStars")).max(5, fieldError("tierStars")),
  amountCents: cents("tierAmount"),
});
export type CityTaxTier = z.infer<typeof CityTaxTier>;

export const CityTaxSettings = z
  .object({
    name: name("cityTaxName"),
    kind: z.enum(CITY_TAX_KINDS, { message: fieldError("chooseCityTaxKind") }),
    /** per_person_per_night: the amount when no tier applies. */
    amountCents: cents("cityTaxAmount"),
    /** percent: the share of the room price. */
    rateBasisPoints: rate("cityTaxRate"),
    tiers: z.array(CityTaxTier).max(MAX_CITY_TAX_TIERS, fieldError("tooManyTiers", { max: MAX_CITY_TAX_TIERS })),
    /** Children under this age pay no city tax (null: every guest pays). */
    childrenExemptUnderAge: z.number().int().min(1, fieldError("exemptionAge")).max(17, fieldError("exemptionAge")).nullable(),
    /** At most this many nights are taxed (null: every night). */
    maxNights: z.number().int().min(1, fieldError("nightsCap")).max(365, fieldError("nightsCap")).nullable(),
  })
  .superRefine((value, ctx) => {
    const stars = value.tiers.map((tier) => tier.minStars);
    if (new Set(stars).size !== stars.length) {
      ctx.addIssue({ code: "custom", path: ["tiers"], message: fieldError("tierStarsDiffer") });
    }
  });
export type CityTaxSettings = z.infer<typeof CityTaxSettings>;

export const FeeSettings = z.object({
  name: name("feeName"),
  basis: z.enum(FEE_BASES, { message: fieldError("chooseFeeBasis") }),
  amountCents: cents("feeAmount"),
  /** The hotel's VAT applies to the fee. */
  vatApplies: z.boolean(),
});
export type FeeSettings = z.infer<typeof FeeSettings>;

/** Everything a hotel charges beside its prices; stored as one document on the hotel (hotels.tax_settings). */
export const TaxSettings = z.object({
  vat: VatSettings.nullable(),
  cityTax: CityTaxSettings.nullable(),
  fees: z.array(FeeSettings).max(MAX_FEES, fieldError("tooManyFees", { max: MAX_FEES })),
  /** Set by the demo seed on its country defaults (decision 060): demo values, not legal advice; dropped when staff save. */
  demo: z.boolean().optional(),
});
export type TaxSettings = z.infer<typeof TaxSettings>;

/** A hotel that charges nothing beside its prices (every hotel before issue 30). */
export const NO_TAXES: TaxSettings = { vat: null, cityTax: null, fees: [] };

/** The city tax per person per night for a hotel of `stars` stars: the highest tier it reaches, else the base amount. */
export function cityTaxPerPersonNight(cityTax: CityTaxSettings, stars: number): number {
  let best: CityTaxTier | null = null;
  for (const tier of cityTax.tiers) {
    if (tier.minStars <= stars && (best === null || tier.minStars > best.minStars)) best = tier;
  }
  return best ? best.amountCents : cityTax.amountCents;
}

/** A rate in basis points as a percentage for people: 1000 → "10", 2050 → "20.5". */
export function percentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** `amount × rate` rounded half up to the cent (amounts are never negative where this is used; a negative rounds half away from zero). */
export function shareOf(amountCents: number, basisPoints: number): number {
  const exact = (amountCents * basisPoints) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** The VAT contained in a gross amount at `basisPoints` (gross × r / (1 + r)), rounded half up to the cent. */
export function includedShareOf(grossCents: number, basisPoints: number): number {
  const exact = (grossCents * basisPoints) / (10_000 + basisPoints);
  return Math.sign(exact) * Math.round(Math.abs(exact));
}
