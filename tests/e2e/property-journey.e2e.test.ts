import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, stayNights, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const BASE_PRICE = 180;
const WEEKEND_PRICE = 240;

/** Fridays and Saturdays (UTC week days 5 and 6) carry the weekend rate. */
function isWeekendNight(night: string): boolean {
  const day = new Date(`${night}T00:00:00Z`).getUTCDay();
  return day === 5 || day === 6;
}

/** Today's arrival (the desk checks guests in on their arrival day) up to the Monday after the coming Saturday: a weekend and a weekday night at least. */
function stayOverTheWeekend(): { checkIn: string; checkOut: string; nights: string[] } {
  const checkIn = todayUtc();
  let saturday = checkIn;
  while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
  const checkOut = addDays(saturday, 2);
  return { checkIn, checkOut, nights: stayNights(checkIn, checkOut) };
}

/** A price as the app shows it ($240 or $240.00), for matching any of its forms. */
function dollars(amount: number): RegExp {
  return new RegExp(`\\$${amount.toLocaleString("en-US")}(\\.00)?\\b`);
}

function moneyText(cents: number): RegExp {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  const rest = String(cents % 100).padStart(2, "0");
  return new RegExp(rest === "00" ? `\\$${whole}(\\.00)?\\b` : `\\$${whole}\\.${rest}\\b`);
}

async function roomRevenue(page: Page, hotelId: string, from: string, to: string): Promise<string> {
  await page.goto(`/admin/hotels/${hotelId}/reports?from=${from}&to=${to}`);
  await page.getByRole("heading", { name: "By room type" }).waitFor();
  return page.locator("dt", { hasText: "Room revenue" }).locator("xpath=following-sibling::dd[1]").innerText();
}

