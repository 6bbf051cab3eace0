import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../shared/booking.ts";
import { MEAL_PLANS, PAYMENT_TIMINGS, PLAN_INCLUSIONS } from "../../shared/rate-plans.ts";
import { orNull } from "../http/openapi.ts";
import { CHARGE_LINE_KINDS } from "../../shared/charges.ts";
import { EXTRA_KINDS, EXTRA_PRICINGS } from "../../shared/extras.ts";

/** A booking's cancellation terms as sold (decision 049): deadlines as UTC instants, fees in cents. */
export const CancellationScheduleSchema = z
  .object({
    timeZone: z.string().describe("The hotel's IANA time zone the deadlines were set in"),
    steps: z.array(
      z.object({
        until: z.string().describe("Cancelling strictly before this instant (ISO, UTC) costs feeCents"),
        untilLocalDate: z.string().describe("The deadline's date in the hotel's time zone (until 23:59 that day)"),
        feeCents: z.number().int(),
      }),
    ),
    finalFeeCents: z.number().int().describe("What cancelling costs after the last deadline, and what a no-show costs"),
    priceCents: z.number().int().describe("The stay's price the fees are shares of"),
  })
  .openapi("CancellationSchedule");

const CancellationCostSchema = z.object({
  feeCents: z.number().int(),
  refundCents: z.number().int().describe("Goes back to the card"),
  owedCents: z.number().int().describe("The part of the fee no payment covers: charged on the card guarantee or owed at the hotel"),
});

export const CancellationPreviewSchema = CancellationCostSchema.extend({
  canCancel: z.boolean(),
  currency: z.string(),
  paidCents: z.number().int().describe("What the guest has paid by card for the booking"),
  cancellationSchedule: orNull(CancellationScheduleSchema),
  policyWords: z.string().nullable().describe("The cancellation terms in plain words, in the asker's language"),
  nowWords: z.string().describe("What cancelling now costs and gives back, in the asker's language"),
}).openapi("CancellationPreview");

/** A stay's price line by line (decision 059): what every surface shows, to the cent. */
export const PriceBreakdownSchema = z
  .object({
    currency: z.string(),
    lines: z.array(
      z.object({
        kind: z.enum(CHARGE_LINE_KINDS),
        code: z.string().nullable().describe("extra: its id; tax: vat or city_tax; fee: its position; discount: member or promotion"),
        label: z.string(),
        quantity: z.number().int(),
        unitCents: z.number().int(),
        amountCents: z.number().int().describe("As paid (gross where VAT is included); discounts negative; a tax line: the tax"),
        rateBasisPoints: z.number().int().describe("The VAT rate on the line (a tax line: its own rate), in basis points"),
        vatCents: z.number().int().describe("The line's share of the VAT"),
        included: z.boolean().describe("A tax already inside the prices (included VAT): not added to the total"),
        inPlan: z.boolean().optional().describe("An extra the rate plan includes, at no charge"),
      }),
    ),
    roomCents: z.number().int(),
    extrasCents: z.number().int(),
    feesCents: z.number().int(),
    taxCents: z.number().int(),
    addedTaxCents: z.number().int(),
    totalCents: z.number().int(),
    beforeTaxesAndFeesCents: z.number().int(),
    taxesAndFeesCents: z.number().int(),
    roomRevenueCents: z.number().int(),
    extrasRevenueCents: z.number().int(),
  })
  .openapi("PriceBreakdown");

/** An extra a hotel sells beside the room (decision 059). */
export const ExtraSchema = z
  .object({
    id: z.string(),
    hotelId: z.string(),
    name: z.string(),
    kind: z.enum(EXTRA_KINDS),
    pricing: z.enum(EXTRA_PRICINGS),
    priceCents: z.number().int(),
    taxable: z.boolean(),
    active: z.boolean(),
  })
  .openapi("Extra");

export const PriceQuoteSchema = z
  .object({
    hotelId: z.string(),
    roomTypeId: z.string(),
    hotelName: z.string(),
    roomType: z.string(),
    ratePlan: z
      .object({ id: z.string(), name: z.string(), mealPlan: z.enum(MEAL_PLANS), inclusions: z.array(z.enum(PLAN_INCLUSIONS)) })
      .nullable()
      .describe("The plan priced; null when the room type sells without plans"),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    rooms: z.number().int(),
    nightlyPrices: z.array(z.object({ night: z.string(), priceCents: z.number().int() })).describe("Each night's price per room"),
    roomsSubtotalCents: z.number().int(),
    childChargeCents: z.number().int(),
    subtotalCents: z.number().int(),
    discounts: z.array(z.object({ kind: z.enum(["member", "promotion", "points"]), label: z.string(), cents: z.number().int() })),
    pointsRedeemed: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    charges: PriceBreakdownSchema,
    availableExtras: z
      .array(ExtraSchema.extend({ inPlan: z.boolean() }))
      .describe("The hotel's extras on offer, and whether the plan includes each"),
    paymentTiming: z.enum(PAYMENT_TIMINGS),
    depositPercent: z.number().int().nullable(),
    amountDueNowCents: z.number().int().describe("Charged to the card at booking"),
    amountDueAtHotelCents: z.number().int().describe("Paid at the hotel"),
    currency: z.string(),
    cancellationSchedule: orNull(CancellationScheduleSchema),
    cancellationWords: z.string().nullable().describe("The schedule in plain words, in the asker's language"),
    memberPriceAvailable: z.boolean().describe("A visitor asked and the plan has member prices: sign in to see a lower price"),
  })
  .openapi("PriceQuote");

