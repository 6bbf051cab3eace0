/**
 * A deleted account's bookings lose the guest's personal details (decision 067): the e-mail, phone,
 * special requests and the hold's visitor and address always; the guest's name too, except on the
 * bookings the law makes the hotel keep it on (paid ones, for the legal period).
 */
import { inArray } from "drizzle-orm";
import { bookings } from "../../db/schema.ts";
import type { Tx } from "./records.ts";

export async function anonymiseBookingGuests(
  tx: Tx,
  ids: { keepingName: string[]; erasingName: string[] },
  erasedName: string,
  now: Date = new Date(),
): Promise<void> {
  const anonymous = {
    guestEmail: "",
    guestPhone: "",
    specialRequests: null,
    holderVisitor: null,
    holderAddress: null,
    updatedAt: now,
  };
  if (ids.keepingName.length > 0) await tx.update(bookings).set(anonymous).where(inArray(bookings.id, ids.keepingName));
  if (ids.erasingName.length > 0) {
    await tx
      .update(bookings)
      .set({ ...anonymous, guestName: erasedName })
      .where(inArray(bookings.id, ids.erasingName));
  }
}
