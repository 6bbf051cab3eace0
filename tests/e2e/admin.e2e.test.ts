import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Our own hotels have numeric ids; the supplier's (once partner-booking.e2e activates it) start with wh-. */
function inventoryHotel(hotels: { id: string }[]): { id: string } {
  return hotels.find((h) => /^\d+$/.test(h.id))!;
}

describe("the back office in the browser", () => {
  it("shows computed figures, changes a status, refunds, exports CSV, promotes a user, and logs it all", async () => {
    const guestPage = await newPage(browser);
    // A paid booking to manage, made through the public API like a guest would.
    const stamp = Date.now();
    const hotels = (await (await guestPage.request.get(`/api/hotels/search?destination=Dubai&checkIn=${addDays(todayUtc(), 40)}&checkOut=${addDays(todayUtc(), 42)}`)).json()) as { hotels: { id: string }[] };
    const detail = (await (await guestPage.request.get(`/api/hotels/${inventoryHotel(hotels.hotels).id}?checkIn=${addDays(todayUtc(), 40)}&checkOut=${addDays(todayUtc(), 42)}`)).json()) as { rooms: { id: string; bookable: boolean }[] };
    const room = detail.rooms.find((r) => r.bookable)!;
    const hold = (await (
      await guestPage.request.post("/api/bookings", {
        data: { hotelId: inventoryHotel(hotels.hotels).id, roomTypeId: room.id, checkIn: addDays(todayUtc(), 40), checkOut: addDays(todayUtc(), 42), guests: 2, rooms: 1, guestName: `Admin Test ${stamp}`, guestEmail: `admin-test-${stamp}@example.com`, guestPhone: "+1 555 0100" },
      })
    ).json()) as { booking: { id: string; bookingReference: string }; payment: { paymentId: string; clientSecret: string } };
    await guestPage.request.post(`/api/simulated-payments/${hold.payment.paymentId}/confirm`, {
      data: { clientSecret: hold.payment.clientSecret, returnUrl: "/booking-success", card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" } },
    });
    await guestPage.request.post(`/api/bookings/${hold.booking.id}/confirm-payment`, { data: { paymentId: hold.payment.paymentId } });
    const reference = hold.booking.bookingReference;
    const promotedEmail = `promote-${stamp}@example.com`;
    await guestPage.request.post("/api/auth/sign-up/email", { data: { name: "Future Admin", email: promotedEmail, password: "secret123" } });

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

    await page.getByRole("button", { name: `Refund booking ${reference}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue refund" }).click();
    await page.getByRole("row").filter({ hasText: reference }).getByText("refunded").waitFor();

    await page.goto("/admin/users");
    await page.getByLabel("Search users").fill(promotedEmail);
    await page.getByRole("button", { name: `Promote ${promotedEmail}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Promote" }).or(page.getByRole("alertdialog").getByRole("button", { name: "Promote" })).click();
    await page.getByText("User promoted to admin").waitFor();
    await expectAccessible(page);

    const promoted = await newPage(browser);
    await signInAs(promoted, promotedEmail, "secret123");
    await promoted.goto("/admin");
    await promoted.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await promoted.context().close();

    await page.goto("/admin/activity");
    await page.getByLabel("Search").fill(promotedEmail);
    await page.locator("td, li").filter({ hasText: /user.role.changed/i }).first().waitFor();
    await expectAccessible(page);

    expect(page.url().startsWith(baseUrl)).toBe(true);
    await page.context().close();
    await guestPage.context().close();
  });
});
