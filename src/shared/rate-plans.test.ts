import { describe, expect, it } from "vitest";
import { amountDueNowCents, planNightlyCents, planPriceProblem, planRestrictionProblem } from "./rate-plans.ts";

describe("rate plans", () => {
  it("prices a night from the calendar by percent, amount or the plan's own calendar", () => {
    expect(planNightlyCents(12_345, { kind: "percent", value: -10 })).toBe(11_111); // 11,110.5 half up
    expect(planNightlyCents(12_000, { kind: "amount", value: 1_500 })).toBe(13_500);
    expect(planNightlyCents(12_000, { kind: "own", value: 0 }, 9_900)).toBe(9_900);
    expect(planNightlyCents(12_000, { kind: "own", value: 0 }, null)).toBe(12_000);
  });

  it("refuses a rule that makes a night free or negative", () => {
    expect(planPriceProblem({ kind: "amount", value: -5_000 }, 5_000)).toMatch(/cheaper than zero/);
    expect(planPriceProblem({ kind: "percent", value: -95 }, 5_000)).toMatch(/between/);
    expect(planPriceProblem({ kind: "percent", value: -15 }, 5_000)).toBeNull();
  });

  it("names the restriction a stay breaks", () => {
    const none = { minStay: null, minAdvanceDays: null, maxAdvanceDays: null, closedDates: [] };
    expect(planRestrictionProblem({ ...none, minStay: 3 }, "2026-12-10", "2026-12-12", "2026-11-28")).toMatch(/at least 3 nights/);
    expect(planRestrictionProblem({ ...none, minAdvanceDays: 14 }, "2026-12-10", "2026-12-12", "2026-11-28")).toMatch(/14 days/);
    expect(planRestrictionProblem({ ...none, maxAdvanceDays: 7 }, "2026-12-10", "2026-12-12", "2026-11-28")).toMatch(/within 7 days/);
    expect(planRestrictionProblem({ ...none, closedDates: ["2026-12-11"] }, "2026-12-10", "2026-12-12", "2026-11-28")).toMatch(
      /2026-12-11/,
    );
    expect(planRestrictionProblem({ ...none, closedDates: ["2026-12-12"] }, "2026-12-10", "2026-12-12", "2026-11-28")).toBeNull();
  });

  it("charges all, nothing or the deposit's share now", () => {
    expect(amountDueNowCents("pay_now", 18_001, null)).toBe(18_001);
    expect(amountDueNowCents("pay_at_hotel", 18_001, null)).toBe(0);
    expect(amountDueNowCents("deposit", 18_001, 30)).toBe(5_400);
  });
});
