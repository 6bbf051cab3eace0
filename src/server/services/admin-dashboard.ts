import { sql } from "drizzle-orm";
import { addDays, todayUtc } from "../../shared/dates.ts";
import { type Db, queryRows } from "../db/client.ts";

export interface DashboardStats {
  totalRevenueCents: number;
  monthRevenueCents: number;
  lastMonthRevenueCents: number;
  /** Month-on-month change in percent; null when last month had no revenue. */
  growthPercent: number | null;
  occupancy: { bookedRoomNights: number; availableRoomNights: number; percent: number; from: string; to: string };
  popularRoomTypes: { roomType: string; bookings: number }[];
  revenueByMonth: { month: string; revenueCents: number; bookings: number }[];
  bookingCounts: { pending: number; confirmed: number; cancelled: number; completed: number };
}

const OCCUPANCY_DAYS = 30;

/**
 * The dashboard's figures, all computed from the bookings: revenue counts confirmed stays (what
 * the card was charged), occupancy is confirmed room-nights over the rooms that exist for the
 * next 30 nights, popular room types are the top 5 by confirmed bookings.
 */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const today = todayUtc(now);
  const to = addDays(today, OCCUPANCY_DAYS);
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const paid = sql`(total_price_cents - discount_cents)`;

  const [revenue] = await queryRows<{ total: number; month: number; last_month: number }>(
    db,
    sql`select
        coalesce(sum(${paid}), 0)::bigint as total,
        coalesce(sum(${paid}) filter (where created_at >= ${monthStart}::date), 0)::bigint as month,
        coalesce(sum(${paid}) filter (where created_at >= ${lastMonthStart}::date and created_at < ${monthStart}::date), 0)::bigint as last_month
      from bookings where status = 'confirmed'`,
  );
  const [booked] = await queryRows<{ nights: number }>(
    db,
    sql`select coalesce(sum(num_rooms * greatest(0, least(check_out, ${to}::date) - greatest(check_in, ${today}::date))), 0)::bigint as nights
        from bookings where status = 'confirmed' and check_in < ${to}::date and check_out > ${today}::date`,
  );
  const [rooms] = await queryRows<{ rooms: number }>(db, sql`select coalesce(sum(total_rooms), 0)::bigint as rooms from room_types`);
  const popular = await queryRows<{ room_type: string; bookings: number }>(
    db,
    sql`select room_type, count(*)::int as bookings from bookings where status = 'confirmed'
        group by room_type order by count(*) desc, room_type limit 5`,
  );
  const months = await queryRows<{ month: string; revenue: number; bookings: number }>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
          coalesce(sum(${paid}), 0)::bigint as revenue, count(*)::int as bookings
        from bookings where status = 'confirmed' and created_at >= ${yearAgo}::date
        group by 1 order by 1`,
  );
  const counts = await queryRows<{ status: string; n: number }>(
    db,
    sql`select case when status = 'confirmed' and check_out <= ${today}::date then 'completed' else status end as status, count(*)::int as n
        from bookings where payment_status not in ('expired', 'payment_failed') group by 1`,
  );

  const month = Number(revenue?.month ?? 0);
  const lastMonth = Number(revenue?.last_month ?? 0);
  const bookedNights = Number(booked?.nights ?? 0);
  const available = Number(rooms?.rooms ?? 0) * OCCUPANCY_DAYS;
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
    occupancy: {
      bookedRoomNights: bookedNights,
      availableRoomNights: available,
      percent: available > 0 ? Math.round((bookedNights / available) * 10000) / 100 : 0,
      from: today,
      to,
    },
    popularRoomTypes: popular.map((p) => ({ roomType: p.room_type, bookings: Number(p.bookings) })),
    revenueByMonth,
    bookingCounts: { pending: countOf("pending"), confirmed: countOf("confirmed"), cancelled: countOf("cancelled"), completed: countOf("completed") },
  };
}
