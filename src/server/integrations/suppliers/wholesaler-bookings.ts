/**
 * The booking side of the wholesaler: price check (PreBookV3), book (BookV3), cancel and look-up
 * by our reference, each in the environment it is given credentials for.
 */
import { countNights } from "../../../shared/dates.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { WholesalerError } from "../wholesaler/wholesaler-client.ts";
import type { ActiveCredentials } from "../wholesaler/wholesaler-connection.ts";
import {
  type BookingInformation,
  parseBook,
  parseBookingInformation,
  parseCancel,
  type SupplierChargeLine,
  parsePreBook,
} from "../wholesaler/wholesaler-answers.ts";
import { bookV3Params, bookingInformationParams, cancelBookingParams, preBookV3Params } from "../wholesaler/wholesaler-requests.ts";
import { type WholesalerCalls, oncePolicy, readPolicy } from "./wholesaler-calls.ts";
import { freeCancellationDays, party } from "./wholesaler-hotels.ts";

const ROOM_OFFER_ID = /^wh-(\d{1,15})-(\d{1,6})$/;

export interface PriceCheckInput {
  /** A RoomOffer id from getHotel: `wh-{roomId}-{mealId}`. */
  roomOfferId: string;
  stay: Stay;
  /** The nightly price per room the guest was shown (RoomOffer.priceCents). */
  shownNightlyPriceCents: number;
}

export type PriceCheckResult =
  | {
      status: "available";
      environment: string;
      /** Pass to `book`; the supplier holds the price for it (lifetime unverified, others assume 30 min). */
      preBookCode: string;
      /** The supplier's price for the whole stay, every room. */
      totalPriceCents: number;
      /** The same, per night and room, comparable with what the guest was shown. */
      nightlyPriceCents: number;
      currency: string;
      priceChanged: boolean;
      /** The guest must accept the new price before paying. */
      priceIncreased: boolean;
      freeCancellationDays: number;
      notes: string[];
      /** The supplier's tax and fee lines for the stay (decision 062). */
      charges?: SupplierChargeLine[];
    }
  | { status: "unavailable"; environment: string; reason: string };

export interface BookInput {
  /** The environment that priced the room (PriceCheckResult.environment). */
  environment: string;
  roomOfferId: string;
  stay: Stay;
  preBookCode: string;
  /** Our booking reference; the supplier stores it, so a timed-out booking can be found. */
  yourRef: string;
  email: string;
  /** Adult guests, lead guest first; at least one. */
  guests: { firstName: string; lastName: string }[];
  specialRequest?: string;
}

export type BookResult =
  | {
      status: "confirmed";
      environment: string;
      bookingNumber: string;
      totalPriceCents: number;
      currency: string;
      voucher: string;
      freeCancellationUntil: string | null;
    }
  /** The supplier refused, or the call never left: certainly not booked, safe to refund. */
  | { status: "failed"; environment: string | null; errorType: string; reason: string }
  /** No clear answer (timeout, cut-off reply): look up by reference before doing anything else. */
  | { status: "unknown"; environment: string; errorType: string; reason: string };

export type CancelResult = { status: "cancelled"; alreadyCancelled: boolean; feeCents: number; environment: string };

export interface LookupResult {
  environment: string;
  bookings: BookingInformation[];
}

/** PreBookV3: the current price of a room offer, and a code that holds it for `book`. */
export async function priceCheckAt(
  calls: WholesalerCalls,
  credentials: ActiveCredentials,
  input: PriceCheckInput,
): Promise<PriceCheckResult> {
  const { connection, timeouts, inCents } = calls;
  const { roomId, mealId } = parseRoomOfferId(input.roomOfferId);
  const { stay } = input;
  const nights = countNights(stay.checkIn, stay.checkOut);
  try {
    const answer = parsePreBook(
      await connection.call(
        credentials,
        "NonStaticXMLAPI",
        "PreBookV3",
        preBookV3Params({ ...party(stay), roomId, mealId, shownPriceCents: input.shownNightlyPriceCents * nights * stay.rooms }, inCents),
        oncePolicy(timeouts.preBookMs),
      ),
      inCents,
    );
    const nightlyPriceCents = Math.round(answer.priceCents / nights / stay.rooms);
    return {
      status: "available",
      environment: credentials.environment,
      preBookCode: answer.preBookCode,
      totalPriceCents: answer.priceCents,
      nightlyPriceCents,
      currency: answer.currency,
      priceChanged: nightlyPriceCents !== input.shownNightlyPriceCents,
      priceIncreased: nightlyPriceCents > input.shownNightlyPriceCents,
      freeCancellationDays: freeCancellationDays(answer.cancellation),
      notes: answer.notes,
      charges: answer.charges,
    };
  } catch (error) {
    // The supplier answered and said no: the room cannot be sold as shown.
    if (error instanceof WholesalerError && !isTransportFailure(error)) {
      return { status: "unavailable", environment: credentials.environment, reason: error.message };
    }
    throw error;
  }
}

