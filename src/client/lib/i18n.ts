import { cloneElement, Fragment, type ReactElement, type ReactNode, createElement, useSyncExternalStore } from "react";
import en from "../../shared/i18n/en.json";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE, matchLanguage } from "../../shared/i18n/languages.ts";
import { formatLocale, setFormatLocale } from "./format.ts";

/**
 * The client's translations (decision 029). The English text is the key, so English needs no
 * library: a few lines below interpolate `{{name}}` / `{{count, number}}` and pick English plural
 * forms from `en.json`. i18next (with its own interpolation and plural rules) is fetched, as its own
 * chunk with the catalogue, only by someone reading Spanish or German: the first page of an English
 * reader stays within the JavaScript budget.
 */

type Catalogue = Record<string, string>;
export type TOptions = { count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const STORAGE_KEY = "staywise.language";

// Each catalogue is its own chunk, fetched only by someone reading that language.
const catalogues: Record<Exclude<Language, "en">, () => Promise<{ default: Catalogue }>> = {
  es: () => import("../../shared/i18n/es.json"),
  de: () => import("../../shared/i18n/de.json"),
};

const englishCatalogue: Catalogue = en;
const englishPlurals = new Intl.PluralRules("en");

/** English: the key itself (or its plural form from en.json) with the values put in. */
const translateEnglish: TFunction = (key, options) => {
  const plural = typeof options?.count === "number" ? englishCatalogue[`${key}_${englishPlurals.select(options.count)}`] : undefined;
  const text = plural ?? englishCatalogue[key] ?? key;
  if (!options) return text;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = options[name];
    if (value === undefined || value === null) return whole;
    if (format === "number" && typeof value === "number") return new Intl.NumberFormat(formatLocale()).format(value);
    return String(value);
  });
};

let language: Language = DEFAULT_LANGUAGE;
let translate: TFunction = translateEnglish;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Outside React (toasts, the page title): the same translation as `useTranslation().t`. */
export const i18next = {
  t: ((key, options) => translate(key, options)) as TFunction,
  get resolvedLanguage(): Language {
    return language;
  },
};

/** A component's `t`, drawn again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { resolvedLanguage: Language } } {
  const current = useSyncExternalStore(
    subscribe,
    () => language,
    () => language,
  );
  return { t: i18next.t, i18n: { resolvedLanguage: current } };
}

type TransProps = {
  i18nKey: string;
  count?: number;
  values?: Record<string, unknown>;
  /** `<name>text</name>` in the translation becomes this element with the text inside. */
  components: Record<string, ReactElement>;
};

/** A translation with markup: `t(i18nKey)`, then each `<name>…</name>` drawn as `components[name]`. */
export function Trans({ i18nKey, count, values, components }: TransProps): ReactNode {
  useTranslation(); // drawn again when the language changes
  const text = translate(i18nKey, { ...values, ...(count === undefined ? {} : { count }) });
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[match[1] ?? ""];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

async function translatorFor(target: Exclude<Language, "en">): Promise<TFunction> {
  const [{ default: i18nextLib }, { default: catalogue }] = await Promise.all([import("i18next"), catalogues[target]()]);
  const instance = i18nextLib.createInstance();
  await instance.init({
    lng: target,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [target]: { translation: catalogue }, en: { translation: englishCatalogue } },
    // The English text is the key: it may contain '.' and ':'.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  // A key the catalogue lacks (the catalogue test keeps this from happening) reads in English.
  const translateWithI18next = instance.t.bind(instance);
  return (key, options) => translateWithI18next(key, options);
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage switched off: the browser's language still applies
  }
}

function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The traveller's own choice if they made one, else the browser's first language we speak, else English. */
export function initialLanguage(): Language {
  return storedLanguage() ?? matchLanguage(browserLanguages()) ?? DEFAULT_LANGUAGE;
}

/** The browser's own regional variant of the language when it has one ('en-GB', 'de-AT'), for dates and numbers. */
function formatLocaleFor(target: Language): string {
  return browserLanguages().find((tag) => tag.toLowerCase().split("-")[0] === target) ?? target;
}

function applyLanguage(target: Language, translator: TFunction): void {
  language = target;
  translate = translator;
  document.documentElement.lang = target;
  setFormatLocale(formatLocaleFor(target));
  // The server reads the choice from this cookie to write a booking's e-mails in it.
  document.cookie = `${LANGUAGE_COOKIE}=${target}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

/** Loads the first language before the first render, so a Spanish reader's page is not drawn in English first. */
export async function startI18n(): Promise<void> {
  const target = initialLanguage();
  if (target === "en") return applyLanguage("en", translateEnglish);
  try {
    applyLanguage(target, await translatorFor(target));
  } catch {
    applyLanguage("en", translateEnglish); // the catalogue could not be fetched: English rather than no page
  }
}

/** Switches the app to a language and remembers the choice in this browser. */
export async function chooseLanguage(target: Language): Promise<void> {
  const translator = target === "en" ? translateEnglish : await translatorFor(target);
  try {
    localStorage.setItem(STORAGE_KEY, target);
  } catch {
    // storage switched off: the choice lasts for this page only
  }
  applyLanguage(target, translator);
}

/** The language the app is showing now. */
export function currentLanguage(): Language {
  return language;
}
