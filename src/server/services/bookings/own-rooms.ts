import { and, eq } from "drizzle-orm";
import type { CreateBookingInput } from "../../../shared/booking.ts";
import { freeUntilTerms } from "../../../shared/cancellation-policies.ts";
import { childChargeCents } from "../../../shared/children.ts";
import { planNightlyCents, planRestrictionProblem } from "../../../shared/rate-plans.ts";
import { averageNightlyCents } from "../../../shared/rates.ts";
import type { Stay } from "../../../shared/search.ts";
import { dateIn } from "../../../shared/time-zones.ts";
import type { Db } from "../../db/client.ts";
import { hotels, roomTypes } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { assertStaySellable, stayRates } from "../rates.ts";
import { planForSale, planOwnPrices } from "./rate-plan-terms.ts";
import { type PricedRoom, roomTooSmall } from "./records.ts";
import { takeRoomNights } from "./room-nights.ts";
import { isDatabaseId } from "../../../shared/ids.ts";

/**
 * One of our own rooms, priced night by night from the rates calendar: the sum of its nights ×
 * rooms, plus the hotel's child charges (child rate × children at or over its free age × nights). A closed night or a stay shorter than the check-in night's minimum stay is refused.
 * With rate plans (decision 049) each night is the chosen plan's price (input.ratePlanId, else the
 * room type's first active plan), the plan's restrictions apply on the hotel's date at `now`, and
 * the plan and its policy's terms come with the price; a room type without plans sells as before,
 * under the hotel's free-cancellation days.
 */
export async function priceInventoryRoom(
  db: Db,
  input: Pick<CreateBookingInput, "hotelId" | "roomTypeId" | "ratePlanId">,
  stay: Stay,
  now: Date = new Date(),
): Promise<PricedRoom> {
  if (!isDatabaseId(input.hotelId) || !isDatabaseId(input.roomTypeId)) {
    throw new DomainError("ROOM_NOT_FOUND");
  }
  const [room] = await db
    .select({
      room: roomTypes,
      hotelName: hotels.name,
      currency: hotels.currency,
      timeZone: hotels.timeZone,
      taxSettings: hotels.taxSettings,
      starRating: hotels.starRating,
      freeCancellationDays: hotels.freeCancellationDays,
      childPolicy: { freeUnderAge: hotels.childrenFreeUnderAge, childRateCents: hotels.childRateCents },
    })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(
      and(
        eq(roomTypes.id, Number(input.roomTypeId)),
        eq(roomTypes.hotelId, Number(input.hotelId)),
        // A hidden hotel or a closed room type sells nothing (issue 14).
        eq(hotels.hidden, false),
        eq(roomTypes.closed, false),
      ),
    );
  if (!room) throw new DomainError("ROOM_NOT_FOUND");
  const party = stay.guests + stay.children;
  if (room.room.maxGuests * stay.rooms < party) {
    throw roomTooSmall(room.room.name, room.room.maxGuests, party);
  }
  const { id: roomTypeId, totalRooms } = room.room;
  const plan = await planForSale(db, roomTypeId, input.ratePlanId);
  const nights = await stayRates(db, roomTypeId, stay.checkIn, stay.checkOut);
  assertStaySellable(nights);
  if (plan) {
    const problem = planRestrictionProblem(plan.restrictions, stay.checkIn, stay.checkOut, dateIn(now, room.timeZone));
    if (problem) throw new DomainError("RATE_PLAN_RESTRICTED", problem, { ratePlanId: String(plan.id) });
  }
  const own = plan ? await planOwnPrices(db, plan, stay.checkIn, stay.checkOut) : new Map<string, number>();
  const nightlyPrices = nights.map((n) => (plan ? planNightlyCents(n.priceCents, plan.rule, own.get(n.night)) : n.priceCents));
  const perRoom = nightlyPrices.reduce((sum, cents) => sum + cents, 0);
  const childCharge = childChargeCents(stay.childAges, room.childPolicy, nights.length);
  return {
    hotelName: room.hotelName,
    roomName: room.room.name,
    nightlyPriceCents: averageNightlyCents(perRoom, nights.length),
    nightlyPrices,
    totalPriceCents: perRoom * stay.rooms + childCharge,
    childChargeCents: childCharge,
    currency: room.currency,
    source: { hotelId: Number(input.hotelId), roomTypeId },
    ...(plan
      ? {
          plan: {
            id: plan.id,
            name: plan.name,
            mealPlan: plan.mealPlan,
            inclusions: plan.inclusions,
            paymentTiming: plan.paymentTiming,
            depositPercent: plan.depositPercent,
          },
        }
      : {}),
    policy: { terms: plan ? plan.terms : freeUntilTerms(room.freeCancellationDays), timeZone: room.timeZone },
    totalRooms,
    hotelCharges: { taxes: room.taxSettings, stars: room.starRating },
    take: (tx) => takeRoomNights(tx, roomTypeId, totalRooms, stay.checkIn, stay.checkOut, stay.rooms),
  };
}
