import { describe, expect, it } from "vitest";
import { PolicyTerms, cancellationSchedule, feeAt, freeUntilTerms, refundAt } from "./cancellation-policies.ts";
import { endOfDayIn, startOfDayIn } from "./time-zones.ts";

const flexible: PolicyTerms = {
  tiers: [
    { daysBefore: 7, fee: { kind: "percent", percent: 0 } },
    { daysBefore: 1, fee: { kind: "percent", percent: 50 } },
  ],
  finalFee: { kind: "percent", percent: 100 },
};

describe("time zones", () => {
  it("ends a local day at the next local midnight, across a daylight-saving change", () => {
    // Paris leaves summer time on 2026-10-25: that day lasts 25 hours.
    expect(startOfDayIn("2026-10-25", "Europe/Paris").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(endOfDayIn("2026-10-25", "Europe/Paris").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    // New York enters summer time on 2027-03-14.
    expect(endOfDayIn("2027-03-13", "America/New_York").toISOString()).toBe("2027-03-14T05:00:00.000Z");
    expect(endOfDayIn("2027-03-14", "America/New_York").toISOString()).toBe("2027-03-15T04:00:00.000Z");
    expect(endOfDayIn("2026-12-03", "UTC").toISOString()).toBe("2026-12-04T00:00:00.000Z");
  });
});

describe("cancellation schedules", () => {
  const price = { checkIn: "2026-12-10", nightTotalsCents: [10_000, 8_000], priceCents: 18_000 };

  it("turns tiers into deadlines at 23:59 hotel time and fees in cents", () => {
    const schedule = cancellationSchedule(flexible, price, "Europe/Paris");
    expect(schedule.steps).toEqual([
      { until: "2026-12-03T23:00:00.000Z", untilLocalDate: "2026-12-03", feeCents: 0 },
      { until: "2026-12-09T23:00:00.000Z", untilLocalDate: "2026-12-09", feeCents: 9_000 },
    ]);
    expect(schedule.finalFeeCents).toBe(18_000);
    expect(feeAt(schedule, new Date("2026-12-03T22:59:59Z"))).toBe(0);
    expect(feeAt(schedule, new Date("2026-12-03T23:00:00Z"))).toBe(9_000);
    expect(feeAt(schedule, new Date("2026-12-10T08:00:00Z"))).toBe(18_000);
  });

  it("charges the first nights for a nights fee and rounds percentages half up", () => {
    const terms: PolicyTerms = {
      tiers: [{ daysBefore: 2, fee: { kind: "percent", percent: 33 } }],
      finalFee: { kind: "nights", nights: 1 },
    };
    const schedule = cancellationSchedule(terms, { checkIn: "2026-12-10", nightTotalsCents: [10_050, 9_000], priceCents: 19_050 }, "UTC");
    expect(schedule.steps[0]!.feeCents).toBe(6_287); // 19,050 × 0.33 = 6,286.5 → 6,287
    expect(schedule.finalFeeCents).toBe(10_050);
  });

  it("refunds what was paid less the fee, and says what the payment does not cover", () => {
    const schedule = cancellationSchedule(flexible, price, "UTC");
    const late = new Date("2026-12-05T12:00:00Z");
    expect(refundAt(schedule, 18_000, late)).toEqual({ feeCents: 9_000, refundCents: 9_000, owedCents: 0 });
    expect(refundAt(schedule, 3_600, late)).toEqual({ feeCents: 9_000, refundCents: 0, owedCents: 5_400 });
  });

  it("refuses overlapping tiers, falling fees and percentages outside 0–100", () => {
    const overlap = PolicyTerms.safeParse({ ...flexible, tiers: [flexible.tiers[1], flexible.tiers[0]] });
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues.map((i) => i.message).join()).toMatch(/overlap/);
    expect(PolicyTerms.safeParse({ tiers: [], finalFee: { kind: "percent", percent: 101 } }).success).toBe(false);
    expect(
      PolicyTerms.safeParse({
        tiers: [{ daysBefore: 3, fee: { kind: "percent", percent: 50 } }],
        finalFee: { kind: "percent", percent: 10 },
      }).success,
    ).toBe(false);
    expect(PolicyTerms.safeParse(freeUntilTerms(3)).success).toBe(true);
  });
});
