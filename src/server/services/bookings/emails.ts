import { chargedAtBookingCents } from "../../../shared/booking.ts";
import { breakdownRows } from "../../../shared/charge-rows.ts";
import type { PriceBreakdown } from "../../../shared/charges.ts";
import type { CancellationSchedule } from "../../../shared/cancellation-policies.ts";
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import { addDays } from "../../../shared/dates.ts";
import { inclusionText, mealPlanText } from "../../../shared/rate-plan-offers.ts";
import { MEAL_PLANS, type MealPlan, PLAN_INCLUSIONS, type PlanInclusion } from "../../../shared/rate-plans.ts";
import type { OutgoingEmail } from "../email-outbox.ts";
import { partyText, refundText } from "../../../shared/i18n/labels.ts";
import { translator } from "../../i18n.ts";

export interface BookingEmailData {
  id: string;
  bookingReference: string;
  guestName: string;
  guestEmail: string;
  hotelName: string;
  roomType: string;
  checkIn: string;
  checkOut: string;
  totalNights: number;
  /** Everyone: adults + children. */
  numGuests: number;
  numChildren: number;
  childAges: number[];
  numRooms: number;
  totalPriceCents: number;
  /** The hotel's child charges, included in the total. */
  childChargeCents: number;
  currency: string;
  /** Each night's price per room as sold (own rooms); absent or null when the price was for the whole stay. */
  nightlyPriceCents?: number[] | null;
  /** A partner hotel's own confirmation number, once it confirmed the booking. */
  supplierBookingRef?: string | null;
  /** The language the traveller booked in; English when absent. */
  language?: string | null;
  /** The rate plan sold and what it included (decision 049); absent or null for older and partner bookings. */
  ratePlanName?: string | null;
  mealPlan?: string | null;
  inclusions?: string[];
  /** What was charged at booking and what is left for the hotel (shared/booking.ts chargedAtBookingCents). */
  paymentTiming?: string;
  amountDueNowCents?: number | null;
  discountCents?: number;
  payAtHotel?: boolean;
  /** The cancellation terms as sold: said in words with their dates and amounts. */
  cancellationSchedule?: CancellationSchedule | null;
  /** The stay's price line by line as stored (decision 059); absent or null for older bookings, which say their total only. */
  charges?: PriceBreakdown | null;
}

/**
 * The stored charges as lines, to the cent: "Price:", each line indented with how it is counted,
 * the total, then the VAT the prices include ("includes VAT 10 %: €44.55"), never added.
 */
function chargesLines(
  charges: PriceBreakdown,
  t: ReturnType<typeof translator>,
  money: (cents: number) => string,
  language: string,
): string[] {
  const count = (value: number) => new Intl.NumberFormat(language === "en" ? "en-US" : language).format(value);
  return [
    t("Price:"),
    ...breakdownRows(charges, t, money, count).map((row) =>
      row.tone === "total"
        ? t("Total: {{value}}", { value: row.amount })
        : `  ${row.label}${row.detail ? ` (${row.detail})` : ""}: ${row.amount}`,
    ),
  ];
}

/** The plan, what it includes, the money now / at the hotel and the cancellation terms, as lines (empty for an older booking). */
function termsLines(b: BookingEmailData, t: ReturnType<typeof translator>, money: (cents: number) => string): string[] {
  const lines: string[] = [];
  if (b.ratePlanName) {
    const included = [
      ...(b.mealPlan && isMealPlan(b.mealPlan) ? [mealPlanText(b.mealPlan, t)] : []),
      ...(b.inclusions ?? []).filter(isInclusion).map((i) => inclusionText(i, t)),
    ];
    lines.push(t("Rate: {{value}}", { value: [b.ratePlanName, ...included].join(" · ") }));
  }
  if (b.paymentTiming !== undefined) {
    const charged = {
      payAtHotel: b.payAtHotel ?? false,
      paymentTiming: b.paymentTiming,
      amountDueNowCents: b.amountDueNowCents ?? null,
      totalPriceCents: b.totalPriceCents,
      discountCents: b.discountCents ?? 0,
    };
    const now = chargedAtBookingCents(charged);
    const atHotel = b.totalPriceCents - (b.discountCents ?? 0) - now;
    if (atHotel > 0) {
      lines.push(t("Paid now: {{value}}", { value: money(now) }), t("To pay at the hotel: {{amount}}", { amount: money(atHotel) }));
    }
  }
  if (b.cancellationSchedule) {
    const language = b.language ?? "en";
    lines.push(t("Cancellation: {{value}}", { value: cancellationWords(b.cancellationSchedule, { t, language, money }) }));
  }
  return lines;
}

