import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the first hotel in a city for the given stay and presses Book Now on its first bookable room. */
async function openBookingDialog(page: Page, city: string, checkIn: string, nights: number): Promise<string> {
  await page.goto(`/?destination=${encodeURIComponent(city)}&checkIn=${checkIn}&checkOut=${addDays(checkIn, nights)}&guests=2&rooms=1`);
  await page.locator("article").filter({ hasText: "per night" }).filter({ has: page.locator('a[href^="/hotel/"]:not([href^="/hotel/wh-"])') }).first().getByRole("link").click();
  await page.waitForURL(/\/hotel\/\d+/);
  const book = page.getByRole("button", { name: "Book Now" }).and(page.locator(":not([aria-disabled=true])")).first();
  await book.click();
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.waitFor();
  return ((await dialog.getByRole("heading").first().innerText()) ?? "").replace(/^Book /, "");
}

async function fillCard(page: Page, number: string): Promise<void> {
  const payment = page.getByRole("dialog", { name: "Complete Payment" });
  await payment.waitFor();
  await payment.getByLabel("Card number").fill(number);
  await payment.getByLabel("Expiry date").fill("12/34");
  await payment.getByLabel("CVC").fill("123");
  await payment.getByRole("button", { name: /^Pay \$/ }).click();
}

async function fillGuest(page: Page, phone = "+44 20 7946 0000"): Promise<void> {
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
}

describe("booking in the browser", () => {
  it("books and pays with 4242, finds it in My Bookings, downloads it, cancels it, and the e-mails arrive", async () => {
    const page = await newPage(browser);
    const email = `booker-${Date.now()}@example.com`;
    expect((await page.request.post("/api/auth/sign-up/email", { data: { name: "Bea Booker", email, password: "secret123" } })).status()).toBe(200);
    await signInAs(page, email, "secret123");

    await openBookingDialog(page, "Paris", addDays(todayUtc(), 20), 2);
    const dialog = page.getByRole("dialog", { name: /^Book / });
    // Prefilled for a signed-in guest; the summary shows the server's nights.
    expect(await dialog.getByLabel("Full Name").inputValue()).toBe("Bea Booker");
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
    await expectAccessible(page);
    await fillGuest(page);
    await expectAccessible(page);
    await fillCard(page, "4242 4242 4242 4242");
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    await expectAccessible(page);

    await page.goto("/my-bookings");
    await page.getByRole("heading", { name: "My Bookings" }).waitFor();
    await page.getByText(reference!).waitFor();
    await page.getByRole("tab", { name: /^Upcoming \(\d+\)$/ }).waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `Download confirmation ${reference}` }).or(page.getByRole("link", { name: `Download confirmation ${reference}` })).click()]);
    expect(download.suggestedFilename()).toBe(`${reference}.txt`);
    expect(readFileSync((await download.path())!, "utf8")).toContain(reference!);

    await page.getByRole("button", { name: `Cancel booking ${reference}` }).click();
    const prompt = page.getByRole("alertdialog");
    await prompt.getByText("Are you sure you want to cancel this booking?").waitFor();
    await prompt.getByRole("button", { name: "Cancel booking" }).click();
    await page.getByText("Booking cancelled. Confirmation email sent.").waitFor();
    await page.getByRole("button", { name: `Cancel booking ${reference}` }).waitFor({ state: "detached" });

    const admin = await newPage(browser);
    await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
    const mailbox = (await (await admin.request.get("/api/admin/mailbox?pageSize=100")).json()) as { messages: { to: string; kind: string; text: string | null }[] };
    const mine = mailbox.messages.filter((m) => m.to === email);
    expect(mine.map((m) => m.kind).sort()).toEqual(["booking_cancellation", "booking_confirmation"]);
    expect(mine.every((m) => m.text?.includes(reference!))).toBe(true);
    await admin.context().close();
    await page.context().close();
  });

  it("shows the decline of card 4000 0000 0000 0002 and lets the guest pay with another card", async () => {
    const page = await newPage(browser, 390);
    await openBookingDialog(page, "London", addDays(todayUtc(), 25), 1);
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.getByLabel("Full Name").fill("Visitor Guest");
    await dialog.getByLabel("Email").fill(`visitor-${Date.now()}@example.com`);
    await fillGuest(page);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("dialog", { name: "Complete Payment" }).getByText("Your card was declined.").waitFor();
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("dialog", { name: "Booking Confirmed!" }).waitFor();
    await page.context().close();
  });

  it("takes the 3-D Secure card through the challenge and back to /booking-success", async () => {
    const page = await newPage(browser);
    await openBookingDialog(page, "Tokyo", addDays(todayUtc(), 30), 1);
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.getByLabel("Full Name").fill("Secure Guest");
    await dialog.getByLabel("Email").fill(`secure-${Date.now()}@example.com`);
    await fillGuest(page);
    await fillCard(page, "4000 0027 6000 3184");
    await page.waitForURL(/\/api\/simulated-payments\/.+\/challenge/);
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await page.waitForURL(/\/booking-success\?/);
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    expect(page.url()).toContain(baseUrl);
    await expectAccessible(page);
    await page.context().close();
  });
});
