import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import { DEFAULT_CHILD_POLICY, chargedChildAges, childChargeCents, childPolicyText, partyLabel } from "./children.ts";
import de from "./i18n/de.json" with { type: "json" };
import es from "./i18n/es.json" with { type: "json" };

const freeUnder6 = { freeUnderAge: 6, childRateCents: 1500 };

describe("child charges", () => {
  it("charges children at or above the free age, per child and night", () => {
    expect(chargedChildAges([4, 10, 6, 5], freeUnder6)).toEqual([10, 6]);
    expect(childChargeCents([4, 10], freeUnder6, 3)).toBe(1500 * 3);
    expect(childChargeCents([6, 17], freeUnder6, 2)).toBe(2 * 1500 * 2);
  });

  it("charges nothing for young children, no children, or a zero rate", () => {
    expect(childChargeCents([0, 5], freeUnder6, 4)).toBe(0);
    expect(childChargeCents([], freeUnder6, 4)).toBe(0);
    expect(childChargeCents([10, 17], { freeUnderAge: 6, childRateCents: 0 }, 4)).toBe(0);
  });

  it("lets existing hotels keep children free by default", () => {
    expect(childChargeCents([3, 12, 17], DEFAULT_CHILD_POLICY, 5)).toBe(0);
  });

  it("charges every child when no age is free", () => {
    expect(childChargeCents([0, 1], { freeUnderAge: 0, childRateCents: 500 }, 1)).toBe(1000);
  });
});

describe("party labels", () => {
  it("names adults and each child's age", () => {
    expect(partyLabel(2, [])).toBe("2 adults");
    expect(partyLabel(1, [])).toBe("1 adult");
    expect(partyLabel(2, [4])).toBe("2 adults, 1 child (age 4)");
    expect(partyLabel(1, [4, 9])).toBe("1 adult, 2 children (ages 4, 9)");
    expect(partyLabel(2, [], 1)).toBe("2 adults, 1 child");
  });

  it("words a hotel's rule", () => {
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    expect(childPolicyText(freeUnder6, money)).toBe("Children under 6 stay free; older children pay $15.00 per night each");
    expect(childPolicyText(DEFAULT_CHILD_POLICY, money)).toBe("Children stay free");
    expect(childPolicyText({ freeUnderAge: 0, childRateCents: 500 }, money)).toBe("Children pay $5.00 per night each");
  });

  it("speaks the reader's language when given its translation", async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: { es: { translation: es }, de: { translation: de } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    const spanish = i18n.getFixedT("es");
    const german = i18n.getFixedT("de");
    expect(partyLabel(2, [4], 1, spanish)).toBe("2 adultos, 1 niño (4 años)");
    expect(partyLabel(1, [4, 9], 2, german)).toBe("1 Erwachsener, 2 Kinder (Alter 4, 9)");
    expect(childPolicyText(freeUnder6, (c) => `${c / 100} €`, spanish)).toBe(
      "Los menores de 6 años se alojan gratis; los mayores pagan 15 € por noche cada uno",
    );
  });
});
