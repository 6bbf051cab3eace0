import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

/** Where to write screenshots of the pages, to look at them; none when unset. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(() => browser?.close());

describe("imported calendars in the back office", () => {
  for (const width of [390, 1280]) {
    it(`adds a calendar from the hotel page, refuses a private address, syncs it, shows the error in its log and edits it (${width} px)`, async () => {
      const page = await newPage(browser, width);
      await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
      await page.goto("/admin/hotels/1");
      await page.getByRole("link", { name: "Imported calendars" }).click();
      await page.getByRole("heading", { name: "Imported calendars", level: 1 }).waitFor();
      const name = `Airbnb ${width}`;
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Calendar address (iCal)").fill("https://192.168.1.20/calendar.ics");
      await page.getByRole("button", { name: "Add calendar" }).click();
      await page.getByText(/This address cannot be imported/).waitFor();
      // A public name that does not resolve: added, then its sync fails and says why, changing nothing.
      await page.getByLabel("Calendar address (iCal)").fill(`https://calendar-${width}.invalid/ical/listing.ics`);
      await page.getByRole("button", { name: "Add calendar" }).click();
      const card = page.getByRole("article", { name });
      await card.getByRole("button", { name: "Sync now" }).click();
      await card.getByText("Error", { exact: true }).waitFor();
      await card.getByRole("button", { name: "Sync log" }).click();
      // No such host: unreachable (or, on a machine whose resolver never answers, the deadline).
      await card
        .getByText(/could not be reached|did not answer within/)
        .first()
        .waitFor();
      // Edit the feed in place: a private address is refused in words and nothing changes; then a new name, address and interval are saved.
      await card.getByRole("button", { name: "Edit" }).click();
      const renamed = `${name} (VRBO)`;
      await card.getByLabel("Name", { exact: true }).fill(renamed);
      await card.getByLabel("Fetch every (minutes)").fill("30");
      await card.getByLabel("Calendar address (iCal)").fill("https://10.0.0.7/calendar.ics");
      await card.getByRole("button", { name: "Save" }).click();
      await card.getByText(/This address cannot be imported/).waitFor();
      await expectAccessible(page);
      await card.getByLabel("Calendar address (iCal)").fill(`https://vrbo-${width}.invalid/ical/listing.ics`);
      await card.getByRole("button", { name: "Save" }).click();
      const edited = page.getByRole("article", { name: renamed });
      await edited.getByText(`https://vrbo-${width}.invalid/ical/listing.ics`).waitFor();
      await edited.getByText(/Every 30 minutes\./).waitFor();
      await edited.getByRole("form", { name: "Edit calendar" }).waitFor({ state: "detached" });
      await expectAccessible(page);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `calendar-imports-${width}.png`), fullPage: true });
      await edited.getByRole("button", { name: "Remove" }).click();
      await page.getByRole("button", { name: "Remove calendar" }).click();
      await page.getByRole("heading", { name: renamed, level: 3 }).waitFor({ state: "detached" });
      await page.context().close();
    });
  }
});
