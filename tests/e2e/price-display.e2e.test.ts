/**
 * "Show prices" (decision 061): result cards and the hotel page's rate plans show the stay's total
 * "includes taxes and fees" or the amount before them "+ N taxes and fees", the server's numbers;
 * the default follows the browser's region (US: before, elsewhere: including), a choice is kept
 * after a reload, and a display currency converts the amounts like every price.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import type { StayPrice } from "../../src/shared/stay-price.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { expectAccessible, launchBrowser, sameOriginHeaders, signInAs } from "./browser.ts";

const checkIn = addDays(todayUtc(), 45);
const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2&rooms=1`;
const destination = "Barcelona";
/** US-style: a sales tax added to the room price and a resort fee per room per night. */
const SALES_TAX: TaxSettings = {
  vat: { name: "Sales tax", rateBasisPoints: 875, included: false },
  cityTax: null,
  fees: [{ name: "Resort fee", basis: "per_night", amountCents: 2_500, vatApplies: false }],
};

let browser: Browser;
let admin: Page;
let hotel: { id: string; name: string; before: TaxSettings };

/** An amount as formatMoney writes it in English, without the currency sign: "1,234.56", "1,234" when whole. */
function digits(cents: number): string {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
}

async function pageIn(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: { width: 1280, height: 900 }, bypassCSP: true, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await pageIn("en-GB"));
  await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
  const found = (await (await admin.request.get(`/api/hotels/search?destination=${destination}&${stay}`)).json()) as SearchResponse;
  const first = found.hotels.find((h) => /^\d+$/.test(h.id))!;
  const settingsUrl = `/api/properties/hotels/${first.id}/tax-settings`;
  const current = await admin.request.get(settingsUrl);
  expect(current.status(), await current.text()).toBe(200);
  hotel = { id: first.id, name: first.name, before: ((await current.json()) as { settings: TaxSettings }).settings };
  const put = await admin.request.put(settingsUrl, { headers: sameOriginHeaders(), data: SALES_TAX });
  expect(put.status(), await put.text()).toBe(200);
});

afterAll(async () => {
  if (hotel) {
    await admin.request.put(`/api/properties/hotels/${hotel.id}/tax-settings`, { headers: sameOriginHeaders(), data: hotel.before });
  }
  await browser?.close();
});

async function serverStayPrice(page: Page): Promise<StayPrice> {
  const found = (await (await page.request.get(`/api/hotels/search?destination=${destination}&${stay}`)).json()) as SearchResponse;
  const price = found.hotels.find((h) => h.id === hotel.id)?.stayPrice;
  expect(price).toBeTruthy();
  return price!;
}

describe("showing prices with or without taxes and fees", () => {
  it("a traveller from the UK sees totals including taxes and fees, switches to before them, and keeps the choice", async () => {
    const { context, page } = await pageIn("en-GB");
    const price = await serverStayPrice(page);
    // The hand check is in tests/api/search-taxes.test.ts; here the card must show the server's numbers.
    expect(price.taxesAndFeesCents).toBeGreaterThan(0);
    expect(price.totalCents).toBe(price.beforeTaxesAndFeesCents + price.taxesAndFeesCents);

    await page.goto(`/?destination=${destination}&${stay}`);
    const card = page.locator("article").filter({ has: page.getByRole("link", { name: hotel.name, exact: true }) });
    const stayTotal = card.getByTestId("stay-total");
    expect(await page.getByLabel("Show prices").inputValue()).toBe("including");
    await expect.poll(() => stayTotal.innerText()).toMatch(new RegExp(`${digits(price.totalCents).replace(/\./g, "\\.")} for 3 nights`));
    expect(await stayTotal.innerText()).toContain("includes taxes and fees");
    await expectAccessible(page);

    await page.getByLabel("Show prices").selectOption("before");
    await expect.poll(() => stayTotal.innerText()).toContain(`${digits(price.beforeTaxesAndFeesCents)} for 3 nights`);
    expect(await card.getByTestId("taxes-and-fees").innerText()).toMatch(
      new RegExp(`^\\+ \\S*${digits(price.taxesAndFeesCents)} taxes and fees$`),
    );

    // The choice is this browser's: a reload keeps it.
    await page.reload();
    expect(await page.getByLabel("Show prices").inputValue()).toBe("before");
    await expect.poll(() => stayTotal.innerText()).toContain(`${digits(price.beforeTaxesAndFeesCents)} for 3 nights`);

    // The hotel page: the plan the card's price is for shows the same numbers.
    await card.getByRole("link", { name: hotel.name, exact: true }).click();
    await page.waitForURL(/\/hotel\/\d+/);
    const detail = (await (await page.request.get(`/api/hotels/${hotel.id}?${stay}`)).json()) as HotelDetail;
    const plans = detail.rooms.flatMap((room) => room.plans ?? []).filter((plan) => plan.bookable);
    const cheapest = plans.sort((a, b) => a.stayPrice.totalCents - b.stayPrice.totalCents)[0]!;
    expect(cheapest.stayPrice).toEqual(price);
    const planCards = page.locator("article").filter({ has: page.getByRole("heading", { name: cheapest.name, exact: true }) });
    const note = (text: string) => ({ has: page.getByTestId("taxes-and-fees").filter({ hasText: text }) });
    await planCards
      .filter({ hasText: digits(price.beforeTaxesAndFeesCents) })
      .filter(note(`${digits(price.taxesAndFeesCents)} taxes and fees`))
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByLabel("Show prices").selectOption("including");
    await planCards
      .filter({ hasText: digits(price.totalCents) })
      .filter(note("includes taxes and fees"))
      .first()
      .waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("a traveller from the US sees prices before taxes and fees until they choose, converted like every price", async () => {
    const { context, page } = await pageIn("en-US");
    const price = await serverStayPrice(page);
    await page.goto(`/?destination=${destination}&${stay}`);
    expect(await page.getByLabel("Show prices").inputValue()).toBe("before");
    const card = page.locator("article").filter({ has: page.getByRole("link", { name: hotel.name, exact: true }) });
    await expect.poll(() => card.getByTestId("stay-total").innerText()).toContain(`$${digits(price.beforeTaxesAndFeesCents)} for 3 nights`);
    expect(await card.getByTestId("taxes-and-fees").innerText()).toBe(`+ $${digits(price.taxesAndFeesCents)} taxes and fees`);

    // In euros both amounts are estimates, as every price is.
    await page.getByLabel("Currency").selectOption("EUR");
    await expect.poll(() => card.getByTestId("taxes-and-fees").innerText()).toMatch(/^\+ ≈ €[\d,]+ taxes and fees$/);
    expect(await card.getByTestId("stay-total").innerText()).toMatch(/≈ €[\d,]+ for 3 nights/);
    await context.close();
  });
});
