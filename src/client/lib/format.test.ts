import { afterEach, describe, expect, it } from "vitest";
import { formatMoney, isoToLocalDate, localDateToIso, pluralize } from "./format.ts";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("money", () => {
  it("drops the cents of whole amounts and keeps them otherwise", () => {
    const whole = formatMoney(12_000);
    expect(whole).toMatch(/120/);
    expect(whole).not.toMatch(/120[.,]00/);
    expect(formatMoney(12_345)).toMatch(/123[.,]45/);
    expect(formatMoney(5)).toMatch(/0[.,]05/);
  });

  it("uses the booking's currency", () => {
    expect(formatMoney(1_000, "EUR")).not.toBe(formatMoney(1_000, "USD"));
  });
});

describe("calendar dates", () => {
  // A stay's dates must never move by a day, whatever the reader's time zone (GUIDE, domain rules).
  it.each(["Pacific/Kiritimati", "America/Los_Angeles", "Europe/London", "Pacific/Pago_Pago"])(
    "round-trips in %s, across DST changes",
    (timeZone) => {
      process.env.TZ = timeZone;
      for (const iso of ["2027-03-14", "2027-03-28", "2027-10-31", "2027-11-07", "2028-02-29", "2027-12-31"]) {
        const date = isoToLocalDate(iso);
        expect(localDateToIso(date)).toBe(iso);
        expect([date.getHours(), date.getMinutes()]).toEqual([0, 0]);
      }
    },
  );
});

describe("pluralize", () => {
  it("picks the word by count", () => {
    expect(pluralize(1, "night", "nights")).toBe("1 night");
    expect(pluralize(0, "night", "nights")).toBe("0 nights");
    expect(pluralize(3, "night", "nights")).toBe("3 nights");
  });
});
