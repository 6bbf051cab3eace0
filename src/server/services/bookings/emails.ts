import { addDays } from "../../../shared/dates.ts";
import type { OutgoingEmail } from "../email-outbox.ts";

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
  numGuests: number;
  numRooms: number;
  totalPriceCents: number;
  currency: string;
  /** Each night's price per room as sold (own rooms); absent or null when the price was for the whole stay. */
  nightlyPriceCents?: number[] | null;
  /** A partner hotel's own confirmation number, once it confirmed the booking. */
  supplierBookingRef?: string | null;
}

export function formatMoney(cents: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}

/** The stay as plain lines: used in e-mails and the downloadable confirmation. */
export function bookingSummaryLines(b: BookingEmailData): string[] {
  return [
    `Booking reference: ${b.bookingReference}`,
    `Hotel: ${b.hotelName}`,
    `Room: ${b.roomType}`,
    `Check-in: ${b.checkIn}`,
    `Check-out: ${b.checkOut}`,
    `Nights: ${b.totalNights}`,
    `Guests: ${b.numGuests}`,
    `Rooms: ${b.numRooms}`,
    ...(b.nightlyPriceCents && b.nightlyPriceCents.length > 0
      ? [
          `Price per night${b.numRooms > 1 ? " (per room)" : ""}:`,
          ...b.nightlyPriceCents.map((cents, i) => `  ${addDays(b.checkIn, i)}: ${formatMoney(cents, b.currency)}`),
        ]
      : []),
    `Total: ${formatMoney(b.totalPriceCents, b.currency)}`,
    ...(b.supplierBookingRef ? [`Hotel confirmation number: ${b.supplierBookingRef}`] : []),
  ];
}

export function bookingConfirmationEmail(b: BookingEmailData, manageUrl: string): OutgoingEmail {
  return {
    to: b.guestEmail,
    kind: "booking_confirmation",
    dedupeKey: `booking:${b.id}:confirmation`,
    subject: `Booking confirmed: ${b.hotelName} (${b.bookingReference})`,
    text: [
      `Dear ${b.guestName},`,
      "",
      "Thank you for booking with Staywise. Your payment was received and your booking is confirmed.",
      "",
      ...bookingSummaryLines(b),
      "",
      `Manage your booking: ${manageUrl}`,
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function bookingCancellationEmail(b: BookingEmailData, refunded: boolean, manageUrl: string): OutgoingEmail {
  return {
    to: b.guestEmail,
    kind: "booking_cancellation",
    dedupeKey: `booking:${b.id}:cancellation`,
    subject: `Booking cancelled: ${b.hotelName} (${b.bookingReference})`,
    text: [
      `Dear ${b.guestName},`,
      "",
      "Your booking has been cancelled.",
      refunded
        ? `A refund of ${formatMoney(b.totalPriceCents, b.currency)} has been issued to your card; it can take 5–10 days to appear.`
        : "Under the hotel's cancellation policy this booking is not refunded.",
      "",
      ...bookingSummaryLines(b),
      "",
      `Your bookings: ${manageUrl}`,
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** The text file a guest downloads from My Bookings. */
/** The hotel (a partner supplier) refused or never confirmed a paid booking: the guest gets every cent back. */
export function bookingNotPlacedEmail(b: BookingEmailData, manageUrl: string): OutgoingEmail {
  return {
    to: b.guestEmail,
    kind: "booking_not_placed",
    dedupeKey: `booking:${b.id}:not-placed`,
    subject: `We could not confirm your booking: ${b.hotelName} (${b.bookingReference})`,
    text: [
      `Dear ${b.guestName},`,
      "",
      "We are sorry: the hotel could not confirm this booking, so it has not been made.",
      `Your payment of ${formatMoney(b.totalPriceCents, b.currency)} is being refunded in full to your card; it can take 5–10 days to appear.`,
      "",
      ...bookingSummaryLines(b),
      "",
      `Find another stay: ${manageUrl}`,
      "",
      "— Staywise",
    ].join("\n"),
  };
}

/** The payment arrived after the hold lapsed and the room was sold: the booking was not made and the money goes back. */
export function latePaymentRefundEmail(b: BookingEmailData, searchUrl: string): OutgoingEmail {
  return {
    to: b.guestEmail,
    kind: "booking_late_payment_refund",
    dedupeKey: `booking:${b.id}:late-payment-refund`,
    subject: `Your payment is being refunded: ${b.hotelName} (${b.bookingReference})`,
    text: [
      `Dear ${b.guestName},`,
      "",
      "Your payment reached us after your hold on this room had expired, and the room had been booked by someone else meanwhile, so this booking could not be made.",
      `Your payment of ${formatMoney(b.totalPriceCents, b.currency)} is being refunded in full to your card; it can take 5–10 days to appear.`,
      "",
      ...bookingSummaryLines(b),
      "",
      `Find another stay: ${searchUrl}`,
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function bookingConfirmationText(
  b: BookingEmailData & { status: string; guestPhone: string; specialRequests: string | null; cancellationPolicy: string | null },
): string {
  return [
    "STAYWISE BOOKING CONFIRMATION",
    "=============================",
    "",
    ...bookingSummaryLines(b),
    `Status: ${b.status}`,
    "",
    `Guest: ${b.guestName}`,
    `Email: ${b.guestEmail}`,
    `Phone: ${b.guestPhone}`,
    ...(b.specialRequests ? [`Special requests: ${b.specialRequests}`] : []),
    ...(b.cancellationPolicy ? ["", `Cancellation policy: ${b.cancellationPolicy}`] : []),
    "",
  ].join("\n");
}
