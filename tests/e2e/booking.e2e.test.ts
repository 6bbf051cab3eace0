import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInThroughApi } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the first hotel in a city for the given stay and presses Book Now on its first bookable room. */
async function openBookingDialog(page: Page, city: string, checkIn: string, nights: number): Promise<string> {
  await page.goto(`/?destination=${encodeURIComponent(city)}&checkIn=${checkIn}&checkOut=${addDays(checkIn, nights)}&guests=2&rooms=1`);
  await page
    .locator("article")
    .filter({ hasText: "per night" })
    .filter({ has: page.locator('a[href^="/hotel/"]:not([href^="/hotel/wh-"])') })
    .first()
    .getByRole("link")
    .click();
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

/** An unpaid hold made through the API as the page's user, with a declined card on it. */
async function declinedHold(request: APIRequestContext, checkIn: string): Promise<{ id: string; reference: string; hotelId: string }> {
  const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`;
  const found = (await (await request.get(`/api/hotels/search?destination=Paris&${stay}`)).json()) as { hotels: { id: string }[] };
  const hotelId = found.hotels.find((h) => /^\d+$/.test(h.id))!.id;
  const detail = (await (await request.get(`/api/hotels/${hotelId}?${stay}`)).json()) as { rooms: { id: string; bookable: boolean }[] };
  const res = await request.post("/api/bookings", {
    headers: sameOriginHeaders(),
    data: {
      hotelId,
      roomTypeId: detail.rooms.find((r) => r.bookable)!.id,
      checkIn,
      checkOut: addDays(checkIn, 1),
      guests: 2,
      rooms: 1,
      guestName: "Hana Holder",
      guestEmail: "hana@example.com",
      guestPhone: "+1 555 0100",
    },
  });
  expect(res.status()).toBe(201);
  const hold = (await res.json()) as {
    booking: { id: string; bookingReference: string };
    payment: { paymentId: string; clientSecret: string };
  };
  const declined = await request.post(`/api/simulated-payments/${hold.payment.paymentId}/confirm`, {
    headers: sameOriginHeaders(),
    data: {
      clientSecret: hold.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4000000000000002", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(((await declined.json()) as { status: string }).status).toBe("failed");
  return { id: hold.booking.id, reference: hold.booking.bookingReference, hotelId };
}

async function pendingHolds(request: APIRequestContext): Promise<number> {
  const mine = (await (await request.get("/api/bookings/mine")).json()) as { bookings: { awaitingPayment: boolean }[] };
  return mine.bookings.filter((b) => b.awaitingPayment).length;
}

describe("booking in the browser", () => {
  it("books and pays with 4242, finds it in My Bookings, downloads it, cancels it, and the e-mails arrive", async () => {
    const page = await newPage(browser);
    const email = `booker-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Bea Booker", email, password: "secret123" } })).status(),
    ).toBe(200);
    await signInThroughApi(page, email, "secret123");

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

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("button", { name: `Download confirmation ${reference}` })
        .or(page.getByRole("link", { name: `Download confirmation ${reference}` }))
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${reference}.txt`);
    expect(readFileSync((await download.path())!, "utf8")).toContain(reference!);

    await page.getByRole("button", { name: `Cancel booking ${reference}` }).click();
    const prompt = page.getByRole("alertdialog");
    await prompt.getByText("Are you sure you want to cancel this booking?").waitFor();
    await prompt.getByRole("button", { name: "Cancel booking" }).click();
    await page.getByText("Booking cancelled. Confirmation email sent.").waitFor();
    await page.getByRole("button", { name: `Cancel booking ${reference}` }).waitFor({ state: "detached" });

    const admin = await newPage(browser);
    await signInThroughApi(admin, inject("adminEmail"), inject("adminPassword"));
    const mailbox = (await (await admin.request.get("/api/admin/mailbox?pageSize=100")).json()) as {
      messages: { to: string; kind: string; text: string | null }[];
    };
    const mine = mailbox.messages.filter((m) => m.to === email);
    const bookingMail = mine.filter((m) => m.kind !== "welcome");
    expect(bookingMail.map((m) => m.kind).sort()).toEqual(["booking_cancellation", "booking_confirmation"]);
    expect(bookingMail.every((m) => m.text?.includes(reference!))).toBe(true);
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

  it("keeps unpaid holds apart in My Bookings to pay or abandon, sorts cancelled bookings into their own tab, and links each card to its hotel", async () => {
    const page = await newPage(browser, 390);
    const email = `holder-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Hana Holder", email, password: "secret123" } })).status(),
    ).toBe(200);
    await signInThroughApi(page, email, "secret123");

    await page.goto("/my-bookings");
    await page.getByText("No upcoming bookings").waitFor();
    await page.getByRole("tab", { name: "Past (0)" }).click();
    await page.getByText("No past bookings").waitFor();
    await page.getByRole("tab", { name: "Cancelled (0)" }).click();
    await page.getByText("No cancelled bookings").waitFor();

    const unpaid = await declinedHold(page.request, addDays(todayUtc(), 45));
    const abandoned = await declinedHold(page.request, addDays(todayUtc(), 50));
    await page.reload();
    const awaiting = page.getByRole("region", { name: /Awaiting payment/ });
    await awaiting.getByText(unpaid.reference).waitFor();
    expect(await awaiting.getByText("Awaiting payment", { exact: true }).count()).toBe(2);
    // Not a booking: not under Upcoming, and no confirmation to download.
    await page.getByRole("tab", { name: "Upcoming (0)" }).waitFor();
    const unpaidDownload = `Download confirmation ${unpaid.reference}`;
    expect(
      await page
        .getByRole("button", { name: unpaidDownload })
        .or(page.getByRole("link", { name: unpaidDownload }))
        .count(),
    ).toBe(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: `Abandon booking ${abandoned.reference}` }).click();
    await page.getByText("Booking abandoned").first().waitFor();
    await page.getByText(abandoned.reference).waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Complete payment ${unpaid.reference}` }).click();
    await fillCard(page, "4242 4242 4242 4242");
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.getByText(unpaid.reference).waitFor();
    await confirmed.getByRole("button", { name: "Done" }).click();
    await page.getByRole("tab", { name: "Upcoming (1)" }).click();
    const download = `Download confirmation ${unpaid.reference}`;
    await page
      .getByRole("button", { name: download })
      .or(page.getByRole("link", { name: download }))
      .waitFor();
    expect(await awaiting.count()).toBe(0);

    await page.getByRole("button", { name: `Cancel booking ${unpaid.reference}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel booking" }).click();
    await page.getByRole("tab", { name: "Upcoming (0)" }).waitFor();
    await page.getByText("No upcoming bookings").waitFor();
    await page.getByRole("tab", { name: "Cancelled (1)" }).click();
    const cancelledCard = page.getByRole("article").filter({ hasText: unpaid.reference });
    await cancelledCard.getByText("Cancelled", { exact: true }).waitFor();
    await expectAccessible(page);

    await cancelledCard.getByRole("heading").getByRole("link").click();
    await page.waitForURL(new RegExp(`/hotel/${unpaid.hotelId}$`));
    await page.context().close();
  });

  it("releases the hold at once when the guest closes the payment step", async () => {
    const page = await newPage(browser);
    const email = `leaver-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Lee Leaver", email, password: "secret123" } })).status(),
    ).toBe(200);
    await signInThroughApi(page, email, "secret123");
    await openBookingDialog(page, "London", addDays(todayUtc(), 35), 1);
    await fillGuest(page);
    await page.getByRole("dialog", { name: "Complete Payment" }).waitFor();
    expect(await pendingHolds(page.request)).toBe(1);
    await page.getByRole("dialog", { name: "Complete Payment" }).getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog", { name: /^Book / }).waitFor();
    await expect.poll(() => pendingHolds(page.request)).toBe(0);
    await page.context().close();
  });
});
