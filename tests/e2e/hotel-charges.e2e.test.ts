import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";
import { createManagedHotel, json } from "./hotelier-setup.ts";
import { screenshot } from "./screenshot.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A new hidden hotel managed by a new manager (set up through the API as the admin would). */
const hotelWithManager = (stamp: number) =>
  createManagedHotel(browser, {
    hotel: {
      name: `Tax Harbour ${stamp}`,
      address: "5 Rua Augusta",
      city: "Lisbon",
      country: "Portugal",
      lat: 38.7103,
      lng: -9.1427,
      starRating: 4,
    },
    manager: { name: "Tess Taxman", email: `charges-manager-${stamp}@example.com`, password: "charges-pass-1" },
  });

interface Settings {
  settings: {
    vat: { name: string; rateBasisPoints: number; included: boolean } | null;
    cityTax: { amountCents: number; childrenExemptUnderAge: number | null; maxNights: number | null } | null;
  };
}

describe("a manager sets the hotel's taxes and extras", () => {
  it("is told a rate over 100 % is wrong, saves 6 % VAT included and a city tax, and adds, changes, takes off sale and deletes an extra after confirming", async () => {
    const stamp = Date.now();
    const { hotelId, managerEmail, password } = await hotelWithManager(stamp);
    const page = await newPage(browser);
    await signInAs(page, managerEmail, password);
    await page.goto(`/admin/hotels/${hotelId}`);
    await page.getByRole("link", { name: "Taxes and fees" }).click();
    await page.getByRole("heading", { name: "Taxes and fees", level: 1 }).waitFor();

    await page.getByRole("checkbox", { name: "Charge VAT or sales tax" }).check();
    await page.getByLabel("Tax name").fill("IVA");
    await page.getByLabel("Rate (%)", { exact: true }).fill("150");
    await page.getByRole("button", { name: "Save taxes and fees" }).click();
    await page.getByText("VAT rate must be between 0 and 100 %").waitFor();
    const unsaved = await json<Settings>(await page.request.get(`/api/properties/hotels/${hotelId}/tax-settings`));
    expect(unsaved.settings.vat).toBeNull();

    await page.getByLabel("Rate (%)", { exact: true }).fill("6");
    await expect.poll(() => page.getByLabel("Prices", { exact: true }).inputValue()).toBe("included");
    await page.getByRole("checkbox", { name: "Charge a city tax" }).check();
    await page.getByLabel("Amount per person per night (USD)").fill("2");
    await page.getByLabel("Children exempt under age (optional)").fill("13");
    await page.getByLabel("Taxed nights at most (optional)").fill("7");
    await page.getByRole("button", { name: "Save taxes and fees" }).click();
    await page.getByText("Taxes and fees saved").waitFor();
    const saved = await json<Settings>(await page.request.get(`/api/properties/hotels/${hotelId}/tax-settings`));
    expect(saved.settings.vat).toEqual({ name: "IVA", rateBasisPoints: 600, included: true });
    expect(saved.settings.cityTax).toMatchObject({ amountCents: 200, childrenExemptUnderAge: 13, maxNights: 7 });
    await screenshot(page, "taxes-and-fees-1280");
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Save taxes and fees" }).waitFor();
    await screenshot(page, "taxes-and-fees-390");
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/admin/hotels/${hotelId}`);
    await page.getByRole("link", { name: "Extras", exact: true }).click();
    await page.getByRole("heading", { name: "Extras", level: 1 }).waitFor();
    await page.getByText("No extras yet").waitFor();
    await page.getByRole("button", { name: "Add extra" }).click();
    let dialog = page.getByRole("dialog", { name: "Add extra" });
    await dialog.getByLabel("Name").fill("Breakfast buffet");
    await dialog.getByLabel("Price (USD)").fill("0");
    await dialog.getByRole("button", { name: "Add extra" }).click();
    await dialog.getByText("Price must be greater than 0").waitFor();
    await dialog.getByLabel("Price (USD)").fill("12.50");
    await dialog.getByRole("button", { name: "Add extra" }).click();
    await page.getByText("Breakfast buffet added").waitFor();
    await dialog.waitFor({ state: "detached" });
    const extras = page.getByRole("list", { name: "Extras" });
    await extras.getByText(/Breakfast · \$12\.50 per person per night/).waitFor();

    await page.getByRole("button", { name: "Edit Breakfast buffet" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Breakfast buffet" });
    await dialog.getByLabel("Price (USD)").fill("14");
    await dialog.getByRole("button", { name: "Save extra" }).click();
    await page.getByText("Breakfast buffet saved").waitFor();
    await extras.getByText(/\$14(\.00)? per person per night/).waitFor();

    await page.getByRole("button", { name: "Take off sale: Breakfast buffet" }).click();
    await extras.getByText("Off sale").waitFor();
    await screenshot(page, "extras-1280");
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "extras-390");
    await expectAccessible(page);

    // Deleting asks first: Cancel keeps it.
    await page.getByRole("button", { name: "Delete Breakfast buffet" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Breakfast buffet?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => extras.getByRole("listitem").count()).toBe(1);
    await page.getByRole("button", { name: "Delete Breakfast buffet" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete extra" }).click();
    await page.getByText("Breakfast buffet deleted").waitFor();
    await page.getByText("No extras yet").waitFor();
    const left = await json<{ extras: unknown[] }>(await page.request.get(`/api/properties/hotels/${hotelId}/extras`));
    expect(left.extras).toEqual([]);
  });
});
