import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayLocal } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Role = Parameters<Page["getByRole"]>[0];
/** A control by role and accessible name; `disabled: false` skips the ones marked aria-disabled. */
type Target = { role: Role; name: string | RegExp; exact?: boolean; disabled?: boolean };

function describeTarget(target: Target): string {
  return `${target.role} "${String(target.name)}"`;
}

/** What has focus, for failure messages: tag, role, name-ish text. */
function focusedSummary(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nothing (body)";
    const label = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText?.slice(0, 60) ?? "";
    return `<${el.tagName.toLowerCase()}${el.getAttribute("role") ? ` role=${el.getAttribute("role")}` : ""}> ${label}`;
  });
}

function locate(page: Page, { role, name, exact = false, disabled }: Target) {
  return page.getByRole(role, { name, exact, ...(disabled === undefined ? {} : { disabled }) });
}

/** True when the element with focus has this role and accessible name (Playwright computes both). */
async function focusIsOn(page: Page, target: Target): Promise<boolean> {
  return locate(page, target).evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until the focused element has the wanted role and name, so the
 * journey does not depend on how many controls come before it; fails after `limit` presses.
 * The matching elements are marked once in a while (computing roles and names on every press
 * would be slow), and each press only asks whether focus is on a marked one.
 */
async function tabTo(page: Page, target: Target, { backwards = false, limit = 250 } = {}): Promise<void> {
  const mark = `kb${Math.random().toString(36).slice(2)}`;
  for (let presses = 0; presses <= limit; presses++) {
    if (presses % 25 === 0) {
      await locate(page, target).evaluateAll((elements, key) => elements.forEach((element) => element.setAttribute(key, "")), mark);
    }
    if (await page.evaluate((key) => document.activeElement?.hasAttribute(key) ?? false, mark)) {
      // Confirm on the live page: the marked element may have changed its name since.
      if (await focusIsOn(page, target)) return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${describeTarget(target)}; focus is on ${await focusedSummary(page)}`);
}

/** Waits until focus lands on the target by itself (a dialog opening, a popover closing). */
async function expectFocusOn(page: Page, target: Target): Promise<void> {
  await expect
    .poll(async () => ((await focusIsOn(page, target)) ? "focused" : await focusedSummary(page)), { timeout: 10_000 })
    .toBe("focused");
}

/**
 * The focused element shows that it has focus: it matches :focus-visible and draws an outline or
 * a ring (box-shadow) on itself or, for a link stretched over a card, on its ::after box.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  const seen = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nothing has focus";
    if (!el.matches(":focus-visible")) return `${el.tagName} has focus but not :focus-visible`;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${el.tagName} has focus but no size`;
    function drawn(style: CSSStyleDeclaration): boolean {
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== "none" && style.boxShadow !== "";
      return outline || ring;
    }
    if (drawn(getComputedStyle(el)) || drawn(getComputedStyle(el, "::after"))) return "visible";
    return `${el.tagName} "${el.getAttribute("aria-label") ?? (el as HTMLElement).innerText?.slice(0, 40)}" draws no outline or ring`;
  });
  expect(seen).toBe("visible");
}

/** The results count as a polite live region says it. */
async function announcedCount(page: Page): Promise<number> {
  const region = page.getByRole("status").filter({ hasText: /propert(y|ies) found/ });
  const text = await region.innerText();
  const live = await region.evaluate((el) => el.getAttribute("aria-live") ?? (el.getAttribute("role") === "status" ? "polite" : null));
  expect(live).toBe("polite");
  return Number(/([\d,]+)\+? propert(?:y|ies) found/.exec(text)![1]!.replace(/,/g, ""));
}

/** The party control: the hero's presets select takes the arrow keys (the platform's own select). */
/** Opens the guest picker, adds an adult with the arrow key on its native select, and applies it with Done. */
async function chooseNextParty(page: Page): Promise<void> {
  await tabTo(page, { role: "button", name: /^Guests & Rooms/ });
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expectFocusOn(page, { role: "combobox", name: /^Adults/ });
  await page.keyboard.press("ArrowDown");
  await tabTo(page, { role: "button", name: "Done", exact: true });
  await page.keyboard.press("Enter");
  await expectFocusOn(page, { role: "button", name: /^Guests & Rooms/ });
}

describe("the whole journey by keyboard", () => {
  it("signs in, searches, filters, switches to the map, opens a hotel, books and pays, and finds the booking, with the keyboard alone", async () => {
    const page = await newPage(browser);
    const email = `keys-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Kim Keys", email, password: "secret123" } })).status(),
    ).toBe(200);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();

    // The first Tab reaches the skip link, which shows itself and moves focus to the page's content.
    await page.keyboard.press("Tab");
    await expectFocusOn(page, { role: "link", name: "Skip to content" });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expectFocusOn(page, { role: "main", name: "" });

    await tabTo(page, { role: "textbox", name: "Email" });
    await expectFocusVisible(page);
    await page.keyboard.type(email);
    await tabTo(page, { role: "textbox", name: "Password" });
    await page.keyboard.type("secret123");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Find your perfect stay" }).waitFor();

    // Destination: type, pick the suggestion with the arrows, Enter.
    await tabTo(page, { role: "combobox", name: "Destination" });
    await expectFocusVisible(page);
    await page.keyboard.type("Pari");
    // The suggestions follow the typing after a short pause; the first one is then Paris.
    await expect.poll(() => page.getByRole("listbox").getByRole("option").first().innerText()).toMatch(/^Paris/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("combobox", { name: "Destination" }).inputValue()).toBe("Paris");

    // Dates: the calendar opens on the chosen check-in day; three weeks on, then two nights.
    await tabTo(page, { role: "button", name: /^Check-in/ });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog", { name: "Choose check-in and check-out dates" });
    await calendar.waitFor();
    const checkIn = addDays(todayLocal(), 21);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await expectFocusVisible(page);
    for (let week = 0; week < 3; week++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await calendar.getByText("Now select your check-out date").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await calendar.waitFor({ state: "hidden" });
    // Focus comes back to the control that opened the calendar.
    await expectFocusOn(page, { role: "button", name: /^Check-in/ });

    await chooseNextParty(page);

    await tabTo(page, { role: "button", name: "Search", exact: true });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await page.waitForURL(/destination=Paris/);
    const url = new URL(page.url());
    expect(url.searchParams.get("checkIn")).toBe(checkIn);
    expect(url.searchParams.get("checkOut")).toBe(addDays(checkIn, 2));
    expect(url.searchParams.get("adults")).toBe("3");
    await page.getByRole("heading", { level: 1, name: /Paris/ }).waitFor();
    await expect.poll(() => announcedCount(page).catch(() => -1), { timeout: 15_000 }).toBeGreaterThan(0);
    const total = await announcedCount(page);
    await expectAccessible(page);

    // A filter by Space; the live region announces the new count.
    await tabTo(page, { role: "checkbox", name: "Free cancellation" });
    await expectFocusVisible(page);
    await page.keyboard.press("Space");
    await page.waitForURL(/freeCancellation=true/);
    await expect.poll(() => announcedCount(page), { timeout: 15_000 }).toBeLessThan(total);
    expect(await page.getByRole("checkbox", { name: "Free cancellation" }).getAttribute("aria-checked")).toBe("true");

    // List / Map: the toggle works by keyboard and keeps focus on the pressed button.
    await tabTo(page, { role: "button", name: "Map", exact: true }, { backwards: true });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await page.waitForURL(/view=map/);
    await expect.poll(() => page.getByRole("button", { name: "Map", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await expectFocusOn(page, { role: "button", name: "Map", exact: true });
    await page.getByRole("region", { name: "Map of hotels in Paris" }).waitFor();
    const firstCard = page
      .locator("article")
      .filter({ has: page.locator('a[href^="/hotel/"]:not([href^="/hotel/wh-"])') })
      .first();
    const hotelName = (await firstCard.getByRole("heading").innerText()).trim();

    // A city's pins may be gathered in a count bubble: focus on the card marks the bubble holding its pin,
    // and Enter on that bubble zooms in with focus following, until the pin stands alone.
    const pin = { role: "button", name: new RegExp(`^${hotelName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `) } as const;
    const map = page.getByRole("region", { name: "Map of hotels in Paris" });
    for (let zooms = 0; zooms < 8 && !(await locate(page, pin).isVisible()); zooms++) {
      const inMap = await map.evaluate((region) => region.contains(document.activeElement));
      await tabTo(page, { role: "link", name: hotelName, exact: true }, { backwards: inMap });
      const holder = map.locator('button[data-highlighted="true"]:visible');
      await holder.waitFor();
      const bubble = (await holder.getAttribute("aria-label"))!;
      if (!/^\d+ hotels? here/.test(bubble)) break;
      await tabTo(page, { role: "button", name: bubble, exact: true });
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.evaluate((before) => document.activeElement?.getAttribute("aria-label") !== before, bubble), { timeout: 15_000 })
        .toBe(true);
    }
    // Its pin opens a card by Enter with focus on the card's link; Escape gives focus back to the pin.
    await tabTo(page, pin, { backwards: await map.evaluate((region) => region.contains(document.activeElement)) });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expectFocusOn(page, { role: "link", name: "View hotel" });
    await page.keyboard.press("Escape");
    await expectFocusOn(page, pin);

    // Open the hotel from its card beside the map.
    await tabTo(page, { role: "link", name: hotelName, exact: true });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/hotel\/\d+\?/);
    await page.getByRole("heading", { level: 1, name: hotelName }).waitFor();
    await page.getByRole("heading", { name: "Available Rooms" }).waitFor();
    // The link that brought us here is gone; focus waits at the start of the new page's content.
    await expectFocusOn(page, { role: "main", name: "" });
    await expectAccessible(page);

    // Book Now (of a room that fits the party) opens the dialog with focus inside it; Escape closes it and focus returns to Book Now.
    const bookNow = { role: "button", name: "Book Now", exact: true, disabled: false } as const;
    await tabTo(page, bookNow);
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expectFocusOn(page, bookNow);
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await dialog.waitFor();

    // Guest details: name and e-mail come from the account; the phone is typed.
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
    await tabTo(page, { role: "textbox", name: "Phone" });
    await expectFocusVisible(page);
    await page.keyboard.type("+44 20 7946 0000");
    await tabTo(page, { role: "button", name: "Continue to Payment" });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");

    // Payment with the test card that succeeds, as booking.e2e pays.
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.waitFor();
    await tabTo(page, { role: "textbox", name: "Card number" });
    await expectFocusVisible(page);
    await page.keyboard.type("4242424242424242");
    await tabTo(page, { role: "textbox", name: "Expiry date" });
    await page.keyboard.type("1234");
    await tabTo(page, { role: "textbox", name: "CVC" });
    await page.keyboard.type("123");
    await tabTo(page, { role: "button", name: /^Pay \$/ });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");

    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);

    // My Bookings from the confirmation, and the booking is there, its actions in reach.
    await tabTo(page, { role: "link", name: "View My Bookings" });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/my-bookings$/);
    await page.getByRole("heading", { name: "My Bookings" }).waitFor();
    await page.getByText(reference!).waitFor();
    await tabTo(page, { role: "button", name: `Cancel booking ${reference}` });
    await expectFocusVisible(page);
    await expectAccessible(page);
    await page.context().close();
    // A long journey of single key presses, on a shared machine.
  });

  it("on a phone, keeps focus in the payment form through a declined card, and gives it back to Book Now when the booking closes", async () => {
    const page = await newPage(browser, 390);
    const checkIn = addDays(todayLocal(), 40);
    const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=2&rooms=1`;
    const found = (await (await page.request.get(`/api/hotels/search?destination=London&${stay}`)).json()) as { hotels: { id: string }[] };
    const hotelId = found.hotels.find((hotel) => /^\d+$/.test(hotel.id))!.id;
    await page.goto(`/hotel/${hotelId}?${stay}`);
    await page.getByRole("heading", { name: "Available Rooms" }).waitFor();

    const bookNow = { role: "button", name: "Book Now", exact: true, disabled: false } as const;
    await tabTo(page, bookNow);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.waitFor();
    await tabTo(page, { role: "textbox", name: "Full Name" });
    await page.keyboard.type("Vic Visitor");
    await tabTo(page, { role: "textbox", name: "Email" });
    await page.keyboard.type(`vic-${Date.now()}@example.com`);
    await tabTo(page, { role: "textbox", name: "Phone" });
    await page.keyboard.type("+1 555 0100");
    await page.keyboard.press("Enter");

    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.waitFor();
    await tabTo(page, { role: "textbox", name: "Card number" });
    await page.keyboard.type("4000000000000002");
    await tabTo(page, { role: "textbox", name: "Expiry date" });
    await page.keyboard.type("1234");
    await tabTo(page, { role: "textbox", name: "CVC" });
    await page.keyboard.type("123");
    await page.keyboard.press("Enter");
    await payment.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    // Focus stayed where the guest was, so they can go back and change the card.
    await expectFocusOn(page, { role: "textbox", name: "CVC" });

    await tabTo(page, { role: "textbox", name: "Card number" }, { backwards: true });
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("4242424242424242");
    await tabTo(page, { role: "button", name: /^Pay \$/ });
    await page.keyboard.press("Enter");
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();

    // Done goes back to the details; closing them gives focus back to the Book Now that started it all.
    await tabTo(page, { role: "button", name: "Done" });
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expectFocusOn(page, bookNow);
    await expectFocusVisible(page);
    await page.context().close();
  });
});
