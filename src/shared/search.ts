import { z } from "zod";
import { isIsoDate } from "./dates.ts";
import type { NightPrice } from "./rates.ts";
import type { RatePlanOffer } from "./rate-plan-offers.ts";
import type { MealPlan } from "./rate-plans.ts";
import type { StayPrice } from "./stay-price.ts";
import { type AmenityFlag, amenityOption } from "./amenities.ts";
import { type ChildPolicy, MAX_CHILD_AGE, MIN_CHILD_AGE } from "./children.ts";
import { type PropertyType, propertyTypeOf } from "./property-types.ts";
import {
  DISTANCE_SLIDER,
  GUEST_RATING_OPTIONS,
  type GuestRatingOption,
  MAX_CHILDREN,
  MAX_GUESTS,
  MAX_ROOMS,
  PAGE_SIZE,
  PRICE_SLIDER,
  SORT_OPTIONS,
  type Stay,
} from "./search-options.ts";

export type { SortOption, Stay } from "./search-options.ts";

function list<T extends z.ZodType>(item: T, label: string) {
  return z
    .string()
    .max(200)
    .transform((value, ctx) => {
      const parts = value
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const out: z.infer<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label}: ${part}` });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return [...new Set(out)];
    });
}

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const isoDate = (name: string) => z.string().refine(isIsoDate, `${name} must be a date like 2026-05-31`);

const childAge = z.coerce
  .number({ message: "Each child's age must be a number" })
  .int("Each child's age must be a whole number")
  .min(MIN_CHILD_AGE, `Each child's age must be ${MIN_CHILD_AGE} to ${MAX_CHILD_AGE}`)
  .max(MAX_CHILD_AGE, `Each child's age must be ${MIN_CHILD_AGE} to ${MAX_CHILD_AGE}: book older guests as adults`);

/**
 * Children's ages: "4,9" in a query string, [4, 9] in a JSON body. That their count matches
 * `children` is checked with the rest of the stay (resolveStay).
 */
const childAges = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? [] : value.split(",").map((p) => p.trim())) : value),
  z.array(childAge).max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children`),
);

/** The stay part shared by search, hotel detail and booking; `guests` are the adults. */
export const StayFields = {
  checkIn: isoDate("Check-in").optional(),
  checkOut: isoDate("Check-out").optional(),
  guests: z.coerce
    .number({ message: "Adults must be a number" })
    .int("Adults must be a whole number")
    .min(1, "At least one adult is required")
    .max(MAX_GUESTS, `Adults must be at most ${MAX_GUESTS}`)
    .default(2),
  children: whole("Children", 0, MAX_CHILDREN).default(0),
  ages: childAges.optional(),
  rooms: whole("Rooms", 1, MAX_ROOMS).default(1),
};

const GUEST_RATING_VALUES = GUEST_RATING_OPTIONS.map((o) => o.value).sort((a, b) => a - b);

export const SearchQuery = z
  .object({
    destination: z.string().trim().max(100, "Destination must be at most 100 characters").default(""),
    ...StayFields,
    minPrice: whole("Minimum price", PRICE_SLIDER.min, PRICE_SLIDER.max).default(PRICE_SLIDER.min),
    maxPrice: whole("Maximum price", PRICE_SLIDER.min, PRICE_SLIDER.max).default(PRICE_SLIDER.max),
    minDistance: z.coerce.number({ message: "Minimum distance must be a number" }).min(0).max(DISTANCE_SLIDER.max).default(0),
    maxDistance: z.coerce
      .number({ message: "Maximum distance must be a number" })
      .min(0, "Maximum distance must be at least 0")
      .max(DISTANCE_SLIDER.max, `Maximum distance must be at most ${DISTANCE_SLIDER.max}`)
      .default(DISTANCE_SLIDER.max),
    stars: list(z.coerce.number().int().min(1).max(5), "star rating").default([]),
    amenities: list(
      z.string().transform((v, ctx) => {
        const match = amenityOption(v);
        if (!match) {
          ctx.addIssue({ code: "custom", message: "unknown" });
          return z.NEVER;
        }
        return match;
      }),
      "amenity",
    ).default([]),
    freeCancellation: z
      .enum(["true", "false"], { message: "Free cancellation must be true or false" })
      .transform((v) => v === "true")
      .default(false),
    breakfast: z
      .enum(["true", "false"], { message: "Breakfast included must be true or false" })
      .transform((v) => v === "true")
      .default(false),
    guestRating: z
      .string()
      .transform((v, ctx): GuestRatingOption | undefined => {
        const match = GUEST_RATING_OPTIONS.find((o) => String(o.value) === v.trim());
        if (match) return match.value;
        if (v.trim() === "") return undefined;
        ctx.addIssue({ code: "custom", message: `Guest rating must be ${GUEST_RATING_VALUES.join(" or ")}` });
        return z.NEVER;
      })
      .optional(),
    propertyTypes: list(
      z.string().transform((v, ctx) => {
        const match = propertyTypeOf(v);
        if (!match) {
          ctx.addIssue({ code: "custom", message: "unknown" });
          return z.NEVER;
        }
        return match;
      }),
      "property type",
    ).default([]),
    sort: z.enum(SORT_OPTIONS, { message: `Sort must be one of ${SORT_OPTIONS.join(", ")}` }).default("popularity"),
    page: whole("Page", 1, 1000).default(1),
    pageSize: whole("Page size", 1, 50).default(PAGE_SIZE),
  })
  .refine((q) => q.minPrice <= q.maxPrice, { message: "Minimum price cannot be above maximum price", path: ["minPrice"] })
  .refine((q) => q.minDistance <= q.maxDistance, { message: "Minimum distance cannot be above maximum distance", path: ["minDistance"] });
export type SearchQuery = z.infer<typeof SearchQuery>;

export const HotelStayQuery = z.object(StayFields);
export type HotelStayQuery = z.infer<typeof HotelStayQuery>;

export interface HotelSummary {
  /** Our inventory uses the numeric id; other suppliers prefix theirs. */
  id: string;
  supplier: string;
  name: string;
  location: string;
  city: string;
  country: string;
  /** Null for a partner hotel whose supplier gives no coordinates; our own hotels always have them. */
  lat: number | null;
  lng: number | null;
  rating: number;
  reviewCount: number;
  starRating: number;
  /** Lowest nightly price (cents) of a room that fits the party and is free for the stay. */
  priceCents: number;
  originalPriceCents: number | null;
  discountPercent: number;
  currency: string;
  image: string;
  amenities: string[];
  distanceFromCenterKm: number;
  cancellationPolicy: string;
  /** Days before check-in until which a cancellation is refunded in full; 0 = non-refundable. */
  freeCancellationDays: number;
  /** null: a partner hotel whose supplier does not say. */
  propertyType: PropertyType | null;
  /** Rooms still free for the stay across room types that fit the party. */
  roomsAvailable: number;
  flags: Record<AmenityFlag, boolean>;
  /** Our rooms: the rate plan the price is for; null or absent: the room's standard rate (decision 055). */
  ratePlan?: OfferPlan | null;
  /**
   * Search results of our hotels for a stay with dates: the offer for the whole stay (every room and
   * night, child charges) with the hotel's taxes and fees (decision 061). null or absent: not known
   * (a partner's hotel, whose supplier's taxes are in its price; a search without dates).
   */
  stayPrice?: StayPrice | null;
}

/** The rate plan of a search result's price, with what the card says about it. */
export interface OfferPlan {
  id: string;
  name: string;
  mealPlan: MealPlan;
  /** Cancelling this stay today would cost nothing (a free tier still open). */
  freeCancellation: boolean;
  /** No tier of its policy is free. */
  nonRefundable: boolean;
}

export interface SearchResponse {
  hotels: HotelSummary[];
  /** Matching hotels; exact unless totalIsCapped. */
  total: number;
  /**
   * true: there are at least `total` matches, possibly many more (counting stops at 1,000), so
   * show "1,000+ properties found". false: `total` is exact.
   */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  stay: Stay;
  nights: number;
  /** Messages about suppliers that could not answer; results from the others are still shown. */
  notices: string[];
}

export interface RoomOffer {
  id: string;
  name: string;
  description: string;
  images: string[];
  maxGuests: number;
  sizeM2: number;
  bedType: string;
  amenities: string[];
  /** The stay's average nightly price of one room (its nights' sum over the nights, decision 020). */
  priceCents: number;
  /** One room for the whole stay: the sum of its nights. */
  stayPriceCents: number;
  /** Each night of the stay and its price for one room; null when a partner prices only the whole stay. */
  nightlyPrices: NightPrice[] | null;
  originalPriceCents: number | null;
  discountPercent: number;
  currency: string;
  totalRooms: number;
  /** Rooms of this type free on every night of the stay. */
  roomsAvailable: number;
  /** maxGuests × rooms covers the party. */
  fitsParty: boolean;
  bookable: boolean;
  /** Why it cannot be booked, for the guest. */
  unavailableReason: string | null;
  /** Our own rooms on the hotel page: the ways it is sold, priced for the stay (decision 054); absent for partner rooms and in search results. */
  plans?: RatePlanOffer[];
}

export interface HotelDetail extends HotelSummary {
  /** The hotel's rule for children; null for a partner hotel (its supplier prices children itself). */
  childPolicy: ChildPolicy | null;
  /** The stay's child charges (all nights, our own hotels), on top of the rooms' price. */
  childChargeCents: number;
  description: string | null;
  images: string[];
  rooms: RoomOffer[];
  stay: Stay;
  nights: number;
}

export interface DestinationSuggestion {
  city: string;
  country: string;
  hotelCount: number;
}
