import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { RatePlanOffer } from "../../src/shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer, SearchResponse } from "../../src/shared/search.ts";
import type { PriceQuote } from "../../src/shared/price-quote.ts";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInAs } from "./browser.ts";
import { screenshot } from "./screenshot.ts";

let browser: Browser;
const checkIn = addDays(todayUtc(), 24);
const checkOut = addDays(checkIn, 3);
const stay = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`;
const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
    cents / 100,
  );

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pictures of what the window shows (390 px and 1280 px wide) when E2E_SCREENSHOTS names a folder. */
const windowShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/**
 * One of our hotels (from the demo catalogue's plans, decision 052) with a room sold both as
 * "Flexible" (paid now) and "Non-refundable", both bookable for the stay.
 */
async function hotelWithPlans(
  page: Page,
): Promise<{ hotel: HotelDetail; room: RoomOffer; flexible: RatePlanOffer; nonRefundable: RatePlanOffer }> {
  for (const city of ["Paris", "London", "Rome", "Barcelona", "Berlin"]) {
    const found = (await (await page.request.get(`/api/hotels/search?destination=${city}&${stay}`)).json()) as SearchResponse;
    for (const summary of found.hotels.filter((h) => /^\d+$/.test(h.id))) {
      const hotel = (await (await page.request.get(`/api/hotels/${summary.id}?${stay}`)).json()) as HotelDetail;
      for (const room of hotel.rooms.filter((r) => r.bookable)) {
        const flexible = room.plans?.find((p) => p.name === "Flexible" && p.bookable && p.paymentTiming === "pay_now");
        const nonRefundable = room.plans?.find((p) => p.name === "Non-refundable" && p.bookable);
        if (flexible && nonRefundable) return { hotel, room, flexible, nonRefundable };
      }
    }
  }
  throw new Error("No demo hotel sells a room both Flexible and Non-refundable");
}

describe("rate plans on the hotel page", () => {
  it("a traveller compares a room's plans and books the non-refundable one with a code, at the server's price", async () => {
    const page = await newPage(browser);
    const { hotel, room, flexible, nonRefundable } = await hotelWithPlans(page);
    expect(nonRefundable.totalPriceCents).toBeLessThan(flexible.totalPriceCents);
    // The hotel's 10 % code, made by an admin in the back office's API.
    const code = `NONREF${Date.now() % 1_000_000}`;
    const admin = await newPage(browser);
    await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
    const created = await admin.request.post(`/api/properties/hotels/${hotel.id}/promotions`, {
      headers: sameOriginHeaders(),
      data: { code, discountKind: "percent", discountValue: 10 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const quoted = await page.request.post("/api/bookings/quote", {
      headers: sameOriginHeaders(),
      data: {
        hotelId: hotel.id,
        roomTypeId: room.id,
        ratePlanId: nonRefundable.id,
        checkIn,
        checkOut,
        guests: 2,
        rooms: 1,
        promoCode: code,
      },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    const withCode = (await quoted.json()) as PriceQuote;
    expect(withCode.totalCents).toBeLessThan(nonRefundable.totalPriceCents);

    await page.goto(`/hotel/${hotel.id}?${stay}`);
    const rates = page.getByRole("region", { name: `Rates for ${room.name}` });
    const flexibleCard = rates.getByRole("article", { name: "Flexible", exact: true });
    const strictCard = rates.getByRole("article", { name: "Non-refundable", exact: true });
    // Side by side: each plan's price for the stay, what it includes, its terms in words with dates.
    await flexibleCard.getByText(money(flexible.totalPriceCents), { exact: true }).waitFor();
    await strictCard.getByText(money(nonRefundable.totalPriceCents), { exact: true }).waitFor();
    await flexibleCard
      .getByText(/^Free cancellation until 23:59 on \d{1,2} \w{3}( \d{4})? \(hotel time\); after that you pay \$/)
      .waitFor();
    await strictCard.getByText("Non-refundable", { exact: true }).nth(1).waitFor();
    await strictCard.getByText("Room only").waitFor();
    await strictCard.getByText(`Pay ${money(nonRefundable.dueNowCents)} now`).waitFor();
    await rates.scrollIntoViewIfNeeded();
    await windowShot(page, "hotel-plans-1280");
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await rates.scrollIntoViewIfNeeded();
    await windowShot(page, "hotel-plans-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    await strictCard.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Book ${room.name}` });
    await dialog.waitFor();
    await dialog.getByText(`${room.name} · Non-refundable · Room only`).waitFor();
    // The server's breakdown (POST /api/bookings/quote) says the same total as the card.
    const breakdown = dialog.getByTestId("price-breakdown");
    await breakdown.getByText(money(nonRefundable.totalPriceCents), { exact: true }).last().waitFor();
    await dialog.getByText(/Cancellation policy:\s*Non-refundable/).waitFor();
    await windowShot(page, "booking-dialog-1280");

    await dialog.getByLabel("Full Name").fill("Nora Nonrefund");
    await dialog.getByLabel("Email").fill(`nora-${Date.now()}@example.com`);
    await dialog.getByLabel("Phone").fill("+44 20 7946 0101");
    // A code the server does not know: its refusal appears under the field.
    const promo = dialog.getByLabel(/^Promo code/);
    await promo.fill("NOSUCHCODE");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await dialog.getByRole("alert").filter({ hasText: "We do not know the code NOSUCHCODE" }).waitFor();
    expect(await promo.getAttribute("aria-invalid")).toBe("true");
    await windowShot(page, "booking-dialog-promo-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await windowShot(page, "booking-dialog-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    // The hotel's code: the server's line in the breakdown and a lower total.
    await promo.fill(code);
    await dialog.getByRole("button", { name: "Apply" }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: `Code ${code} applied` })
      .waitFor();
    await breakdown.getByText(`Promo code ${code}`).waitFor();
    await breakdown.getByText(money(withCode.totalCents), { exact: true }).last().waitFor();
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();

    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.waitFor();
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry date").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    await payment.getByRole("button", { name: `Pay ${money(withCode.amountDueNowCents)}` }).click();
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    await windowShot(page, "booking-confirmed-1280");
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();

    // The booking keeps the plan it was sold under, at the quoted price with the code.
    await confirmed.getByText(money(withCode.totalCents), { exact: true }).waitFor();
    await confirmed.getByText("Non-refundable · Room only", { exact: true }).waitFor();
    await expectAccessible(page);
  });
});
