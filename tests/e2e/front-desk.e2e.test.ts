import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

/** Hotel 2 is in the demo chain: guests arrive, stay and leave there today. */
const HOTEL = 2;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type PhoneBooking = { guestName: string; nights: number; payment: "Pay at hotel" | "Card now" };

/** Takes a booking on the phone from today for the given nights; returns the guest's card on the desk. */
async function takePhoneBooking(page: Page, booking: PhoneBooking): Promise<{ card: Locator; paidCents: number | null }> {
  await page.getByRole("button", { name: "Phone booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Phone booking" });
  await dialog.getByLabel("Guest name").fill(booking.guestName);
  await dialog.getByLabel("Guest e-mail").fill(`${booking.guestName.toLowerCase().replaceAll(" ", ".")}@example.com`);
  await dialog.getByLabel("Guest phone").fill("+44 20 7946 0101");
  await dialog.getByLabel("Check-out").fill(addDays(todayUtc(), booking.nights));
  const room = dialog.getByLabel("Room type");
  await expect.poll(() => room.locator("option").count()).toBeGreaterThan(1);
  await room.selectOption({ index: 1 });
  await dialog.getByRole("radio", { name: new RegExp(`^${booking.payment}`) }).check();
  let paidCents: number | null = null;
  if (booking.payment === "Pay at hotel") {
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    // The previous booking's toast may still be showing.
    await page
      .getByText(/^Booking BK\d{13}[A-Z]{5} confirmed: the guest pays at the hotel$/)
      .first()
      .waitFor();
  } else {
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiry date").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    const pay = payment.getByRole("button", { name: /^Pay \$/ });
    paidCents = Math.round(Number((/\$([\d,.]+)/.exec(await pay.innerText())?.[1] ?? "").replaceAll(",", "")) * 100);
    await pay.click();
    const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
    await confirmed.waitFor();
    await confirmed.getByRole("button", { name: "Done" }).click();
  }
  const card = page
    .getByRole("list", { name: /^Arrivals/ })
    .getByRole("listitem")
    .filter({ hasText: booking.guestName });
  await card.waitFor();
  return { card, paidCents };
}

describe("the front desk", () => {
  it("takes a pay-at-hotel phone booking, checks the guest in and out early, marks a no-show, and checks a departing guest out", async () => {
    const page = await newPage(browser, 390);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`/admin/hotels/${HOTEL}/front-desk`);
    await page.getByRole("heading", { name: /^Arrivals/ }).waitFor();
    const stamp = String(Date.now()).slice(-6);

    // Pay at hotel: confirmed at once, nothing charged; leaving on the arrival day gives back every night but the first.
    const payer = `Pat Payer ${stamp}`;
    const { card: payerCard } = await takePhoneBooking(page, { guestName: payer, nights: 3, payment: "Pay at hotel" });
    await payerCard.getByText(/Pay at hotel: \$[\d,.]+ · by phone/).waitFor();
    await payerCard.getByRole("button", { name: `Check in ${payer}` }).click();
    await page.getByText(`${payer} is checked in`).waitFor();
    await payerCard.getByText("Checked in", { exact: true }).waitFor();
    await payerCard.getByRole("button", { name: `Check out early: ${payer}` }).click();
    // The departure date as the page writes dates (en-US): "Mon, Nov 30, 2026".
    const departure = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${addDays(todayUtc(), 3)}T00:00:00Z`));
    const early = page.getByRole("alertdialog", { name: `Check ${payer} out before ${departure}?` });
    await early.getByText(/unused nights go back on sale/).waitFor();
    await expectAccessible(page);
    await early.getByRole("button", { name: "Check out" }).click();
    await page.getByText(`${payer} is checked out`).waitFor();
    await page
      .getByText("2 night(s) returned to inventory. Pay at hotel: charge only the nights stayed; nothing was paid in advance.")
      .waitFor();
    await payerCard.getByText("Checked out", { exact: true }).waitFor();

    // Paid by card on the phone: an early departure refunds the unused nights outside the free-cancellation window.
    const { hotel: policy } = (await (await page.request.get(`/api/properties/hotels/${HOTEL}`)).json()) as {
      hotel: { freeCancellationDays: number };
    };
    expect(policy.freeCancellationDays).toBeGreaterThan(0);
    const nights = policy.freeCancellationDays + 3;
    const carder = `Cal Carder ${stamp}`;
    const { card: carderCard, paidCents } = await takePhoneBooking(page, { guestName: carder, nights, payment: "Card now" });
    await carderCard.getByText(/ · Paid · by phone$/).waitFor();
    await carderCard.getByRole("button", { name: `Check in ${carder}` }).click();
    await carderCard.getByText("Checked in", { exact: true }).waitFor();
    await carderCard.getByRole("button", { name: `Check out early: ${carder}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Check out" }).click();
    // Unused: every night after the first; refunded: those at least freeCancellationDays away, pro rata of what was paid.
    const unused = nights - 1;
    const refundable = nights - policy.freeCancellationDays;
    const refund = Math.floor((paidCents! * refundable) / nights);
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(refund / 100).replace(/\.00$/, "");
    await page
      .getByText(
        `${unused} night(s) returned to inventory. Refund ${money}. ${refundable} of ${unused} unused nights are outside the ${policy.freeCancellationDays}-day free-cancellation window and are refunded.`,
      )
      .waitFor();
    await carderCard.getByText("Checked out", { exact: true }).waitFor();

    // A guest who never comes: the booking's rate plan charges its policy's no-show fee (said before marking), the rest goes back on sale.
    const absent = `Nia Absent ${stamp}`;
    const { card: absentCard } = await takePhoneBooking(page, { guestName: absent, nights: 2, payment: "Pay at hotel" });
    await absentCard.getByRole("button", { name: `Mark no-show: ${absent}` }).click();
    const noShow = page.getByRole("alertdialog", { name: `Mark ${absent} as a no-show?` });
    await noShow.getByText(/^The booking's cancellation policy charges \$[\d,.]+ for a no-show/).waitFor();
    await noShow.getByRole("button", { name: "Mark no-show" }).click();
    await page.getByText(`${absent} marked as a no-show`).waitFor();
    await page
      .getByText(/^1 night\(s\) returned to inventory\. No-show fee under the booking's cancellation policy: \$[\d,.]+\./)
      .waitFor();
    await absentCard.getByText("No-show", { exact: true }).waitFor();

    // A guest leaving on their last day: a plain check-out, nothing returned.
    const departures = page.getByRole("list", { name: /^Departures/ });
    const leaving = departures
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /^Check out (?!early)/ }) })
      .first();
    const leaver = (await leaving.locator("p").first().innerText()).trim();
    await leaving.getByRole("button", { name: `Check out ${leaver}` }).click();
    await page.getByText(`${leaver} is checked out`).waitFor();
    await departures.getByRole("listitem").filter({ hasText: leaver }).getByText("Checked out", { exact: true }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });
});
