import { z } from "@hono/zod-openapi";
import { STAY_STATUSES } from "../../shared/front-desk.ts";
import { orNull } from "../http/openapi.ts";
import { CancellationScheduleSchema, CreatedHoldSchema, PriceBreakdownSchema } from "./bookings.ts";

/** Answers of the front desk routes (/api/properties/hotels/:hotelId/front-desk). */
export const FrontDeskBookingSchema = z
  .object({
    id: z.string(),
    bookingReference: z.string(),
    guestName: z.string(),
    guestEmail: z.string(),
    guestPhone: z.string(),
    roomType: z.string(),
    numRooms: z.number().int(),
    numGuests: z.number().int().describe("Everyone: adults + children"),
    numChildren: z.number().int(),
    childAges: z.array(z.number().int()),
    checkIn: z.string(),
    checkOut: z.string(),
    bookedCheckOut: z.string().nullable().describe("The check-out booked, when an early departure or a no-show shortened the stay"),
    stayStatus: z.enum(STAY_STATUSES),
    paymentStatus: z.string(),
    payAtHotel: z.boolean(),
    amountDueCents: z.number().int(),
    currency: z.string().describe("ISO 4217 code of the amounts: the currency the booking was charged in"),
    refundedCents: z.number().int().describe("What went back to the card; less than amountDueCents for a partial refund"),
    specialRequests: z.string().nullable(),
    takenByPhone: z.boolean(),
    ratePlanName: z.string().nullable().describe("The rate plan sold; null when none"),
    cancellationSchedule: orNull(CancellationScheduleSchema).describe("The cancellation terms as stored on the booking"),
    noShowFeeCents: z.number().int().nullable().describe("What a no-show costs under the booking's plan; null: the first night"),
    charges: orNull(PriceBreakdownSchema).describe("The price line by line as stored (room, extras, taxes, fees); null for older bookings"),
  })
  .openapi("FrontDeskBooking");

export const FrontDeskDaySchema = z
  .object({
    date: z.string(),
    hotel: z.object({ id: z.number().int(), name: z.string() }).describe("The hotel, for the page's heading"),
    arrivals: z.array(FrontDeskBookingSchema),
    inHouse: z.array(FrontDeskBookingSchema),
    departures: z.array(FrontDeskBookingSchema),
  })
  .openapi("FrontDeskDay");

export const ShortenedStaySchema = z
  .object({
    nightsReturned: z.array(z.string()).describe("The nights given back to the inventory"),
    refundCents: z.number().int(),
    refunded: z.boolean().describe("Whether the refund went through in this request"),
    refundNote: z.string().describe("What the guest is told about their money under the hotel's policy"),
  })
  .openapi("ShortenedStay");

export const DeskBookingSchema = z.object({ booking: FrontDeskBookingSchema });
export const CheckedOutSchema = z.object({ booking: FrontDeskBookingSchema, earlyDeparture: orNull(ShortenedStaySchema) });
export const NoShowSchema = z.object({ booking: FrontDeskBookingSchema, released: ShortenedStaySchema });
export const PhoneBookingSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  hold: orNull(CreatedHoldSchema).describe("Paid by card: the hold and its payment, to take the card in the payment form"),
});

export const FrontDeskHotelsSchema = z
  .object({ hotels: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })) })
  .openapi("FrontDeskHotels");
