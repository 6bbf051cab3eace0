import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectAccessible, launchBrowser } from "./browser.ts";
import { openHotelSection } from "./hotelier-setup.ts";

/** Where to write screenshots of the pages, to look at them; none when unset. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(() => browser?.close());

describe("webhooks and channel API keys in the back office", () => {
  it("registers a hotel's endpoint from its hotel page, shows the secret once and an empty delivery log", async () => {
    const page = await openHotelSection(browser, 390, "Webhooks");
    await page.getByText("No webhook endpoints").waitFor();
    await page.getByLabel("Address (https://)").fill("https://hooks.example.com/staywise");
    await page.getByRole("checkbox", { name: /Review published/ }).click();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByLabel("Signing secret (shown only now)").waitFor();
    await page.getByRole("heading", { name: "https://hooks.example.com/staywise" }).waitFor();
    await page.getByRole("button", { name: "Show deliveries" }).click();
    await page.getByText("No deliveries yet.").waitFor();
    await expectAccessible(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "webhooks-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Turn off" }).click();
    await page.getByRole("button", { name: "Turn on" }).waitFor();
    await page.context().close();
  });

  it("creates a read-only channel API key, shown once, and revokes it", async () => {
    const page = await openHotelSection(browser, 1280, "Channel API keys");
    await page.getByText("No API keys").waitFor();
    await page.getByLabel("Name").fill("E2E channel manager");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByLabel("API key (shown only now)").waitFor();
    await page.getByText("E2E channel manager").waitFor();
    await page.getByText("Never used").waitFor();
    await expectAccessible(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "channel-keys-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("Revoked", { exact: true }).waitFor();
    await page.context().close();
  });
});