describe("a hotel's journey from the back office to the front desk", () => {
  it("the admin creates a hotel with a weekend rate, a traveller books a weekend, the manager checks them in and sees the revenue", async () => {
    const stamp = Date.now();
    const hotelName = `Weekend Quay ${stamp}`;
    const roomName = "Harbour Double";
    const stay = stayOverTheWeekend();
    const lastNight = stay.nights.at(-1)!;
    const expectedCents = stay.nights.reduce((sum, night) => sum + (isWeekendNight(night) ? WEEKEND_PRICE : BASE_PRICE) * 100, 0);

    // The admin creates the hotel with a photo and a room type, and shows it to travellers.
    const admin = await newPage(browser);
    await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
    await admin.goto("/admin/hotels/new");
    await admin.getByRole("heading", { name: "Add hotel" }).waitFor();
    await admin.getByLabel("Name", { exact: true }).fill(hotelName);
    await admin.getByLabel("Address").fill("8 Rua do Cais");
    await Promise.all([
      admin.waitForResponse((r) => r.url().includes("/api/properties/destination-choices?q=Lisbon")),
      admin.getByLabel("City (from the destination list)").fill("Lisbon, Portugal"),
    ]);
    await admin.getByLabel("Latitude").fill("38.7071");
    await admin.getByLabel("Longitude").fill("-9.1360");
    await admin.getByRole("button", { name: "Add hotel" }).click();
    await admin.getByRole("heading", { name: hotelName }).waitFor();
    const hotelId = /\/admin\/hotels\/(\d+)$/.exec(admin.url())?.[1];
    expect(hotelId).toBeDefined();

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 160, g: 90, b: 40 } } })
      .jpeg()
      .toBuffer();
    await admin.getByLabel(`Upload photos of ${hotelName}`).setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
    await admin.getByRole("img", { name: `Photo 1 of ${hotelName}` }).waitFor();
    await admin.getByRole("button", { name: "Add room type" }).first().click();
    const roomDialog = admin.getByRole("dialog");
    await roomDialog.getByLabel("Room name").fill(roomName);
    await roomDialog.getByLabel("Room description").fill("A double room over the harbour.");
    await roomDialog.getByLabel("Number of rooms").fill("4");
    await roomDialog.getByLabel("Price per night (USD)").fill(String(BASE_PRICE));
    await roomDialog.getByRole("button", { name: "Add room type" }).click();
    await admin.getByRole("heading", { name: roomName }).waitFor();
    await admin.getByRole("checkbox", { name: /Hidden from travellers/ }).uncheck();
    await admin.getByRole("button", { name: "Save hotel" }).click();
    await admin.getByText("Visible to travellers").waitFor();

    // Fridays and Saturdays from today to the end of next month: a higher price and two nights at least.
    await admin.getByRole("link", { name: "Rates and availability" }).click();
    await admin.getByRole("grid").waitFor();
    const editor = admin.getByRole("form", { name: "Change a range of dates" });
    const now = new Date();
    const rangeEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
    await editor.getByLabel("First night").fill(todayUtc());
    await editor.getByLabel("Last night").fill(rangeEnd);
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Sun"]) await editor.getByRole("checkbox", { name: day, exact: true }).uncheck();
    await editor.getByLabel("Price per night (USD)").fill(String(WEEKEND_PRICE));
    await editor.getByLabel("Minimum stay (nights)").fill("2");
    await editor.getByRole("button", { name: "Apply to the range" }).click();
    await admin.getByText(/^Calendar updated: \d+ room-nights changed$/).waitFor();
    const saturday = stay.nights.find((n) => new Date(`${n}T00:00:00Z`).getUTCDay() === 6)!;
    if (saturday.slice(0, 7) !== todayUtc().slice(0, 7)) await admin.getByRole("button", { name: "Next month" }).click();
    const saturdayCell = admin.getByRole("gridcell", { name: new RegExp(`^${roomName}, ${saturday}, `) });
    await expect.poll(() => saturdayCell.innerText()).toMatch(dollars(WEEKEND_PRICE));
    expect(await saturdayCell.textContent()).toContain("minimum stay 2 nights");
    await expectAccessible(admin);

    // The admin makes a new account the hotel's manager in Manage Users.
    const managerEmail = `manager-${stamp}@example.com`;
    // Signed up from a browser of its own: the admin's session cookie would make it a cross-site write.
    const manager = await newPage(browser);
    expect(
      (
        await manager.request.post("/api/auth/sign-up/email", {
          data: { name: "Mona Manager", email: managerEmail, password: "manager-pass-1" },
        })
      ).status(),
    ).toBe(200);
    await admin.goto("/admin/users");
    await admin.getByLabel("Search users").fill(managerEmail);
    await admin.getByRole("button", { name: `Manage hotels of ${managerEmail}` }).click();
    const grant = admin.getByRole("dialog", { name: /^Hotels managed by / });
    await grant.getByLabel("Search hotels").fill(hotelName);
    await grant.getByRole("checkbox", { name: new RegExp(hotelName) }).check();
    await grant.getByRole("button", { name: "Save hotels" }).click();
    await admin.getByText("Manager's hotels saved").waitFor();
    await admin.context().close();

    // The manager (two-factor enrolled at first sign-in, as for admins) reads the stay's nights: nothing sold yet.
    await signInAs(manager, managerEmail, "manager-pass-1");
    const before = await roomRevenue(manager, hotelId!, stay.checkIn, lastNight);
    expect(before).toMatch(moneyText(0));

    // A traveller signs up, finds the hotel, sees each night's price and books the weekend.
    const travellerEmail = `weekender-${stamp}@example.com`;
    const traveller = await newPage(browser, 390);
    await traveller.goto("/signup");
    await traveller.getByLabel("Full Name").fill("Wes Weekender");
    await traveller.getByLabel("Email").fill(travellerEmail);
    await traveller.getByLabel("Password", { exact: true }).fill("weekend123");
    await traveller.getByLabel("Confirm Password").fill("weekend123");
    await traveller.getByRole("button", { name: "Sign Up" }).click();
    await traveller.getByText("Account created! Redirecting to login...").waitFor();
    await signInAs(traveller, travellerEmail, "weekend123");
    await traveller.goto(
      `/?destination=${encodeURIComponent(hotelName)}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2&rooms=1`,
    );
    await traveller.getByRole("link", { name: hotelName }).first().click();
    await traveller.waitForURL(new RegExp(`/hotel/${hotelId}`));
    await traveller.getByRole("heading", { name: roomName }).waitFor();
    await traveller
      .getByText(new RegExp(`average per night · ${moneyText(expectedCents).source} for ${stay.nights.length} nights`))
      .waitFor();
    await traveller.getByRole("button", { name: "Book Now" }).first().click();
    const booking = traveller.getByRole("dialog", { name: /^Book / });
    await booking.waitFor();
    const perNight = booking.getByRole("list", { name: "Price per night" }).getByRole("listitem");
    await expect.poll(() => perNight.count()).toBe(stay.nights.length);
    const shown = await perNight.allInnerTexts();
    stay.nights.forEach((night, i) => expect(shown[i], night).toMatch(dollars(isWeekendNight(night) ? WEEKEND_PRICE : BASE_PRICE)));
    expect(new Set(shown.map((line) => line.split(/\s+/).at(-1))).size).toBe(2);
    await expectAccessible(traveller);
    await booking.getByLabel("Phone").fill("+351 21 000 0000");
    await booking.getByRole("button", { name: "Continue to Payment" }).click();
    const payment = traveller.getByRole("dialog", { name: "Complete Payment" });
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry date").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    await payment.getByRole("button", { name: new RegExp(`^Pay ${moneyText(expectedCents).source}`) }).click();
    const confirmed = traveller.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    await traveller.context().close();

    // The manager opens the front desk, picks the arrival date in its date control, and checks the guest in.
    await manager.goto(`/admin/hotels/${hotelId}/front-desk`);
    const date = manager.getByLabel("Date");
    await date.fill(stay.checkOut);
    const departures = manager.getByRole("list", { name: /^Departures/ });
    await departures.getByText(reference!, { exact: false }).waitFor();
    await date.fill(stay.checkIn);
    const arrivals = manager.getByRole("list", { name: /^Arrivals/ });
    const guest = arrivals.getByRole("listitem").filter({ hasText: reference! });
    await guest.getByText("Wes Weekender").waitFor();
    await guest.getByText("Expected", { exact: true }).waitFor();
    await guest.getByRole("button", { name: "Check in Wes Weekender" }).click();
    await manager.getByText("Wes Weekender is checked in").waitFor();
    await guest.getByText("Checked in", { exact: true }).waitFor();
    await expectAccessible(manager);

    // The hotel's report for the stay's nights now holds the booking.
    expect(await roomRevenue(manager, hotelId!, stay.checkIn, lastNight)).toMatch(moneyText(expectedCents));
    const occupancy = manager.locator("dt", { hasText: "Occupancy" }).locator("xpath=following-sibling::dd[2]");
    expect(await occupancy.innerText()).toBe(`${stay.nights.length} of ${stay.nights.length * 4} room-nights sold`);
    await expectAccessible(manager);

    // Up to the report of all their hotels, and back: to the hotels they manage, not the admins' back office.
    await manager.getByRole("link", { name: "All hotels report" }).click();
    await manager.getByRole("heading", { name: "Revenue report: all hotels" }).waitFor();
    await manager.getByRole("main").getByRole("link", { name: "Hotels", exact: true }).click();
    await manager.getByRole("heading", { name: "Hotels", level: 1 }).waitFor();
    expect(new URL(manager.url()).pathname).toBe("/admin/hotels");
    await manager.context().close();
  });
});
