import { createInstance, type TFunction } from "i18next";
import de from "../shared/i18n/de.json" with { type: "json" };
import en from "../shared/i18n/en.json" with { type: "json" };
import es from "../shared/i18n/es.json" with { type: "json" };
import { DEFAULT_LANGUAGE, isLanguage, type Language, matchLanguage } from "../shared/i18n/languages.ts";

// The browser's catalogues, loaded at once: e-mails and downloads are written in the traveller's language (decision 029).
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en }, es: { translation: es }, de: { translation: de } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

/** `t` for one language; an unknown or missing language writes English. */
export function translator(language: string | null | undefined): TFunction {
  return i18n.getFixedT(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

/**
 * The language a request's person reads: the choice the app keeps in its cookie, else the browser's
 * Accept-Language, else English.
 */
export function requestLanguage(cookieValue: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  const tags = (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim())
    .filter(Boolean);
  return matchLanguage(tags) ?? DEFAULT_LANGUAGE;
}
