/**
 * The price of a stay line by line (issue 30 item 2, decision 059): rooms, child charges, extras,
 * discounts, fees and each tax, computed once by the server from the hotel's tax settings and
 * stored on the booking (bookings.charges), so every surface (quote, dialog, confirmation, e-mail,
 * My bookings, invoice, reports) shows the same cents.
 *
 * Rounding rule: each tax is computed on the sum of the amounts it applies to and rounded half up to
 * the cent once per stay (never line by line). Included VAT is the part of the gross sum it is in
 * (gross × r / (1 + r)); added VAT is net × r. A line's share of the VAT (for invoices) is the VAT in
 * proportion to the line's amount, shared out by largest remainder so the shares add up to the VAT
 * exactly. The city tax is never subject to VAT and is always added on top of the prices.
 */
import { type ExtraKind, type ExtraPricing, extraUnits } from "./extras.ts";
import { type TaxSettings, cityTaxPerPersonNight, includedShareOf, shareOf } from "./taxes.ts";

export const CHARGE_LINE_KINDS = ["room", "child", "extra", "discount", "fee", "tax"] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

export interface ChargeLine {
  kind: ChargeLineKind;
  /** extra: the extra's id; tax: "vat" or "city_tax"; fee: its position in the hotel's fees; discount: member / promotion; else null. */
  code: string | null;
  /** The room type (and plan), the extra's, fee's or tax's name, the promo code or member tier. */
  label: string;
  /** Room: room-nights; extra: units (extraUnits); fee: rooms or room-nights; city tax per person: person-nights; else 1. */
  quantity: number;
  unitCents: number;
  /** As the guest pays it (gross where VAT is included, net where it is added); discounts negative; a tax line: the tax. */
  amountCents: number;
  /** The VAT rate on this line in basis points (0: none); a tax line: its own rate (0 for an amount per person). */
  rateBasisPoints: number;
  /** This line's share of the VAT: inside amountCents when VAT is included, on top of it when added; 0 on tax lines. */
  vatCents: number;
  /** A tax line already inside the other lines' prices (included VAT): shown, not added to the total. */
  included: boolean;
  /** An extra the rate plan includes: listed at no charge. */
  inPlan?: boolean;
  /** A partner's tax or fee paid to the hotel at the stay (decision 062): shown, not in the total. */
  payableAtHotel?: boolean;
}

export interface PriceBreakdown {
  currency: string;
  lines: ChargeLine[];
  /** Rooms and child charges less discounts, as priced. */
  roomCents: number;
  /** Extras, as priced. */
  extrasCents: number;
  /** Fixed fees, as priced. */
  feesCents: number;
  /** Every tax: VAT (included or added) and city tax. */
  taxCents: number;
  /** The taxes added on top of the prices (added VAT and city tax): part of totalCents. */
  addedTaxCents: number;
  /** What the guest pays for the stay, before loyalty points (a means of payment). */
  totalCents: number;
  /** Rooms and extras less discounts: the figure shown "+ taxes and fees" (the US way). */
  beforeTaxesAndFeesCents: number;
  /** totalCents − beforeTaxesAndFeesCents: fees and added taxes. */
  taxesAndFeesCents: number;
  /** Room revenue as hotels report it (ADR, RevPAR): rooms and child charges less discounts, net of VAT. */
  roomRevenueCents: number;
  /** Extras revenue, net of VAT. */
  extrasRevenueCents: number;
}

/** An extra a booking takes, as priced by the hotel when chosen. */
export interface ChosenExtra {
  id: string;
  name: string;
  kind: ExtraKind;
  pricing: ExtraPricing;
  priceCents: number;
  taxable: boolean;
  quantity: number;
  /** The rate plan includes it: no charge. */
  inPlan: boolean;
}

export interface ChargesInput {
  currency: string;
  /** The room type's name, with the plan's in brackets. */
  roomLabel: string;
  nights: number;
  rooms: number;
  adults: number;
  childAges: readonly number[];
  /** The hotel's star rating (city tax tiers). */
  stars: number;
  /** Each night's price per room; empty when only the total is known (a partner's room). */
  nightlyPrices: readonly number[];
  /** All rooms for all nights. */
  roomsCents: number;
  childChargeCents: number;
  /** Taken off the rooms' price, positive cents, in the order applied (member price, promo code). */
  discounts: readonly { code: "member" | "promotion"; label: string; cents: number }[];
  extras: readonly ChosenExtra[];
  taxes: TaxSettings;
}

function plainLine(
  kind: ChargeLineKind,
  code: string | null,
  label: string,
  quantity: number,
  unitCents: number,
  amountCents: number,
): ChargeLine {
  return { kind, code, label, quantity, unitCents, amountCents, rateBasisPoints: 0, vatCents: 0, included: false };
}

/**
 * Shares `total` over `weights` in proportion, in whole cents that add up to `total` exactly (largest
 * remainder; ties to the earlier weight). Weights may be negative (discounts); all zero gives zeros.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) shares[order[k]!.i]! += 1;
  return shares;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The room lines: nights grouped by nightly price; one line of the total when the nightly prices do not explain it. */
function roomLines(input: ChargesInput): ChargeLine[] {
  const groups = new Map<number, number>();
  for (const price of input.nightlyPrices) groups.set(price, (groups.get(price) ?? 0) + 1);
  const lines = [...groups].map(([price, nights]) =>
    plainLine(
      "room",
      null,
      `${input.roomLabel}: ${plural(nights, "night")} × ${plural(input.rooms, "room")}`,
      nights * input.rooms,
      price,
      price * nights * input.rooms,
    ),
  );
  const explained = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (lines.length === 0 || explained !== input.roomsCents || input.nightlyPrices.length !== input.nights) {
    const label = `${input.roomLabel}: ${plural(input.nights, "night")} × ${plural(input.rooms, "room")}`;
    return [plainLine("room", null, label, 1, input.roomsCents, input.roomsCents)];
  }
  return lines;
}

