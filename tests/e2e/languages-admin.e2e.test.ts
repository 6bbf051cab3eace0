import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookAndPayThroughApi, expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** One paid booking of two nights for two adults, made through the public API; returns its reference. */
function paidBooking(page: Page): Promise<string> {
  const stamp = Date.now();
  return bookAndPayThroughApi(page, {
    destination: "Dubai",
    checkIn: addDays(todayUtc(), 60),
    guestName: `Idioma Admin ${stamp}`,
    guestEmail: `idioma-admin-${stamp}@example.com`,
    guestPhone: "+34 600 000 001",
  });
}

describe("the back office in other languages", () => {
  it("shows the dashboard and its bookings in Spanish, and the users page in German", async () => {
    const guest = await newPage(browser);
    const reference = await paidBooking(guest);
    await guest.context().close();

    const page = await newPage(browser);
    await signInAs(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { name: "Panel de administración" }).waitFor();
    // Stat cards, chart and occupancy.
    await page.getByRole("heading", { name: "Ingresos totales" }).waitFor();
    await page.getByRole("heading", { name: "Ingresos por mes" }).waitFor();
    await page.getByRole("region", { name: "Ocupación" }).waitFor();
    await page
      .getByRole("navigation", { name: "Herramientas de administración" })
      .getByRole("link", { name: "Gestionar usuarios" })
      .waitFor();
    expect(await page.getByRole("heading", { name: "Total Revenue" }).count()).toBe(0);
    await expectAccessible(page);

    // The bookings table, filtered through the URL: headers, status names and plurals in Spanish.
    await page.goto(`/admin?search=${reference}&status=confirmed`);
    await page.getByRole("heading", { name: "Gestión de reservas" }).waitFor();
    expect(await page.getByLabel("Estado", { exact: true }).inputValue()).toBe("confirmed");
    const status = page.getByLabel(`Estado de la reserva ${reference}`);
    await status.waitFor();
    expect(await status.locator("option:checked").textContent()).toBe("Confirmada");
    const row = page.getByRole("row").filter({ hasText: reference });
    await row.getByText("2 noches · 1 habitación").waitFor();
    await row.getByText("2 adultos").waitFor();
    await page.getByRole("columnheader", { name: "Huésped" }).waitFor();
    await row.getByRole("button", { name: `Reembolsar la reserva ${reference}` }).waitFor();
    expect(await page.getByText("Booking Management").count()).toBe(0);
    await expectAccessible(page);

    // German: the users page, its table and its tabs.
    await page.getByLabel("Idioma").selectOption("de");
    await page.getByRole("heading", { name: "Buchungsverwaltung" }).waitFor();
    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "Benutzerverwaltung" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByRole("tab", { name: "Verlauf der Rollenänderungen" }).waitFor();
    await page.getByLabel("Benutzer suchen").fill(inject("adminEmail"));
    await page.getByText("Sie können Ihre eigene Rolle und Ihren Status nicht ändern.").first().waitFor();
    await page.getByText("Aktiv", { exact: true }).first().waitFor();
    expect(await page.getByText("User Management").count()).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });
});
