import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { todayLocal } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

/** Where to write a full-page screenshot of every page and width, to look at them; none when unset. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** Hotel 1 is in the demo chain: it has room types, a season of rates, and guests arriving and leaving today. */
const HOTEL = 1;

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: "hotels", path: "/admin/hotels", ready: (p) => p.getByRole("list", { name: "Hotels" }).waitFor() },
  { name: "hotel-edit", path: `/admin/hotels/${HOTEL}`, ready: (p) => p.getByRole("list", { name: "Room types" }).waitFor() },
  { name: "calendar", path: `/admin/hotels/${HOTEL}/calendar`, ready: (p) => p.getByRole("grid").waitFor() },
  { name: "front-desk", path: `/admin/hotels/${HOTEL}/front-desk`, ready: (p) => p.getByRole("heading", { name: /^Arrivals/ }).waitFor() },
  { name: "reports", path: `/admin/hotels/${HOTEL}/reports`, ready: (p) => p.getByRole("heading", { name: "By room type" }).waitFor() },
  {
    name: "ical",
    path: `/admin/hotels/${HOTEL}/ical`,
    ready: (p) =>
      p
        .getByRole("button", { name: /Create link|New link/ })
        .first()
        .waitFor(),
  },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(() => browser?.close());

/** Elements wider than the viewport that are not inside a horizontal scroller: what a phone user would have to pan to see. */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1) continue;
      let scroller = el.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX !== "auto" && getComputedStyle(scroller).overflowX !== "scroll") {
        scroller = scroller.parentElement;
      }
      if (scroller || getComputedStyle(el).position === "fixed") continue;
      found.push(
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(rect.right)}`,
      );
    }
    return found;
  });
}

describe("the property pages on a phone and a desktop", () => {
  for (const width of [390, 1280]) {
    it(`lays out every property page at ${width} px with nothing to pan sideways and no accessibility violation`, async () => {
      const page = await newPage(browser, width);
      await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
      for (const target of PAGES) {
        await page.goto(target.path);
        await target.ready(page);
        expect(await overflowingElements(page), `${target.path} at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target.path} at ${width} px`).toBe(width);
        await expectAccessible(page);
        if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${target.name}-${width}.png`), fullPage: true });
      }
      await page.context().close();
    });
  }
});

describe("the rates calendar from the keyboard", () => {
  it("moves between nights and room types with the arrow keys and picks a night for the range editor with Enter", async () => {
    const page = await newPage(browser, 390);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`/admin/hotels/${HOTEL}/calendar`);
    const grid = page.getByRole("grid");
    await grid.waitFor();
    const rows = await grid.getByRole("rowheader").allInnerTexts();
    expect(rows.length).toBeGreaterThan(1);
    const secondRoomType = rows[1]!.split("\n")[0]!;

    // One tab stop for the whole grid (roving tabindex); the arrow keys do the rest.
    const cells = grid.getByRole("gridcell");
    expect(await cells.evaluateAll((all) => all.filter((c) => c.getAttribute("tabindex") === "0").length)).toBe(1);
    // The month holding today opens on today: Tab from the month buttons lands there.
    await page.getByRole("button", { name: "Next month" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(
      new RegExp(`^${rows[0]!.split("\n")[0]!}, ${todayLocal()}`),
    );
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    const night = /(\d{4}-\d{2}-\d{2})/.exec(focused)?.[1];
    expect(focused.startsWith(`${secondRoomType}, `)).toBe(true);
    expect(night).toBeDefined();
    // The focused cell is in view, not under the sticky room type column.
    const box = await page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON() as DOMRect);
    const header = await grid.getByRole("rowheader").nth(1).boundingBox();
    expect(box.left).toBeGreaterThanOrEqual(header!.x + header!.width - 1);
    expect(box.right).toBeLessThanOrEqual(390);

    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(
      new RegExp(`^${secondRoomType}, \\d{4}-\\d{2}-(28|29|30|31)`),
    );
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const picked = /^[^,]+, (\d{4}-\d{2}-\d{2})/.exec(await page.evaluate(() => document.activeElement?.textContent ?? ""))?.[1];
    expect(picked).toMatch(/-03$/);
    await page.keyboard.press("Enter");
    const editor = page.getByRole("form", { name: "Change a range of dates" });
    await expect.poll(() => editor.getByLabel("First night").inputValue()).toBe(picked);
    expect(await editor.getByLabel("Last night").inputValue()).toBe(picked);
    expect(await editor.getByRole("checkbox", { name: secondRoomType, exact: true }).isChecked()).toBe(true);
    expect(await editor.getByRole("checkbox", { checked: true }).count()).toBe(1 + 7);

    // Another month opens at its first night and scrolled to its start, not where this one was left.
    const [year, month] = todayLocal().split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    await page.getByRole("button", { name: "Next month" }).click();
    await expect.poll(() => grid.getByRole("gridcell").first().textContent()).toContain(`${next}-01`);
    expect(await grid.evaluate((table) => table.parentElement!.scrollLeft)).toBe(0);
    await page.getByRole("button", { name: "Next month" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(
      new RegExp(`^${rows[0]!.split("\n")[0]!}, ${next}-01`),
    );
    await page.context().close();
  });
});

describe("the rates calendar's range editor", () => {
  it("starts the next range from 'No change' after applying one, so a closing does not follow into the next range", async () => {
    const page = await newPage(browser, 390);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`/admin/hotels/${HOTEL}/calendar`);
    await page.getByRole("grid").waitFor();
    // Months ahead that no other test books: close the 28th and 29th, then a 3-night minimum from the 7th to the 13th.
    const [year, month] = todayLocal().split("-").map(Number) as [number, number];
    const monthAhead = (by: number) => new Date(Date.UTC(year, month - 1 + by, 1)).toISOString().slice(0, 7);
    const closing = monthAhead(8);
    const minimum = monthAhead(9);
    const editor = page.getByRole("form", { name: "Change a range of dates" });
    async function apply() {
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/hotels/${HOTEL}/calendar`) && r.request().method() === "POST"),
        editor.getByRole("button", { name: "Apply to the range" }).click(),
      ]);
      expect(res.status()).toBe(200);
    }
    await editor.getByLabel("First night").fill(`${closing}-28`);
    await editor.getByLabel("Last night").fill(`${closing}-29`);
    await editor.getByLabel("Open or closed").selectOption("closed");
    await apply();
    // Every value is back to "No change" for the next range.
    await expect.poll(() => editor.getByLabel("Open or closed").inputValue()).toBe("keep");
    expect(await editor.getByLabel("Minimum stay (nights)").inputValue()).toBe("");

    await editor.getByLabel("First night").fill(`${minimum}-07`);
    await editor.getByLabel("Last night").fill(`${minimum}-13`);
    await editor.getByLabel("Minimum stay (nights)").fill("3");
    await apply();

    async function nights(month: string) {
      const res = await page.request.get(`/api/properties/hotels/${HOTEL}/calendar?month=${month}`);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { roomTypes: { nights: { night: string; closed: boolean; minStay: number }[] }[] };
      return body.roomTypes.flatMap((r) => r.nights);
    }
    const second = (await nights(minimum)).filter((n) => n.night >= `${minimum}-07` && n.night <= `${minimum}-13`);
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((n) => n.minStay === 3 && !n.closed)).toBe(true);
    const first = (await nights(closing)).filter((n) => n.night === `${closing}-28` || n.night === `${closing}-29`);
    expect(first.every((n) => n.closed && n.minStay === 1)).toBe(true);
    await page.context().close();
  });
});
