import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("hotels in the back office", () => {
  it("an admin creates a hotel with a photo and a room type, shows it, and a traveller finds it in search", async () => {
    const name = `Aurelian Quay ${Date.now()}`;
    const page = await newPage(browser);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin/hotels");
    await page.getByRole("heading", { name: "Hotels" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add hotel" }).click();
    await page.getByRole("heading", { name: "Add hotel" }).waitFor();

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Address").fill("3 Rua do Cais");
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/properties/destination-choices?q=Lisbon")),
      page.getByLabel("City (from the destination list)").fill("Lisbon, Portugal"),
    ]);
    await page.getByLabel("Latitude").fill("38.7075");
    await page.getByLabel("Longitude").fill("-9.1365");
    await page.getByRole("checkbox", { name: "Free WiFi" }).check();
    await page.getByRole("button", { name: "Add hotel" }).click();
    await page.getByRole("heading", { name }).waitFor();

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 110, b: 160 } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(`Upload photos of ${name}`).setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("img", { name: `Photo 1 of ${name}` }).waitFor();

    await page.getByRole("button", { name: "Add room type" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Room name").fill("Quay Double");
    await dialog.getByLabel("Room description").fill("A double room over the river.");
    await dialog.getByLabel("Price per night (USD)").fill("180");
    await dialog.getByRole("button", { name: "Add room type" }).click();
    await page.getByRole("heading", { name: "Quay Double" }).waitFor();

    await page.getByRole("checkbox", { name: /Hidden from travellers/ }).uncheck();
    await page.getByRole("button", { name: "Save hotel" }).click();
    await page.getByText("Visible to travellers").waitFor();
    await expectAccessible(page);

    const traveller = await newPage(browser);
    await traveller.goto(`/?destination=${encodeURIComponent(name)}`);
    await traveller.getByRole("heading", { name }).first().waitFor();
  });
});
