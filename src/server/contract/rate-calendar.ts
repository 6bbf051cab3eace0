import { z } from "@hono/zod-openapi";

/** Answers of the rates calendar routes (decision 020); tsc checks them against services/rates.ts. */
export const CalendarNightSchema = z
  .object({
    night: z.string(),
    priceCents: z.number().int(),
    closed: z.boolean(),
    minStay: z.number().int(),
    roomsToSell: z.number().int(),
    roomsSold: z.number().int(),
  })
  .openapi("CalendarNight");

export const CalendarMonthSchema = z
  .object({
    hotelId: z.number().int(),
    hotelName: z.string(),
    currency: z.string(),
    month: z.string(),
    roomTypes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        basePriceCents: z.number().int(),
        totalRooms: z.number().int(),
        nights: z.array(CalendarNightSchema),
      }),
    ),
  })
  .openapi("CalendarMonth");

export const CalendarEditResultSchema = z.object({
  roomTypes: z.number().int().describe("Room types changed"),
  nights: z.number().int().describe("Room-type nights changed"),
});
