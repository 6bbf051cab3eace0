/** The sandbox's booking side: PreBookV3, BookV3, CancelBooking and GetBookingInformationV3. */
import { addDays } from "../../../shared/dates.ts";
import type { SandboxBooking, SandboxBookingStore } from "./sandbox-booking-store.ts";
import { type SandboxHotel, findRoom, fits, hotels, mealsFor, stayPriceCents } from "./sandbox-catalogue.ts";
import { stayFrom } from "./sandbox-forms.ts";
import { preBookCode, readPreBookCode } from "./sandbox-prebook-code.ts";
import { cancellationPolicies } from "./sandbox-search.ts";
import { type SandboxAnswer, SandboxError, document, el, money, text } from "./sandbox-xml.ts";

const SLOW_ANSWER_MS = 15_000;
const PRE_BOOK_LIFETIME_MS = 30 * 60 * 1000;
const PRICE_INCREASE_AT_PRE_BOOK = 1.05;

/** What the booking calls share: the clock, the PreBookCode key and where bookings are kept. */
export interface SandboxDesk {
  now: () => Date;
  signingKey: Buffer;
  bookings: SandboxBookingStore;
}

export function preBookV3(desk: SandboxDesk, form: URLSearchParams): string {
  const stay = stayFrom(form, { rooms: "rooms", adults: "adults", children: "children" });
  const roomId = Number(form.get("roomId"));
  const mealId = Number(form.get("mealId"));
  const found = findRoom(roomId);
  if (!found) throw new SandboxError("RoomNotFound", "Room no longer available");
  const { hotel, index } = found;
  if (!mealsFor(hotel).some((m) => m.id === mealId)) throw new SandboxError("InvalidParameter", "That meal is not sold with this room");
  if (!fits(hotel, index, stay)) throw new SandboxError("InvalidParameter", "The room does not sleep that many guests");
  const base = stayPriceCents(hotel, index, mealId, stay);
  const priceCents = hotel.id % 10 === 3 ? Math.round(base * PRICE_INCREASE_AT_PRE_BOOK) : base;
  const code = preBookCode(desk.signingKey, { ...stay, roomId, mealId, priceCents, expires: desk.now().getTime() + PRE_BOOK_LIFETIME_MS });
  const searchPrice = Number(form.get("searchPrice"));
  const changed = Number.isFinite(searchPrice) && form.get("searchPrice") !== "" && Math.round(searchPrice * 100) !== priceCents;
  return document(
    "preBookResultWithTaxAndFees",
    text("PreBookCode", code),
    el("Price", { currency: "USD" }, money(priceCents)),
    ...supplierTaxAndFees(hotel, priceCents, stay),
    el("Notes", null, changed ? el("Note", null, text("text", "The price has changed since the search")) : null),
    el("CancellationPolicies", null, cancellationPolicies(hotel)),
  );
}

/**
 * The pre-book answer's tax and fee lines (decision 062). Hotels whose id ends in 7 name a 10 % tax
 * inside the price and a resort fee of 15.00 per room per night payable at the hotel; the others
 * name no tax (0.00) and no fee, as before.
 */
function supplierTaxAndFees(hotel: SandboxHotel, priceCents: number, stay: { checkIn: string; checkOut: string; rooms: number }): string[] {
  if (hotel.id % 10 !== 7) return [el("Tax", { currency: "USD" }, "0.00"), el("Fees", null)];
  const nights = Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000);
  const resortFee = 1500 * nights * stay.rooms;
  return [
    el("Tax", { currency: "USD" }, money(Math.round((priceCents * 10) / 110))),
    el(
      "Fees",
      null,
      el("Fee", null, text("FeeTitle", "Resort fee"), el("Value", { currency: "USD" }, money(resortFee)), text("PayableAtHotel", "true")),
    ),
  ];
}

export async function bookV3(desk: SandboxDesk, form: URLSearchParams): Promise<SandboxAnswer> {
  const pre = readPreBookCode(desk.signingKey, form.get("preBookCode") ?? "", desk.now().getTime());
  const stay = stayFrom(form, { rooms: "rooms", adults: "adults", children: "children" });
  if (
    pre.roomId !== Number(form.get("roomId")) ||
    pre.mealId !== Number(form.get("mealId")) ||
    pre.checkIn !== stay.checkIn ||
    pre.checkOut !== stay.checkOut ||
    pre.rooms !== stay.rooms ||
    pre.adults !== stay.adults
  ) {
    throw new SandboxError("InvalidParameter", "The booking does not match the PreBookCode");
  }
  const yourRef = form.get("yourRef") ?? "";
  const email = form.get("email") ?? "";
  if (!email) throw new SandboxError("InvalidParameter", "email is required");
  const guests = adultGuests(form);
  const lastNames = guests.map(([, last]) => last.trim().toLowerCase());
  if (lastNames.includes("fail")) throw new SandboxError("BookingFailed", "Room no longer available");
  const { hotel, index } = findRoom(pre.roomId)!;
  const booking = await desk.bookings.add({
    yourRef,
    hotelId: hotel.id,
    roomTypeName: hotel.roomTypes[index]!.name,
    mealId: pre.mealId,
    checkIn: pre.checkIn,
    checkOut: pre.checkOut,
    priceCents: pre.priceCents,
    createdAt: desk.now().toISOString().slice(0, 10),
    active: true,
    guests: guests.map(([first, last]) => `${first} ${last}`.trim()),
    email,
  });
  // The booking is made either way; a slow answer is what a timeout looks like to the caller.
  return { status: 200, xml: bookResult(hotel, booking, yourRef), delayMs: lastNames.includes("slow") ? SLOW_ANSWER_MS : 0 };
}

