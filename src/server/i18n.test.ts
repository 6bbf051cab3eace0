import { describe, expect, it } from "vitest";
import { bookingConfirmationEmail, bookingConfirmationText } from "./services/bookings/emails.ts";
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
});
