import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayLocal } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function readCount(page: Page): Promise<number | null> {
  const text = await page
    .getByText(/propert(y|ies) found/)
    .innerText()
    .catch(() => "");
  const match = /(\d+) propert(?:y|ies) found/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Does `action` and waits for the search it starts (its API query contains `apiParam`), then for
 * the page to show that search's count; returns the count.
 */
async function searchAfter(page: Page, apiParam: string, action: () => Promise<unknown>): Promise<number> {
  const answer = page.waitForResponse((res) => res.url().includes("/api/hotels/search?") && res.url().includes(apiParam));
  // A failed action must not leave the wait to reject unhandled when the page closes.
  answer.catch(() => {});
  await action();
  const { total } = (await (await answer).json()) as { total: number };
  await expect.poll(() => readCount(page), { timeout: 10_000 }).toBe(total);
  return total;
}

/** Each result card's text. */
function cards(page: Page): Promise<string[]> {
  return page
    .locator("article")
    .filter({ hasText: "per night" })
    .evaluateAll((list) => list.map((card) => card.textContent ?? ""));
}

describe("the filters travellers expect", () => {
  it("narrows the popular destinations to free cancellation, 8+ out of 10 and one property type; each step in the address", async () => {
    const page = await newPage(browser);
    // Ten days ahead: free cancellation ends some days before check-in, so none is left for tonight.
    const checkIn = addDays(todayLocal(), 10);
    const total = await searchAfter(page, "checkIn=", () => page.goto(`/?destination=&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`));
    expect(total).toBeGreaterThan(0);

    const refundable = await searchAfter(page, "freeCancellation=true", () =>
      page.getByRole("checkbox", { name: "Free cancellation" }).click(),
    );
    expect(page.url()).toContain("freeCancellation=true");
    expect(refundable).toBeLessThan(total);
    expect((await cards(page)).every((card) => card.includes("Free cancellation"))).toBe(true);

    const rated = await searchAfter(page, "guestRating=8", () => page.getByRole("radio", { name: /Very good: 8\+/ }).click());
    expect(page.url()).toContain("guestRating=8");
    expect(await page.getByRole("radio", { name: /Very good: 8\+/ }).isChecked()).toBe(true);
    expect(rated).toBeLessThan(refundable);
    const ratings = (await cards(page)).map((card) => Number(/Rated\s*([\d.]+)\s*out of 5/.exec(card)?.[1]));
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((rating) => rating >= 4)).toBe(true);

    const hotels = await searchAfter(page, "propertyTypes=hotel", () => page.getByRole("checkbox", { name: "Hotel", exact: true }).click());
    expect(page.url()).toContain("propertyTypes=hotel");
    expect(hotels).toBeLessThanOrEqual(rated);
    expect(hotels).toBeGreaterThan(0);
    // Each card starts with its property type (after a discount badge, if any).
    expect((await cards(page)).every((card) => /^(-\d+%)?Hotel/.test(card))).toBe(true);
    await expectAccessible(page);

    // A shared link restores the same filtered list and the controls that made it.
    const reopened = await newPage(browser);
    expect(await searchAfter(reopened, "propertyTypes=hotel", () => reopened.goto(page.url().replace(/^https?:\/\/[^/]+/, "")))).toBe(
      hotels,
    );
    expect(await reopened.getByRole("checkbox", { name: "Free cancellation" }).getAttribute("aria-checked")).toBe("true");
    expect(await reopened.getByRole("radio", { name: /Very good: 8\+/ }).isChecked()).toBe(true);
    await reopened.close();

    // Clearing the filters brings the whole list back.
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await page.waitForURL((url) => !/freeCancellation|guestRating|propertyTypes/.test(url.search));
    await expect.poll(() => readCount(page), { timeout: 10_000 }).toBe(total);
    await page.close();
  });
});
