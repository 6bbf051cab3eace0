import { describe, expect, it } from "vitest";
import { canRedeem, nextTier, pointsForPayment, tierFor } from "./loyalty.ts";

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
});
