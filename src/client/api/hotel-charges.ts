import { queryOptions } from "@tanstack/react-query";
import type { ExtraInput } from "../../shared/extras.ts";
import type { TaxSettings } from "../../shared/taxes.ts";
import { api, body } from "./client.ts";

/** A hotel's taxes and fees, and its extras (decisions 059, 060): the back office's Taxes and fees and Extras pages. */
const hotel = (hotelId: string) => ({ hotelId: encodeURIComponent(hotelId) });

export function getTaxSettings(hotelId: string) {
  return body(api.properties.hotels[":hotelId"]["tax-settings"].$get({ param: hotel(hotelId) }));
}

export type HotelTaxSettings = Awaited<ReturnType<typeof getTaxSettings>>;

export function saveTaxSettings(hotelId: string, settings: TaxSettings) {
  return body(api.properties.hotels[":hotelId"]["tax-settings"].$put({ param: hotel(hotelId), json: settings }));
}

export function listExtras(hotelId: string) {
  return body(api.properties.hotels[":hotelId"].extras.$get({ param: hotel(hotelId) }));
}

export function createExtra(hotelId: string, input: ExtraInput) {
  return body(api.properties.hotels[":hotelId"].extras.$post({ param: hotel(hotelId), json: input }));
}

export function updateExtra(hotelId: string, extraId: string, input: Partial<ExtraInput>) {
  return body(api.properties.hotels[":hotelId"].extras[":extraId"].$patch({ param: { ...hotel(hotelId), extraId }, json: input }));
}

export function deleteExtra(hotelId: string, extraId: string) {
  return body(api.properties.hotels[":hotelId"].extras[":extraId"].$delete({ param: { ...hotel(hotelId), extraId } }));
}

export const hotelChargeKeys = {
  taxSettings: (hotelId: string) => ["hotel-charges", hotelId, "tax-settings"] as const,
  extras: (hotelId: string) => ["hotel-charges", hotelId, "extras"] as const,
};

export function taxSettingsQueryOptions(hotelId: string) {
  return queryOptions({ queryKey: hotelChargeKeys.taxSettings(hotelId), queryFn: () => getTaxSettings(hotelId) });
}

export function extrasQueryOptions(hotelId: string) {
  return queryOptions({ queryKey: hotelChargeKeys.extras(hotelId), queryFn: () => listExtras(hotelId) });
}
