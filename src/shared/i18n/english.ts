import en from "./en.json" with { type: "json" };

/**
 * A translation function as shared rules take it: the browser's `t` or the server's for the reader's
 * language (decision 029). `english` is the default, so callers that do not translate keep working.
 */
export type Translate = (key: string, options?: { count?: number } & Record<string, unknown>) => string;

const plurals: Record<string, string> = en;
const englishRules = new Intl.PluralRules("en");

/** English: the key itself, or its plural form from en.json, with `{{name}}` values put in. */
export const english: Translate = (key, options) => {
  const plural = typeof options?.count === "number" ? plurals[`${key}_${englishRules.select(options.count)}`] : undefined;
  const text = plural ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g, (whole, name: string) => {
    const value = options?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
};
