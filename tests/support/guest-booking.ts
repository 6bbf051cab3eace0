import { expect } from "vitest";
import type { BookingView, CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays } from "../../src/shared/dates.ts";
import type { RoomTypeRow } from "../factories.ts";
import type { TestApp } from "./test-app.ts";

/** The guest's details, and anything else the booking form sends. */
type HoldFields = { guestName: string; guestEmail: string; guestPhone: string } & Record<string, unknown>;

/**
 * A guest's hold through the booking API: one room for two guests, `nights` from checkIn; fields
 * carry the guest's details and anything else the booking form sends (they override these).
 */
export async function holdRoom(t: TestApp, cookie: string, room: RoomTypeRow, checkIn: string, nights: number, fields: HoldFields) {
  const res = await t.client(cookie).bookings.$post({
    json: {
      hotelId: String(room.hotelId),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
      rooms: 1,
      ...fields,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

/** What the booking API answered for a hold: the booking to confirm and the payment to make. */
type Hold = Pick<CreateBookingResponse, "booking" | "payment">;

/** The guest's card sent to the simulated processor, as the payment page sends it (expiry 12/2040, CVC 123). */
export async function payWithCard(t: TestApp, created: Hold, number: string) {
  const res = await t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: created.payment.paymentId },
    json: {
      clientSecret: created.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number, expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(res.status).toBe(200);
  return await res.json();
}

/** The guest's return from the payment (confirm-payment): the booking as it is now. */
export async function confirmPayment(t: TestApp, created: Hold): Promise<BookingView> {
  const res = await t.api.bookings[":id"]["confirm-payment"].$post({
    param: { id: created.booking.id },
    json: { paymentId: created.payment.paymentId },
  });
  expect(res.status).toBe(200);
  return (await res.json()).booking;
}

/** Pays a hold with the test card that succeeds, typed as a guest types it, and sees the booking confirmed. */
export async function payAndConfirm(t: TestApp, created: Hold): Promise<BookingView> {
  await payWithCard(t, created, "4242 4242 4242 4242");
  const booking = await confirmPayment(t, created);
  expect(booking.status).toBe("confirmed");
  return booking;
}
