import { z } from "@hono/zod-openapi";
import { REPORT_CHANNELS } from "../../shared/revenue-reports.ts";

/** Answers of the revenue report routes; tsc checks them against `services/revenue-reports.ts` in the handlers. */
const count = z.number().int();
const cents = z.number().int().describe("Integer cents");
const percent = z.number().describe("Percent, two decimals");

export const RevenueReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    nights: count,
    hotel: z
      .object({ id: count, name: z.string(), city: z.string() })
      .nullable()
      .describe("Null when the report covers every hotel in scope"),
    hotelCount: count,
    totals: z.object({
      availableRoomNights: count,
      soldRoomNights: count,
      occupancyPercent: percent,
      roomRevenueCents: cents,
      adrCents: cents,
      revparCents: cents,
      arrivals: count,
      averageLengthOfStayNights: z.number(),
      averageLeadTimeDays: z.number(),
      bookingsMade: count,
      cancellations: count,
      cancellationPercent: percent,
    }),
    daily: z.array(
      z.object({ night: z.string(), availableRoomNights: count, soldRoomNights: count, revenueCents: cents, occupancyPercent: percent }),
    ),
    roomTypes: z.object({
      rows: z.array(
        z.object({
          roomTypeId: count,
          roomType: z.string(),
          hotelId: count,
          hotelName: z.string(),
          availableRoomNights: count,
          soldRoomNights: count,
          revenueCents: cents,
          occupancyPercent: percent,
          adrCents: cents,
        }),
      ),
      total: count.describe("Room types in scope; rows lists the best-earning 100"),
    }),
    channels: z.array(
      z.object({
        channel: z.enum(REPORT_CHANNELS),
        label: z.string(),
        bookings: count,
        soldRoomNights: count,
        revenueCents: cents,
        revenueSharePercent: percent,
      }),
    ),
    extrasRevenueCents: cents.describe("Extras sold for the nights in the range, net of VAT, kept after refunds (decision 063)"),
    taxes: z
      .array(z.object({ code: z.string().describe('"vat" or "city_tax"'), name: z.string(), cents }))
      .describe("Each tax collected for the nights in the range (VAT included or added, city tax), kept after refunds"),
  })
  .openapi("RevenueReport");

export const CityTaxReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    hotel: z
      .object({ id: count, name: z.string(), city: z.string() })
      .nullable()
      .describe("Null when the report covers every hotel in scope"),
    rows: z.array(
      z.object({
        hotelId: count,
        hotelName: z.string(),
        month: z.string().describe("YYYY-MM: the stays arriving in it"),
        taxName: z.string(),
        currency: z.string(),
        stays: count,
        taxedPersonNights: count.describe("Guests liable × nights taxed"),
        exemptPersonNights: count.describe("Exempt children and nights beyond the cap"),
        amountCents: cents.describe("Collected, kept after refunds"),
      }),
    ),
  })
  .openapi("CityTaxReport");
