import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The form's stay, two weeks ahead: its default starts today in the browser (UTC here), and near
// midnight UTC a Paris hotel's own date is already past that check-in, so none would sell it.
const AHEAD = `/?checkIn=${addDays(todayUtc(), 14)}&checkOut=${addDays(todayUtc(), 15)}`;

function countOf(text: string): number {
  const match = /(\d+) propert(?:y|ies) found/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

describe("finding a hotel in the browser", () => {
  it("searches a destination, filters, sorts, opens a hotel and pages through its photos", async () => {
    const page = await newPage(browser);
    await page.goto(AHEAD);
    await page.getByRole("heading", { name: /Popular destinations/i }).waitFor();
    await expectAccessible(page);

    const destination = page.getByRole("combobox", { name: "Destination" });
    await destination.fill("Paris");
    await page.getByRole("listbox").getByRole("option").first().waitFor();
    await destination.press("Escape");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/destination=Paris/);
    await page.getByRole("heading", { level: 1, name: /Paris/ }).waitFor();
    await page.waitForLoadState("networkidle");
    const summary = page.getByText(/propert(y|ies) found/);
    await summary.waitFor();
    const total = countOf(await summary.innerText());
    expect(total).toBeGreaterThan(0);
    await expectAccessible(page);

    // The amenity filter names WiFi as the cards do.
    await page.getByRole("checkbox", { name: "Free WiFi", exact: true }).waitFor();
    expect(await page.getByRole("checkbox", { name: "WiFi", exact: true }).count()).toBe(0);
    // A filter narrows the list and lives in the address.
    await page.getByRole("checkbox", { name: "Free WiFi", exact: true }).click();
    await page.waitForURL(/amenities=WiFi/);
    await page.waitForLoadState("networkidle");
    const filtered = countOf(await page.getByText(/propert(y|ies) found/).innerText());
    expect(filtered).toBeLessThanOrEqual(total);

    // Sorting by price puts the cheapest first.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price");
    await page.waitForURL(/sort=price/);
    const shownPrices = () =>
      page
        .locator("article")
        .filter({ hasText: "per night" })
        .evaluateAll((cards) =>
          cards.map((card) => Number(/\$([\d,]+)(?:\.\d+)?\s*per night/.exec(card.textContent ?? "")?.[1]?.replace(/,/g, "") ?? NaN)),
        );
    // The previous list stays on screen while the sorted one loads.
    await expect
      .poll(
        async () => {
          const prices = await shownPrices();
          return prices.length > 0 && prices.every((p, i) => !Number.isNaN(p) && (i === 0 || prices[i - 1]! <= p));
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    // Back undoes the sort.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("sort=price"));

    // Open the first hotel.
    await page
      .locator("article")
      .filter({ hasText: "per night" })
      .filter({ has: page.locator('a[href^="/hotel/"]:not([href^="/hotel/wh-"])') })
      .first()
      .getByRole("link")
      .click();
    await page.waitForURL(/\/hotel\/\d+\?/);
    await page.getByRole("heading", { name: "Available Rooms" }).waitFor();
    await page.getByRole("heading", { name: "Amenities" }).waitFor();
    await expectAccessible(page);

    // The hotel's gallery comes first; guests' review photos further down have the same labels.
    const openFirst = page.getByRole("button", { name: /^Open photo 1 of \d+$/ }).first();
    const label = (await openFirst.getAttribute("aria-label")) ?? (await openFirst.innerText());
    const photoCount = Number(/of (\d+)/.exec(label)![1]);
    await openFirst.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`1 / ${photoCount}`).waitFor();
    await dialog.getByRole("button", { name: "Previous photo" }).click();
    await dialog.getByText(`${photoCount} / ${photoCount}`).waitFor();
    await page.keyboard.press("ArrowRight");
    await dialog.getByText(`1 / ${photoCount}`).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("refuses impossible dates with the server's message and keeps the page usable", async () => {
    const page = await newPage(browser);
    await page.goto("/?destination=London&checkIn=2020-01-01&checkOut=2020-01-03");
    await page.getByRole("alert").filter({ hasText: "Check-in cannot be in the past" }).waitFor();
    await page.context().close();
  });

  it("searching without a destination shows hotels across the popular destinations, titled so", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await page.getByRole("heading", { name: /Popular destinations/i }).waitFor();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/destination=/);
    await page.getByRole("heading", { level: 1, name: "Hotels in all popular destinations" }).waitFor();
    await page.getByText(/No destination chosen: showing hotels in/).waitFor();
    const summary = page.getByText(/propert(y|ies) found/);
    await summary.waitFor();
    expect(countOf(await summary.innerText())).toBeGreaterThan(0);
    expect(await page.getByRole("article").count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("shows 'Hotel Not Found' for an unknown hotel, with a way back to search", async () => {
    const page = await newPage(browser, 390);
    await page.goto("/hotel/999999999");
    await page.getByRole("heading", { name: "Hotel Not Found" }).waitFor();
    await expectAccessible(page);
    await page
      .getByRole("button", { name: "Return to Search" })
      .or(page.getByRole("link", { name: "Return to Search" }))
      .click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it("opens the filters as a panel on a phone", async () => {
    const page = await newPage(browser, 390);
    await page.goto("/?destination=Tokyo");
    await page.getByText(/propert(y|ies) found/).waitFor();
    await page.getByRole("button", { name: "Filters" }).click();
    const panel = page.getByRole("dialog", { name: "Filters" });
    await panel.waitFor();
    await panel.getByRole("checkbox", { name: "4 stars" }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("puts the keyboard on the results after Search, one key press from the first hotel by 'Skip to results' (phone width)", async () => {
    const page = await newPage(browser, 390);
    await page.goto(AHEAD);
    const destination = page.getByRole("combobox", { name: "Destination" });
    await destination.fill("Paris");
    await page.getByRole("listbox").getByRole("option").first().waitFor();
    await destination.press("Escape");
    await page.getByRole("button", { name: "Search", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/destination=Paris/);
    const heading = page.getByRole("heading", { level: 1, name: /Paris/ });
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await page.getByText(/propert(y|ies) found/).waitFor();
    // The next Tab shows the skip link; Enter on it, then Tab, lands in the first hotel's card.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to results" });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.width).toBeGreaterThan(1);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(
      await page
        .locator("article")
        .first()
        .evaluate((card) => card.contains(document.activeElement)),
    ).toBe(true);
    await expectAccessible(page);

    // The compact search on the results page does the same.
    await page.getByRole("button", { name: /Edit$/ }).click();
    await page.getByRole("button", { name: "Search", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await page.context().close();
  });
  it("opens a results address and a hotel's with one API request each, started by the page's preload before its script runs", async () => {
    const page = await newPage(browser);
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/hotels/search") searches.push(request.url());
    });
    const checkIn = addDays(todayUtc(), 14);
    const res = await page.goto(`/?destination=Paris&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&sort=price`);
    expect(res?.headers()["link"]).toMatch(/^<\/api\/hotels\/search\?destination=Paris&.*>; rel=preload; as=fetch; crossorigin=anonymous$/);
    await page.getByText(/propert(y|ies) found/).waitFor();
    await page.waitForLoadState("networkidle");
    // One request, the preload's ("link"): the page's own fetch used its answer. Without the preload
    // it would be the page's ("fetch"); a fetch that did not match it would be a second one.
    expect(searches).toHaveLength(1);
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname === "/api/hotels/search")
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    expect(initiators).toEqual(["link"]);

    // A hotel page opened from its address likewise asks for its hotel once, through the preload.
    const href = await page.locator("main h3 a[href^='/hotel/']").first().getAttribute("href");
    expect(href).toMatch(/^\/hotel\/[^/?]+\?checkIn=/);
    const hotelPage = await page.context().newPage();
    const apiPath = `/api/hotels/${href!.slice("/hotel/".length, href!.indexOf("?"))}`;
    const hotelRes = await hotelPage.goto(href!);
    expect(hotelRes?.headers()["link"]).toContain(`<${apiPath}?checkIn=`);
    await hotelPage.getByRole("heading", { level: 1 }).waitFor();
    await hotelPage.waitForLoadState("networkidle");
    const hotelInitiators = await hotelPage.evaluate(
      (path) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname === path)
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      apiPath,
    );
    expect(hotelInitiators).toEqual(["link"]);
    await page.context().close();
  });
});
