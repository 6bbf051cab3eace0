import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "./dates.ts";
import {
  CalendarEditInput,
  averageNightlyCents,
  closedNightsText,
  monthBounds,
  offerTotalCents,
  rangeNights,
  weekdayBit,
} from "./rates.ts";

describe("rates rules", () => {
  it("numbers week days Monday = bit 0 … Sunday = bit 6", () => {
    expect(weekdayBit("2030-01-07")).toBe(1); // a Monday
    expect(weekdayBit("2030-01-13")).toBe(64); // a Sunday
  });

  it("lists the nights of a range on the chosen week days, both ends included", () => {
    expect(rangeNights("2030-01-07", "2030-01-20", 0b011_0000)).toEqual(["2030-01-11", "2030-01-12", "2030-01-18", "2030-01-19"]);
  });

  it("averages a stay's nights to the cent, half up", () => {
    expect(averageNightlyCents(46000, 3)).toBe(15333);
    expect(averageNightlyCents(25, 2)).toBe(13);
  });

  it("totals an offer from its nights when priced night by night, else flat", () => {
    const nights = [
      { night: "2030-01-10", priceCents: 10000 },
      { night: "2030-01-11", priceCents: 18000 },
    ];
    expect(offerTotalCents({ priceCents: 14000, stayPriceCents: 28000, nightlyPrices: nights }, 2, 3)).toBe(84000);
    expect(offerTotalCents({ priceCents: 14001, stayPriceCents: 28002, nightlyPrices: null }, 2, 3)).toBe(84006);
  });

  it("knows the last day of every month, leap years too", () => {
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthBounds("2030-12")).toEqual({ first: "2030-12-01", last: "2030-12-31" });
  });

  it("accepts yesterday (UTC) for a hotelier behind UTC, not the day before", () => {
    const base = { roomTypeIds: [1], to: addDays(todayUtc(), 5), priceCents: 100 };
    expect(CalendarEditInput.safeParse({ ...base, from: addDays(todayUtc(), -1) }).success).toBe(true);
    expect(CalendarEditInput.safeParse({ ...base, from: addDays(todayUtc(), -2) }).success).toBe(false);
  });
});

describe("closed nights in a refusal", () => {
  it("names the nights as the app writes dates, the first three and how many more", () => {
    expect(closedNightsText(["2026-12-28"])).toBe("Mon, Dec 28, 2026");
    expect(closedNightsText(["2026-12-28", "2026-12-29"])).toBe("Mon, Dec 28, 2026 and Tue, Dec 29, 2026");
    expect(closedNightsText(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31"])).toBe(
      "Mon, Dec 28, 2026, Tue, Dec 29, 2026, Wed, Dec 30, 2026, and 1 more night",
    );
    expect(closedNightsText(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01"])).toMatch(/, and 2 more nights$/);
  });
});
