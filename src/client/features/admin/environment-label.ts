import type { TFunction } from "../../lib/i18n.ts";

/** A supplier environment ('TEST', 'LIVE') in the reader's language; an unknown code is shown as it is. */
export function environmentLabel(t: TFunction, environment: string): string {
  switch (environment) {
    case "TEST":
      return t("TEST");
    case "LIVE":
      return t("LIVE");
    default:
      return environment;
  }
}
