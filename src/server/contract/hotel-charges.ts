import { z } from "@hono/zod-openapi";
import { ExtraInput } from "../../shared/extras.ts";
import { TaxSettings } from "../../shared/taxes.ts";
import { ExtraSchema } from "./bookings.ts";

/** Answers of the taxes, fees and extras back office (decisions 059, 060); tsc checks them against services/hotel-charges.ts. */
export const HotelTaxSettingsSchema = z
  .object({
    hotelId: z.string(),
    countryCode: z.string().describe("The hotel's country (ISO 3166-1 alpha-2): what it expects of VAT and tax ids"),
    currency: z.string().describe("The currency of the amounts"),
    settings: TaxSettings.describe(
      "Rates in basis points (1000 = 10 %), amounts in cents; `demo`: the demo seed's defaults, not legal advice",
    ),
  })
  .openapi("HotelTaxSettings");

export const ExtraListSchema = z.object({ extras: z.array(ExtraSchema) });
export const OneExtraSchema = z.object({ extra: ExtraSchema });

/** A change to an extra: any of ExtraInput's fields (none defaulted), at least one. */
export const ExtraPatchInput = ExtraInput.extend({
  taxable: z.boolean({ message: "taxable must be true or false" }),
  active: z.boolean({ message: "active must be true or false" }),
})
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Send at least one field of the extra to change" });
