import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("booking in Spanish", () => {
  it("books and pays a room in Spanish: dialog, payment, confirmation and e-mail", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { name: "Encuentra tu alojamiento ideal" }).waitFor();

    const checkIn = addDays(todayUtc(), 25);
    const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2&rooms=1`;
    const found = (await (await page.request.get(`/api/hotels/search?destination=Paris&${stay}`)).json()) as { hotels: { id: string }[] };
    const hotelId = found.hotels.find((h) => /^\d+$/.test(h.id))!.id;
    await page.goto(`/hotel/${hotelId}?${stay}`);
    // The hotel page's own words are another branch's; its Book Now button in either language opens our dialog.
    await page
      .getByRole("button", { name: /^(Book Now|Reservar ahora)$/ })
      .and(page.locator(":not([aria-disabled=true])"))
      .first()
      .click();

    const dialog = page.getByRole("dialog", { name: /^Reservar / });
    await dialog.waitFor();
    await dialog.getByRole("region", { name: "Tu estancia" }).waitFor();
    await dialog.getByText("2 noches").first().waitFor();
    await dialog.getByText("2 adultos").first().waitFor();
    await dialog.getByRole("button", { name: "Continuar al pago" }).click();
    // The shared schema's messages, translated.
    await dialog.getByText("El teléfono es obligatorio").waitFor();
    const email = `nora-${Date.now()}@example.com`;
    await dialog.getByLabel("Nombre completo").fill("Nora Nadie");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Teléfono").fill("+34 600 000 000");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Continuar al pago" }).click();

    const payment = page.getByRole("dialog", { name: "Completar el pago" });
    await payment.waitFor();
    await payment.getByText("Modo de prueba: no se cobra a ninguna tarjeta real").waitFor();
    await payment.getByRole("button", { name: /^Pagar / }).click();
    await payment.getByText("Introduce el número de tu tarjeta.").waitFor();
    await expectAccessible(page);
    await payment.getByLabel("Fecha de caducidad").fill("12/34");
    await payment.getByLabel("CVC").fill("123");
    // The simulated processor's refusal, in Spanish.
    await payment.getByLabel("Número de tarjeta").fill("4000 0000 0000 0002");
    await payment.getByRole("button", { name: /^Pagar / }).click();
    await payment.getByText("Tu tarjeta ha sido rechazada.").waitFor();
    await payment.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await payment.getByRole("button", { name: /^Pagar / }).click();

    const confirmed = page.getByRole("dialog", { name: "¡Reserva confirmada!" });
    await confirmed.waitFor();
    await confirmed.getByText("Número de reserva").waitFor();
    await confirmed.getByText("Total pagado").waitFor();
    await confirmed.getByText(/Tu pago se ha realizado y tu habitación está reservada/).waitFor();
    // The downloaded confirmation is in the booking's language too.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      confirmed.getByRole("button", { name: "Descargar confirmación" }).click(),
    ]);
    const file = readFileSync((await download.path())!, "utf8");
    expect(file).toContain("Huéspedes: 2 adultos");
    expect(file).not.toContain("Guests:");
    const reference = /BK\d{13}[A-Z]{5}/.exec(await confirmed.innerText())?.[0];
    expect(reference).toBeDefined();
    expect(await confirmed.getByText("Booking reference").count()).toBe(0);
    await expectAccessible(page);

    // The confirmation e-mail is written in the language the booking was made in.
    const admin = await newPage(browser);
    await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
    const mailbox = (await (await admin.request.get("/api/admin/mailbox?pageSize=100")).json()) as {
      messages: { to: string; kind: string; text: string | null }[];
    };
    const mail = mailbox.messages.find((m) => m.to === email && m.kind === "booking_confirmation");
    expect(mail?.text).toContain("Hola, Nora Nadie:");
    expect(mail?.text).toContain(reference!);
    await admin.context().close();
    await page.context().close();
  });
});