/** The adult guests named in the form, first and last name; at least one. */
function adultGuests(form: URLSearchParams): (readonly [string, string])[] {
  const guests = Array.from(
    { length: 9 },
    (_, i) => [form.get(`adultGuest${i + 1}FirstName`) ?? "", form.get(`adultGuest${i + 1}LastName`) ?? ""] as const,
  ).filter(([first, last]) => first || last);
  if (guests.length === 0) throw new SandboxError("InvalidParameter", "Give the name of at least one adult guest");
  return guests;
}

function bookResult(hotel: SandboxHotel, booking: SandboxBooking, yourRef: string): string {
  const days = hotel.hotel.freeCancellationDays;
  return document(
    "bookResult",
    el(
      "booking",
      null,
      text("bookingnumber", booking.bookingNumber),
      text("hotel.id", hotel.id),
      text("hotel.name", hotel.hotel.name),
      text("hotel.address", hotel.hotel.location),
      text("room.type", booking.roomTypeName),
      text("mealId", booking.mealId),
      text("checkindate", booking.checkIn),
      text("checkoutdate", booking.checkOut),
      el("prices", null, el("price", { currency: "USD" }, money(booking.priceCents))),
      cancellationPolicies(hotel),
      text("earliestNonFreeCancellationDate.CET", days > 0 ? addDays(booking.checkIn, -days) : booking.createdAt),
      text("yourref", yourRef),
      text("voucher", `SBX-${booking.bookingNumber}`),
      el("paymentmethod", { id: 1, name: "Invoice" }),
    ),
  );
}

export async function cancelBooking(desk: SandboxDesk, form: URLSearchParams): Promise<string> {
  const outcome = await desk.bookings.cancel(Number(form.get("bookingID")));
  if (outcome === "not-found") throw new SandboxError("BookingNotFound", "No booking with that bookingID");
  if (outcome === "already-cancelled")
    throw new SandboxError("BookingAlreadyCancelledException", "The booking is already cancelled", 200, -2);
  return document(
    "result",
    text("Code", 1),
    el("CancellationPaymentMethod", { id: 1, name: "Invoice" }, el("cancellationfee", { currency: "USD" }, "0.00")),
  );
}

export async function bookingInformation(desk: SandboxDesk, form: URLSearchParams): Promise<string> {
  const bookingId = form.get("bookingID") ?? "";
  const reference = form.get("reference") ?? "";
  if (!bookingId && !reference) throw new SandboxError("InvalidParameter", "Give a bookingID or a reference");
  const number = Number(bookingId);
  if (bookingId && !Number.isSafeInteger(number)) return document("getBookingInformationResult", el("bookings", null));
  const found = (
    await desk.bookings.find({ ...(bookingId ? { bookingNumber: number } : {}), ...(reference ? { yourRef: reference } : {}) })
  ).map((b) => ({
    ...b,
    hotel: hotels()[b.hotelId - 1]!,
  }));
  const showGuests = form.get("showGuests") === "1" || form.get("showGuests") === "true";
  return document(
    "getBookingInformationResult",
    el(
      "bookings",
      null,
      ...found.map((b) =>
        el(
          "booking",
          null,
          text("bookingnumber", b.bookingNumber),
          text("yourref", b.yourRef),
          text("bookingStatus", b.active ? "Active" : "NotActive"),
          text("hotel.id", b.hotel.id),
          text("hotel.name", b.hotel.hotel.name),
          text("room.type", b.roomTypeName),
          text("mealId", b.mealId),
          text("checkindate", b.checkIn),
          text("checkoutdate", b.checkOut),
          el("prices", null, el("price", { currency: "USD" }, money(b.priceCents))),
          text("bookingdate", b.createdAt),
          showGuests ? el("guests", null, ...b.guests.map((g) => text("guest", g))) : null,
        ),
      ),
    ),
  );
}
