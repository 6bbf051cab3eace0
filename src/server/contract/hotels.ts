import { z } from "@hono/zod-openapi";
import { PROPERTY_TYPES } from "../../shared/property-types.ts";
import { MEAL_PLANS, PAYMENT_TIMINGS, PLAN_INCLUSIONS } from "../../shared/rate-plans.ts";

/** Answers of the catalogue routes; tsc checks them against the services' types in the route handlers. */
export const StaySchema = z
  .object({
    checkIn: z.string(),
    checkOut: z.string(),
    guests: z.number(),
    children: z.number(),
    childAges: z.array(z.number()),
    rooms: z.number(),
  })
  .openapi("Stay");

/** A stay's price with the hotel's taxes and fees (decision 061): show totalCents "includes taxes and fees", or beforeTaxesAndFeesCents "+ taxesAndFeesCents taxes and fees". */
export const StayPriceSchema = z
  .object({
    beforeTaxesAndFeesCents: z.number().int(),
    taxesAndFeesCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .openapi("StayPrice");

export const HotelSummarySchema = z
  .object({
    id: z.string(),
    supplier: z.string(),
    name: z.string(),
    location: z.string(),
    city: z.string(),
    country: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    rating: z.number(),
    reviewCount: z.number(),
    starRating: z.number(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    discountPercent: z.number(),
    currency: z.string(),
    image: z.string(),
    amenities: z.array(z.string()),
    distanceFromCenterKm: z.number(),
    cancellationPolicy: z.string(),
    freeCancellationDays: z.number().int(),
    propertyType: z.enum(PROPERTY_TYPES).nullable(),
    roomsAvailable: z.number().int(),
    flags: z.object({
      breakfast: z.boolean(),
      wifi: z.boolean(),
      parking: z.boolean(),
      pool: z.boolean(),
      gym: z.boolean(),
      spa: z.boolean(),
    }),
    ratePlan: z
      .object({
        id: z.string(),
        name: z.string(),
        mealPlan: z.enum(MEAL_PLANS),
        freeCancellation: z.boolean(),
        nonRefundable: z.boolean(),
      })
      .nullable()
      .optional(),
    stayPrice: StayPriceSchema.nullable()
      .optional()
      .describe("Our hotels in a search with dates: the whole stay with the hotel's taxes and fees; null: not known (partner hotels)"),
  })
  .openapi("HotelSummary");

export const SearchResponseSchema = z
  .object({
    hotels: z.array(HotelSummarySchema),
    total: z.number().int(),
    totalIsCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    stay: StaySchema,
    nights: z.number().int(),
    notices: z.array(z.string()),
  })
  .openapi("SearchResults");

/** The plan's cancellation policy as a schedule for the asked stay (the same shape a booking stores). */
const PlanScheduleSchema = z.object({
  timeZone: z.string(),
  steps: z.array(z.object({ until: z.string(), untilLocalDate: z.string(), feeCents: z.number().int() })),
  finalFeeCents: z.number().int(),
  priceCents: z.number().int(),
});

export const RatePlanOfferSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    mealPlan: z.enum(MEAL_PLANS),
    inclusions: z.array(z.enum(PLAN_INCLUSIONS)),
    priceCents: z.number().int(),
    stayPriceCents: z.number().int(),
    nightlyPrices: z.array(z.object({ night: z.string(), priceCents: z.number().int() })),
    totalPriceCents: z.number().int(),
    stayPrice: StayPriceSchema,
    paymentTiming: z.enum(PAYMENT_TIMINGS),
    depositPercent: z.number().int().nullable(),
    dueNowCents: z.number().int(),
    dueAtHotelCents: z.number().int(),
    cancellation: PlanScheduleSchema,
    freeCancellation: z.boolean(),
    cancellationText: z.string(),
    paymentText: z.string(),
    bookable: z.boolean(),
    restriction: z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("minStay"), nights: z.number().int() }),
        z.object({ kind: z.literal("minAdvance"), days: z.number().int() }),
        z.object({ kind: z.literal("maxAdvance"), days: z.number().int() }),
        z.object({ kind: z.literal("closed"), night: z.string() }),
      ])
      .nullable(),
    unavailableReason: z.string().nullable(),
    memberPrices: z.boolean().describe("Signed-in loyalty members pay less on this plan: tell visitors to sign in to see a lower price"),
  })
  .openapi("RatePlanOffer");

export const RoomOfferSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    maxGuests: z.number().int(),
    sizeM2: z.number(),
    bedType: z.string(),
    amenities: z.array(z.string()),
    priceCents: z.number().int(),
    stayPriceCents: z.number().int(),
    nightlyPrices: z.array(z.object({ night: z.string(), priceCents: z.number().int() })).nullable(),
    originalPriceCents: z.number().int().nullable(),
    discountPercent: z.number(),
    currency: z.string(),
    totalRooms: z.number().int(),
    roomsAvailable: z.number().int(),
    fitsParty: z.boolean(),
    bookable: z.boolean(),
    unavailableReason: z.string().nullable(),
    plans: z.array(RatePlanOfferSchema).optional(),
  })
  .openapi("RoomOffer");

export const HotelDetailSchema = HotelSummarySchema.extend({
  childPolicy: z.object({ freeUnderAge: z.number().int(), childRateCents: z.number().int() }).nullable(),
  childChargeCents: z.number().int(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  rooms: z.array(RoomOfferSchema),
  stay: StaySchema,
  nights: z.number().int(),
}).openapi("HotelDetail");

export const DestinationsSchema = z
  .object({
    suggestions: z.array(z.object({ city: z.string(), country: z.string(), hotelCount: z.number().int() })),
  })
  .openapi("DestinationSuggestions");
