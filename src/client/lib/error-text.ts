import { i18next } from "./i18n.ts";
import { isLanguage } from "../../shared/i18n/languages.ts";

/**
 * The message of an error code, in the reader's language; null for codes whose English message
 * carries facts only the server knows (a field's rule, a limit) or that only staff pages show.
 */
function codeText(code: string): string | null {
  const t = i18next.t;
  switch (code) {
    case "NETWORK_ERROR":
      return t("Could not reach the server. Check your connection and try again.");
    case "INVALID_CHARACTERS":
      return t(
        "The request contains characters we cannot store (a NUL character or a broken Unicode character). Remove them and try again.",
      );
    case "PAYLOAD_TOO_LARGE":
      return t("Request body is too large");
    case "UNTRUSTED_ORIGIN":
      return t("Staywise only accepts changes from its own pages.");
    case "RATE_LIMITED":
      return t("Too many attempts. Please wait a minute and try again.");
    case "TIMEOUT":
      return t("This took too long on our side. Please try again.");
    case "SERVICE_UNAVAILABLE":
      return t("We cannot reach our database right now. Please try again in a few seconds.");
    case "INTERNAL_ERROR":
      return t("Something went wrong on our side. Please try again.");
    case "UNAUTHENTICATED":
      return t("Please sign in to continue.");
    case "TWO_FACTOR_EXPIRED":
      return t("Your sign-in has expired. Enter your email and password again.");
    case "INVALID_TWO_FACTOR_CODE":
      return t("That code is not right. Check your authenticator app (or recovery code) and try again.");
    case "ACCOUNT_DISABLED":
      return t("This account has been disabled. Please contact support.");
    case "INVALID_CREDENTIALS":
    case "INVALID_EMAIL_OR_PASSWORD":
      return t("Invalid email or password");
    case "INVALID_PASSWORD":
      return t("That password is not right.");
    case "INVALID_TOKEN":
      return t("This reset link is invalid or has expired.");
    case "HOTEL_NOT_FOUND":
      return t("Hotel not found");
    case "ROOM_CLOSED_FOR_DATES":
      return t("This room is not sold on some of your dates. Please choose other dates or another room.");
    case "MIN_STAY_NOT_MET":
      return t("This room needs a longer stay for your check-in date.");
    case "ROOM_NOT_FOUND":
      return t("This room was not found at this hotel.");
    case "ROOM_TOO_SMALL":
      return t("This room is too small for your party: book more rooms or choose a larger room.");
    case "ROOM_UNAVAILABLE":
      return t("Sorry, this room is no longer available for your dates. Please choose another room or other dates.");
    case "CHILDREN_NOT_SUPPORTED":
      return t("Partner hotels can be booked online for adults only. Please book without children or choose another hotel.");
    case "LIVE_NEEDS_REAL_PAYMENT":
      return t("This hotel cannot be booked right now. Please choose another hotel.");
    case "PRICE_INCREASED":
      return t("The price of this room has gone up. Accept the new price to continue.");
    case "NOT_ENOUGH_POINTS":
      return t("You do not have enough points for this.");
    case "TOO_MANY_ROOMS":
      return t("You are booking more rooms at a time than we allow. Book fewer rooms now and the rest in another booking.");
    case "TOO_MANY_HOLDS":
      return t("Too many booking attempts. Please try again later.");
    case "BOOKING_NOT_FOUND":
      return t("Booking not found");
    case "HOLD_ALREADY_PAID":
      return t("This booking is already paid, so it cannot be abandoned. You can find it in My Bookings.");
    case "HOLD_NOT_OPEN":
      return t("This booking is no longer waiting for payment.");
    case "NOT_CANCELLABLE":
      return t("Only confirmed bookings with a check-in date still ahead can be cancelled.");
    case "SUPPLIER_CANCEL_FAILED":
    case "SUPPLIER_NOT_CONNECTED":
      return t("We could not cancel this booking with the hotel just now. Nothing has changed; please try again in a few minutes.");
    case "PAYMENT_CREATE_FAILED":
      return t("Failed to create payment. Please try again.");
    case "PAYMENT_NOT_STOPPED":
      return t("We could not stop the payment for this booking just now. Nothing has changed; please try again in a minute.");
    case "ALREADY_REVIEWED":
      return t("You have already reviewed your stay at this hotel.");
    case "OWN_REVIEW":
      return t("You cannot vote on your own review.");
    case "PHOTO_TOO_LARGE":
      return t("A photo is larger than 5 MB.");
    case "PHOTO_NOT_IMAGE":
      return t("A photo is not a JPEG, PNG or WebP image.");
    case "PHOTO_TOO_MANY_PIXELS":
      return t("A photo has too many pixels. Resize it and try again.");
    case "PHOTO_UNREADABLE":
      return t("A photo could not be read as an image.");
    case "HOTEL_NOT_SAVABLE":
      return t("Only hotels sold by Staywise can be saved; partner hotels cannot be saved yet.");
    case "SAVED_HOTELS_FULL":
      return t("You have saved as many hotels as we keep. Remove one to save another.");
    default:
      return null;
  }
}

/**
 * What to tell a person about a failure: in English the server's own words (spec texts, facts such
 * as a price); in another language the translation of its error code's message, falling back to
 * the server's English words for codes without one, and to `fallback` when there is no message.
 */
export function errorText(error: unknown, fallback: string): string {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const language = i18next.resolvedLanguage;
  if (typeof code === "string" && isLanguage(language) && language !== "en") {
    const translated = codeText(code);
    if (translated) return translated;
  }
  return typeof message === "string" && message !== "" ? message : fallback;
}

/** A form field's validation message (the shared zod schemas' English texts) in the reader's language. */
export function fieldMessage(message: string | undefined): string | undefined {
  const t = i18next.t;
  switch (message) {
    case "Email is required":
      return t("Email is required");
    case "Enter the booking reference from your confirmation, e.g. BK1767225600000ABCDE":
      return t("Enter the booking reference from your confirmation, e.g. BK1767225600000ABCDE");
    case "Email is too long":
      return t("Email is too long");
    case "Enter a valid email address":
      return t("Enter a valid email address");
    case "Password is required":
      return t("Password is required");
    case "Password must be at least 8 characters":
      return t("Password must be at least 8 characters");
    case "Password must be at most 128 characters":
      return t("Password must be at most 128 characters");
    case "This password is too common. Choose another.":
      return t("This password is too common. Choose another.");
    case "Full name is required":
      return t("Full name is required");
    case "Full name is too long":
      return t("Full name is too long");
    case "Full name cannot contain line breaks or control characters":
      return t("Full name cannot contain line breaks or control characters");
    case "Confirm your password":
      return t("Confirm your password");
    case "Passwords do not match":
      return t("Passwords do not match");
    case "Please select a rating":
      return t("Please select a rating");
    case "Title is required":
      return t("Title is required");
    case "Title must be at most 120 characters":
      return t("Title must be at most 120 characters");
    case "Review text is required":
      return t("Review text is required");
    case "Review text must be at most 5000 characters":
      return t("Review text must be at most 5000 characters");
    default:
      return message;
  }
}
