import { type AmenityOption, amenityOption } from "../../../shared/amenities.ts";
import { type PropertyType, propertyTypeOf } from "../../../shared/property-types.ts";
import {
  DISTANCE_SLIDER,
  GUEST_RATING_OPTIONS,
  type GuestRatingOption,
  PRICE_SLIDER,
  SORT_OPTIONS,
  STAR_OPTIONS,
  type SortOption,
} from "../../../shared/search-options.ts";
import { formatCount, formatMoney } from "../../lib/format.ts";
import type { TFunction } from "../../lib/i18n.ts";

export interface Filters {
  /** Whole dollars, as the price slider shows them. */
  minPrice: number;
  maxPrice: number;
  maxDistance: number;
  stars: number[];
  amenities: AmenityOption[];
  freeCancellation: boolean;
  /** Only rates with breakfast (or more) included. */
  breakfast: boolean;
  /** 10-point guest rating threshold; null: any. */
  guestRating: GuestRatingOption | null;
  propertyTypes: PropertyType[];
}

const DEFAULT_FILTERS: Filters = {
  minPrice: PRICE_SLIDER.min,
  maxPrice: PRICE_SLIDER.max,
  maxDistance: DISTANCE_SLIDER.max,
  stars: [],
  amenities: [],
  freeCancellation: false,
  breakfast: false,
  guestRating: null,
  propertyTypes: [],
};

const FILTER_PARAM_KEYS = [
  "minPrice",
  "maxPrice",
  "maxDistance",
  "stars",
  "amenities",
  "freeCancellation",
  "breakfast",
  "guestRating",
  "propertyTypes",
] as const;

function numberIn(value: string | null, min: number, max: number, fallback: number): number {
  if (value === null || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function list(value: string | null): string[] {
  return value
    ? value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    : [];
}

export function readFilters(params: URLSearchParams): Filters {
  const stars = list(params.get("stars"))
    .map(Number)
    .filter((n) => (STAR_OPTIONS as readonly number[]).includes(n));
  const amenities = list(params.get("amenities"))
    .map(amenityOption)
    .filter((option) => option !== undefined);
  const propertyTypes = list(params.get("propertyTypes"))
    .map(propertyTypeOf)
    .filter((type) => type !== undefined);
  return {
    minPrice: numberIn(params.get("minPrice"), PRICE_SLIDER.min, PRICE_SLIDER.max, PRICE_SLIDER.min),
    maxPrice: numberIn(params.get("maxPrice"), PRICE_SLIDER.min, PRICE_SLIDER.max, PRICE_SLIDER.max),
    maxDistance: numberIn(params.get("maxDistance"), DISTANCE_SLIDER.min, DISTANCE_SLIDER.max, DISTANCE_SLIDER.max),
    stars: [...new Set(stars)].sort((a, b) => b - a),
    amenities: [...new Set(amenities)],
    freeCancellation: params.get("freeCancellation") === "true",
    breakfast: params.get("breakfast") === "true",
    guestRating: GUEST_RATING_OPTIONS.find((o) => String(o.value) === params.get("guestRating"))?.value ?? null,
    propertyTypes: [...new Set(propertyTypes)],
  };
}

/** Writes the filters into the address, leaving out every value at its default, and goes back to page 1. */
export function writeFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAM_KEYS) next.delete(key);
  next.delete("page");
  if (filters.minPrice !== DEFAULT_FILTERS.minPrice) next.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== DEFAULT_FILTERS.maxPrice) next.set("maxPrice", String(filters.maxPrice));
  if (filters.maxDistance !== DEFAULT_FILTERS.maxDistance) next.set("maxDistance", String(filters.maxDistance));
  if (filters.stars.length > 0) next.set("stars", filters.stars.join(","));
  if (filters.amenities.length > 0) next.set("amenities", filters.amenities.join(","));
  if (filters.freeCancellation) next.set("freeCancellation", "true");
  if (filters.breakfast) next.set("breakfast", "true");
  if (filters.guestRating !== null) next.set("guestRating", String(filters.guestRating));
  if (filters.propertyTypes.length > 0) next.set("propertyTypes", filters.propertyTypes.join(","));
  return next;
}

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = writeFilters(params, DEFAULT_FILTERS);
  // The API accepts a minimum distance that no control sets; a shared link may carry one.
  next.delete("minDistance");
  return next;
}

export function countActiveFilters(params: URLSearchParams): number {
  const f = readFilters(params);
  return (
    Number(f.minPrice !== DEFAULT_FILTERS.minPrice || f.maxPrice !== DEFAULT_FILTERS.maxPrice) +
    Number(f.maxDistance !== DEFAULT_FILTERS.maxDistance || params.has("minDistance")) +
    f.stars.length +
    f.amenities.length +
    Number(f.freeCancellation) +
    Number(f.breakfast) +
    Number(f.guestRating !== null) +
    f.propertyTypes.length
  );
}

export function readSort(params: URLSearchParams): SortOption {
  const value = params.get("sort");
  return SORT_OPTIONS.find((option) => option === value) ?? "popularity";
}

export function writeSort(params: URLSearchParams, sort: SortOption): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("page");
  if (sort === "popularity") next.delete("sort");
  else next.set("sort", sort);
  return next;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}

/** A price slider value in the reader's format: '$250', '$1,000+' ('1000 US$+' in Spanish). */
export function formatPriceLimit(dollars: number): string {
  return dollars >= PRICE_SLIDER.max ? `${formatMoney(PRICE_SLIDER.max * 100, "USD")}+` : formatMoney(dollars * 100, "USD");
}

export function formatDistanceLimit(t: TFunction, km: number): string {
  return km >= DISTANCE_SLIDER.max ? t("Any distance") : t("Up to {{distance}} km", { distance: formatCount(km) });
}
