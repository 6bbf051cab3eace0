/**
 * The languages Staywise speaks. English texts are the translation keys themselves (decision 029),
 * so English needs a catalogue only for plural forms; the others have complete catalogues beside
 * this file, shared by the browser (loaded on demand) and the server (e-mails and downloads).
 */
export const LANGUAGES = ["en", "es", "de"] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español", de: "Deutsch" };

/** The cookie the browser keeps the traveller's choice in, so the server writes e-mails in it too. */
export const LANGUAGE_COOKIE = "staywise_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The first supported language among BCP 47 tags in order of preference ('de-AT' counts as 'de'), or null. */
export function matchLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return null;
}