/** Answers of the booking and payment routes; tsc checks them against the services' types in the handlers. */
export const BookingViewSchema = z
  .object({
    id: z.string(),
    bookingReference: z.string(),
    hotelId: z.string().nullable(),
    hotelName: z.string(),
    roomType: z.string(),
    roomPriceCents: z.number().int(),
    nightlyPrices: z.array(z.object({ night: z.string(), priceCents: z.number().int() })).nullable(),
    checkIn: z.string(),
    checkOut: z.string(),
    numGuests: z.number().int(),
    numAdults: z.number().int(),
    numChildren: z.number().int(),
    childAges: z.array(z.number().int()),
    numRooms: z.number().int(),
    totalNights: z.number().int(),
    totalPriceCents: z.number().int(),
    charges: orNull(PriceBreakdownSchema).describe("The price line by line; null for bookings made before taxes and extras"),
    childChargeCents: z.number().int(),
    discountCents: z.number().int(),
    pointsRedeemed: z.number().int(),
    promoCode: z.string().nullable(),
    promoDiscountCents: z.number().int().describe("The promo code's discount, already off totalPriceCents"),
    memberDiscountCents: z.number().int().describe("The member price's discount, already off totalPriceCents"),
    amountDueCents: z.number().int(),
    refundedCents: z.number().int().describe("What went back to the card; less than amountDueCents for a partial refund"),
    currency: z.string().describe("ISO 4217 code of every amount above: the currency the booking was priced and charged in"),
    guestName: z.string(),
    guestEmail: z.string(),
    guestPhone: z.string(),
    specialRequests: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    paymentStatus: z.string(),
    createdAt: z.string(),
    holdExpiresAt: z.string().nullable(),
    cancellationPolicy: z.string().nullable(),
    canCancel: z.boolean(),
    refundOnCancel: z.boolean().describe("Cancelling now costs nothing"),
    ratePlanName: z.string().nullable(),
    mealPlan: z.enum(MEAL_PLANS).nullable(),
    inclusions: z.array(z.enum(PLAN_INCLUSIONS)),
    paymentTiming: z.enum(PAYMENT_TIMINGS),
    amountDueNowCents: z.number().int().describe("Charged to the card at booking (0: a card guarantee or pay at the hotel)"),
    amountDueAtHotelCents: z.number().int().describe("Left to pay at the hotel for the stay"),
    cancellationSchedule: orNull(CancellationScheduleSchema).describe(
      "The cancellation terms as sold; null for partner and older bookings",
    ),
    cancellationNow: orNull(CancellationCostSchema).describe("What cancelling now costs and gives back; null when it cannot be cancelled"),
    notice: z.string().nullable(),
    awaitingPayment: z.boolean(),
  })
  .openapi("Booking");

export const PaymentStartSchema = z
  .object({
    provider: z.enum(["simulated", "stripe"]),
    paymentId: z.string(),
    clientSecret: z.string(),
    amountCents: z
      .number()
      .int()
      .describe(
        "Charged now (captureMethod automatic), or a card guarantee: authorised (manual) or the card saved for an off-session fee charge (setup: clientSecret is a SetupIntent's)",
      ),
    currency: z.string(),
    captureMethod: z.enum(["automatic", "manual", "setup"]),
    dueAtHotelCents: z
      .number()
      .int()
      .describe("Left to pay at the hotel: a deposit's rest, a guarantee's whole price; 0 when all is paid now"),
  })
  .openapi("PaymentStart");

const accessToken = z.string().describe("Lets a visitor (no account) reach this booking: send it as x-booking-access");

export const CreatedHoldSchema = z.object({ booking: BookingViewSchema, payment: PaymentStartSchema, accessToken }).openapi("CreatedHold");
export const ResumedPaymentSchema = CreatedHoldSchema.extend({ holdSecondsLeft: z.number().int() });
export const HoldRulesSchema = z.object({ holdMinutes: z.number().int(), maxRooms: z.number().int() });
export const BookingListSchema = z.object({ bookings: z.array(BookingViewSchema) });
export const OneBookingSchema = z.object({ booking: BookingViewSchema });
export const FoundBookingSchema = z.object({ booking: BookingViewSchema, accessToken });
export const CancelledSchema = z.object({
  booking: BookingViewSchema,
  refunded: z.boolean().describe("Money went back to the card in this request"),
  feeCents: z.number().int().describe("The cancellation fee the booking's terms set at this moment"),
  refundCents: z.number().int().describe("What goes back to the card (sent now, or retried if the gateway failed)"),
});
export const ConfirmedPaymentSchema = z.object({
  booking: BookingViewSchema,
  accessToken,
  paymentError: z.string().nullable().describe("The provider's words for a failed attempt, else null"),
});

export const PaymentConfigSchema = z.object({ provider: z.enum(["simulated", "stripe"]), publishableKey: z.string().nullable() });
export const WebhookReceiptSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
export const SimulatedConfirmSchema = z.union([
  z.object({ status: z.literal("succeeded") }),
  z.object({ status: z.literal("requires_action"), redirectUrl: z.string() }),
  z.object({ status: z.literal("failed"), code: z.string(), message: z.string() }),
]);

/** The visitor's access token to one booking; the signed-in owner needs none. */
export const BookingAccessHeader = z.object({ "x-booking-access": z.string().optional() });
