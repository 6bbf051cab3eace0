import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookAndPayThroughApi, expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A traveller with one paid booking, signed in on the page; returns the booking's check-in date. */
async function travellerWithBooking(page: Page): Promise<string> {
  const stamp = Date.now();
  const email = `lucia-${stamp}@example.com`;
  expect(
    (await page.request.post("/api/auth/sign-up/email", { data: { name: "Lucía Viajera", email, password: "secret123" } })).status(),
  ).toBe(200);
  await signInAs(page, email, "secret123");
  const checkIn = addDays(todayUtc(), 40);
  await bookAndPayThroughApi(page, {
    destination: "Paris",
    checkIn,
    guestName: "Lucía Viajera",
    guestEmail: email,
    guestPhone: "+34 600 000 000",
  });
  return checkIn;
}

/** The calendar date as Intl writes it for the language, the way the booking card shows check-in. */
function dayIn(language: string, iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(
    new Date(y!, m! - 1, d!),
  );
}

describe("languages", () => {
  it("switches to Spanish from the header: home and My Bookings in Spanish with Spanish dates, kept after a reload", async () => {
    const page = await newPage(browser);
    const checkIn = await travellerWithBooking(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "Find your perfect stay" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { name: "Encuentra tu alojamiento ideal" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await page.getByRole("heading", { name: "Por qué los viajeros reservan con Staywise" }).waitFor();
    // The picker keeps the keyboard's place after the page is drawn again in the new language.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-language-picker"))).toBe(true);
    await expectAccessible(page);

    await page.goto("/my-bookings");
    await page.getByRole("heading", { name: "Mis reservas" }).waitFor();
    await page.getByRole("tab", { name: "Próximas (1)" }).waitFor();
    const card = page.getByRole("article");
    await card.getByText("Confirmada").waitFor();
    await card.getByText(dayIn("es", checkIn)).waitFor();
    expect(await card.getByText(dayIn("en", checkIn)).count()).toBe(0);
    // The stay line ("· 1 habitación · 2 noches"); the price breakdown says it again per nightly price.
    await card.getByText("2 noches").first().waitFor();
    await expectAccessible(page);

    await page.reload();
    await page.getByRole("heading", { name: "Mis reservas" }).waitFor();
    expect(await page.getByLabel("Idioma").inputValue()).toBe("es");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.getByText("My Bookings").count()).toBe(0);
    await page.context().close();
  });

  it("switches to German likewise, and back to English", async () => {
    const page = await newPage(browser);
    await page.goto("/saved");
    await page.getByRole("heading", { name: "Saved hotels", exact: true }).waitFor();
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("heading", { name: "Gespeicherte Hotels", exact: true }).waitFor();
    await page.getByText("Noch keine gespeicherten Hotels").waitFor();
    await page.getByRole("link", { name: "Anmelden" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.reload();
    await page.getByRole("heading", { name: "Gespeicherte Hotels", exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByLabel("Sprache").selectOption("en");
    await page.getByRole("heading", { name: "Saved hotels", exact: true }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Saved hotels", exact: true }).waitFor();
    await page.context().close();
  });

  it("greets a first-time visitor whose browser speaks German in German, without an English first paint", async () => {
    const context = await browser.newContext({
      baseURL: inject("baseUrl"),
      locale: "de-DE",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    // Every heading text the page ever showed, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      new MutationObserver(() => {
        for (const h of document.querySelectorAll("h1")) if (!seen.includes(h.textContent ?? "")) seen.push(h.textContent ?? "");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Finden Sie Ihre perfekte Unterkunft" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings)).not.toContain(
      "Find your perfect stay",
    );
    await expectAccessible(page);
    await context.close();
  });
});
