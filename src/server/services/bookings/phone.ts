/**
 * A booking taken by phone at the front desk for a guest (decision 022). By card it is the
 * website's hold and payment, marked with the staff member; pay at hotel builds the same row
 * (booking-row.ts: nightly prices, party, language) confirmed at once, with nothing charged.
 */
import { randomUUID } from "node:crypto";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import { todayUtc } from "../../../shared/dates.ts";
import type { PhoneBookingInput } from "../../../shared/front-desk.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { bookings } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { logActivity } from "../activity-log.ts";
import { queueEmail } from "../email-outbox.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { stayFromQuery } from "../stay-query.ts";
import { newBookingRow } from "./booking-row.ts";
import { NO_DISCOUNTS, stayCharges } from "./charges.ts";
import { bookingConfirmationEmail } from "./emails.ts";
import { createBookingHold } from "./hold.ts";
import { type HoldRequester, checkRoomsPerHold, limitHoldAttempts } from "./hold-limits.ts";
import { priceInventoryRoom } from "./own-rooms.ts";
import type { BookingDeps } from "./records.ts";
import { isOverbooking } from "./room-nights.ts";

type Staff = { id: string; email: string };

/**
 * Takes a booking by phone for one of the hotel's room types. Both ways keep the hold's limits that
 * fit a staff member: rooms per booking and attempts per hour from the desk's address. Unpaid holds
 * count only for card (pay at hotel leaves none), and the desk is not held to one address's share
 * of a room type (hold-limits.ts): it books its own hotel for the guests on the line.
 */
export async function createPhoneBooking(
  deps: BookingDeps,
  staff: Staff,
  hotelId: number,
  input: PhoneBookingInput,
  address: string,
  language: Language,
  today = todayUtc(),
) {
  const { payment, ...details } = input;
  const bookingInput: CreateBookingInput = { ...details, hotelId: String(hotelId), pointsToRedeem: 0 };
  const requester: Omit<HoldRequester, "userId"> = { visitorId: `staff:${staff.id}`, address };
  if (payment === "card") {
    const hold = await createBookingHold(deps, bookingInput, null, requester, today, { staff, language });
    return { bookingId: hold.booking.id, reference: hold.booking.bookingReference, hold };
  }
  const stay = stayFromQuery(bookingInput, today);
  checkRoomsPerHold(stay.rooms, deps.holds);
  await limitHoldAttempts(deps.db, { ...requester, userId: null }, deps.holds);
  const priced = await priceInventoryRoom(deps.db, bookingInput, stay);
  const charges = await stayCharges(deps.db, priced, stay, input.extras ?? [], NO_DISCOUNTS);
  const row = newBookingRow({
    id: randomUUID(),
    userId: null,
    priced,
    stay,
    guest: input,
    language,
    staffId: staff.id,
    discountCents: 0,
    pointsRedeemed: 0,
    charges,
    state: { kind: "pay_at_hotel" },
  });
  try {
    const booking = await deps.db.transaction(async (tx) => {
      await priced.take?.(tx);
      const [inserted] = await tx.insert(bookings).values(row).returning();
      const made = inserted!;
      await queueEmail(tx, deps.deliveryMode, bookingConfirmationEmail(made, `${deps.publicUrl}/my-bookings`));
      await recordBookingEvent(tx, "booking.created", made);
      await logActivity(tx, {
        actionType: "phone_booking_created",
        userId: staff.id,
        userEmail: staff.email,
        targetUserEmail: made.guestEmail,
        details: {
          bookingId: made.id,
          reference: made.bookingReference,
          hotelId,
          roomTypeId: made.roomTypeId,
          totalPriceCents: made.totalPriceCents,
          payment: "pay_at_hotel",
        },
      });
      return made;
    });
    return { bookingId: booking.id, reference: booking.bookingReference, hold: null };
  } catch (error) {
    if (isOverbooking(error)) throw new DomainError("ROOM_UNAVAILABLE");
    throw error;
  }
}
