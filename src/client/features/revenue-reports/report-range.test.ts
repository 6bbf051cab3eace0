import { describe, expect, it } from "vitest";
import { monthOf, rangePresets } from "./report-range.ts";

describe("report ranges", () => {
  it("takes a month from its first to its last day, leap years included", () => {
    expect(monthOf("2028-02-14")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("offers this, last and next month across a year's turn", () => {
    const presets = Object.fromEntries(rangePresets("2027-01-10").map((p) => [p.label, p.range]));
    expect(presets["This month"]).toEqual({ from: "2027-01-01", to: "2027-01-31" });
    expect(presets["Last month"]).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presets["Next month"]).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(presets["Last 30 days"]).toEqual({ from: "2026-12-12", to: "2027-01-10" });
    expect(presets["Year to date"]).toEqual({ from: "2027-01-01", to: "2027-01-10" });
  });
});
