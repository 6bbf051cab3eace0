import { i18next } from "./i18n.ts";
import { ERROR_MESSAGES, isTranslatedErrorCode } from "../../shared/error-messages.ts";
import { sayFieldMessage } from "../../shared/field-messages.ts";
import { isLanguage } from "../../shared/i18n/languages.ts";

/**
 * What to tell a person about a failure: in English the server's own words (spec texts, facts such
 * as a price); in another language the translation of its error code's message (one source for
 * both sides: shared/error-messages.ts), or of a 400 answer's first field message (shared/field-messages.ts),
 * falling back to the server's English words for codes without one, and to `fallback` when there is no message.
 */
export function errorText(error: unknown, fallback: string): string {
  const { code, message, issues } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    issues?: unknown;
  };
  const language = i18next.resolvedLanguage;
  if (isLanguage(language) && language !== "en") {
    if (typeof code === "string" && isTranslatedErrorCode(code)) return ERROR_MESSAGES[code](i18next.t);
    // A 400 answer: its first field's message, said through the shared schemas' catalogue.
    const first: unknown = Array.isArray(issues) ? (issues[0] as { message?: unknown } | undefined)?.message : undefined;
    const said = typeof first === "string" ? sayFieldMessage(first, i18next.t) : undefined;
    if (said) return said;
  }
  return typeof message === "string" && message !== "" ? message : fallback;
}

/**
 * A form field's validation message in the reader's language: the shared schemas write their
 * messages from one keyed catalogue (shared/field-messages.ts, decision 069), which says them again
 * through `t`; a text it did not write is shown as it came.
 */
export function fieldMessage(message: string): string;
export function fieldMessage(message: string | undefined): string | undefined;
export function fieldMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return sayFieldMessage(message, i18next.t) ?? message;
}
