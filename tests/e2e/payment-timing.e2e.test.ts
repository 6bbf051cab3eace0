import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { PaymentTiming } from "../../src/shared/rate-plans.ts";
import type { RatePlanOffer } from "../../src/shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer, SearchResponse } from "../../src/shared/search.ts";
import { expectAccessible, launchBrowser, newPage } from "./browser.ts";
import { screenshot } from "./screenshot.ts";

let browser: Browser;
const checkIn = addDays(todayUtc(), 30);
const checkOut = addDays(checkIn, 2);
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

/** A demo hotel (decision 052's plans) selling a room by this payment timing for the stay. */
async function planSoldBy(page: Page, timing: PaymentTiming): Promise<{ hotel: HotelDetail; room: RoomOffer; plan: RatePlanOffer }> {
  for (const city of ["Paris", "London", "Rome", "Barcelona", "Berlin", "Madrid", "Amsterdam"]) {
    const found = (await (await page.request.get(`/api/hotels/search?destination=${city}&${stay}`)).json()) as SearchResponse;
    for (const summary of found.hotels.filter((h) => /^\d+$/.test(h.id))) {
      const hotel = (await (await page.request.get(`/api/hotels/${summary.id}?${stay}`)).json()) as HotelDetail;
      for (const room of hotel.rooms.filter((r) => r.bookable)) {
        const plan = room.plans?.find((p) => p.paymentTiming === timing && p.bookable);
        if (plan) return { hotel, room, plan };
      }
    }
  }
  throw new Error(`No demo hotel sells a room by ${timing}`);
}

/** Opens the plan's booking dialog from the hotel page and fills the guest's details up to the payment step. */
async function toPaymentStep(page: Page, found: { hotel: HotelDetail; room: RoomOffer; plan: RatePlanOffer }, who: string) {
  await page.goto(`/hotel/${found.hotel.id}?${stay}`);
  const rates = page.getByRole("region", { name: `Rates for ${found.room.name}` });
  await rates.getByRole("article", { name: found.plan.name, exact: true }).getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${found.room.name}` });
  await dialog.getByLabel("Full Name").fill(who);
  await dialog.getByLabel("Email").fill(`${who.toLowerCase().replace(/\W+/g, ".")}-${Date.now()}@example.com`);
  await dialog.getByLabel("Phone").fill("+44 20 7946 0199");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  const payment = page.getByRole("dialog", { name: "Complete Payment" });
  await payment.waitFor();
  await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
  await payment.getByLabel("Expiry date").fill("12/34");
  await payment.getByLabel("CVC").fill("123");
  return payment;
}

describe("payment timing in the payment step", () => {
  it("a deposit plan says what is paid now and at the hotel, and charges only the deposit", async () => {
    const page = await newPage(browser);
    const found = await planSoldBy(page, "deposit");
    const rest = found.plan.totalPriceCents - found.plan.dueNowCents;
    expect(found.plan.dueNowCents).toBeLessThan(found.plan.totalPriceCents);
    const payment = await toPaymentStep(page, found, "Dee Posit");
    await payment.getByText(`Pay ${money(found.plan.dueNowCents)} now, ${money(rest)} at the hotel`).waitFor();
    await windowShot(page, "payment-deposit-1280");
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await windowShot(page, "payment-deposit-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await payment.getByRole("button", { name: `Pay ${money(found.plan.dueNowCents)} now` }).click();
    await page.getByRole("dialog", { name: "Booking Confirmed!" }).waitFor();
  });

  it("a pay-at-the-hotel plan asks for a card guarantee and charges nothing now", async () => {
    const page = await newPage(browser);
    const found = await planSoldBy(page, "pay_at_hotel");
    const payment = await toPaymentStep(page, found, "Gary Guarantee");
    await payment.getByText("Nothing charged now: your card guarantees the booking").waitFor();
    await payment
      .getByText(`You pay ${money(found.plan.totalPriceCents)} at the hotel. Your card is charged only for a cancellation or no-show fee.`)
      .waitFor();
    await windowShot(page, "payment-guarantee-1280");
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await windowShot(page, "payment-guarantee-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await payment.getByRole("button", { name: "Guarantee with card" }).click();
    await page.getByRole("dialog", { name: "Booking Confirmed!" }).waitFor();
  });
});
