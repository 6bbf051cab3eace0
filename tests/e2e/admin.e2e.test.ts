import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookAndPayThroughApi, expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the back office in the browser", () => {
  it("shows computed figures, changes a status, refunds, exports CSV, promotes a user, and logs it all", async () => {
    const guestPage = await newPage(browser);
    // Paid bookings to manage, made through the public API like a guest would.
    const stamp = Date.now();
    function paidBooking(checkInDays: number): Promise<string> {
      return bookAndPayThroughApi(guestPage, {
        destination: "Dubai",
        checkIn: addDays(todayUtc(), checkInDays),
        guestName: `Admin Test ${stamp}`,
        guestEmail: `admin-test-${stamp}@example.com`,
        guestPhone: "+1 555 0100",
      });
    }
    const reference = await paidBooking(40);
    // More to refund one after the other: every refund must say so, although its row's dialog unmounts.
    const moreReferences = [await paidBooking(44), await paidBooking(48), await paidBooking(52)];
    const promotedEmail = `promote-${stamp}@example.com`;
    await guestPage.request.post("/api/auth/sign-up/email", {
      data: { name: "Future Admin", email: promotedEmail, password: "secret123" },
    });

    const page = await newPage(browser);
    await signInAs(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("heading", { name: "Total Revenue" }).waitFor();
    await page.getByText(reference).first().waitFor();
    await expectAccessible(page);

    await page.getByLabel(`Status of booking ${reference}`).selectOption("pending");
    await page.getByText("Booking status updated").waitFor();
    await page.getByLabel(`Status of booking ${reference}`).selectOption("confirmed");

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe(`bookings-${todayUtc()}.csv`);
    const text = readFileSync((await csv.path())!, "utf8");
    expect(text.split(/\r?\n/)[0]).toBe("Reference,Guest,Email,Room,Check-in,Check-out,Total,Status");
    expect(text).toContain(reference);

    for (const refunded of [reference, ...moreReferences]) {
      await page.getByRole("button", { name: `Refund booking ${refunded}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Issue refund" }).click();
      await page.getByRole("row").filter({ hasText: refunded }).getByText("refunded", { exact: true }).waitFor();
      const toast = page
        .getByRole("listitem")
        .filter({ hasText: "Refund Processed" })
        .filter({ hasText: "Booking cancelled and refund issued" });
      await toast.first().waitFor();
      // Gone before the next refund, so the next toast seen is the next refund's own. Closed from
      // inside the page, not by Playwright's click: that waits for the sliding toast to stand still,
      // and with the machine busy the toast's own 5 s timer closed it first, leaving nothing to click.
      await page.evaluate(() =>
        document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] button[aria-label="Close toast"]').forEach((b) => b.click()),
      );
      await toast.first().waitFor({ state: "detached" });
    }

    // Occupancy: a window and one hotel, with the room-nights beside the percentage.
    await page.getByLabel("Window").selectOption("7");
    await page.getByText("Room-nights available").waitFor();
    await page.getByLabel("Hotel", { exact: true }).fill("Dubai");
    await page.getByRole("list", { name: "Matching hotels" }).getByRole("button").first().click();
    await page.getByRole("button", { name: "All hotels" }).waitFor();
    await expectAccessible(page);

    await page.goto("/admin/users");
    await page.getByLabel("Search users").fill(promotedEmail);
    await page.getByRole("button", { name: `Promote ${promotedEmail}` }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "Promote" })
      .or(page.getByRole("alertdialog").getByRole("button", { name: "Promote" }))
      .click();
    await page.getByText("User promoted to admin").waitFor();
    await expectAccessible(page);

    const promoted = await newPage(browser);
    await signInAs(promoted, promotedEmail, "secret123");
    await promoted.goto("/admin");
    await promoted.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await promoted.context().close();

    await page.goto("/admin/activity");
    await page.getByLabel("Search").fill(promotedEmail);
    await page.locator("td, li").filter({ hasText: "Role changed" }).first().waitFor();
    await page.getByLabel("Action type").selectOption({ label: "Role changed" });
    await page.locator("td, li").filter({ hasText: "Role changed" }).first().waitFor();
    await expectAccessible(page);

    expect(page.url().startsWith(baseUrl)).toBe(true);
    await page.context().close();
    await guestPage.context().close();
  });
});
