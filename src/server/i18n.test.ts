import { describe, expect, it } from "vitest";
import { passwordResetEmail, signUpAttemptEmail, welcomeEmail } from "./auth/auth-emails.ts";
import {
  bookingConfirmationEmail,
  bookingConfirmationText,
  bookingNotPlacedEmail,
  latePaymentRefundEmail,
} from "./services/bookings/emails.ts";
import { requestLanguage } from "./i18n.ts";

const booking = {
  id: "b1",
  bookingReference: "BK1767225600000ABCDE",
  guestName: "Lucía",
  guestEmail: "lucia@example.com",
  hotelName: "Hotel Sol",
  roomType: "Doble",
  checkIn: "2027-03-05",
  checkOut: "2027-03-07",
  totalNights: 2,
  numGuests: 3,
  numChildren: 1,
  childAges: [4],
  childChargeCents: 2_000,
  numRooms: 1,
  totalPriceCents: 24_000,
  currency: "EUR",
};

describe("the traveller's language on the server", () => {
  it("prefers the app's cookie, then Accept-Language, then English", () => {
    expect(requestLanguage("de", "es-ES,es;q=0.9")).toBe("de");
    expect(requestLanguage(undefined, "fr-FR, es-MX;q=0.8")).toBe("es");
    expect(requestLanguage("xx", "fr")).toBe("en");
  });

  it("writes a booking's e-mail and download in the language it was booked in, English by default", () => {
    const es = bookingConfirmationEmail({ ...booking, language: "es" }, "https://x/my-bookings");
    expect(es.subject).toBe("Reserva confirmada: Hotel Sol (BK1767225600000ABCDE)");
    expect(es.text).toMatch(/Total: 240,00\s€/);
    expect(es.text).toContain("Noches: 2");
    expect(es.text).toMatch(/Suplemento por niños: 20,00\s€/);
    const en = bookingConfirmationEmail(booking, "https://x/my-bookings");
    expect(en.subject).toBe("Booking confirmed: Hotel Sol (BK1767225600000ABCDE)");
    expect(en.text).toContain("Total: €240.00");
    const de = bookingConfirmationText({
      ...booking,
      language: "de",
      status: "confirmed",
      guestPhone: "1",
      specialRequests: null,
      cancellationPolicy: null,
      discountCents: 0,
      refundedCents: 0,
    });
    expect(de).toContain("STAYWISE-BUCHUNGSBESTÄTIGUNG");
    expect(de).toMatch(/Gesamt: 240,00\s€/);
  });

  it("writes the not-placed and late-payment e-mails in the booking's language, English by default", () => {
    const notPlacedEs = bookingNotPlacedEmail({ ...booking, language: "es" }, "https://x/search");
    expect(notPlacedEs.subject).toBe("No hemos podido confirmar tu reserva: Hotel Sol (BK1767225600000ABCDE)");
    expect(notPlacedEs.text).toMatch(/Te estamos devolviendo el pago de 240,00\s€ íntegramente/);
    expect(notPlacedEs.text).toContain("Huéspedes: 2 adultos, 1 niño (4 años)");
    expect(notPlacedEs.text).toContain("Busca otra estancia: https://x/search");
    const lateDe = latePaymentRefundEmail({ ...booking, language: "de" }, "https://x/search");
    expect(lateDe.subject).toBe("Ihre Zahlung wird erstattet: Hotel Sol (BK1767225600000ABCDE)");
    expect(lateDe.text).toContain("2 Erwachsene, 1 Kind (Alter 4)");
    const notPlacedEn = bookingNotPlacedEmail(booking, "https://x/search");
    expect(notPlacedEn.subject).toBe("We could not confirm your booking: Hotel Sol (BK1767225600000ABCDE)");
    expect(notPlacedEn.text).toContain("Your payment of €240.00 is being refunded in full to your card");
    expect(notPlacedEn.text).toContain("Guests: 2 adults, 1 child (age 4)");
    const lateEn = latePaymentRefundEmail({ ...booking, childAges: [4, 9], numChildren: 2, numGuests: 4 }, "https://x/search");
    expect(lateEn.subject).toBe("Your payment is being refunded: Hotel Sol (BK1767225600000ABCDE)");
    expect(lateEn.text).toContain("Guests: 2 adults, 2 children (ages 4, 9)");
  });

  it("translates the refund line of the download", () => {
    const download = (language: string | undefined, refundedCents: number) =>
      bookingConfirmationText({
        ...booking,
        language,
        status: "cancelled",
        guestPhone: "1",
        specialRequests: null,
        cancellationPolicy: null,
        discountCents: 0,
        refundedCents,
      });
    expect(download("es", 24_000)).toMatch(/Reembolsado: 240,00\s€/);
    expect(download("es", 24_000)).toContain("Estado: cancelada");
    expect(download(undefined, 24_000)).toContain("Status: cancelled");
    expect(download("de", 10_000)).toMatch(/Teilweise erstattet: 100,00\s€ von 240,00\s€/);
    expect(download(undefined, 24_000)).toContain("Refunded €240.00");
    expect(download(undefined, 0)).not.toContain("Refunded");
  });

  it("writes the account e-mails in the reader's language, English by default", () => {
    const user = { name: "Lucía", email: "lucia@example.com" };
    const resetEs = passwordResetEmail(user, "https://x/reset", "es");
    expect(resetEs.subject).toBe("Restablece tu contraseña de Staywise");
    expect(resetEs.text).toContain("Hola, Lucía:");
    expect(resetEs.text).toContain("durante 60 minutos");
    expect(resetEs.text).toContain("https://x/reset");
    expect(signUpAttemptEmail(user, "https://x/password-reset", "de").text).toContain(
      "können Sie es hier zurücksetzen: https://x/password-reset",
    );
    expect(welcomeEmail({ name: "", email: "a@b.c" }, "https://x/login", "es").text).toMatch(/^Hola:\n/);
    const resetEn = passwordResetEmail(user, "https://x/reset");
    expect(resetEn.subject).toBe("Reset your Staywise password");
    expect(resetEn.text).toContain("Hello Lucía,");
    expect(resetEn.text).toContain("it works once, for 60 minutes");
    expect(welcomeEmail({ name: "", email: "a@b.c" }, "https://x/login").subject).toBe("Welcome to Staywise");
    expect(welcomeEmail({ name: "", email: "a@b.c" }, "https://x/login").text).toMatch(/^Hello there,\n/);
  });
});
