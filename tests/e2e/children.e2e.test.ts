import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Detail = { childPolicy: { freeUnderAge: number; childRateCents: number } | null; rooms: { bookable: boolean }[] };

describe("children in the browser", () => {
  it("picks a child aged 4 and one aged 10 at a hotel free under 6, shows the child charge, books, and My Bookings shows them", async () => {
    const page = await newPage(browser);
    const email = `family-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Fay Family", email, password: "secret123" } })).status(),
    ).toBe(200);
    await signInThroughApi(page, email, "secret123");

    const checkIn = addDays(todayUtc(), 24);
    const checkOut = addDays(checkIn, 2);
    const stay = `checkIn=${checkIn}&checkOut=${checkOut}`;
    // A demo hotel whose rule is free under 6 with a child rate, with a room for the family.
    const found = (await (await page.request.get(`/api/hotels/search?destination=Paris&${stay}&pageSize=50`)).json()) as {
      hotels: { id: string }[];
    };
    let hotelId: string | undefined;
    let rateCents = 0;
    for (const { id } of found.hotels.filter((h) => /^\d+$/.test(h.id))) {
      const detail = (await (await page.request.get(`/api/hotels/${id}?${stay}&guests=2&children=2&ages=4,10`)).json()) as Detail;
      if (detail.childPolicy?.freeUnderAge === 6 && detail.childPolicy.childRateCents > 0 && detail.rooms.some((r) => r.bookable)) {
        hotelId = id;
        rateCents = detail.childPolicy.childRateCents;
        break;
      }
    }
    expect(hotelId, "a Paris demo hotel free under 6 with a child rate").toBeDefined();

    // An old link (guests=) still opens, as adults.
    await page.goto(`/hotel/${hotelId}?${stay}&guests=2&rooms=1`);
    const picker = page.getByRole("button", { name: /Guests & Rooms/ });
    await picker.waitFor();
    await picker.getByText("2 adults · 1 room").waitFor();

    await picker.click();
    const panel = page.getByRole("group", { name: "Guests and rooms" });
    await panel.getByLabel("Children").selectOption("2");
    // Done without the ages says what is missing.
    await panel.getByRole("button", { name: "Done" }).click();
    await panel.getByText("Choose the age of each child").waitFor();
    await panel.getByLabel("Age of child 1").selectOption("4");
    await panel.getByLabel("Age of child 2").selectOption("10");
    await expectAccessible(page);
    // The rooms are priced again for four people; wait for that answer before choosing one,
    // or a room that is too small could still look bookable for a moment.
    const repriced = page.waitForResponse((r) => r.url().includes(`/api/hotels/${hotelId}?`) && r.url().includes("children=2"));
    await panel.getByRole("button", { name: "Done" }).click();
    await repriced;
    await page.locator('[aria-busy="true"]').waitFor({ state: "hidden" });
    await page.waitForURL(/adults=2.*children=2.*ages=4%2C10|adults=2.*children=2.*ages=4,10/);
    await picker.getByText("2 adults · 2 children · 1 room").waitFor();

    const charge = `$${(rateCents * 2) / 100}`;
    await page.getByText(/^Children under 6 stay free/).waitFor();
    // The first room that takes the family (a smaller room's Book Now is disabled for four people).
    const book = page.getByRole("button", { name: "Book Now", disabled: false }).first();
    await book.click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.waitFor();
    const summary = dialog.getByRole("region", { name: "Your stay" });
    await summary.getByText("2 adults, 2 children (ages 4, 10)").waitFor();
    // Only the 10-year-old pays: one child × 2 nights.
    const chargeLine = summary.getByText(/^Child charges:/);
    expect(await chargeLine.innerText()).toContain("× 1 child × 2 nights");
    expect(await summary.innerText()).toContain(charge);
    await expectAccessible(page);

    await dialog.getByLabel("Phone").fill("+44 20 7946 0000");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.waitFor();
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry date").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    await payment.getByRole("button", { name: /^Pay \$/ }).click();
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    await confirmed.getByText("Child charges").waitFor();

    await page.goto("/my-bookings");
    await page.getByRole("heading", { name: "My Bookings" }).waitFor();
    const card = page.locator("article, li").filter({ hasText: reference! }).first();
    await card.getByText("2 adults, 2 children (ages 4, 10)").waitFor();
    await expectAccessible(page);
  });
});
