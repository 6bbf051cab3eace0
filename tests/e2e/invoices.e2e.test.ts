import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookAndPayThroughApi, expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInThroughApi } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pictures of the pages when E2E_SCREENSHOTS names a folder (looked at by hand, 390 px and 1280 px). */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe("invoices in the browser", () => {
  it("lets the guest download the invoice from My bookings and the hotel list it, export the ledger and set its legal details", async () => {
    const stamp = Date.now();
    const email = `invoice-guest-${stamp}@example.com`;
    const guest = await newPage(browser, 390);
    const signup = await guest.request.post("/api/auth/sign-up/email", { data: { name: "Ivy Invoice", email, password: "ivy-password" } });
    expect(signup.status()).toBe(200);
    await signInThroughApi(guest, email, "ivy-password");
    const reference = await bookAndPayThroughApi(guest, {
      destination: "Dubai",
      checkIn: addDays(todayUtc(), 35),
      guestName: "Ivy Invoice",
      guestEmail: email,
      guestPhone: "+1 555 0100",
    });

    await guest.goto("/my-bookings");
    const card = guest.getByRole("article").filter({ hasText: reference });
    const link = card.getByRole("link", { name: /^Download invoice H\d+-\d{6}$/ });
    await link.waitFor();
    const number = /H\d+-\d{6}/.exec((await link.getAttribute("aria-label")) ?? "")![0];
    const hotelId = /^H(\d+)-/.exec(number)![1]!;
    const [download] = await Promise.all([guest.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    await expectAccessible(guest);
    await screenshot(guest, "invoices-my-bookings-390");

    const staff = await newPage(browser, 1280);
    await signInThroughApi(staff, inject("adminEmail"), inject("adminPassword"));
    await staff.goto(`/admin/hotels/${hotelId}/invoices`);
    await staff.getByRole("heading", { name: "Invoices", exact: true }).waitFor();
    const row = staff.getByRole("row").filter({ hasText: reference });
    await row.getByText(number).waitFor();
    const [pdf] = await Promise.all([
      staff.waitForEvent("download"),
      row.getByRole("button", { name: `Download PDF of ${number}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
    const [csv] = await Promise.all([staff.waitForEvent("download"), staff.getByRole("button", { name: "Download ledger (CSV)" }).click()]);
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^invoices-hotel-${hotelId}-\\d{4}-\\d\\d\\.csv$`));

    await staff.getByLabel("Legal name").fill(`Invoice Test Hotels ${stamp} LLC`);
    await staff.getByLabel("Legal address").fill("1 Sheikh Zayed Road, Dubai, United Arab Emirates");
    await staff.getByLabel("Tax ID (optional)").first().fill("100123456700003");
    await staff.getByRole("button", { name: "Save legal details" }).click();
    await staff.getByText("Legal details saved").waitFor();

    await staff.getByLabel("Booking reference").fill(reference);
    await staff.getByRole("button", { name: "Find booking" }).click();
    await staff.getByText("The invoice has been issued, so its billing details can no longer change.").waitFor();
    await expectAccessible(staff);

    // A guest who pays at the hotel: the desk sets the billing details, then issues the invoice once.
    const detail = (await (await staff.request.get(`/api/properties/hotels/${hotelId}`)).json()) as {
      hotel: { roomTypes: { id: number }[] };
    };
    const phone = await staff.request.post(`/api/properties/hotels/${hotelId}/front-desk/phone-bookings`, {
      headers: sameOriginHeaders(),
      data: {
        guestName: "Desk Payer",
        guestEmail: `desk-payer-${stamp}@example.com`,
        guestPhone: "+1 555 0101",
        roomTypeId: String(detail.hotel.roomTypes[0]!.id),
        checkIn: addDays(todayUtc(), 45),
        checkOut: addDays(todayUtc(), 46),
        payment: "pay_at_hotel",
      },
    });
    expect(phone.status()).toBe(201);
    const { reference: deskReference } = (await phone.json()) as { reference: string };
    await staff.getByLabel("Booking reference").fill(deskReference);
    await staff.getByRole("button", { name: "Find booking" }).click();
    await staff.getByLabel("Company (optional)").fill("Desk Payer Trading");
    await staff.getByRole("button", { name: "Save billing details" }).click();
    await staff.getByText("Billing details saved").waitFor();
    await staff.getByRole("button", { name: "Issue invoice" }).click();
    await staff.getByText(/^Invoice H\d+-\d{6} issued$/).waitFor();
    await staff.getByRole("row").filter({ hasText: deskReference }).getByText("Desk Payer Trading").waitFor();
    await staff.getByText("The invoice has been issued, so its billing details can no longer change.").waitFor();
    await screenshot(staff, "invoices-hotel-1280");
    await staff.setViewportSize({ width: 390, height: 900 });
    // The table scrolls sideways inside its card; the page itself never gets wider than the phone.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(staff, "invoices-hotel-390");
  });
});