/** The stay's price line by line and its totals (see the rounding rule above). */
export function computeCharges(input: ChargesInput): PriceBreakdown {
  const { taxes, nights, rooms } = input;
  const vat = taxes.vat && taxes.vat.rateBasisPoints > 0 ? taxes.vat : null;
  const lines: ChargeLine[] = roomLines(input);
  if (input.childChargeCents > 0) lines.push(plainLine("child", null, "Child charges", 1, input.childChargeCents, input.childChargeCents));
  for (const d of input.discounts) {
    if (d.cents > 0) lines.push(plainLine("discount", d.code, d.label, 1, -d.cents, -d.cents));
  }
  const persons = input.adults + input.childAges.length;
  for (const extra of input.extras) {
    const units = extraUnits(extra.pricing, extra.quantity, { nights, persons });
    const unit = extra.inPlan ? 0 : extra.priceCents;
    const line = plainLine("extra", extra.id, extra.name, units, unit, unit * units);
    if (extra.inPlan) line.inPlan = true;
    if (!extra.taxable) line.rateBasisPoints = -1; // marked untaxed until VAT is shared out below
    lines.push(line);
  }
  taxes.fees.forEach((fee, index) => {
    const quantity = fee.basis === "per_stay" ? rooms : rooms * nights;
    const line = plainLine("fee", String(index), fee.name, quantity, fee.amountCents, fee.amountCents * quantity);
    if (!fee.vatApplies) line.rateBasisPoints = -1;
    if (line.amountCents > 0) lines.push(line);
  });

  // VAT: on every room, child, discount, taxable extra and fee line, as one sum.
  let vatCents = 0;
  const vatLines = lines.filter((l) => l.rateBasisPoints !== -1 && l.amountCents !== 0);
  if (vat) {
    const base = vatLines.reduce((sum, l) => sum + l.amountCents, 0);
    vatCents = Math.max(0, vat.included ? includedShareOf(base, vat.rateBasisPoints) : shareOf(base, vat.rateBasisPoints));
    const shares = shareOut(
      vatCents,
      vatLines.map((l) => l.amountCents),
    );
    vatLines.forEach((l, i) => {
      l.rateBasisPoints = vat.rateBasisPoints;
      l.vatCents = shares[i]!;
    });
  }
  for (const l of lines) if (l.rateBasisPoints === -1 || (!vat && l.rateBasisPoints !== 0)) l.rateBasisPoints = 0;

  const sumOf = (kinds: ChargeLineKind[]) => lines.filter((l) => kinds.includes(l.kind)).reduce((sum, l) => sum + l.amountCents, 0);
  const vatOf = (kinds: ChargeLineKind[]) => lines.filter((l) => kinds.includes(l.kind)).reduce((sum, l) => sum + l.vatCents, 0);
  const roomCents = sumOf(["room", "child", "discount"]);
  const extrasCents = sumOf(["extra"]);
  const feesCents = sumOf(["fee"]);
  const roomVat = vatOf(["room", "child", "discount"]);
  const extrasVat = vatOf(["extra"]);

  if (vat) {
    const tax = plainLine("tax", "vat", taxes.vat!.name, 1, vatCents, vatCents);
    tax.rateBasisPoints = vat.rateBasisPoints;
    tax.included = vat.included;
    lines.push(tax);
  }

  // City tax: per chargeable person per (capped) night, or a share of the room revenue net of VAT.
  let cityTaxCents = 0;
  const city = taxes.cityTax;
  if (city) {
    const roomNet = roomCents - (vat?.included ? roomVat : 0);
    if (city.kind === "percent") {
      cityTaxCents = Math.max(0, shareOf(roomNet, city.rateBasisPoints));
      if (cityTaxCents > 0) {
        const line = plainLine("tax", "city_tax", city.name, 1, cityTaxCents, cityTaxCents);
        line.rateBasisPoints = city.rateBasisPoints;
        lines.push(line);
      }
    } else {
      const exemptUnder = city.childrenExemptUnderAge;
      const chargeable = input.adults + input.childAges.filter((age) => exemptUnder === null || age >= exemptUnder).length;
      const taxedNights = city.maxNights === null ? nights : Math.min(nights, city.maxNights);
      const perPersonNight = cityTaxPerPersonNight(city, input.stars);
      const quantity = chargeable * taxedNights;
      cityTaxCents = perPersonNight * quantity;
      if (cityTaxCents > 0) lines.push(plainLine("tax", "city_tax", city.name, quantity, perPersonNight, cityTaxCents));
    }
  }

  const addedVat = vat && !vat.included ? vatCents : 0;
  const addedTaxCents = addedVat + cityTaxCents;
  const totalCents = roomCents + extrasCents + feesCents + addedTaxCents;
  const beforeTaxesAndFeesCents = roomCents + extrasCents;
  return {
    currency: input.currency,
    lines,
    roomCents,
    extrasCents,
    feesCents,
    taxCents: vatCents + cityTaxCents,
    addedTaxCents,
    totalCents,
    beforeTaxesAndFeesCents,
    taxesAndFeesCents: totalCents - beforeTaxesAndFeesCents,
    roomRevenueCents: roomCents - (vat?.included ? roomVat : 0),
    extrasRevenueCents: extrasCents - (vat?.included ? extrasVat : 0),
  };
}
