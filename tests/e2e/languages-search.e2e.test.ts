import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("searching in another language", () => {
  it("searches, filters, sorts and opens a hotel in Spanish, then reads the hotel in German", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { name: "Encuentra tu alojamiento ideal" }).waitFor();
    await page.getByRole("heading", { name: "Destinos populares" }).waitFor();

    const destination = page.getByRole("combobox", { name: "Destino" });
    expect(await destination.getAttribute("placeholder")).toBe("¿Adónde vas?");
    await destination.fill("Paris");
    await page.getByRole("listbox", { name: "Destinos sugeridos" }).getByRole("option").first().waitFor();
    await destination.press("Escape");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/destination=Paris/);
    // The same search two weeks ahead: the form's default stay starts today (UTC), and near midnight
    // UTC a Paris hotel's own date is already past that check-in, so none of them would sell it.
    const later = new URL(page.url());
    later.searchParams.set("checkIn", addDays(todayUtc(), 14));
    later.searchParams.set("checkOut", addDays(todayUtc(), 15));
    await page.goto(later.pathname + later.search);
    await page.getByRole("heading", { level: 1, name: /Paris/ }).waitFor();
    expect(await page.title()).toContain("Hoteles en Paris");

    // The result count, in Spanish words and Spanish digits.
    const summary = page.getByText(/^[\d.]+ alojamientos? encontrados?/);
    await summary.waitFor();
    expect(await page.getByText(/propert(y|ies) found/).count()).toBe(0);

    // Filters: headings, a fixed-list option and the property types read in Spanish.
    const filters = page.getByRole("complementary", { name: "Filtros" });
    await filters.getByRole("heading", { name: "Filtros" }).waitFor();
    for (const group of ["Precio por noche", "Distancia al centro", "Valoración de los huéspedes", "Estrellas", "Tipo de alojamiento"]) {
      await filters.getByRole("group", { name: group }).waitFor();
    }
    await filters.getByRole("radio", { name: /Fantástico: 9\+/ }).waitFor();
    await filters.getByRole("checkbox", { name: "Casa de huéspedes" }).waitFor();
    await filters.getByRole("checkbox", { name: "Piscina" }).click();
    await page.waitForURL(/amenities=Pool/);
    await filters.getByRole("button", { name: "Borrar filtros" }).click();
    await page.waitForURL((url) => !url.search.includes("amenities"));

    // Sort: the options are Spanish, the address keeps its own values.
    const sort = page.getByRole("combobox", { name: "Ordenar por" });
    expect(await sort.locator("option").allInnerTexts()).toEqual([
      "Más populares",
      "Precio (más bajo primero)",
      "Valoración (más alta primero)",
      "Distancia al centro",
    ]);
    // Judged once the price-sorted list has arrived, not while the previous one is dimmed for it.
    await Promise.all([
      page.waitForResponse((res) => res.url().includes("/api/hotels/search") && res.url().includes("sort=price")),
      sort.selectOption({ label: "Precio (más bajo primero)" }),
    ]);
    await page.waitForURL(/sort=price/);
    await page.getByRole("group", { name: "Mostrar resultados como" }).getByRole("button", { name: "Mapa" }).waitFor();
    await expectAccessible(page);

    // A hotel of our own (the cheapest may all be partners'): its rooms in Spanish.
    await sort.selectOption({ label: "Más populares" });
    await page.waitForURL((url) => !url.search.includes("sort="));
    await page
      .locator("article")
      .filter({ hasText: "por noche" })
      .filter({ has: page.locator('a[href^="/hotel/"]:not([href^="/hotel/wh-"])') })
      .first()
      .getByRole("link")
      .click();
    await page.waitForURL(/\/hotel\/\d+\?/);
    await page.getByRole("heading", { name: "Habitaciones disponibles" }).waitFor();
    await page.getByRole("button", { name: "Reservar ahora" }).first().waitFor();
    await page.getByRole("button", { name: /^Huéspedes y habitaciones 2 adultos · 1 habitación/ }).waitFor();
    await page.getByRole("heading", { name: "Sobre este hotel" }).waitFor();
    await page.getByText(/^1 noche, 2 adultos · desde$/).waitFor();
    expect(await page.getByText("Available Rooms").count()).toBe(0);
    // The currency picker's name and the hotel's cancellation policy are Spanish too.
    await page.getByRole("combobox", { name: "Moneda" }).waitFor();
    const policy = (heading: string) => page.getByRole("heading", { name: heading, exact: true }).locator("xpath=following-sibling::p[1]");
    expect(await policy("Política de cancelación").innerText()).toMatch(
      /^(Cancelación gratuita hasta \d+ días? antes de la entrada|No reembolsable|Cada tarifa tiene sus propias condiciones de cancelación, indicadas junto a su precio\.)$/,
    );
    await expectAccessible(page);

    // The same page in German.
    await page.getByLabel("Idioma").selectOption("de");
    await page.getByRole("heading", { name: "Verfügbare Zimmer" }).waitFor();
    await page.getByRole("button", { name: "Jetzt buchen" }).first().waitFor();
    await page.getByRole("button", { name: /^Gäste & Zimmer 2 Erwachsene · 1 Zimmer/ }).waitFor();
    await page.getByRole("combobox", { name: "Währung" }).waitFor();
    expect(await policy("Stornierungsbedingungen").innerText()).toMatch(
      /^(Kostenlose Stornierung bis \d+ Tage? vor dem Check-in|Nicht erstattbar|Jeder Tarif hat eigene Stornierungsbedingungen, angegeben bei seinem Preis\.)$/,
    );
    await page.getByRole("button", { name: "Zurück zu den Ergebnissen" }).click();
    await page.getByText(/^[\d.]+ Unterkünfte? gefunden/).waitFor();
    await page.getByRole("combobox", { name: "Sortieren nach" }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });
});
