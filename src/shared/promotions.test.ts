import { describe, expect, it } from "vitest";
import { memberDiscountCents, promoDate, promoDiscountCents, promoProblem, type PromoRules, type PromoStay } from "./promotions.ts";

const rules: PromoRules = {
  discountKind: "percent",
  discountValue: 10,
  active: true,
  currency: null,
  bookingFrom: null,
  bookingTo: null,
  stayFrom: null,
  stayTo: null,
  minNights: null,
  usesLimit: null,
  usesCount: 0,
  perGuestLimit: null,
  ratePlanIds: [],
};
const stay: PromoStay = { checkIn: "2026-12-10", checkOut: "2026-12-13", ratePlanId: 7, currency: "USD", today: "2026-12-01" };

describe("promo discounts", () => {
  it("round a percentage half up to the cent", () => {
    expect(promoDiscountCents({ discountKind: "percent", discountValue: 15 }, 1010)).toBe(152); // 151.5 → 152
    expect(promoDiscountCents({ discountKind: "percent", discountValue: 15 }, 1003)).toBe(150); // 150.45 → 150
  });
  it("never leave a stay below 1 cent", () => {
    expect(promoDiscountCents({ discountKind: "percent", discountValue: 100 }, 5000)).toBe(4999);
    expect(promoDiscountCents({ discountKind: "amount", discountValue: 9000 }, 5000)).toBe(4999);
    expect(promoDiscountCents({ discountKind: "amount", discountValue: 1500 }, 5000)).toBe(1500);
  });
  it("give members their tier's percentage on plans that allow it", () => {
    expect(memberDiscountCents("Silver", true, 20_010)).toBe(1001); // 1000.5 → 1001
    expect(memberDiscountCents("Gold", true, 20_000)).toBe(2000);
    expect(memberDiscountCents("Bronze", true, 20_000)).toBe(0);
    expect(memberDiscountCents("Gold", false, 20_000)).toBe(0);
    expect(memberDiscountCents(null, true, 20_000)).toBe(0);
  });
});

describe("promo refusals", () => {
  it("accept a code within all its rules", () => expect(promoProblem(rules, stay)).toBeNull());
  it("name the day a code expired, and when it starts", () => {
    expect(promoProblem({ ...rules, bookingTo: "2026-11-30" }, stay)).toBe("This code expired on 30 Nov.");
    expect(promoProblem({ ...rules, bookingTo: "2026-12-01" }, stay)).toBeNull();
    expect(promoProblem({ ...rules, bookingFrom: "2026-12-02" }, stay)).toBe("This code can be used from 2 Dec.");
    expect(promoProblem({ ...rules, bookingTo: "2025-11-30" }, stay)).toBe("This code expired on 30 Nov 2025.");
  });
  it("need every night of the stay inside the stay window", () => {
    expect(promoProblem({ ...rules, stayFrom: "2026-12-10", stayTo: "2026-12-12" }, stay)).toBeNull();
    expect(promoProblem({ ...rules, stayFrom: "2026-12-10", stayTo: "2026-12-11" }, stay)).toBe(
      "This code is for stays between 10 Dec and 11 Dec (every night).",
    );
    expect(promoProblem({ ...rules, stayFrom: "2026-12-11" }, stay)).toBe("This code is for stays from 11 Dec.");
  });
  it("refuse short stays, other plans, other currencies, inactive and used-up codes", () => {
    expect(promoProblem({ ...rules, minNights: 4 }, stay)).toBe("This code needs a stay of at least 4 nights.");
    expect(promoProblem({ ...rules, ratePlanIds: [8] }, stay)).toBe("This code does not apply to the rate you chose.");
    expect(promoProblem({ ...rules, ratePlanIds: [8, 7] }, stay)).toBeNull();
    expect(promoProblem({ ...rules, discountKind: "amount", discountValue: 500, currency: "EUR" }, stay)).toBe(
      "This code does not apply to prices in USD.",
    );
    expect(promoProblem({ ...rules, active: false }, stay)).toBe("This code is no longer available.");
    expect(promoProblem({ ...rules, usesLimit: 5, usesCount: 5 }, stay)).toBe("This code has been fully used.");
  });
  it("write dates as the guest reads them", () => expect(promoDate("2027-01-03", "2026-12-01")).toBe("3 Jan 2027"));
});
