/**
 * A hotel's taxes and fixed fees (issue 30 item 1, decision 059): one VAT or sales tax (included in
 * its prices or added to them), one city or tourism tax (per person per night with tiers by star
 * rating, a child exemption and a cap on nights, or a percentage of the room price), and fixed fees
 * (cleaning, resort fee) per room per stay or per room per night. Rates are whole basis points
 * (1000 = 10 %), amounts integer cents of the hotel's currency.
 */
import { z } from "zod";

/** How a fixed fee is counted: once per room for the stay, or per room per night. */
export const FEE_BASES = ["per_stay", "per_night"] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

/** How a city tax is counted: an amount per chargeable person per night, or a percentage of the room price (before VAT). */
export const CITY_TAX_KINDS = ["per_person_per_night", "percent"] as const;
export type CityTaxKind = (typeof CITY_TAX_KINDS)[number];

export const MAX_FEES = 10;
export const MAX_CITY_TAX_TIERS = 5;

const name = (label: string) =>
  z
    .string({ message: `${label} name is required` })
    .trim()
    .min(1, `${label} name is required`)
    .max(60, `${label} name must be at most 60 characters`);

/** A percentage in basis points: 0 to 100 %. */
const rate = (label: string) =>
  z
    .number({ message: `${label} rate must be a number` })
    .int(`${label} rate must be given to two decimal places at most`)
    .min(0, `${label} rate must be between 0 and 100 %`)
    .max(10_000, `${label} rate must be between 0 and 100 %`);

const cents = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_00, `${label} must be at most 100,000.00`);

export const VatSettings = z.object({
  name: name("Tax"),
  rateBasisPoints: rate("VAT"),
  /** true: prices (rooms, extras, fees) include it (the EU way); false: it is added on top (the US way). */
  included: z.boolean(),
});
export type VatSettings = z.infer<typeof VatSettings>;

export const CityTaxTier = z.object({
  /** The tier applies to hotels of at least this many stars (the highest tier the hotel reaches wins). */
  minStars: z.number().int().min(1, "A tier's stars must be 1 to 5").max(5, "A tier's stars must be 1 to 5"),
  amountCents: cents("A tier's amount"),
});
export type CityTaxTier = z.infer<typeof CityTaxTier>;

export const CityTaxSettings = z
  .object({
    name: name("City tax"),
    kind: z.enum(CITY_TAX_KINDS, { message: "Choose how the city tax is counted: per person per night, or a percentage" }),
    /** per_person_per_night: the amount when no tier applies. */
    amountCents: cents("City tax amount"),
    /** percent: the share of the room price. */
    rateBasisPoints: rate("City tax"),
    tiers: z.array(CityTaxTier).max(MAX_CITY_TAX_TIERS, `At most ${MAX_CITY_TAX_TIERS} city tax tiers`),
    /** Children under this age pay no city tax (null: every guest pays). */
    childrenExemptUnderAge: z
      .number()
      .int()
      .min(1, "The exemption age must be 1 to 17")
      .max(17, "The exemption age must be 1 to 17")
      .nullable(),
    /** At most this many nights are taxed (null: every night). */
    maxNights: z.number().int().min(1, "The cap on nights must be 1 to 365").max(365, "The cap on nights must be 1 to 365").nullable(),
  })
  .superRefine((value, ctx) => {
    const stars = value.tiers.map((tier) => tier.minStars);
    if (new Set(stars).size !== stars.length) {
      ctx.addIssue({ code: "custom", path: ["tiers"], message: "Each city tax tier needs different stars" });
    }
  });
export type CityTaxSettings = z.infer<typeof CityTaxSettings>;

export const FeeSettings = z.object({
  name: name("Fee"),
  basis: z.enum(FEE_BASES, { message: "Choose how the fee is counted: per room per stay, or per room per night" }),
  amountCents: cents("Fee amount"),
  /** The hotel's VAT applies to the fee. */
  vatApplies: z.boolean(),
});
export type FeeSettings = z.infer<typeof FeeSettings>;

/** Everything a hotel charges beside its prices; stored as one document on the hotel (hotels.tax_settings). */
export const TaxSettings = z.object({
  vat: VatSettings.nullable(),
  cityTax: CityTaxSettings.nullable(),
  fees: z.array(FeeSettings).max(MAX_FEES, `At most ${MAX_FEES} fees`),
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
