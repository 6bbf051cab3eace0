import { describe, expect, it } from "vitest";
import { addDays, countNights, daysBetween, isIsoDate, stayNights, todayLocal } from "./dates.ts";

describe("calendar dates", () => {
  it("accepts only real YYYY-MM-DD dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-2-1")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("tomorrow")).toBe(false);
  });

  it("adds days across months, years and DST changes", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-10-24", "2026-10-27")).toBe(3);
  });

  it("counts the nights of a stay and lists them, check-out excluded", () => {
    expect(countNights("2026-12-30", "2027-01-02")).toBe(3);
    expect(countNights("2026-12-30", "2026-12-30")).toBe(0);
    expect(stayNights("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("reads today in local time", () => {
    expect(todayLocal(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});
