/**
 * Extras (issue 30 item 4, decision 059): what a hotel sells beside the room (breakfast, parking,
 * an airport transfer, late check-out, a pet fee), priced per stay, per night, per person or per
 * person per night, with or without the hotel's VAT. A rate plan that includes the extra's kind
 * (breakfast in a meal plan, parking in its inclusions) includes the extra at no charge.
 */
import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import type { MealPlan, PlanInclusion } from "./rate-plans.ts";
import { MAX_ROOM_PRICE_CENTS } from "./property-hotels.ts";

/** What an extra is, so a plan's inclusions can include it and the screens can name it. */
export const EXTRA_KINDS = ["breakfast", "parking", "airport_transfer", "late_checkout", "early_checkin", "pet", "other"] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

/**
 * How an extra is counted: per_stay and per_night by the quantity chosen (parking spaces, transfers),
 * per_person and per_person_per_night by every guest of the party, adults and children alike.
 */
export const EXTRA_PRICINGS = ["per_stay", "per_night", "per_person", "per_person_per_night"] as const;
export type ExtraPricing = (typeof EXTRA_PRICINGS)[number];

/** The most of one extra a booking may take (per_stay and per_night extras). */
export const MAX_EXTRA_QUANTITY = 10;
/** The most extras a hotel may offer. */
export const MAX_EXTRAS_PER_HOTEL = 30;

/** What staff send to create or change an extra. */
export const ExtraInput = z.object({
  name: z
    .string({ message: fieldError("fieldRequired", { field: "extraName" }) })
    .trim()
    .min(1, fieldError("fieldRequired", { field: "extraName" }))
    .max(80, fieldError("fieldTooLong", { field: "extraName", max: 80 })),
  kind: z.enum(EXTRA_KINDS, {
    message: fieldError("chooseExtraKind"),
  }),
  pricing: z.enum(EXTRA_PRICINGS, { message: fieldError("chooseExtraPricing") }),
  priceCents: z
    .number({ message: fieldError("fieldNumber", { field: "price" }) })
    .int(fieldError("fieldWholeNumberOfCents", { field: "price" }))
    .min(1, fieldError("priceGreaterThanZero"))
    .max(MAX_ROOM_PRICE_CENTS, fieldError("priceTooLarge")),
  /** The hotel's VAT applies to it. */
  taxable: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type ExtraInput = z.infer<typeof ExtraInput>;

/** An extra as offered to travellers and staff. */
export interface ExtraView {
  id: string;
  hotelId: string;
  name: string;
  kind: ExtraKind;
  pricing: ExtraPricing;
  priceCents: number;
  taxable: boolean;
  active: boolean;
}

/** The extras a traveller or the front desk chose for a booking: ids with a quantity (per_stay / per_night; ignored otherwise). */
export const ExtrasChoice = z
  .array(
    z.object({
      extraId: z.string().regex(/^\d{1,10}$/, fieldError("unknownExtra")),
      quantity: z
        .number({ message: fieldError("fieldNumber", { field: "quantity" }) })
        .int(fieldError("fieldWhole", { field: "quantity" }))
        .min(1, fieldError("fieldAtLeast", { field: "quantity", min: 1 }))
        .max(MAX_EXTRA_QUANTITY, fieldError("fieldAtMost", { field: "quantity", max: MAX_EXTRA_QUANTITY }))
        .default(1),
    }),
  )
  .max(MAX_EXTRAS_PER_HOTEL, fieldError("tooManyExtras"))
  .superRefine((items, ctx) => {
    const ids = items.map((item) => item.extraId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: fieldError("extraOnce") });
  });
export type ExtrasChoice = z.infer<typeof ExtrasChoice>;

/** The plan includes this kind of extra: breakfast in any meal plan, the others by the plan's inclusions. */
export function includedByPlan(kind: ExtraKind, plan: { mealPlan: MealPlan; inclusions: readonly PlanInclusion[] } | null): boolean {
  if (!plan) return false;
  if (kind === "breakfast") return plan.mealPlan !== "room_only";
  if (kind === "parking" || kind === "airport_transfer" || kind === "late_checkout" || kind === "early_checkin") {
    return plan.inclusions.includes(kind);
  }
  return false;
}

/** How many units of an extra a stay takes: the quantity, × nights, × the party, or both. */
export function extraUnits(pricing: ExtraPricing, quantity: number, stay: { nights: number; persons: number }): number {
  switch (pricing) {
    case "per_stay":
      return quantity;
    case "per_night":
      return quantity * stay.nights;
    case "per_person":
      return stay.persons;
    case "per_person_per_night":
      return stay.persons * stay.nights;
  }
}