function isMealPlan(value: string): value is MealPlan {
  return (MEAL_PLANS as readonly string[]).includes(value);
}

function isInclusion(value: string): value is PlanInclusion {
  return (PLAN_INCLUSIONS as readonly string[]).includes(value);
}

export function formatMoney(cents: number, currency = "USD", language: string | null = "en-US"): string {
  return new Intl.NumberFormat(language === "en" || !language ? "en-US" : language, { style: "currency", currency }).format(cents / 100);
}

/** The stay as plain lines, in the booking's language: used in e-mails and the downloadable confirmation. */
export function bookingSummaryLines(b: BookingEmailData, options: { terms: boolean } = { terms: true }): string[] {
  const t = translator(b.language);
  const money = (cents: number) => formatMoney(cents, b.currency, b.language ?? "en");
  return [
    t("Booking reference: {{value}}", { value: b.bookingReference }),
    t("Hotel: {{value}}", { value: b.hotelName }),
    t("Room: {{value}}", { value: b.roomType }),
    t("Check-in: {{value}}", { value: b.checkIn }),
    t("Check-out: {{value}}", { value: b.checkOut }),
    t("Nights: {{value}}", { value: b.totalNights }),
    t("Guests: {{value}}", { value: partyText(t, b.numGuests - b.numChildren, b.childAges, b.numChildren) }),
    t("Rooms: {{value}}", { value: b.numRooms }),
    ...(b.nightlyPriceCents && b.nightlyPriceCents.length > 0
      ? [
          b.numRooms > 1 ? t("Price per night (per room):") : t("Price per night:"),
          ...b.nightlyPriceCents.map((cents, i) => `  ${addDays(b.checkIn, i)}: ${money(cents)}`),
        ]
      : []),
    ...(b.charges
      ? chargesLines(b.charges, t, money, b.language ?? "en")
      : [
          ...(b.childChargeCents > 0 ? [t("Child charges: {{value}}", { value: money(b.childChargeCents) })] : []),
          t("Total: {{value}}", { value: money(b.totalPriceCents) }),
        ]),
    ...(options.terms ? termsLines(b, t, money) : []),
    ...(b.supplierBookingRef ? [t("Hotel confirmation number: {{value}}", { value: b.supplierBookingRef })] : []),
  ];
}