/** BookV3, sent exactly once (never retried: the API has no idempotency key). */
export async function bookAt(calls: WholesalerCalls, credentials: ActiveCredentials, input: BookInput): Promise<BookResult> {
  const { connection, timeouts, inCents } = calls;
  const { roomId, mealId } = parseRoomOfferId(input.roomOfferId);
  try {
    const answer = parseBook(
      await connection.call(
        credentials,
        "NonStaticXMLAPI",
        "BookV3",
        bookV3Params({
          ...party(input.stay),
          roomId,
          mealId,
          preBookCode: input.preBookCode,
          yourRef: input.yourRef,
          email: input.email,
          guests: input.guests,
          specialRequest: input.specialRequest ?? "",
        }),
        oncePolicy(timeouts.bookMs),
      ),
      inCents,
    );
    return {
      status: "confirmed",
      environment: credentials.environment,
      bookingNumber: answer.bookingNumber,
      totalPriceCents: answer.priceCents,
      currency: answer.currency,
      voucher: answer.voucher,
      freeCancellationUntil: answer.freeCancellationUntil,
    };
  } catch (error) {
    const failure = error instanceof WholesalerError ? error : new WholesalerError(String(error), "Unexpected", true);
    // Refused before sending (circuit open, bad URL) or answered with an <Error>: not booked.
    const certain = !isTransportFailure(failure) || failure.type === "CircuitOpen" || failure.type === "InvalidUrl";
    return {
      status: certain ? "failed" : "unknown",
      environment: credentials.environment,
      errorType: failure.type,
      reason: failure.message,
    };
  }
}

/** CancelBooking; a booking that is already cancelled counts as cancelled. */
export async function cancelAt(calls: WholesalerCalls, credentials: ActiveCredentials, bookingNumber: string): Promise<CancelResult> {
  const { connection, timeouts } = calls;
  try {
    const answer = parseCancel(
      await connection.call(
        credentials,
        "NonStaticXMLAPI",
        "CancelBooking",
        cancelBookingParams(bookingNumber),
        oncePolicy(timeouts.cancelMs),
      ),
    );
    if (!answer.cancelled) throw new WholesalerError("The supplier did not confirm the cancellation", "CancelNotConfirmed");
    return { status: "cancelled", alreadyCancelled: false, feeCents: answer.feeCents, environment: credentials.environment };
  } catch (error) {
    if (error instanceof WholesalerError && /BookingAlreadyCancelled/i.test(error.type)) {
      return { status: "cancelled", alreadyCancelled: true, feeCents: 0, environment: credentials.environment };
    }
    throw error;
  }
}

/** GetBookingInformationV3 by our reference (yourRef): the check before retrying a timed-out book. */
export async function lookupAt(calls: WholesalerCalls, credentials: ActiveCredentials, yourRef: string): Promise<LookupResult> {
  const { connection, timeouts, inCents } = calls;
  const answer = await connection.call(
    credentials,
    "NonStaticXMLAPI",
    "GetBookingInformationV3",
    bookingInformationParams({ reference: yourRef }),
    readPolicy(timeouts.lookupMs),
  );
  return {
    environment: credentials.environment,
    bookings: parseBookingInformation(answer, inCents).filter((b) => b.yourRef === yourRef),
  };
}

/** Failures where the supplier gave no clear answer, as opposed to an <Error> it sent. */
function isTransportFailure(error: WholesalerError): boolean {
  return (
    error.retryable || ["MalformedResponse", "EmptyResponse", "HttpError", "CircuitOpen", "InvalidUrl", "Unexpected"].includes(error.type)
  );
}

function parseRoomOfferId(roomOfferId: string): { roomId: number; mealId: number } {
  const match = ROOM_OFFER_ID.exec(roomOfferId);
  if (!match) throw new WholesalerError(`Not a wholesaler room offer: ${roomOfferId}`, "InvalidRoomOffer");
  return { roomId: Number(match[1]), mealId: Number(match[2]) };
}
