import { sql } from "drizzle-orm";
import { childChargeCents } from "../../../shared/children.ts";
import { countNights } from "../../../shared/dates.ts";
import { isDatabaseId } from "../../../shared/ids.ts";
import type { HotelDetail } from "../../../shared/search.ts";
import type { Stay } from "../../../shared/search-options.ts";
import type { TaxSettings } from "../../../shared/taxes.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { roomsFree } from "./availability-sql.ts";
import { hotelPlanRows, planOffersFor } from "./hotel-plan-offers.ts";
import { HOTEL_COLUMNS, type HotelDetailRow, type RoomRow, toRoomOffer, toSummary } from "./hotel-rows.ts";

/**
 * One of our hotels with every room type priced and checked for the stay, each with its rate plans
 * priced for the stay (a standard rate where it has none); null when unknown or hidden.
 */
export async function inventoryHotel(db: Db, hotelId: string, stay: Stay): Promise<HotelDetail | null> {
  if (!isDatabaseId(hotelId)) return null;
  const id = Number(hotelId);
  const [hotel] = await queryRowsNamed<
    HotelDetailRow & { children_free_under_age: number; child_rate_cents: number; time_zone: string; tax_settings: TaxSettings }
  >(
    db,
    sql`select ${HOTEL_COLUMNS}, h.children_free_under_age, h.child_rate_cents, h.time_zone, h.tax_settings
        from hotels h where h.id = ${id} and not h.hidden`,
  );
  if (!hotel) return null;
  const childPolicy = { freeUnderAge: Number(hotel.children_free_under_age), childRateCents: Number(hotel.child_rate_cents) };
  const nights = countNights(stay.checkIn, stay.checkOut);
  const [roomRows, planRows] = await Promise.all([
    queryRowsNamed<RoomRow>(
      db,
      sql`
        select rt.id, rt.name, rt.description, rt.images, rt.max_guests, rt.size_m2, rt.bed_type, rt.amenities,
          rt.price_cents, rt.original_price_cents, rt.currency, rt.total_rooms,
          ${roomsFree(stay, sql`rt.id`, sql`rt.total_rooms`)}::int as rooms_free,
          r.night_prices, r.closed_nights, r.first_min_stay
        from room_types rt
        cross join lateral (
          select array_agg(n.price_cents order by n.night) as night_prices,
            array_agg(to_char(n.night, 'YYYY-MM-DD') order by n.night) filter (where n.closed) as closed_nights,
            (array_agg(n.min_stay order by n.night))[1] as first_min_stay
          from f_stay_nights(rt.id, ${stay.checkIn}::date, ${stay.checkOut}::date) n
        ) r
        where rt.hotel_id = ${id} and not rt.closed`,
    ),
    hotelPlanRows(db, id, stay),
  ]);
  const planContext = {
    stay,
    childPolicy,
    timeZone: hotel.time_zone,
    currency: hotel.currency,
    freeCancellationDays: Number(hotel.free_cancellation_days),
    now: new Date(),
    taxes: hotel.tax_settings,
    stars: Number(hotel.star_rating),
  };
  const rooms = roomRows
    .map((r) => {
      const room = toRoomOffer(r, stay);
      const plans = planRows.filter((p) => Number(p.room_type_id) === Number(r.id));
      return { ...room, plans: planOffersFor(room, plans, planContext) };
    })
    .sort((a, b) => a.stayPriceCents - b.stayPriceCents || Number(a.id) - Number(b.id));
  const bookable = rooms.filter((r) => r.bookable);
  const cheapest = bookable[0] ?? null;
  const summary = toSummary(
    hotel,
    cheapest?.priceCents ?? hotel.price_cents,
    cheapest ? cheapest.originalPriceCents : hotel.original_price_cents,
    bookable.reduce((sum, r) => sum + r.roomsAvailable, 0),
  );
  return {
    ...summary,
    description: hotel.description,
    images: hotel.images.length > 0 ? hotel.images : [hotel.image],
    rooms,
    stay,
    nights,
    childPolicy,
    childChargeCents: childChargeCents(stay.childAges, childPolicy, nights),
  };
}
