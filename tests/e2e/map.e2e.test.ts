import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, waitUntilNotBusy } from "./browser.ts";

const baseUrl = inject("baseUrl");
const styleUrl = inject("mapStyleUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// A stay two weeks ahead: the default starts today in the browser (UTC here), and near midnight UTC
// the hotels of cities ahead of UTC are already past that check-in, so they would sell nothing.
const STAY = `checkIn=${addDays(todayUtc(), 14)}&checkOut=${addDays(todayUtc(), 15)}`;

/**
 * A page recording every address it asks for; with `enforceCsp` it keeps the app's CSP (the other
 * e2e pages bypass it, as axe is injected as an inline script).
 */
async function mapPage({ width = 1280, enforceCsp = false } = {}): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 }, bypassCSP: !enforceCsp });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  return { page, requests };
}

/** Name and shown price of every card of the list, in order. */
function cardsOf(page: Page): Promise<{ name: string; price: string }[]> {
  return page.locator("article").evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.querySelector("h3")?.textContent?.trim() ?? "",
      price: card.querySelector("p.text-2xl")?.textContent?.trim() ?? "",
    })),
  );
}

/** Pins shown alone plus the hotels counted in bubbles: every hotel of the page is on the map once. */
async function hotelsOnMap(map: Locator): Promise<number> {
  const alone = await map.getByRole("button", { name: /, \$/ }).count();
  const counts = await map.getByRole("button", { name: /^\d+ hotels? here/ }).allInnerTexts();
  return alone + counts.reduce((sum, text) => sum + Number(text.trim()), 0);
}

/**
 * Brings a hotel's pin out of its bubble the way a person would: focus on its card highlights the
 * bubble holding its pin, and a click on that bubble zooms in, until the pin stands alone.
 */
async function revealPin(page: Page, map: Locator, card: { name: string; price: string }): Promise<Locator> {
  const pin = map.getByRole("button", { name: `${card.name}, ${card.price}`, exact: true });
  const highlighted = map.locator('button[data-highlighted="true"]:visible');
  for (let zooms = 0; zooms < 8; zooms++) {
    await page.locator("article").getByRole("link", { name: card.name, exact: true }).focus();
    await pin.or(highlighted).first().waitFor();
    if (await pin.isVisible()) return pin;
    const label = await highlighted.getAttribute("aria-label");
    await highlighted.click();
    await expect
      .poll(async () => (await pin.isVisible()) || (await highlighted.getAttribute("aria-label")) !== label, { timeout: 15_000 })
      .toBe(true);
  }
  throw new Error(`${card.name}'s pin never stood alone`);
}

function expectOnlyLocalRequests(requests: string[]): void {
  const remote = requests.filter((url) => !/^(http:\/\/127\.0\.0\.1:\d+\/|data:|blob:)/.test(url));
  expect(remote, "requests that left the machine").toEqual([]);
}

