import { z } from "@hono/zod-openapi";
import { CHANNEL_SCOPES } from "../../shared/channel-api.ts";

/** Answers of the channel API (/api/channel/v1) and of its key management. */
export const ChannelKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(CHANNEL_SCOPES),
    prefix: z.string().describe("The key's first characters, to tell keys apart"),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi("ChannelApiKey");

const ChannelNightSchema = z.object({
  night: z.string(),
  priceCents: z.number().int().describe("The calendar price (rate plans are priced from it)"),
  roomsToSell: z.number().int(),
  roomsSold: z.number().int(),
  roomsLeft: z.number().int(),
  closed: z.boolean(),
  minStay: z.number().int().describe("Minimum nights of a stay starting this night"),
});

export const ChannelAvailabilitySchema = z
  .object({
    hotelId: z.number().int(),
    currency: z.string(),
    from: z.string(),
    to: z.string().describe("Exclusive: the morning after the last night"),
    roomTypes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        totalRooms: z.number().int(),
        nights: z.array(ChannelNightSchema),
        ratePlans: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            mealPlan: z.string(),
            paymentTiming: z.string(),
            restrictions: z.object({
              minStay: z.number().int().nullable(),
              minAdvanceDays: z.number().int().nullable(),
              maxAdvanceDays: z.number().int().nullable(),
              closedDates: z.array(z.string()),
            }),
            nightlyCents: z.array(z.number().int().nullable()).describe("One per night of `nights`; null where the plan is closed"),
          }),
        ),
      }),
    ),
  })
  .openapi("ChannelAvailability");

export const ChannelBookingSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    status: z.string(),
    roomTypeId: z.number().int().nullable(),
    ratePlanId: z.number().int().nullable(),
    ratePlanName: z.string().nullable(),
    checkIn: z.string(),
    checkOut: z.string(),
    rooms: z.number().int(),
    guests: z.number().int(),
    guestName: z.string(),
    totalPriceCents: z.number().int(),
    currency: z.string(),
    source: z.string(),
    sourceDetail: z.string().nullable().describe("The name of the API key that made it"),
  })
  .openapi("ChannelBooking");
