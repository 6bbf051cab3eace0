import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PriceBreakdown } from "../../src/shared/charges.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { PriceQuote } from "../../src/shared/price-quote.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInThroughApi } from "./browser.ts";

/**
 * Issue 30 items 2 and 4 in the browser: a traveller ticks an extra in the booking dialog, sees the
 * server's breakdown change (the extra, the city tax added, the VAT the prices include), pays with
 * the simulated gateway and reads the same lines on the confirmation and in My bookings.
 */

let browser: Browser;
let admin: Page;
const checkIn = addDays(todayUtc(), 70);
const checkOut = addDays(checkIn, 2);
const stay = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`;
const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
    cents / 100,
  );

// 10 % VAT inside the prices and a city tax of $2.00 per person per night, added.
const TAXES: TaxSettings = {
  vat: { name: "VAT", rateBasisPoints: 1_000, included: true },
  cityTax: {
    name: "City tax",
    kind: "per_person_per_night",
    amountCents: 200,
    rateBasisPoints: 0,
    tiers: [],
    childrenExemptUnderAge: null,
    maxNights: null,
  },
  fees: [],
};

let hotelId = "";
let saved: TaxSettings | null = null;
const made: string[] = [];

async function adminCall(method: "get" | "put" | "post" | "delete", path: string, data?: unknown) {
  const res = await admin.request.fetch(`/api/properties/hotels/${hotelId}${path}`, { method, headers: sameOriginHeaders(), data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** One of our hotels in Tokyo with a room bookable for the stay: the last the search lists, so other tests' first picks stay untouched. */
async function pickHotel(page: Page): Promise<HotelDetail> {
  const found = (await (await page.request.get(`/api/hotels/search?destination=Tokyo&${stay}`)).json()) as SearchResponse;
  for (const summary of found.hotels.filter((h) => /^\d+$/.test(h.id)).reverse()) {
    const hotel = (await (await page.request.get(`/api/hotels/${summary.id}?${stay}`)).json()) as HotelDetail;
    if (hotel.rooms.some((r) => r.bookable)) return hotel;
  }
  throw new Error("No bookable hotel of ours in Tokyo");
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signInThroughApi(admin, inject("adminEmail"), inject("adminPassword"));
  hotelId = (await pickHotel(admin)).id;
  saved = ((await adminCall("get", "/tax-settings")) as { settings: TaxSettings }).settings;
  await adminCall("put", "/tax-settings", TAXES);
  for (const extra of [
    { name: "E2E Valet parking", kind: "other", pricing: "per_night", priceCents: 1_500 },
    { name: "E2E Welcome basket", kind: "other", pricing: "per_stay", priceCents: 2_000 },
  ]) {
    made.push(((await adminCall("post", "/extras", extra)) as { extra: { id: string } }).extra.id);
  }
});

afterAll(async () => {
  // The demo hotel goes back to how the other browser tests expect it.
  if (admin && hotelId) {
    for (const id of made) await adminCall("delete", `/extras/${id}`);
    if (saved) await adminCall("put", "/tax-settings", { vat: saved.vat, cityTax: saved.cityTax, fees: saved.fees });
  }
  await admin?.context().close();
  await browser?.close();
});

/** The breakdown's rows as "label | amount" texts, in order. */
async function rowsOf(table: ReturnType<Page["getByRole"]>): Promise<string[]> {
  return (await table.getByRole("row").allInnerTexts()).map((text) => text.replace(/\s*\n\s*/g, " ").replace(/\t+/g, " | "));
}

describe("extras in the booking dialog", () => {
  it("a traveller adds valet parking, pays, and reads the same breakdown on the confirmation and in My bookings", async () => {
    const page = await newPage(browser);
    const email = `extras-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/auth/sign-up/email", { data: { name: "Ext Ras", email, password: "secret123" } });
    expect(signup.status()).toBe(200);
    await signInThroughApi(page, email, "secret123");

    await page.goto(`/hotel/${hotelId}?${stay}`);
    await page.getByRole("button", { name: "Book Now" }).and(page.locator(":not([aria-disabled=true])")).first().click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.waitFor();
    const extras = dialog.getByRole("group", { name: "Extras" });
    await extras.getByText("$15 per night").waitFor();
    await extras.getByText("$20 per stay").waitFor();
    const breakdown = dialog.getByTestId("price-breakdown").getByRole("table", { name: "Price breakdown" });
    // Before any extra: the city tax (2 adults × 2 nights × $2) is added and the VAT shown as included.
    await breakdown
      .getByRole("row", { name: /City tax/ })
      .getByText("$8", { exact: true })
      .waitFor();
    await breakdown.getByRole("row", { name: /^includes VAT 10 %/ }).waitFor();

    // Ticking parking asks the server again; two spaces, by keyboard.
    const quoted = (spaces: number) =>
      page.waitForResponse(
        (r) =>
          r.url().endsWith("/api/bookings/quote") &&
          r.ok() &&
          (r.request().postData() ?? "").includes(`{"extraId":"${made[0]}","quantity":${spaces}}`),
      );
    const oneSpace = quoted(1);
    await extras.getByLabel(/E2E Valet parking/).focus();
    await page.keyboard.press("Space");
    await oneSpace;
    const twoSpaces = quoted(2);
    await extras.getByLabel("Quantity of E2E Valet parking").selectOption("2");
    const quote = (await (await twoSpaces).json()) as PriceQuote;

    // By hand: 2 spaces × 2 nights × $15 = $60; the VAT inside rooms and parking is (rooms + 60) × 10/110, rounded once.
    const charges: PriceBreakdown = quote.charges;
    const roomsCents = charges.lines.filter((l) => l.kind === "room").reduce((sum, l) => sum + l.amountCents, 0);
    const vatCents = Math.round(((roomsCents + 6_000) * 1_000) / 11_000);
    expect(charges.lines.find((l) => l.kind === "extra")).toMatchObject({ label: "E2E Valet parking", quantity: 4, amountCents: 6_000 });
    expect(charges.lines.find((l) => l.code === "vat")?.amountCents).toBe(vatCents);
    expect(charges.totalCents).toBe(roomsCents + 6_000 + 800);
    await breakdown
      .getByRole("row", { name: /E2E Valet parking/ })
      .getByText("4 × $15")
      .waitFor();
    await breakdown
      .getByRole("row", { name: /E2E Valet parking/ })
      .getByText("$60", { exact: true })
      .waitFor();
    await breakdown
      .getByRole("row", { name: /^Total/ })
      .getByText(money(charges.totalCents), { exact: true })
      .waitFor();
    await breakdown
      .getByRole("row", { name: /^includes VAT 10 %/ })
      .getByText(money(vatCents), { exact: true })
      .waitFor();
    const dialogRows = await rowsOf(breakdown);
    await expectAccessible(page);

    await dialog.getByLabel("Phone").fill("+81 3 1234 5678");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry date").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    // The card pays the breakdown's total (a pay-now rate) or its share; never a price without the extra.
    await payment.getByRole("button", { name: /^Pay \$/ }).click();
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    const onConfirmation = confirmed.getByRole("table", { name: "Price breakdown" });
    await onConfirmation
      .getByRole("row", { name: /E2E Valet parking/ })
      .getByText("$60", { exact: true })
      .waitFor();
    const confirmationRows = await rowsOf(onConfirmation);
    // The same lines as the dialog's, the total named as paid (or the stay's, for a deposit or a guarantee).
    const withoutTotal = (rows: string[]) => rows.filter((row) => !/^Total/.test(row));
    expect(withoutTotal(confirmationRows)).toEqual(withoutTotal(dialogRows));
    expect(confirmationRows.some((row) => row.endsWith(money(charges.totalCents)) && /^Total/.test(row))).toBe(true);
    await expectAccessible(page);

    await page.goto("/my-bookings");
    const card = page.getByRole("article").filter({ hasText: reference! });
    await card.getByText("Price breakdown", { exact: true }).click();
    const inMyBookings = card.getByRole("table", { name: `Price breakdown ${reference}` });
    await inMyBookings
      .getByRole("row", { name: /E2E Valet parking/ })
      .getByText("$60", { exact: true })
      .waitFor();
    expect(await rowsOf(inMyBookings)).toEqual(dialogRows);
    await expectAccessible(page);
    await page.context().close();
  });
});
