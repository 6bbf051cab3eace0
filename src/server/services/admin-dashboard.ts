import { sql } from "drizzle-orm";
import { addDays, todayUtc } from "../../shared/dates.ts";
import { type Db, queryRows } from "../db/client.ts";
import { likeEscape } from "../db/like.ts";
import { DomainError } from "../domain-error.ts";

export interface DashboardStats {
  totalRevenueCents: number;
  monthRevenueCents: number;
  lastMonthRevenueCents: number;
  /** Month-on-month change in percent; null when last month had no revenue. */
  growthPercent: number | null;
  popularRoomTypes: { roomType: string; bookings: number }[];
  revenueByMonth: { month: string; revenueCents: number; bookings: number }[];
  bookingCounts: { pending: number; confirmed: number; cancelled: number; completed: number };
}

export interface Occupancy {
  /** The nights [from, to): `days` nights from today. */
  from: string;
  to: string;
  days: number;
  /** The one hotel measured; null for all our hotels. */
  hotel: { id: number; name: string; city: string } | null;
  soldRoomNights: number;
  availableRoomNights: number;
  /** Sold over available, in percent with two decimals; 0 when nothing is available. */
  percent: number;
}

/**
 * A booking in the figures is one whose payment went through: an unpaid hold is not a booking,
 * neither while it waits for its payment nor once it has lapsed (admins cannot confirm it by hand).
 * A partner booking being placed after its payment (`supplier_state` booking/unknown) is paid; a card
 * guarantee (decision 051) counts once authorised, whatever became of it.
 */
export const COUNTS_AS_BOOKING = sql`(payment_status in ('completed', 'refunding', 'refunded', 'refund_pending',
    'guaranteed', 'capturing', 'capture_pending', 'captured', 'release_pending', 'released', 'fee_due_at_hotel')
  or status = 'confirmed' or supplier_state in ('booking', 'unknown'))`;
/**
 * Revenue is what cards were charged for stays that stand: confirmed and paid, also when part of the
 * payment went back (an early departure's refund, decision 022): `refunded_cents` is taken off.
 */
export const EARNS_REVENUE = sql`(status = 'confirmed' and payment_status in ('completed', 'refunding', 'refund_pending', 'refunded'))`;

