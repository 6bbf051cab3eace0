/**
 * The demo catalogue's taxes, fees and extras (issue 30, decision 060). DEMO VALUES, NOT LEGAL
 * ADVICE: rates near each country's usual VAT or sales tax on accommodation and a city tax of the
 * kind its cities levy, so the demo's prices show taxes the way that country does (included in the
 * EU, added in North America). They are rounded, simplified (one rate per country, no local rules)
 * and not kept up to date; a hotel's staff set the real ones on the Taxes and fees page. Settings
 * carry `demo: true`, which the page shows as a warning until staff save their own. Amounts are US
 * cents: every demo hotel sells in USD.
 */
import { and, between, sql } from "drizzle-orm";
import type { ExtraInput } from "../../../shared/extras.ts";
import { type CityTaxSettings, type FeeSettings, type TaxSettings } from "../../../shared/taxes.ts";
import type { Db } from "../client.ts";
import { hotelExtras, hotels } from "../schema.ts";

const included = (name: string, percent: number) => ({ name, rateBasisPoints: Math.round(percent * 100), included: true });
const added = (name: string, percent: number) => ({ name, rateBasisPoints: Math.round(percent * 100), included: false });

function perPerson(
  name: string,
  amountCents: number,
  opts: { tiers?: [stars: number, cents: number][]; childrenUnder?: number; maxNights?: number } = {},
): CityTaxSettings {
  return {
    name,
    kind: "per_person_per_night",
    amountCents,
    rateBasisPoints: 0,
    tiers: (opts.tiers ?? []).map(([minStars, cents]) => ({ minStars, amountCents: cents })),
    childrenExemptUnderAge: opts.childrenUnder ?? null,
    maxNights: opts.maxNights ?? null,
  };
}

function percentTax(name: string, percent: number, maxNights: number | null = null): CityTaxSettings {
  return {
    name,
    kind: "percent",
    amountCents: 0,
    rateBasisPoints: Math.round(percent * 100),
    tiers: [],
    childrenExemptUnderAge: null,
    maxNights,
  };
}

const perNightFee = (name: string, amountCents: number, vatApplies = false): FeeSettings => ({
  name,
  basis: "per_night",
  amountCents,
  vatApplies,
});
const perStayFee = (name: string, amountCents: number, vatApplies = true): FeeSettings => ({
  name,
  basis: "per_stay",
  amountCents,
  vatApplies,
});

type DemoCharges = Omit<TaxSettings, "demo">;
const vatOnly = (vat: DemoCharges["vat"]): DemoCharges => ({ vat, cityTax: null, fees: [] });

