import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CancellationPreview } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail } from "../../src/shared/search.ts";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInAs } from "./browser.ts";

let browser: Browser;
const checkIn = addDays(todayUtc(), 30);
const checkOut = addDays(checkIn, 2);
const stay = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pictures to look at by hand when E2E_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** A demo hotel's room sold under the named plan (pay now), bookable for the stay. */
async function planOffer(page: Page, planName: string): Promise<{ hotelId: string; roomTypeId: string; ratePlanId: string }> {
  for (const city of ["Paris", "London", "Rome", "Barcelona", "Berlin"]) {
    const found = (await (await page.request.get(`/api/hotels/search?destination=${city}&${stay}`)).json()) as { hotels: { id: string }[] };
    for (const summary of found.hotels.filter((h) => /^\d+$/.test(h.id))) {
      const hotel = (await (await page.request.get(`/api/hotels/${summary.id}?${stay}`)).json()) as HotelDetail;
      for (const room of hotel.rooms.filter((r) => r.bookable)) {
        const plan = room.plans?.find((p) => p.name === planName && p.bookable && p.paymentTiming === "pay_now" && p.id !== null);
        if (plan) return { hotelId: hotel.id, roomTypeId: room.id, ratePlanId: plan.id! };
      }
    }
  }
  throw new Error(`No demo hotel sells a room under "${planName}"`);
}

/** Holds, pays with 4242 and confirms, as the page's signed-in user. */
async function bookPlan(
  page: Page,
  offer: { hotelId: string; roomTypeId: string; ratePlanId: string },
): Promise<{ id: string; reference: string }> {
  const res = await page.request.post("/api/bookings", {
    headers: sameOriginHeaders(),
    data: {
      ...offer,
      checkIn,
      checkOut,
      guests: 2,
      rooms: 1,
      guestName: "Tess Terms",
      guestEmail: "tess.terms@example.com",
      guestPhone: "+1 555 0199",
    },
  });
  expect(res.status()).toBe(201);
  const hold = (await res.json()) as {
    booking: { id: string; bookingReference: string };
    payment: { paymentId: string; clientSecret: string };
  };
  await page.request.post(`/api/simulated-payments/${hold.payment.paymentId}/confirm`, {
    headers: sameOriginHeaders(),
    data: {
      clientSecret: hold.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  const confirmed = await page.request.post(`/api/bookings/${hold.booking.id}/confirm-payment`, {
    headers: sameOriginHeaders(),
    data: { paymentId: hold.payment.paymentId },
  });
  expect(confirmed.ok()).toBe(true);
  return { id: hold.booking.id, reference: hold.booking.bookingReference };
}

describe("cancellation terms in My Bookings", () => {
  it.each([390, 1280])(
    "shows the plan and its terms in words, and the cancel prompt says what cancelling now costs (%i px)",
    async (width) => {
      const page = await newPage(browser, width);
      const email = `terms-${width}-${Date.now()}@example.com`;
      expect(
        (await page.request.post("/api/auth/sign-up/email", { data: { name: "Tess Terms", email, password: "secret123" } })).status(),
      ).toBe(200);
      await signInAs(page, email, "secret123");
      const flexible = await bookPlan(page, await planOffer(page, "Flexible"));
      const nonRefundable = await bookPlan(page, await planOffer(page, "Non-refundable"));

      await page.goto("/my-bookings");
      await page.getByRole("heading", { name: "My Bookings" }).waitFor();
      const flexibleCard = page.getByRole("article").filter({ hasText: flexible.reference });
      await flexibleCard.getByText("Flexible", { exact: true }).waitFor();
      await flexibleCard.getByText(/Cancellation:/).waitFor();
      const nonRefundableCard = page.getByRole("article").filter({ hasText: nonRefundable.reference });
      await nonRefundableCard.getByText("Non-refundable", { exact: false }).first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `my-bookings-terms-${width}`);

      // The prompt says what the server computes now, before anything is cancelled.
      const preview = (await (await page.request.get(`/api/bookings/${flexible.id}/cancellation`)).json()) as CancellationPreview;
      await page.getByRole("button", { name: `Cancel booking ${flexible.reference}` }).click();
      const prompt = page.getByRole("alertdialog");
      await prompt.getByText(preview.feeCents === 0 ? /You will receive a full refund of/ : /Cancelling now costs/).waitFor();
      await prompt.getByText(/Cancellation:/).waitFor();
      await expectAccessible(page);
      await screenshot(page, `cancel-prompt-${width}`);
      await prompt.getByRole("button", { name: "Keep booking" }).click();

      await page.getByRole("button", { name: `Cancel booking ${nonRefundable.reference}` }).click();
      await page
        .getByRole("alertdialog")
        .getByText("This booking is not refundable under the hotel's cancellation policy: no refund will be issued.")
        .waitFor();
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel booking" }).click();
      await page.getByText("Booking cancelled. Confirmation email sent.").waitFor();
      const cancelled = (await (await page.request.get(`/api/bookings/${nonRefundable.id}`)).json()) as {
        booking: { status: string; refundedCents: number };
      };
      expect(cancelled.booking).toMatchObject({ status: "cancelled", refundedCents: 0 });
      await page.close();
    },
  );
});
