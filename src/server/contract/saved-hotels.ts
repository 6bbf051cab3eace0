import { z } from "@hono/zod-openapi";

/** Answers of the saved-hotels and hotel-cards routes; tsc checks them against services/saved-hotels.ts. */
export const HotelCardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    image: z.string(),
    rating: z.number(),
    reviewCount: z.number().int(),
    starRating: z.number().int(),
    priceCents: z.number().int().describe("The cheapest room type's nightly price (from), in cents"),
    currency: z.string(),
  })
  .openapi("HotelCard");

export const HotelCardsSchema = z.object({ hotels: z.array(HotelCardSchema) });

export const SavedHotelsSchema = z.object({
  hotels: z.array(HotelCardSchema.extend({ savedAt: z.string() })),
});

export const SavedHotelIdsSchema = z.object({ hotelIds: z.array(z.string()).describe("Newest save first") });

export const SavedHotelStateSchema = z.object({ hotelId: z.string(), saved: z.boolean() });

export const MergeSavedHotelsSchema = z.object({
  added: z.number().int().describe("How many of the given hotels were new to the account"),
  hotelIds: z.array(z.string()).describe("The account's saved hotels afterwards, newest first"),
});
