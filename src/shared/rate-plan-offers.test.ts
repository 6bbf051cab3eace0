import { describe, expect, it } from "vitest";
import { type Translate, english } from "./i18n/english.ts";
import { inclusionText, mealPlanText, paymentText, restrictionBreach, restrictionText } from "./rate-plan-offers.ts";
import { PLAN_INCLUSIONS, planRestrictionProblem } from "./rate-plans.ts";

const none = { minStay: null, minAdvanceDays: null, maxAdvanceDays: null, closedDates: [] };
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (d: string) => d;

describe("a plan's restrictions for a stay booked today", () => {
  const today = "2027-03-01";
  it("names the first one broken, in the order the hold checks them", () => {
    expect(restrictionBreach({ ...none, minStay: 3 }, "2027-03-10", "2027-03-12", today)).toEqual({ kind: "minStay", nights: 3 });
    expect(restrictionBreach({ ...none, minAdvanceDays: 14 }, "2027-03-10", "2027-03-12", today)).toEqual({ kind: "minAdvance", days: 14 });
    expect(restrictionBreach({ ...none, maxAdvanceDays: 3 }, "2027-03-10", "2027-03-12", today)).toEqual({ kind: "maxAdvance", days: 3 });
    expect(restrictionBreach({ ...none, closedDates: ["2027-03-11"] }, "2027-03-10", "2027-03-12", today)).toEqual({
      kind: "closed",
      night: "2027-03-11",
    });
    // The check-out day is not a night of the stay.
    expect(restrictionBreach({ ...none, closedDates: ["2027-03-12"] }, "2027-03-10", "2027-03-12", today)).toBeNull();
    expect(restrictionBreach({ ...none, minStay: 2, minAdvanceDays: 9, maxAdvanceDays: 9 }, "2027-03-10", "2027-03-12", today)).toBeNull();
  });

  it("breaks a restriction exactly when the hold's rule refuses the stay", () => {
    const cases = [
      { ...none, minStay: 3 },
      { ...none, minAdvanceDays: 10 },
      { ...none, maxAdvanceDays: 8 },
      { ...none, closedDates: ["2027-03-10"] },
      { ...none, minAdvanceDays: 9 },
    ];
    for (const r of cases) {
      expect(restrictionBreach(r, "2027-03-10", "2027-03-12", today) !== null).toBe(
        planRestrictionProblem(r, "2027-03-10", "2027-03-12", today) !== null,
      );
    }
  });

  it("words each in the reader's language, a count in its plural", () => {
    expect(restrictionText({ kind: "minStay", nights: 1 }, day)).toBe("This rate needs a stay of at least 1 night");
    expect(restrictionText({ kind: "minAdvance", days: 14 }, day)).toBe("This rate must be booked at least 14 days before check-in");
    expect(restrictionText({ kind: "closed", night: "2027-03-11" }, day)).toBe("This rate is not sold for the night of 2027-03-11");
    const seen: string[] = [];
    const t: Translate = (key, options) => {
      seen.push(key);
      return english(key, options);
    };
    restrictionText({ kind: "maxAdvance", days: 3 }, day, t);
    expect(seen).toEqual(["This rate can only be booked within {{count}} days of check-in"]);
  });
});

describe("payment timing in words", () => {
  it("says what is charged now and what at the hotel", () => {
    const offer = { depositPercent: null, dueNowCents: 45_000, dueAtHotelCents: 0 };
    expect(paymentText({ ...offer, paymentTiming: "pay_now" }, usd)).toBe("Pay $450.00 now");
    expect(paymentText({ ...offer, paymentTiming: "pay_at_hotel", dueNowCents: 0, dueAtHotelCents: 45_000 }, usd)).toBe(
      "Pay at the hotel: nothing charged now, your card guarantees the booking",
    );
    expect(paymentText({ paymentTiming: "deposit", depositPercent: 30, dueNowCents: 13_500, dueAtHotelCents: 31_500 }, usd)).toBe(
      "Deposit of 30 % ($135.00) now, $315.00 at the hotel",
    );
  });
});

describe("what a plan includes", () => {
  it("has words for every meal plan and inclusion of the vocabulary", () => {
    expect(mealPlanText("breakfast")).toBe("Breakfast included");
    expect(mealPlanText("room_only")).toBe("Room only");
    for (const inclusion of PLAN_INCLUSIONS) expect(inclusionText(inclusion)).toMatch(/^[A-Z]/);
  });
});
