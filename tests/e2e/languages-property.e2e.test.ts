import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInThroughApi } from "./browser.ts";

/** Hotel 1 is in the demo chain: it has room types, a season of rates, and guests arriving and leaving today. */
const HOTEL = 1;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the hotelier's pages in other languages", () => {
  it("shows the hotels, a rate calendar, the revenue report and an extra's field rules in Spanish, and the front desk in German", async () => {
    const page = await newPage(browser);
    await signInThroughApi(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin/hotels");
    await page.getByRole("list", { name: "Hotels" }).waitFor();

    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { level: 1, name: "Hoteles" }).waitFor();
    await page.getByRole("list", { name: "Hoteles" }).waitFor();
    await page.getByLabel("Busca por nombre o ciudad").waitFor();
    await page.getByRole("link", { name: "Añadir hotel" }).waitFor();
    // A hotel's line: its room types counted in Spanish, and its visibility.
    expect(await page.getByRole("list", { name: "Hoteles" }).innerText()).toMatch(/\d+ tipos? de habitación/);
    await expectAccessible(page);

    await page.goto(`/admin/hotels/${HOTEL}/calendar`);
    await page.getByRole("heading", { level: 1, name: "Tarifas y disponibilidad" }).waitFor();
    const grid = page.getByRole("grid", { name: /^Tarifas y disponibilidad, / });
    await grid.waitFor();
    await grid.getByRole("columnheader", { name: "Tipo de habitación" }).waitFor();
    await page.getByRole("button", { name: "Mes siguiente" }).waitFor();
    // The week-day names of the range editor come from Intl in Spanish.
    const weekdays = page.getByRole("group", { name: "Estos días de la semana" });
    await weekdays.getByLabel("lun", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Aplicar al periodo" }).waitFor();
    await expectAccessible(page);

    await page.goto(`/admin/hotels/${HOTEL}/reports`);
    await page.getByRole("heading", { level: 1, name: /^Informe de ingresos/ }).waitFor();
    await page.getByRole("heading", { name: "Por tipo de habitación" }).waitFor();
    await page.getByRole("heading", { name: "Por canal" }).waitFor();
    await page.getByRole("region", { name: "Por canal" }).getByText("Sitio propio").waitFor();
    await page.getByRole("button", { name: "Este mes" }).waitFor();
    await page.getByRole("button", { name: "Descargar CSV" }).waitFor();
    await expectAccessible(page);

    // The back office's own field rules speak Spanish too (decision 069): an extra saved without a name.
    await page.goto(`/admin/hotels/${HOTEL}/extras`);
    await page.getByRole("button", { name: "Añadir extra" }).click();
    const extra = page.getByRole("dialog", { name: "Añadir extra" });
    await extra.getByRole("button", { name: "Añadir extra" }).click();
    await extra.getByText("El campo Nombre del extra es obligatorio").waitFor();
    await expectAccessible(page);
    await extra.getByRole("button", { name: "Cancelar" }).click();

    await page.goto(`/admin/hotels/${HOTEL}/front-desk`);
    await page.getByRole("heading", { level: 1, name: "Recepción" }).waitFor();
    // The picker speaks the language chosen.
    await page.getByLabel("Idioma").selectOption("de");
    await page.getByRole("heading", { level: 1, name: "Rezeption" }).waitFor();
    await page.getByRole("heading", { name: /^Anreisen/ }).waitFor();
    await page.getByRole("heading", { name: /^Im Haus/ }).waitFor();
    await page.getByRole("heading", { name: /^Abreisen/ }).waitFor();
    await page.getByRole("button", { name: "Telefonbuchung" }).click();
    const dialog = page.getByRole("dialog", { name: "Telefonbuchung" });
    await dialog.getByLabel("Name des Gastes").waitFor();
    await dialog.getByRole("group", { name: "Zahlung" }).waitFor();
    // The guest form's rules (the shared schema's messages) in German.
    await dialog.getByRole("button", { name: /^(Buchung bestätigen|Weiter zur Zahlung)$/ }).click();
    await dialog.getByText("Vollständiger Name ist erforderlich").waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await page.context().close();
  });
});