/** By ISO country code. Countries not listed get no taxes in the demo. */
const DEMO_TAXES: Readonly<Record<string, DemoCharges>> = {
  // European Union and neighbours: VAT included in the price, a city tax added on top.
  DE: { vat: included("MwSt.", 7), cityTax: percentTax("City tax", 5), fees: [] },
  FR: {
    vat: included("TVA", 10),
    cityTax: perPerson("Taxe de séjour", 100, {
      tiers: [
        [3, 165],
        [4, 250],
        [5, 430],
      ],
      childrenUnder: 17,
    }),
    fees: [],
  },
  IT: {
    vat: included("IVA", 10),
    cityTax: perPerson("Tassa di soggiorno", 300, {
      tiers: [
        [4, 500],
        [5, 700],
      ],
      childrenUnder: 10,
      maxNights: 10,
    }),
    fees: [],
  },
  ES: {
    vat: included("IVA", 10),
    cityTax: perPerson("Tourist tax", 100, {
      tiers: [
        [4, 170],
        [5, 350],
      ],
      childrenUnder: 16,
      maxNights: 7,
    }),
    fees: [],
  },
  PT: { vat: included("IVA", 6), cityTax: perPerson("Taxa turística", 400, { childrenUnder: 13, maxNights: 7 }), fees: [] },
  NL: { vat: included("BTW", 9), cityTax: percentTax("Toeristenbelasting", 12.5), fees: [] },
  BE: {
    vat: included("BTW/TVA", 6),
    cityTax: perPerson("City tax", 400, {
      tiers: [
        [4, 600],
        [5, 900],
      ],
    }),
    fees: [],
  },
  AT: { vat: included("USt.", 10), cityTax: perPerson("Ortstaxe", 260, { childrenUnder: 15 }), fees: [] },
  CH: { vat: included("MWST", 3.8), cityTax: perPerson("Kurtaxe", 400, { childrenUnder: 16 }), fees: [] },
  CZ: { vat: included("DPH", 12), cityTax: perPerson("Local fee", 200, { childrenUnder: 17 }), fees: [] },
  HU: { vat: included("ÁFA", 18), cityTax: percentTax("Tourist tax", 4), fees: [] },
  PL: { vat: included("VAT", 8), cityTax: perPerson("Opłata miejscowa", 100), fees: [] },
  HR: { vat: included("PDV", 13), cityTax: perPerson("Tourist tax", 200, { childrenUnder: 12 }), fees: [] },
  GR: { vat: included("ΦΠΑ", 13), cityTax: perPerson("Climate resilience fee", 400, { tiers: [[5, 1000]] }), fees: [] },
  IE: vatOnly(included("VAT", 13.5)),
  DK: vatOnly(included("Moms", 25)),
  SE: vatOnly(included("Moms", 12)),
  FI: vatOnly(included("ALV", 14)),
  EE: vatOnly(included("KM", 13)),
  LV: vatOnly(included("PVN", 12)),
  CY: vatOnly(included("VAT", 9)),
  MT: { vat: included("VAT", 7), cityTax: perPerson("Eco contribution", 50, { childrenUnder: 17, maxNights: 10 }), fees: [] },
  NO: vatOnly(included("MVA", 12)),
  IS: { vat: included("VSK", 11), cityTax: null, fees: [perNightFee("Accommodation tax (per room per night)", 300)] },
  GB: vatOnly(included("VAT", 20)),
  TR: { vat: included("KDV", 10), cityTax: percentTax("Accommodation tax", 2), fees: [] },
  GE: vatOnly(included("VAT", 18)),
  IL: vatOnly(included("VAT", 18)),
  // North America: sales and occupancy taxes added to the price, as prices are quoted there.
  US: { vat: added("Sales and hotel tax", 14.75), cityTax: null, fees: [perNightFee("Occupancy fee (per room per night)", 350)] },
  PR: { vat: added("Room tax", 9), cityTax: null, fees: [perNightFee("Resort fee (per room per night)", 2000, true)] },
  CA: { vat: added("HST", 13), cityTax: percentTax("Municipal accommodation tax", 4), fees: [] },
  MX: { vat: added("IVA", 16), cityTax: percentTax("Lodging tax", 3), fees: [] },
  // Elsewhere.
  AE: { vat: added("VAT", 5), cityTax: percentTax("Municipality fee", 7), fees: [perNightFee("Tourism Dirham (per room per night)", 545)] },
  QA: vatOnly(added("Service charge and tourism fee", 17)),
  OM: vatOnly(added("VAT and tourism levy", 9)),
  JP: { vat: included("Consumption tax", 10), cityTax: perPerson("Accommodation tax", 200, { tiers: [[4, 300]] }), fees: [] },
  KR: vatOnly(included("VAT", 10)),
  AU: vatOnly(included("GST", 10)),
  NZ: vatOnly(included("GST", 15)),
  SG: vatOnly(added("GST and service charge", 19)),
  TH: vatOnly(added("VAT and service charge", 17.7)),
  MY: { vat: added("Service tax", 8), cityTax: null, fees: [perNightFee("Tourism tax (per room per night)", 220)] },
  ID: vatOnly(added("Tax and service", 21)),
  VN: vatOnly(included("VAT", 8)),
  KH: vatOnly(added("VAT", 10)),
  LK: vatOnly(added("VAT and service charge", 28)),
  MV: { vat: added("T-GST", 17), cityTax: null, fees: [perNightFee("Green tax (per room per night)", 600)] },
  NP: vatOnly(added("VAT and service charge", 23)),
  HK: vatOnly(added("Service charge", 10)),
  EG: vatOnly(added("VAT and service charge", 26)),
  MA: { vat: included("TVA", 10), cityTax: perPerson("Taxe de promotion touristique", 250), fees: [] },
  ZA: vatOnly(included("VAT", 15)),
  KE: vatOnly(included("VAT", 16)),
  TZ: vatOnly(included("VAT", 18)),
  MU: vatOnly(included("VAT", 15)),
  BR: vatOnly(added("ISS", 5)),
  AR: vatOnly(included("IVA", 21)),
  CO: vatOnly(included("IVA", 19)),
  PE: vatOnly(added("IGV and service", 28)),
  DO: vatOnly(added("ITBIS and service", 28)),
  BS: { vat: added("VAT", 10), cityTax: null, fees: [perStayFee("Resort fee", 3500)] },
  CU: vatOnly(included("Tax", 10)),
  RO: vatOnly(included("TVA", 9)),
  UA: vatOnly(included("ПДВ", 20)),
  CN: vatOnly(included("VAT", 6)),
  TW: vatOnly(included("Business tax", 5)),
  IN: vatOnly(added("GST", 12)),
  PK: vatOnly(added("Sales tax", 16)),
  BD: vatOnly(added("VAT", 15)),
  PH: vatOnly(added("VAT", 12)),
  SA: { vat: included("VAT", 15), cityTax: percentTax("Municipality fee", 2.5), fees: [] },
  NG: vatOnly(added("VAT", 7.5)),
  CL: vatOnly(included("IVA", 19)),
  EC: vatOnly(included("IVA", 15)),
};

