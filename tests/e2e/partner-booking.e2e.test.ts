import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

// The wholesaler path end to end: an admin points TEST at the app's built-in sandbox, and a
// traveller books partner rooms. Sandbox hooks: hotels whose id ends in 3 cost 5 % more at the
// price check than in the search.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const checkIn = addDays(todayUtc(), 30);
const checkOut = addDays(todayUtc(), 32);

async function bookPartnerRoom(page: Page, hotelId: string, lastName: string): Promise<{ dialog: ReturnType<Page["getByRole"]> }> {
  await page.goto(`/hotel/${hotelId}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`);
  await page.getByRole("heading", { name: "Available Rooms" }).waitFor();
  await page.getByText("Available for your stay").first().waitFor();
  await page.getByRole("button", { name: "Book Now" }).first().click();
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.waitFor();
  await dialog.getByLabel("Full Name").fill(`Pat ${lastName}`);
  await dialog.getByLabel("Email").fill(`pat-${lastName.toLowerCase()}-${Date.now()}@example.com`);
  await dialog.getByLabel("Phone").fill("+971 4 000 0000");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  return { dialog };
}

async function pay(page: Page): Promise<string> {
  const payment = page.getByRole("dialog", { name: "Complete Payment" });
  await payment.waitFor();
  await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
  await payment.getByLabel("Expiry date").fill("12/34");
  await payment.getByLabel("CVC").fill("123");
  await payment.getByRole("button", { name: /^Pay \$/ }).click();
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await confirmed.waitFor();
  return /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())![0];
}

describe("the wholesaler in the browser", () => {
  it("an admin activates TEST on the sandbox, tests it and runs diagnostics; a traveller books partner rooms, accepting a raised price", async () => {
    const admin = await newPage(browser);
    await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
    const sandbox = (await (await admin.request.get("/api/admin/supplier-sandbox")).json()) as {
      apiUrl: string;
      username: string;
      password: string;
    };
    await admin.goto("/admin/api-settings");
    await admin.getByRole("tab", { name: "TEST" }).click();
    await admin.getByLabel("API URL").fill(sandbox.apiUrl);
    await admin.getByLabel("Username").fill(sandbox.username);
    await admin.getByLabel("Password").fill(sandbox.password);
    await admin.getByRole("button", { name: "Save & Activate" }).click();
    await admin.getByText("TEST settings saved successfully!").waitFor();
    await admin.getByRole("button", { name: "Test Connection" }).click();
    await admin
      .getByText(/Connected/)
      .first()
      .waitFor();
    await expectAccessible(admin);

    await admin.goto("/admin/api-diagnostics");
    await admin.getByRole("button", { name: "Run diagnostics" }).click();
    await admin.getByText("Diagnostics completed").waitFor();
    const found = Number(await admin.getByText("Hotels found").locator("xpath=following-sibling::dd").innerText());
    expect(found).toBeGreaterThan(0);
    await expectAccessible(admin);

    // The traveller's search now lists partner hotels among ours.
    const page = await newPage(browser);
    await page.goto(`/?destination=Dubai&checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`);
    await page.locator('a[href^="/hotel/wh-"]').first().waitFor();

    // A steady price: straight to payment, and the supplier confirms.
    await bookPartnerRoom(page, "wh-98", "Lee");
    const first = await pay(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Done" }).click();

    // A raised price: the guest sees it and accepts before anything is held.
    const { dialog } = await bookPartnerRoom(page, "wh-43", "Kim");
    const notice = dialog.getByRole("alert").filter({ hasText: "The price has changed" });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/has gone up from \$[\d,.]+ to \$[\d,.]+ per night/);
    await expectAccessible(page);
    await notice.getByRole("button", { name: "Accept new price" }).click();
    const second = await pay(page);
    expect(second).not.toBe(first);

    // Both bookings are at the supplier under our references.
    await admin.goto("/admin");
    await admin.getByText(first).first().waitFor();
    await admin.getByText(second).first().waitFor();
    await admin.context().close();
    await page.context().close();
  });
});
