import { describe, expect, it } from "vitest";
import { MIN_CHARGE_CENTS, applyPoints, canRedeem, nextTier, pointsForPayment, tierFor, usablePoints } from "./loyalty.ts";

describe("loyalty rules", () => {
  it("puts lifetime points into tiers at 2000 and 5000", () => {
    expect([0, 1999, 2000, 4999, 5000, 12000].map(tierFor)).toEqual(["Bronze", "Bronze", "Silver", "Silver", "Gold", "Gold"]);
  });

  it("says how far the next tier is, and nothing at Gold", () => {
    expect(nextTier(150)).toEqual({ name: "Silver", pointsNeeded: 1850 });
    expect(nextTier(2000)).toEqual({ name: "Gold", pointsNeeded: 3000 });
    expect(nextTier(5000)).toBeNull();
  });

  it("earns a point per whole dollar and redeems from 100 points", () => {
    expect(pointsForPayment(34999)).toBe(349);
    expect([undefined, null, 0, 99, 100].map(canRedeem)).toEqual([false, false, false, false, true]);
  });

  it("takes points off a total but always leaves the minimum card charge", () => {
    expect(applyPoints(24690, 200)).toEqual({ pointsUsed: 200, discountCents: 200, amountDueCents: 24490 });
    expect(applyPoints(1000, 5000)).toEqual({ pointsUsed: 1000 - MIN_CHARGE_CENTS, discountCents: 950, amountDueCents: MIN_CHARGE_CENTS });
    expect(applyPoints(30, 100)).toEqual({ pointsUsed: 0, discountCents: 0, amountDueCents: 30 });
    expect(applyPoints(5000, 0)).toEqual({ pointsUsed: 0, discountCents: 0, amountDueCents: 5000 });
  });

  it("offers whole hundreds of points that the total can take", () => {
    expect(usablePoints(1250, 100_000)).toBe(1200);
    expect(usablePoints(5000, 1000)).toBe(900);
    expect(usablePoints(5000, 149)).toBe(0);
    const offered = usablePoints(5000, 1000);
    expect(applyPoints(1000, offered).pointsUsed).toBe(offered);
  });
});