describe("the map of results and of a hotel", () => {
  it("switches List and Map in the address, pins the page's hotels with their prices, and highlights pin and card together", async () => {
    const { page, requests } = await mapPage({ enforceCsp: true });
    const problems: string[] = [];
    page.on("console", (message) => (message.type() === "error" ? problems.push(message.text()) : undefined));
    page.on("pageerror", (error) => problems.push(error.message));

    await page.goto(`/?destination=&${STAY}`);
    await page.getByText(/propert(y|ies) found/).waitFor();
    const view = page.getByRole("group", { name: "Show results as" });
    await expect.poll(() => view.getByRole("button", { name: "List" }).getAttribute("aria-pressed")).toBe("true");
    await view.getByRole("button", { name: "Map" }).click();
    await page.waitForURL(/view=map/);
    await expect.poll(() => view.getByRole("button", { name: "Map" }).getAttribute("aria-pressed")).toBe("true");

    const map = page.getByRole("region", { name: "Map of hotels in popular destinations", exact: true });
    await map.waitFor();
    const cards = await cardsOf(page);
    expect(cards.length).toBeGreaterThan(1);
    // One pin per hotel of this page, each showing the card's price, or a count bubble where pins would overlap.
    const pins = map.getByRole("button", { name: /, \$/ });
    await expect.poll(() => hotelsOnMap(map), { timeout: 15_000 }).toBe(cards.length);
    for (const label of await pins.evaluateAll((all) => all.map((pin) => pin.getAttribute("aria-label") ?? ""))) {
      const card = cards.find((c) => label === `${c.name}, ${c.price}`);
      expect(card, label).toBeDefined();
      expect(await map.getByRole("button", { name: label, exact: true }).innerText()).toBe(card!.price);
    }

    // The list is drawn left of the map, and Tab reaches the cards before the pins.
    const [listBox, mapBox] = await Promise.all([page.locator("article").first().boundingBox(), map.boundingBox()]);
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(mapBox!.x);
    await view.getByRole("button", { name: "Map" }).focus();
    let reached: string | null = null;
    for (let tab = 0; tab < 30 && reached === null; tab++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => {
        const focused = document.activeElement;
        if (focused?.closest("article")) return "card";
        return focused?.closest('[role="region"][aria-label^="Map of hotels"]') ? "map" : null;
      });
    }
    expect(reached).toBe("card");

    // A pin under the pointer highlights its card; focus on a card highlights its pin, or the bubble holding it.
    const first = cards[0]!;
    const second = cards[1]!;
    const firstPin = await revealPin(page, map, first);
    // Revealing may have clicked a count bubble: take the real pointer off the map, or the pin that
    // zoomed in under it stays hovered whatever has the focus.
    await page.mouse.move(0, 0);
    const secondCard = page.locator("article").filter({ has: page.getByRole("link", { name: second.name, exact: true }) });
    // Pins of one city overlap at this zoom, so the pointer comes onto this one by its event rather than by a position.
    await firstPin.dispatchEvent("mouseover");
    await expect
      .poll(() =>
        page
          .locator("article")
          .filter({ has: page.getByRole("link", { name: first.name, exact: true }) })
          .getAttribute("data-highlighted"),
      )
      .toBe("true");
    await firstPin.dispatchEvent("mouseout");
    await secondCard.getByRole("link", { name: second.name, exact: true }).focus();
    const highlighted = map.locator('button[data-highlighted="true"]:visible');
    // The first pin's highlight goes with its mouseout a frame later: wait for the second's to be the one.
    await expect
      .poll(async () => ((await highlighted.count()) === 1 ? await highlighted.getAttribute("aria-label") : null))
      .toMatch(new RegExp(`^(${second.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, |\\d+ hotels here \\()`));
    expect(await firstPin.getAttribute("data-highlighted")).toBeNull();

    // The pins are reached with the keyboard; Enter opens the small card, whose link opens the hotel.
    await firstPin.focus();
    await page.keyboard.press("Enter");
    const popupLink = map.getByRole("link", { name: "View hotel" });
    await popupLink.waitFor();
    expect(await firstPin.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => map.locator(".maplibregl-popup").innerText()).toContain(first.name);

    // The next page brings its own hotels' pins.
    const next = page.getByRole("button", { name: "Next" });
    if (await next.isEnabled()) {
      await next.click();
      await page.waitForURL(/page=2/);
      expect(page.url()).toContain("view=map");
      await expect.poll(async () => (await cardsOf(page))[0]?.name, { timeout: 15_000 }).not.toBe(first.name);
      const pageTwo = await cardsOf(page);
      await expect.poll(() => hotelsOnMap(map), { timeout: 15_000 }).toBe(pageTwo.length);
      await revealPin(page, map, pageTwo[0]!);
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes("page=2"));
    }

    await (await revealPin(page, map, first)).focus();
    await page.keyboard.press("Enter");
    await map.getByRole("link", { name: "View hotel" }).click();
    await page.waitForURL(/\/hotel\//);
    await page.getByRole("heading", { level: 1, name: first.name }).waitFor();
    await page.goBack();
    await page.waitForURL(/view=map/);

    // Back to the list: the address forgets the map, the cards stay.
    await page.getByRole("group", { name: "Show results as" }).getByRole("button", { name: "List" }).click();
    await page.waitForURL((url) => !url.search.includes("view="));
    await expect.poll(() => page.getByRole("region", { name: /^Map of hotels/ }).count()).toBe(0);
    expect((await cardsOf(page)).length).toBe(cards.length);

    expect(requests).toContain(styleUrl);
    expectOnlyLocalRequests(requests);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await page.context().close();
  });

  it("gathers pins that would overlap at 390 px into count bubbles, which zoom in on a click or Enter, focus following", async () => {
    const { page } = await mapPage({ width: 390 });
    await page.goto(`/?destination=&view=map&${STAY}`);
    const map = page.getByRole("region", { name: "Map of hotels in popular destinations", exact: true });
    await page.locator("article").first().waitFor();
    const cards = await cardsOf(page);
    await map.getByRole("button").first().waitFor();
    // The page's hotels are in six cities: at the zoom that shows them all, a city's pins are one bubble.
    const bubbles = map.getByRole("button", { name: /^\d+ hotels? here/ });
    await expect.poll(() => bubbles.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => hotelsOnMap(map), { timeout: 15_000 }).toBe(cards.length);
    // No two things on the map overlap.
    const boxes = await map.locator(".maplibregl-marker").evaluateAll((markers) =>
      markers
        .filter((m) => (m as HTMLElement).style.display !== "none")
        .map((m) => {
          const r = (m.firstElementChild ?? m).getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
    );
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, JSON.stringify([a, b])).toBe(true);
      }

    // Enter on the biggest bubble zooms in and puts focus on what it split into; the map still holds every hotel.
    const sizes = await bubbles.allInnerTexts();
    const biggest = bubbles.nth(sizes.indexOf(String(Math.max(...sizes.map(Number)))));
    const names = await biggest.getAttribute("aria-label");
    await biggest.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(
        () =>
          page.evaluate(
            (before) =>
              document.activeElement?.tagName === "BUTTON" &&
              document.activeElement.closest(".maplibregl-marker") !== null &&
              document.activeElement.getAttribute("aria-label") !== before,
            names,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect.poll(() => hotelsOnMap(map), { timeout: 15_000 }).toBe(cards.length);
    await expectAccessible(page);
    await page.context().close();
  });

  it("passes axe with its pins, and shows the hotel's location with one pin on the hotel page (phone width)", async () => {
    const { page, requests } = await mapPage({ width: 390 });
    await page.goto(`/?destination=&view=map&${STAY}`);
    const resultsMap = page.getByRole("region", { name: "Map of hotels in popular destinations", exact: true });
    await resultsMap.getByRole("button").first().waitFor();
    // A narrow screen draws the map above the list.
    const [mapBox, listBox] = await Promise.all([resultsMap.boundingBox(), page.locator("article").first().boundingBox()]);
    expect(mapBox!.y + mapBox!.height).toBeLessThanOrEqual(listBox!.y);
    await expectAccessible(page);
    const first = (await page.locator("article h3").first().innerText()).trim();
    await page.getByRole("link", { name: first, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: first }).waitFor();
    const location = page.getByRole("region", { name: "Location" });
    await location.scrollIntoViewIfNeeded();
    const map = location.getByRole("region", { name: `Map showing where ${first} is`, exact: true });
    await map.waitFor();
    await map.getByRole("img", { name: first, exact: true }).waitFor();
    expect(await map.getByRole("button", { name: /, \$/ }).count()).toBe(0);
    await expectAccessible(page);
    expectOnlyLocalRequests(requests);
    await page.context().close();
  });

  it("says the map is unavailable when the style answers an error, and the list and the hotel page still work", async () => {
    const { page } = await mapPage();
    await page.route(styleUrl, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "maintenance" }));
    await page.goto(`/?destination=&view=map&${STAY}`);
    await page.getByText("Map unavailable").waitFor();
    expect(await page.getByRole("region", { name: /^Map of hotels/ }).count()).toBe(0);
    const cards = await cardsOf(page);
    expect(cards.length).toBeGreaterThan(0);
    await expectAccessible(page);

    // The list still works: sorting re-orders it and a card opens its hotel, whose location map says the same.
    // The cards are read once the price-sorted list has replaced the previous one, which stays
    // (dimmed, aria-busy) until it arrives: a card read before could be re-rendered under the click.
    await Promise.all([
      page.waitForResponse((res) => res.url().includes("/api/hotels/search") && res.url().includes("sort=price")),
      page.getByRole("combobox", { name: "Sort by" }).selectOption("price"),
    ]);
    await page.waitForURL(/sort=price/);
    await waitUntilNotBusy(page);
    await page.getByText("Map unavailable").waitFor();
    const sorted = await cardsOf(page);
    const name = sorted[0]!.name;
    await page.getByRole("link", { name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
    await page.getByRole("region", { name: "Location" }).getByText("Map unavailable").waitFor();
    await page.context().close();
  });

  it("says the map is unavailable when the browser has no WebGL", async () => {
    const { page } = await mapPage();
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        return /webgl/i.test(type) ? null : (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto(`/?destination=&view=map&${STAY}`);
    await page.getByText("Map unavailable").waitFor();
    expect((await cardsOf(page)).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
