import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import de from "../../../shared/i18n/de.json" with { type: "json" };
import es from "../../../shared/i18n/es.json" with { type: "json" };
import type { TFunction } from "../../lib/i18n.ts";
import { pointsDescription } from "./points-description.ts";

function translator(language: "es" | "de"): TFunction {
  const i18n = createInstance();
  void i18n.init({
    initAsync: false,
    lng: language,
    resources: { es: { translation: es }, de: { translation: de } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as TFunction;
}

const english: TFunction = (key, options) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));

describe("points history descriptions", () => {
  const stored = [
    "Earned on booking BK1767225600000ABCDE (Hotel (Old) Town)",
    "Redeemed on booking BK1767225600000ABCDE",
    "Points returned: booking BK1767225600000ABCDE cancelled",
    "Points reversed: booking BK1767225600000ABCDE cancelled",
    "Referral bonus: a friend completed their first booking",
    "Referral bonus reversed: your friend's booking was cancelled",
    "Review approved",
  ];

  it("shows what is stored, unchanged, in English", () => {
    for (const text of stored) expect(pointsDescription(text, english)).toBe(text);
  });

  it("translates every known wording, keeping the reference and hotel", () => {
    const t = translator("es");
    const spanish = stored.map((text) => pointsDescription(text, t));
    expect(spanish[0]).toBe("Ganados con la reserva BK1767225600000ABCDE (Hotel (Old) Town)");
    expect(spanish[1]).toBe("Canjeados en la reserva BK1767225600000ABCDE");
    spanish.forEach((text, i) => expect(text, stored[i]).not.toBe(stored[i]));
    expect(pointsDescription("Review approved", translator("de"))).toBe("Bewertung freigegeben");
  });

  it("leaves an unknown description as stored", () => {
    expect(pointsDescription("Goodwill gesture from support", translator("es"))).toBe("Goodwill gesture from support");
  });
});
