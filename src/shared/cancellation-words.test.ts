import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import de from "./i18n/de.json" with { type: "json" };
import en from "./i18n/en.json" with { type: "json" };
import es from "./i18n/es.json" with { type: "json" };
import { NON_REFUNDABLE_TERMS, type PolicyTerms, cancellationSchedule, freeUntilTerms, refundAt } from "./cancellation-policies.ts";
import { cancelNowWords, cancellationWords, deadlineDate } from "./cancellation-words.ts";

// The catalogues as the browser and the server load them (decision 029).
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: "en",
  resources: { en: { translation: en }, es: { translation: es }, de: { translation: de } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
const translator = (language: string) => i18n.getFixedT(language);

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const eur = (language: string) => (cents: number) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "EUR" }).format(cents / 100);
const price = { checkIn: "2026-12-06", nightTotalsCents: [9_000, 9_000], priceCents: 18_000 };
const booked = new Date("2026-11-20T10:00:00Z");

const tiered: PolicyTerms = {
  tiers: [
    { daysBefore: 7, fee: { kind: "percent", percent: 0 } },
    { daysBefore: 1, fee: { kind: "nights", nights: 1 } },
  ],
  finalFee: { kind: "percent", percent: 100 },
};

function words(terms: PolicyTerms, language = "en", now = booked, timeZone = "UTC", money = usd) {
  return spaced(cancellationWords(cancellationSchedule(terms, price, timeZone), { t: translator(language), language, money, now }));
}

/** Intl writes a no-break space before the euro sign. */
function spaced(text: string): string {
  return text.replace(/\u00a0/g, " ");
}

describe("cancellation words", () => {
  it("says the free deadline with its date and what is paid after it", () => {
    expect(words(freeUntilTerms(3))).toBe("Free cancellation until 23:59 on 3 Dec (hotel time); after that you pay $180.00");
  });

  it("lists each paid tier with its own deadline and amount (a first-night fee in cents)", () => {
    expect(words(tiered)).toBe(
      "Free cancellation until 23:59 on 29 Nov (hotel time); until 23:59 on 5 Dec you pay $90.00; after that you pay $180.00",
    );
  });

  it("leaves out the deadlines that have passed", () => {
    expect(words(tiered, "en", new Date("2026-12-01T12:00:00Z"))).toBe(
      "Until 23:59 on 5 Dec (hotel time) you pay $90.00; after that you pay $180.00",
    );
    expect(words(freeUntilTerms(3), "en", new Date("2026-12-04T00:00:00Z"))).toBe("Non-refundable");
  });

  it("says non-refundable, and a fee short of the whole price as an amount", () => {
    expect(words(NON_REFUNDABLE_TERMS)).toBe("Non-refundable");
    expect(words({ tiers: [], finalFee: { kind: "nights", nights: 1 } })).toBe("If you cancel, you pay $90.00");
  });

  it("merges tiers of the same fee into the later deadline", () => {
    const same: PolicyTerms = {
      tiers: [
        { daysBefore: 10, fee: { kind: "percent", percent: 0 } },
        { daysBefore: 5, fee: { kind: "percent", percent: 0 } },
      ],
      finalFee: { kind: "percent", percent: 100 },
    };
    expect(words(same)).toBe("Free cancellation until 23:59 on 1 Dec (hotel time); after that you pay $180.00");
  });

  it("speaks Spanish and German with their own dates and money", () => {
    expect(words(freeUntilTerms(3), "es", booked, "UTC", eur("es"))).toBe(
      "Cancelación gratuita hasta las 23:59 del 3 dic (hora del hotel); después pagas 180,00 €",
    );
    expect(words(freeUntilTerms(3), "de", booked, "UTC", eur("de"))).toBe(
      "Kostenlose Stornierung bis 23:59 Uhr am 3. Dez. (Ortszeit des Hotels); danach zahlen Sie 180,00 €",
    );
    expect(words(NON_REFUNDABLE_TERMS, "de")).toBe("Nicht erstattbar");
  });

  it("keeps the hotel's local date across a daylight-saving change (Paris, 25 Oct 2026)", () => {
    const paris = { checkIn: "2026-10-27", nightTotalsCents: [10_000], priceCents: 10_000 };
    const schedule = cancellationSchedule(freeUntilTerms(2), paris, "Europe/Paris");
    // 23:59 on 25 Oct in Paris is after the clocks went back: the day ends at 23:00 UTC, not 22:00.
    expect(schedule.steps[0]!.until).toBe("2026-10-25T23:00:00.000Z");
    const say = (now: string) => cancellationWords(schedule, { t: translator("en"), language: "en", money: eur("en"), now: new Date(now) });
    expect(say("2026-10-25T22:30:00Z")).toBe("Free cancellation until 23:59 on 25 Oct (hotel time); after that you pay €100.00");
    expect(say("2026-10-25T23:00:00Z")).toBe("Non-refundable");
  });

  it("writes the year of a deadline in another year", () => {
    expect(deadlineDate("2027-01-02", "en", booked)).toBe("2 Jan 2027");
  });

  it("says what cancelling now costs and gives back", () => {
    const schedule = cancellationSchedule(tiered, price, "UTC");
    const t = translator("en");
    expect(cancelNowWords(t, usd, refundAt(schedule, 18_000, booked))).toBe("Cancelling now is free: $180.00 is refunded to your card.");
    expect(cancelNowWords(t, usd, refundAt(schedule, 18_000, new Date("2026-12-02T00:00:00Z")))).toBe(
      "Cancelling now costs $90.00: $90.00 is refunded to your card.",
    );
    expect(cancelNowWords(t, usd, refundAt(schedule, 0, new Date("2026-12-02T00:00:00Z")))).toBe(
      "Cancelling now costs $90.00: nothing is refunded, and $90.00 is still due.",
    );
  });
});
