import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs, signInThroughApi } from "./browser.ts";
import { openHotelSection } from "./hotelier-setup.ts";

/** Where to write screenshots of the pages, to look at them; none when unset. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(() => browser?.close());

describe("promo codes in the back office", () => {
  it("creates a hotel's code from its hotel page, lists it with its uses and turns it off", async () => {
    const page = await openHotelSection(browser, 390, "Promo codes");
    await page.getByRole("heading", { name: "New code" }).waitFor();
    await page.getByLabel("Code", { exact: true }).fill("E2E-SPRING");
    await page.getByLabel("Percent off (1-100)").fill("120");
    await page.getByRole("button", { name: "Create code" }).click();
    await page.getByText("A percentage must be between 1 and 100").waitFor();
    await page.getByLabel("Percent off (1-100)").fill("15");
    await page.getByLabel("Total uses").fill("5");
    await page.getByLabel("Minimum nights").fill("2");
    const rates = page.getByRole("group", { name: "Rates it applies to" });
    const firstRate = rates.getByRole("checkbox").first();
    await firstRate.click();
    const rateName = (await rates.locator("label").first().textContent())!;
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.getByRole("list", { name: "Codes" }).getByRole("listitem").filter({ hasText: "E2E-SPRING" });
    await row.getByText("Used 0 of 5").waitFor();
    expect(await row.textContent()).toContain("15 % off");
    expect(await row.textContent()).toContain("At least 2 nights");
    expect(await row.textContent()).toContain(`Rates: ${rateName}`);
    await expectAccessible(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "promotions-390.png"), fullPage: true });
    await row.getByRole("button", { name: "Turn off E2E-SPRING" }).click();
    await row.getByText("Off", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Turn on E2E-SPRING" }).waitFor();
    await page.context().close();
  });

  it("lets an admin create a site-wide amount code from the dashboard", async () => {
    const page = await newPage(browser, 1280);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin");
    await page.getByRole("link", { name: "Promo codes" }).click();
    await page.getByRole("heading", { name: "Site-wide promo codes" }).waitFor();
    // The demo's site-wide code is listed already.
    await page.getByRole("list", { name: "Codes" }).getByText("WELCOME10").waitFor();
    await page.getByLabel("Code", { exact: true }).fill("WELCOME5");
    await page.getByLabel("Discount type").selectOption("amount");
    await page.getByLabel("Amount off", { exact: true }).fill("5");
    await page.getByLabel("Currency of the amount").fill("USD");
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.getByRole("list", { name: "Codes" }).getByRole("listitem").filter({ hasText: "WELCOME5" });
    await row.getByText("$5 off").waitFor();
    await row.getByText("Used 0 times").waitFor();
    await expectAccessible(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "promotions-site-1280.png"), fullPage: true });
    await page.context().close();
  });
});

describe("member prices on the hotel page", () => {
  it("tells a visitor that members pay less on a plan, and stops once they are signed in", async () => {
    const page = await newPage(browser, 390);
    const stay = `checkIn=${addDays(todayUtc(), 30)}&checkOut=${addDays(todayUtc(), 32)}&guests=2&rooms=1`;
    await page.goto(`/hotel/1?${stay}`);
    const hint = page.getByRole("link", { name: "Sign in to see a lower price" }).first();
    await hint.waitFor();
    await expectAccessible(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "member-hint-390.png") });
    await hint.click();
    await page.waitForURL(/\/login$/);
    await page.goto("/");
    await signInAs(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`/hotel/1?${stay}`);
    await page.getByRole("button", { name: "Book Now" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Sign in to see a lower price" }).count()).toBe(0);
    await page.context().close();
  });
});
