import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { convertForDisplay, decimalToMicros } from "../../src/shared/fx.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** "≈ €114" as this page's Intl writes it, from the rates the app serves now. */
async function expectedEuros(page: Page, usdCents: number): Promise<string> {
  const { rates } = (await (await page.request.get("/api/fx-rates")).json()) as { rates: Record<string, string> };
  const whole = convertForDisplay(usdCents, "USD", "EUR", { EUR: decimalToMicros(rates.EUR!)! });
  const text = await page.evaluate(
    (amount) => new Intl.NumberFormat(undefined, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(amount),
    whole!,
  );
  return `≈ ${text}`;
}

describe("display currencies in the browser", () => {
  it("a traveller picks EUR: prices show as euro estimates, kept after a reload, while the booking is charged in dollars", async () => {
    const page = await newPage(browser, 390);
    const checkIn = addDays(todayUtc(), 40);
    const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2&rooms=1`;
    await page.goto(`/?destination=Paris&${stay}`);
    await page.getByLabel("Currency").selectOption("EUR");

    // The first of our own hotels on the results page, priced as the API prices it.
    const found = (await (await page.request.get(`/api/hotels/search?destination=Paris&${stay}`)).json()) as {
      hotels: { id: string; name: string; priceCents: number; currency: string }[];
    };
    const hotel = found.hotels.find((h) => /^\d+$/.test(h.id))!;
    expect(hotel.currency).toBe("USD");
    const card = page.locator("article").filter({ has: page.getByRole("link", { name: hotel.name, exact: true }) });
    const euros = await expectedEuros(page, hotel.priceCents);
    await card.getByText(euros, { exact: true }).waitFor();
    await page.getByText("Prices shown in EUR are estimates. You pay in the hotel's currency.").waitFor();
    // The rate used and its date, in the note and in the estimate's tooltip.
    const { rates } = (await (await page.request.get("/api/fx-rates")).json()) as { rates: Record<string, string> };
    const rateUsed = new RegExp(`1 USD = ${rates.EUR!.replace(".", "\\.")} EUR, as of [A-Z][a-z]{2} \\d{1,2}, \\d{4}`);
    await page.getByText(new RegExp(`Rate used: ${rateUsed.source}\\.`)).waitFor();
    expect(await card.getByText(euros, { exact: true }).getAttribute("title")).toMatch(rateUsed);
    await expectAccessible(page);

    // The choice is the browser's: a reload keeps it.
    await page.reload();
    expect(await page.getByLabel("Currency").inputValue()).toBe("EUR");
    await card.getByText(euros, { exact: true }).waitFor();

    // The hotel page: euro estimates and the note naming the currency paid in.
    await card.getByRole("link", { name: hotel.name, exact: true }).click();
    await page.waitForURL(/\/hotel\/\d+/);
    await page.getByRole("complementary", { name: "Stay summary" }).getByText(euros, { exact: true }).waitFor();
    await page.getByText("Prices shown in EUR are estimates. You pay in USD, the hotel's currency.").first().waitFor();
    await expectAccessible(page);

    // The booking dialog shows the total in dollars, what is charged, with its estimate beside it.
    await page.getByRole("button", { name: "Book Now" }).and(page.locator(":not([aria-disabled=true])")).first().click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.waitFor();
    const totalText = await dialog.getByRole("region", { name: "Your stay" }).innerText();
    const dollars = /Total\s*\$([\d,]+(?:\.\d\d)?)/.exec(totalText)?.[1];
    expect(dollars, totalText).toBeDefined();
    const totalCents = Math.round(Number(dollars!.replaceAll(",", "")) * 100);
    expect(totalText).toContain(`(${await expectedEuros(page, totalCents)})`);
    await dialog.getByText("You pay in USD, the hotel's currency.").waitFor();
    await dialog.getByText(/Rate used: 1 USD = [\d.]+ EUR, as of /).waitFor();
    await expectAccessible(page);

    await dialog.getByLabel("Full Name").fill("Euro Visitor");
    await dialog.getByLabel("Email").fill(`euro-${Date.now()}@example.com`);
    await dialog.getByLabel("Phone").fill("+33 1 23 45 67 89");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.waitFor();
    await payment.getByRole("button", { name: `Pay $${dollars}` }).waitFor();
    await payment.getByText("You pay in USD, the hotel's currency.").waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("an admin changes a rate by hand; an implausible one is refused with the reason", async () => {
    const page = await newPage(browser);
    await signInAs(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin");
    await page.getByRole("link", { name: "Exchange Rates" }).click();
    await page.getByRole("heading", { level: 1, name: "Exchange rates" }).waitFor();
    await expectAccessible(page);

    const gbp = page.getByLabel("GBP per USD");
    const current = decimalToMicros(await gbp.inputValue())!;
    await gbp.fill(String((current * 10) / 1_000_000));
    await page.getByRole("button", { name: "Save GBP" }).click();
    await page.getByRole("alert").filter({ hasText: "more than 5 times away from the current rate" }).waitFor();

    await gbp.fill("0.8123");
    await page.getByRole("button", { name: "Save GBP" }).click();
    await page.getByText("GBP rate saved").waitFor();
    const row = page.getByRole("listitem").filter({ has: page.getByLabel("GBP per USD") });
    await row.getByText("Set by hand").waitFor();
    const publicRates = (await (await page.request.get("/api/fx-rates")).json()) as { rates: Record<string, string> };
    expect(publicRates.rates.GBP).toBe("0.8123");
    await expectAccessible(page);
    await page.context().close();
  });
});
