import { i18next } from "./i18n.ts";
import { ERROR_MESSAGES, isTranslatedErrorCode } from "../../shared/error-messages.ts";
import { isLanguage } from "../../shared/i18n/languages.ts";

/**
 * What to tell a person about a failure: in English the server's own words (spec texts, facts such
 * as a price); in another language the translation of its error code's message (one source for
 * both sides: shared/error-messages.ts), falling back to the server's English words for codes
 * without one, and to `fallback` when there is no message.
 */
export function errorText(error: unknown, fallback: string): string {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const language = i18next.resolvedLanguage;
  if (typeof code === "string" && isTranslatedErrorCode(code) && isLanguage(language) && language !== "en") {
    return ERROR_MESSAGES[code](i18next.t);
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
