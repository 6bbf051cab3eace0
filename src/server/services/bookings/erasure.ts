/**
 * A deleted account's bookings lose the guest's personal details (decision 067): the e-mail, phone,
 * special requests and the hold's visitor and address always; the guest's name too, except on the
 * bookings the law makes the hotel keep it on (paid ones, for the legal period), until that period ends.
 */
import { and, inArray, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
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

/**
 * Clears the guest's details of up to `limit` bookings without an account whose legal period ended
 * (check-out on or before `lastCheckOut`, decision 071): the name becomes `erasedName`, the e-mail,
 * phone, special requests and the hold's visitor and address go. Rows another transaction holds are
 * skipped (the next batch or round takes them). Returns the ids it cleared.
 */
export async function clearGuestDetailsPastRetention(
  tx: Tx,
  lastCheckOut: string,
  limit: number,
  erasedName: string,
  now: Date = new Date(),
): Promise<string[]> {
  const due = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        isNull(bookings.userId),
        lte(bookings.checkOut, lastCheckOut),
        or(
          ne(bookings.guestName, erasedName),
          ne(bookings.guestEmail, ""),
          ne(bookings.guestPhone, ""),
          isNotNull(bookings.specialRequests),
          isNotNull(bookings.holderVisitor),
          isNotNull(bookings.holderAddress),
        ),
      ),
    )
    .orderBy(bookings.checkOut, bookings.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const ids = due.map((r) => r.id);
  if (ids.length > 0) await anonymiseBookingGuests(tx, { keepingName: [], erasingName: ids }, erasedName, now);
  return ids;
}