/**
 * The dashboard's figures, all computed from the bookings: revenue counts confirmed, paid stays
 * (what the card was charged), popular room types are the top 5 by confirmed bookings, the counts
 * leave unpaid holds out. Occupancy has its own query (`occupancy`).
 */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const today = todayUtc(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const paid = sql`(total_price_cents - discount_cents - refunded_cents)`;

  const [revenue] = await queryRows<{ total: number; month: number; last_month: number }>(
    db,
    sql`select
        coalesce(sum(${paid}), 0)::bigint as total,
        coalesce(sum(${paid}) filter (where created_at >= ${monthStart}::date), 0)::bigint as month,
        coalesce(sum(${paid}) filter (where created_at >= ${lastMonthStart}::date and created_at < ${monthStart}::date), 0)::bigint as last_month
      from bookings where ${EARNS_REVENUE}`,
  );
  const popular = await queryRows<{ room_type: string; bookings: number }>(
    db,
    sql`select room_type, count(*)::int as bookings from bookings where status = 'confirmed'
        group by room_type order by count(*) desc, room_type limit 5`,
  );
  const months = await queryRows<{ month: string; revenue: number; bookings: number }>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
          coalesce(sum(${paid}), 0)::bigint as revenue, count(*)::int as bookings
        from bookings where ${EARNS_REVENUE} and created_at >= ${yearAgo}::date
        group by 1 order by 1`,
  );
  const counts = await queryRows<{ status: string; n: number }>(
    db,
    sql`select case when status = 'confirmed' and check_out <= ${today}::date then 'completed' else status end as status, count(*)::int as n
        from bookings where ${COUNTS_AS_BOOKING} group by 1`,
  );

  const month = Number(revenue?.month ?? 0);
  const lastMonth = Number(revenue?.last_month ?? 0);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const revenueByMonth: DashboardStats["revenueByMonth"] = [];
  for (let i = 11; i >= 0; i--) {
    const key = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7);
    const m = byMonth.get(key);
    revenueByMonth.push({ month: key, revenueCents: Number(m?.revenue ?? 0), bookings: Number(m?.bookings ?? 0) });
  }
  const countOf = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    totalRevenueCents: Number(revenue?.total ?? 0),
    monthRevenueCents: month,
    lastMonthRevenueCents: lastMonth,
    growthPercent: lastMonth > 0 ? Math.round(((month - lastMonth) / lastMonth) * 1000) / 10 : null,
    popularRoomTypes: popular.map((p) => ({ roomType: p.room_type, bookings: Number(p.bookings) })),
    revenueByMonth,
    bookingCounts: {
      pending: countOf("pending"),
      confirmed: countOf("confirmed"),
      cancelled: countOf("cancelled"),
      completed: countOf("completed"),
    },
  };
}

/**
 * Occupancy of the next `days` nights, for all our hotels or one: room-nights sold over the
 * room-nights that exist. Both are single aggregates in SQL: the rooms from `room_types`, the sold
 * ones from `room_nights` less the rooms of unpaid holds (few at any time, read through the
 * pending-holds index). Partner hotels have no rooms of ours and are not counted.
 */
export async function occupancy(db: Db, scope: { days: number; hotelId?: number | undefined }, now = new Date()): Promise<Occupancy> {
  const from = todayUtc(now);
  const to = addDays(from, scope.days);
  let hotel: Occupancy["hotel"] = null;
  if (scope.hotelId !== undefined) {
    const [row] = await queryRows<{ id: number; name: string; city: string }>(
      db,
      sql`select id, name, city from hotels where id = ${scope.hotelId}`,
    );
    if (!row) throw new DomainError("HOTEL_NOT_FOUND");
    hotel = { id: Number(row.id), name: row.name, city: row.city };
  }
  const ofHotel = hotel ? sql`and rt.hotel_id = ${hotel.id}` : sql``;
  // Independent aggregates: on PostgreSQL they run at once on separate connections.
  const [[rooms], [taken], [held]] = await Promise.all([
    queryRows<{ rooms: number }>(
      db,
      sql`select coalesce(sum(rt.total_rooms), 0)::bigint as rooms from room_types rt where true ${ofHotel}`,
    ),
    queryRows<{ nights: number }>(
      db,
      sql`select coalesce(sum(rn.rooms_taken), 0)::bigint as nights
          from room_nights rn ${hotel ? sql`join room_types rt on rt.id = rn.room_type_id` : sql``}
          where rn.night >= ${from}::date and rn.night < ${to}::date ${ofHotel}`,
    ),
    queryRows<{ nights: number }>(
      db,
      sql`select coalesce(sum(num_rooms * (least(check_out, ${to}::date) - greatest(check_in, ${from}::date))), 0)::bigint as nights
          from bookings
          where status = 'pending' and hold_expires_at is not null and payment_status = 'pending' and room_type_id is not null
            and check_in < ${to}::date and check_out > ${from}::date ${hotel ? sql`and hotel_id = ${hotel.id}` : sql``}`,
    ),
  ]);
  const available = Number(rooms?.rooms ?? 0) * scope.days;
  const sold = Math.max(0, Number(taken?.nights ?? 0) - Number(held?.nights ?? 0));
  return {
    from,
    to,
    days: scope.days,
    hotel,
    soldRoomNights: sold,
    availableRoomNights: available,
    percent: available > 0 ? Math.round((sold / available) * 10000) / 100 : 0,
  };
}

export interface HotelOption {
  id: number;
  name: string;
  city: string;
  country: string;
}

/** Up to 10 of our hotels whose name, city or country contains the text (trigram index), or whose id it is. */
export async function findHotels(db: Db, text: string): Promise<HotelOption[]> {
  const pattern = `%${likeEscape(text.toLowerCase())}%`;
  const byId = /^\d{1,9}$/.test(text) ? sql`or id = ${Number(text)}` : sql``;
  const rows = await queryRows<HotelOption>(
    db,
    sql`select id, name, city, country from hotels
        where search_text like f_unaccent(${pattern}) ${byId}
        order by review_count desc, id limit 10`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