/** The demo taxes of a country (without the demo mark); null: the demo charges none there. */
export function demoTaxSettings(countryCode: string): DemoCharges | null {
  return DEMO_TAXES[countryCode] ?? null;
}

/** The demo hotels' extras. */
export const DEMO_EXTRAS: readonly (ExtraInput & { sortOrder: number })[] = [
  { name: "Breakfast", kind: "breakfast", pricing: "per_person_per_night", priceCents: 1800, taxable: true, active: true, sortOrder: 1 },
  { name: "Parking", kind: "parking", pricing: "per_night", priceCents: 2500, taxable: true, active: true, sortOrder: 2 },
  { name: "Airport transfer", kind: "airport_transfer", pricing: "per_stay", priceCents: 6000, taxable: true, active: true, sortOrder: 3 },
];

/**
 * The most hotels that get demo charges: the whole default demo catalogue (5,000 hotels); a
 * 2,000,000-hotel benchmark catalogue gives them to its first ones only, as the benchmarks price
 * rooms, not taxes. Measured on PostgreSQL (busy 2-core machine): 20,000 hotels took 13.5 s, as
 * every updated hotel row rewrites its dozen indexes; 5,000 take about 3 s.
 */
export const DEMO_CHARGES_MAX_HOTELS = 5_000;

/**
 * Gives the hotels with ids in `range` (at most DEMO_CHARGES_MAX_HOTELS of them) their country's
 * demo taxes (marked `demo`) and the demo extras: one UPDATE by country code and one INSERT, set-based.
 * Extras a hotel has already are kept (runs twice harmlessly).
 */
export async function seedDemoCharges(db: Db, range: { from: number; to: number }): Promise<void> {
  const to = Math.min(range.to, range.from + DEMO_CHARGES_MAX_HOTELS - 1);
  if (to < range.from) return;
  const cases = Object.entries(DEMO_TAXES).map(
    ([code, settings]) => sql`when ${code} then ${JSON.stringify({ ...settings, demo: true })}::jsonb`,
  );
  await db
    .update(hotels)
    .set({ taxSettings: sql`case ${hotels.countryCode} ${sql.join(cases, sql` `)} end` })
    .where(
      and(
        between(hotels.id, range.from, to),
        sql`${hotels.countryCode} in (${sql.join(
          Object.keys(DEMO_TAXES).map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  const values = DEMO_EXTRAS.map(
    (e) =>
      sql`(${e.name}, ${e.kind}, ${e.pricing}, ${e.priceCents}::int, ${e.taxable}::boolean, ${e.active}::boolean, ${e.sortOrder}::int)`,
  );
  await db.execute(sql`insert into ${hotelExtras} (hotel_id, name, kind, pricing, price_cents, taxable, active, sort_order)
    select h.id, e.name, e.kind, e.pricing, e.price_cents, e.taxable, e.active, e.sort_order
    from ${hotels} h cross join (values ${sql.join(values, sql`, `)}) as e(name, kind, pricing, price_cents, taxable, active, sort_order)
    where h.id between ${range.from} and ${to}
    on conflict (hotel_id, name) do nothing`);
}