export function bookingConfirmationEmail(b: BookingEmailData, manageUrl: string): OutgoingEmail {
  const t = translator(b.language);
  return {
    to: b.guestEmail,
    kind: "booking_confirmation",
    dedupeKey: `booking:${b.id}:confirmation`,
    subject: t("Booking confirmed: {{hotel}} ({{reference}})", { hotel: b.hotelName, reference: b.bookingReference }),
    text: [
      t("Dear {{name}},", { name: b.guestName }),
      "",
      t("Thank you for booking with Staywise. Your payment was received and your booking is confirmed."),
      "",
      ...bookingSummaryLines(b),
      "",
      t("Manage your booking: {{url}}", { url: manageUrl }),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** A cancellation's money as the e-mail states it: the fee the booking's terms set, and what goes back to the card. */
export interface CancellationMoney {
  feeCents: number;
  refundCents: number;
}

export function bookingCancellationEmail(b: BookingEmailData, money: CancellationMoney, manageUrl: string): OutgoingEmail {
  const t = translator(b.language);
  const amount = (cents: number) => formatMoney(cents, b.currency, b.language ?? "en");
  return {
    to: b.guestEmail,
    kind: "booking_cancellation",
    dedupeKey: `booking:${b.id}:cancellation`,
    subject: t("Booking cancelled: {{hotel}} ({{reference}})", { hotel: b.hotelName, reference: b.bookingReference }),
    text: [
      t("Dear {{name}},", { name: b.guestName }),
      "",
      t("Your booking has been cancelled."),
      ...(money.feeCents > 0 ? [t("Cancellation fee: {{value}}", { value: amount(money.feeCents) })] : []),
      money.refundCents > 0
        ? t("A refund of {{amount}} has been issued to your card; it can take 5–10 days to appear.", { amount: amount(money.refundCents) })
        : money.feeCents === 0
          ? t("Nothing was charged for this booking, and nothing is due.")
          : t("Under the hotel's cancellation policy this booking is not refunded."),
      "",
      ...bookingSummaryLines(b, { terms: false }),
      "",
      t("Your bookings: {{url}}", { url: manageUrl }),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** The hotel (a partner supplier) refused or never confirmed a paid booking: the guest gets every cent back. */
export function bookingNotPlacedEmail(b: BookingEmailData, manageUrl: string): OutgoingEmail {
  const t = translator(b.language);
  return {
    to: b.guestEmail,
    kind: "booking_not_placed",
    dedupeKey: `booking:${b.id}:not-placed`,
    subject: t("We could not confirm your booking: {{hotel}} ({{reference}})", { hotel: b.hotelName, reference: b.bookingReference }),
    text: [
      t("Dear {{name}},", { name: b.guestName }),
      "",
      t("We are sorry: the hotel could not confirm this booking, so it has not been made."),
      t("Your payment of {{amount}} is being refunded in full to your card; it can take 5–10 days to appear.", {
        amount: formatMoney(b.totalPriceCents, b.currency, b.language ?? "en"),
      }),
      "",
      ...bookingSummaryLines(b),
      "",
      t("Find another stay: {{url}}", { url: manageUrl }),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** The payment arrived after the hold lapsed and the room was sold: the booking was not made and the money goes back. */
export function latePaymentRefundEmail(b: BookingEmailData, searchUrl: string): OutgoingEmail {
  const t = translator(b.language);
  return {
    to: b.guestEmail,
    kind: "booking_late_payment_refund",
    dedupeKey: `booking:${b.id}:late-payment-refund`,
    subject: t("Your payment is being refunded: {{hotel}} ({{reference}})", { hotel: b.hotelName, reference: b.bookingReference }),
    text: [
      t("Dear {{name}},", { name: b.guestName }),
      "",
      t(
        "Your payment reached us after your hold on this room had expired, and the room had been booked by someone else meanwhile, so this booking could not be made.",
      ),
      t("Your payment of {{amount}} is being refunded in full to your card; it can take 5–10 days to appear.", {
        amount: formatMoney(b.totalPriceCents, b.currency, b.language ?? "en"),
      }),
      "",
      ...bookingSummaryLines(b),
      "",
      t("Find another stay: {{url}}", { url: searchUrl }),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** A booking status as the download writes it: the stored word in English ("confirmed"), translated otherwise. */
function statusWord(t: ReturnType<typeof translator>, status: string): string {
  switch (status) {
    case "confirmed":
      return t("confirmed");
    case "pending":
      return t("pending");
    case "cancelled":
      return t("cancelled");
    case "completed":
      return t("completed");
    default:
      return status;
  }
}

/** The text file a guest downloads from My Bookings. */
export function bookingConfirmationText(
  b: BookingEmailData & {
    status: string;
    guestPhone: string;
    specialRequests: string | null;
    cancellationPolicy: string | null;
    discountCents: number;
    refundedCents: number;
  },
): string {
  const t = translator(b.language);
  const refund = refundText(t, b.refundedCents, b.totalPriceCents - b.discountCents, (cents) =>
    formatMoney(cents, b.currency, b.language ?? "en"),
  );
  return [
    t("STAYWISE BOOKING CONFIRMATION"),
    "=============================",
    "",
    ...bookingSummaryLines(b),
    t("Status: {{value}}", { value: statusWord(t, b.status) }),
    ...(refund ? [refund] : []),
    "",
    t("Guest: {{value}}", { value: b.guestName }),
    t("Email: {{value}}", { value: b.guestEmail }),
    t("Phone: {{value}}", { value: b.guestPhone }),
    ...(b.specialRequests ? [t("Special requests: {{value}}", { value: b.specialRequests })] : []),
    // A booking with a stored schedule says its own terms among the summary lines; an older one its hotel's policy.
    ...(b.cancellationPolicy && !b.cancellationSchedule ? ["", t("Cancellation policy: {{value}}", { value: b.cancellationPolicy })] : []),
    "",
  ].join("\n");
}
