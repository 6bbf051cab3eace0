import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

let browser: Browser;
let photo: string;

beforeAll(async () => {
  browser = await launchBrowser();
  photo = path.join(mkdtempSync(path.join(os.tmpdir(), "sw-photo-")), "terrace.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => browser?.close());

async function newUser(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}-${Date.now()}@example.com`;
  expect((await page.request.post("/api/auth/sign-up/email", { data: { name, email, password: "secret123" } })).status()).toBe(200);
  await signInThroughApi(page, email, "secret123");
  return email;
}

describe("reviews and rewards in the browser", () => {
  it("a review with a photo waits for approval, then shows with its photo and counts, and another user votes", async () => {
    const author = await newPage(browser);
    await newUser(author, "Rhea Reviewer");
    const hotels = (await (await author.request.get("/api/hotels/search?destination=Barcelona")).json()) as {
      hotels: { id: string; reviewCount: number }[];
    };
    const hotel = hotels.hotels.find((h) => /^\d+$/.test(h.id))!;
    await author.goto(`/hotel/${hotel.id}`);
    await author.getByRole("heading", { name: "Guest Reviews" }).waitFor();
    await author.getByRole("button", { name: "Write a review" }).click();
    await author.getByRole("radio", { name: "4 stars" }).check();
    const title = `Rooftop bliss ${Date.now()}`;
    await author.getByLabel("Title").fill(title);
    await author.getByLabel("Your review").fill("Friendly staff and a lovely terrace. <script>alert(1)</script>");
    await author.getByLabel("Photos", { exact: true }).setInputFiles(photo);
    await author.getByRole("button", { name: "Submit Review" }).click();
    await author.getByText("Review submitted! It will be visible after admin approval.").waitFor();
    // The author sees their review waiting, and is not offered a second review of the same stay.
    const waiting = author.getByRole("list", { name: "Your reviews awaiting moderation" }).getByRole("article", { name: title });
    await waiting.getByText("Awaiting moderation").waitFor();
    await author.reload();
    await waiting.getByText("Awaiting moderation").waitFor();
    await author.getByText("You have reviewed your stay at this hotel.").waitFor();
    expect(await author.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    expect(await author.getByText("No reviews yet. Be the first to review!").count()).toBe(0);
    await expectAccessible(author);

    const admin = await newPage(browser);
    await signInThroughApi(admin, inject("adminEmail"), inject("adminPassword"));
    await admin.goto("/admin/reviews");
    const pending = admin.getByRole("article").filter({ hasText: title });
    await pending.waitFor();
    await expectAccessible(admin);
    await pending.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Review approved").waitFor();
    await admin.context().close();

    const voter = await newPage(browser);
    await newUser(voter, "Victor Voter");
    await voter.goto(`/hotel/${hotel.id}`);
    const review = voter.getByRole("article", { name: title });
    await review.waitFor();
    await review.getByText("<script>alert(1)</script>", { exact: false }).waitFor();
    expect(await review.getByRole("button", { name: /^Open photo 1 of 1/ }).count()).toBe(1);
    await voter.getByText(`${hotel.reviewCount + 1} verified reviews`).waitFor();
    await review.getByRole("button", { name: "Helpful (0)", exact: true }).click();
    await voter.getByText("Vote recorded").waitFor();
    await review.getByRole("button", { name: "Helpful (1)", exact: true }).waitFor();
    await expectAccessible(voter);
    const after = (await (await voter.request.get(`/api/hotels/${hotel.id}`)).json()) as { reviewCount: number };
    expect(after.reviewCount).toBe(hotel.reviewCount + 1);
    await voter.context().close();
    // No one votes on their own review.
    await author.reload();
    const own = author.getByRole("list", { name: "Reviews" }).getByRole("article", { name: title });
    await own.getByText("Your review", { exact: false }).waitFor();
    expect(await own.getByRole("button", { name: /Helpful/ }).count()).toBe(0);
    await author.context().close();
  });

  it("earns points for a paid booking and spends them on the next one", async () => {
    const page = await newPage(browser);
    await newUser(page, "Pam Points");
    const checkIn = addDays(todayUtc(), 45);
    const hotels = (await (
      await page.request.get(`/api/hotels/search?destination=New%20York&checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&sort=price`)
    ).json()) as { hotels: { id: string }[] };
    // The cheapest of our own: the first stay's points (a point a dollar) stay under Silver's 2,000,
    // so the second price is the first less the points alone, without a member price.
    const hotelId = hotels.hotels.filter((h) => /^\d+$/.test(h.id)).at(0)!.id;

    async function book(points: boolean): Promise<string> {
      await page.goto(`/hotel/${hotelId}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2&rooms=1`);
      // Every demo room sells a non-refundable rate paid now (others may be paid at the hotel).
      await page
        .getByRole("article", { name: "Non-refundable", exact: true })
        .getByRole("button", { name: "Book Now" })
        .and(page.locator(":not([aria-disabled=true])"))
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: /^Book / });
      await dialog.getByLabel("Phone").fill("+1 212 555 0100");
      if (points) await dialog.getByRole("checkbox", { name: /^Use [\d,]+ points/ }).check();
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      const payment = page.getByRole("dialog", { name: "Complete Payment" });
      await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
      await payment.getByLabel("Expiry date").fill("12/34");
      await payment.getByLabel("CVC").fill("123");
      const pay = payment.getByRole("button", { name: /^Pay \$/ });
      const amount = (await pay.innerText()).replace(/^Pay /, "");
      await pay.click();
      await page.getByRole("dialog", { name: "Booking Confirmed!" }).waitFor();
      return amount;
    }

    const firstAmount = await book(false);
    await page.goto("/rewards");
    await page.getByRole("heading", { name: "Rewards Program" }).waitFor();
    const balance = (await (await page.request.get("/api/loyalty")).json()) as { account: { pointsBalance: number } };
    expect(balance.account.pointsBalance).toBe(Math.floor(Number(firstAmount.replace(/[$,]/g, ""))));
    await page.getByRole("tab", { name: "History" }).click();
    await page.getByText(/Earned on booking BK/).waitFor();
    await expectAccessible(page);

    const secondAmount = await book(true);
    const spent = Math.floor(balance.account.pointsBalance / 100) * 100;
    expect(Number(secondAmount.replace(/[$,]/g, ""))).toBeCloseTo(Number(firstAmount.replace(/[$,]/g, "")) - spent / 100, 2);
    const later = (await (await page.request.get("/api/loyalty")).json()) as { account: { pointsBalance: number } };
    expect(later.account.pointsBalance).toBeLessThan(balance.account.pointsBalance + Math.floor(Number(secondAmount.replace(/[$,]/g, ""))));
    await page.context().close();
  });
});
