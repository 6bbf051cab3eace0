import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import { csvRow } from "../../shared/csv.ts";
import { addDays, daysBetween } from "../../shared/dates.ts";
import { CHANNEL_LABELS, REPORT_CHANNELS, type ReportChannel, centsPer, percentOf } from "../../shared/revenue-reports.ts";
import { type Db, queryRows } from "../db/client.ts";
import { assertHotelAccess, hotelScopeOf } from "./hotel-access.ts";

/** At most this many room types are listed (the best-earning first); the answer says how many there are. */
export const REPORT_ROOM_TYPE_ROWS = 100;

export interface ReportQuery {
  /** First and last night of the range, both included. */
  from: string;
  to: string;
  /** One hotel; without it, every hotel in the caller's scope. */
  hotelId?: number | undefined;
}

export interface ReportNight {
  night: string;
  availableRoomNights: number;
  soldRoomNights: number;
  revenueCents: number;
  occupancyPercent: number;
}

export interface ReportRoomType {
  roomTypeId: number;
  roomType: string;
  hotelId: number;
  hotelName: string;
  availableRoomNights: number;
  soldRoomNights: number;
  revenueCents: number;
  occupancyPercent: number;
  adrCents: number;
}

export interface ReportChannelRow {
  channel: ReportChannel;
  label: string;
  bookings: number;
  soldRoomNights: number;
  revenueCents: number;
  /** Share of the revenue of all channels, in percent. */
  revenueSharePercent: number;
}

export interface RevenueReport {
  from: string;
  to: string;
  nights: number;
  /** The one hotel reported on; null for every hotel in the caller's scope. */
  hotel: { id: number; name: string; city: string } | null;
  /** How many hotels the figures cover. */
  hotelCount: number;
  totals: {
    availableRoomNights: number;
    soldRoomNights: number;
    occupancyPercent: number;
    roomRevenueCents: number;
    adrCents: number;
    revparCents: number;
    /** Sold bookings arriving in the range (the base of the two averages). */
    arrivals: number;
    averageLengthOfStayNights: number;
    averageLeadTimeDays: number;
    /** Bookings arriving in the range that counted as bookings (paid or confirmed), and how many of them were cancelled. */
    bookingsMade: number;
    cancellations: number;
    cancellationPercent: number;
  };
  daily: ReportNight[];
  roomTypes: { rows: ReportRoomType[]; total: number };
  channels: ReportChannelRow[];
  /**
   * Beside room revenue (decision 063): the extras sold (net of VAT) and each tax collected (VAT and
   * city tax by name), for the nights in the range, kept after refunds as room revenue is.
   */
  extrasRevenueCents: number;
  taxes: ReportTax[];
}

export interface ReportTax {
  /** "vat" or "city_tax". */
  code: string;
  name: string;
  cents: number;
}

type Scope = { kind: "all" } | { kind: "hotels"; ids: number[] };

/** `column` restricted to the scope's hotels (`false` for a manager without any). */
function inScope(scope: Scope, column: SQL): SQL {
  if (scope.kind === "all") return sql`true`;
  if (scope.ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const n = (value: unknown) => Number(value ?? 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The revenue report of one hotel (the caller must manage it) or of every hotel in the caller's
 * scope, over the nights [from, to]. A room-night is sold when its booking is confirmed and paid
 * (by card, partly refunded, or at the hotel); its revenue is its share of what the booking kept
 * (charged less points and refunds), in proportion to the nightly prices it was made at, in whole
 * cents that add up to the amount exactly. Available room-nights are each room type's rooms per
 * night, or the night's `room_nights.rooms_total` where that night has a row; a night the room type
 * was not on sale (closed by the calendar, or before its hotel was created) offers only the rooms
 * already sold on it (decision 042). Sold figures are read from `report_nights`, which triggers keep
 * per room type, night and channel (decision 023).
 */
export async function revenueReport(db: Db, user: SessionUser, query: ReportQuery): Promise<RevenueReport> {
  const { from, to } = query;
  const nights = daysBetween(from, to) + 1;
  const end = addDays(to, 1);
  let scope: Scope;
  let hotel: RevenueReport["hotel"] = null;
  if (query.hotelId !== undefined) {
    await assertHotelAccess(db, user, query.hotelId);
    const [row] = await queryRows<{ id: number; name: string; city: string }>(
      db,
      sql`select id, name, city from hotels where id = ${query.hotelId}`,
    );
    hotel = { id: n(row!.id), name: row!.name, city: row!.city };
    scope = { kind: "hotels", ids: [hotel.id] };
  } else {
    const own = await hotelScopeOf(db, user);
    scope = own.kind === "all" ? own : { kind: "hotels", ids: own.hotelIds };
  }

  // Everything sold comes from report_nights (kept by triggers on bookings, decision 023): a few rows per
  // room type and night, whatever the number of bookings. Partner rows have no room type: "all" only.
  const nightsInScope =
    scope.kind === "all" ? sql`true` : sql`room_type_id in (select rt.id from room_types rt where ${inScope(scope, sql`rt.hotel_id`)})`;
  const roomTypesInScope = inScope(scope, sql`rt.hotel_id`);
  // The first night a hotel's rooms were on sale: the UTC day it was created (nights are UTC calendar days).
  const onSaleFrom = sql`(h.created_at at time zone 'UTC')::date`;

  const [sold, baseRooms, listedNights, roomTypeRows, roomTypeCount, hotelCount, lateRooms, beforeSale, closedNights] = await Promise.all([
    queryRows<{
      night: string;
      channel: ReportChannel;
      rooms: string;
      revenue: string;
      bookings: string;
      made: string;
      cancelled: string;
      arrivals: string;
      arrival_nights: string;
      lead_days: string;
    }>(
      db,
      // A channel's bookings are those with a night in the range: the stays starting in it, and those under way on its first night.
      sql`select to_char(night, 'YYYY-MM-DD') as night, channel, sum(rooms_sold)::bigint as rooms, sum(revenue_cents)::bigint as revenue,
          (sum(stay_starts) + coalesce(sum(stays - stay_starts) filter (where night = ${from}::date), 0))::bigint as bookings,
          sum(bookings_made)::bigint as made, sum(cancellations)::bigint as cancelled, sum(arrivals)::bigint as arrivals,
          sum(arrival_nights)::bigint as arrival_nights, sum(lead_days)::bigint as lead_days
        from report_nights
        where night >= ${from}::date and night < ${end}::date and ${nightsInScope}
        group by night, channel`,
    ),
    queryRows<{ rooms: string }>(
      db,
      sql`select coalesce(sum(rt.total_rooms), 0)::bigint as rooms from room_types rt where ${roomTypesInScope}`,
    ),
    // Nights with their own room count differ from the room type's by (rooms_total - total_rooms).
    queryRows<{ night: string; delta: string }>(
      db,
      sql`select to_char(rn.night, 'YYYY-MM-DD') as night, sum(rn.rooms_total - rt.total_rooms)::bigint as delta
        from room_nights rn join room_types rt on rt.id = rn.room_type_id
        where rn.night >= ${from}::date and rn.night < ${end}::date and ${roomTypesInScope}
        group by rn.night`,
    ),
    queryRows<{
      room_type_id: number;
      room_type: string;
      hotel_id: number;
      hotel_name: string;
      available: string;
      rooms: string;
      revenue: string;
    }>(
      db,
      // The best-earning room types, then (while fewer than the limit) the others by name; rooms available
      // only for the rows listed, from their own calendar rows.
      sql`with by_type as (select room_type_id, sum(rooms_sold)::bigint as rooms, sum(revenue_cents)::bigint as revenue
          from report_nights
          where night >= ${from}::date and night < ${end}::date and room_type_id is not null and ${nightsInScope}
          group by room_type_id),
        earning as (select rt.id, rt.name, rt.total_rooms, h.id as hotel_id, h.name as hotel_name, b.rooms, b.revenue,
            greatest(${onSaleFrom}, ${from}::date) as on_sale
          from by_type b join room_types rt on rt.id = b.room_type_id join hotels h on h.id = rt.hotel_id
          where b.revenue > 0
          order by b.revenue desc, h.name, rt.name, rt.id
          limit ${REPORT_ROOM_TYPE_ROWS}),
        listed as (
          (select *, 0 as part from earning)
          union all
          (select rt.id, rt.name, rt.total_rooms, h.id, h.name, coalesce(b.rooms, 0), coalesce(b.revenue, 0),
              greatest(${onSaleFrom}, ${from}::date), 1
            from room_types rt join hotels h on h.id = rt.hotel_id left join by_type b on b.room_type_id = rt.id
            where ${roomTypesInScope} and coalesce(b.revenue, 0) <= 0
            order by h.name, rt.name, rt.id
            limit (select ${REPORT_ROOM_TYPE_ROWS} - count(*) from earning)))
        select l.id as room_type_id, l.name as room_type, l.hotel_id, l.hotel_name,
          (l.total_rooms * (greatest(${end}::date - l.on_sale, 0) - c.nights) + c.rooms + p.sold)::bigint as available,
          l.rooms::bigint as rooms, l.revenue::bigint as revenue
        from listed l
        cross join lateral (select count(*)::int as nights, coalesce(sum(rn.rooms_total), 0)::bigint as rooms
          from room_nights rn where rn.room_type_id = l.id and rn.night >= l.on_sale and rn.night < ${end}::date) c
        cross join lateral (select coalesce(sum(x.rooms_sold), 0)::bigint as sold
          from report_nights x where x.room_type_id = l.id and x.night >= ${from}::date and x.night < least(l.on_sale, ${end}::date)) p
        order by l.part, l.revenue desc, l.hotel_name, l.name, l.id`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from room_types rt where ${roomTypesInScope}`),
    scope.kind === "all"
      ? queryRows<{ n: number }>(db, sql`select count(*)::int as n from hotels`).then((rows) => n(rows[0]?.n))
      : Promise.resolve(scope.ids.length),
    // Hotels created after the range's first night: their rooms, by the first night they were on sale.
    queryRows<{ on_sale: string; rooms: string }>(
      db,
      sql`select to_char(${onSaleFrom}, 'YYYY-MM-DD') as on_sale, sum(rt.total_rooms)::bigint as rooms
        from hotels h join room_types rt on rt.hotel_id = h.id
        where ${inScope(scope, sql`h.id`)} and ${onSaleFrom} > ${from}::date
        group by 1`,
    ),
    // Their nights before that: the calendar's own counts (taken back from the deltas above) and the rooms sold anyway.
    queryRows<{ night: string; delta: string; sold: string }>(
      db,
      sql`with late as (select rt.id, rt.total_rooms, least(${onSaleFrom}, ${end}::date) as on_sale
          from hotels h join room_types rt on rt.hotel_id = h.id
          where ${inScope(scope, sql`h.id`)} and ${onSaleFrom} > ${from}::date)
        select to_char(x.night, 'YYYY-MM-DD') as night, sum(x.delta)::bigint as delta, sum(x.sold)::bigint as sold
        from (select rn.night, rn.rooms_total - l.total_rooms as delta, 0 as sold
            from late l join room_nights rn on rn.room_type_id = l.id and rn.night >= ${from}::date and rn.night < l.on_sale
          union all
          select x.night, 0, x.rooms_sold
            from late l join report_nights x on x.room_type_id = l.id and x.night >= ${from}::date and x.night < l.on_sale) x
        group by x.night`,
    ),
    // Nights the calendar closed (decision 020's latest rule, f_stay_nights) while the hotel was on sale, for the
    // room types with a closing rule in the range only: the rooms no one can buy there, which are not available.
    queryRows<{ room_type_id: number; night: string; unsold: string }>(
      db,
      sql`with closing as (select distinct r.room_type_id from rate_rules r
          where r.closed and r.last_night >= ${from}::date and r.first_night <= ${to}::date)
        select rt.id as room_type_id, to_char(n.night, 'YYYY-MM-DD') as night,
          greatest(coalesce(rn.rooms_total, rt.total_rooms) - coalesce(s.sold, 0), 0)::bigint as unsold
        from closing c join room_types rt on rt.id = c.room_type_id join hotels h on h.id = rt.hotel_id
        cross join lateral f_stay_nights(rt.id, ${from}::date, ${end}::date) n
        left join room_nights rn on rn.room_type_id = rt.id and rn.night = n.night
        left join lateral (select sum(x.rooms_sold) as sold from report_nights x where x.room_type_id = rt.id and x.night = n.night) s on true
        where ${roomTypesInScope} and n.closed and n.night >= ${onSaleFrom}`,
    ),
  ]);
  // Rooms other channels sold, taken by imported calendar blocks (decision 058): not for sale here, so not
  // available; nights the calendar closed are already counted as closed (skipped below).
  const blocks = await queryRows<{ room_type_id: number; night: string; rooms: string }>(
    db,
    sql`select b.room_type_id, to_char(n.night, 'YYYY-MM-DD') as night, sum(b.rooms)::bigint as rooms
      from calendar_blocks b join room_types rt on rt.id = b.room_type_id join hotels h on h.id = rt.hotel_id
      cross join lateral generate_series(greatest(b.check_in, ${from}::date, ${onSaleFrom}), least(b.check_out, ${end}::date) - 1,
        interval '1 day') as n(night)
      where b.state = 'blocked' and b.check_out > ${from}::date and b.check_in < ${end}::date and ${roomTypesInScope}
      group by b.room_type_id, n.night`,
  );

  const extrasAndTaxes = await taxesAndExtras(db, scope, from, end);

  // Our own rooms' nights (not the partner's) make the daily series; every channel makes the channel table.
  const byNight = new Map<string, { rooms: number; revenue: number }>();
  const byChannel = new Map<ReportChannel, { bookings: number; rooms: number; revenue: number }>();
  const stats = { made: 0, cancelled: 0, arrivals: 0, arrivalNights: 0, leadDays: 0 };
  for (const row of sold) {
    const channel = byChannel.get(row.channel) ?? { bookings: 0, rooms: 0, revenue: 0 };
    channel.bookings += n(row.bookings);
    channel.rooms += n(row.rooms);
    channel.revenue += n(row.revenue);
    byChannel.set(row.channel, channel);
    if (row.channel === "partner") continue;
    const night = byNight.get(row.night) ?? { rooms: 0, revenue: 0 };
    night.rooms += n(row.rooms);
    night.revenue += n(row.revenue);
    byNight.set(row.night, night);
    stats.made += n(row.made);
    stats.cancelled += n(row.cancelled);
    stats.arrivals += n(row.arrivals);
    stats.arrivalNights += n(row.arrival_nights);
    stats.leadDays += n(row.lead_days);
  }

  const base = n(baseRooms[0]?.rooms);
  const deltaByNight = new Map(listedNights.map((d) => [d.night, n(d.delta)]));
  // Every night's change from the plain count: rooms not yet on sale, and closed rooms no one bought.
  const notOnSale = new Map<string, number>();
  const add = (night: string, rooms: number) => notOnSale.set(night, (notOnSale.get(night) ?? 0) + rooms);
  for (const late of lateRooms)
    for (let night = from; night < late.on_sale && night <= to; night = addDays(night, 1)) add(night, n(late.rooms));
  for (const before of beforeSale) add(before.night, n(before.delta) - n(before.sold));
  const closedByRoomType = new Map<number, number>();
  for (const closed of closedNights) {
    add(closed.night, n(closed.unsold));
    closedByRoomType.set(n(closed.room_type_id), (closedByRoomType.get(n(closed.room_type_id)) ?? 0) + n(closed.unsold));
  }
  const closedKeys = new Set(closedNights.map((c) => `${n(c.room_type_id)}:${c.night}`));
  for (const blocked of blocks) {
    if (closedKeys.has(`${n(blocked.room_type_id)}:${blocked.night}`)) continue;
    add(blocked.night, n(blocked.rooms));
    closedByRoomType.set(n(blocked.room_type_id), (closedByRoomType.get(n(blocked.room_type_id)) ?? 0) + n(blocked.rooms));
  }
  const series: ReportNight[] = [];
  for (let i = 0; i < nights; i++) {
    const night = addDays(from, i);
    const soldNight = byNight.get(night) ?? { rooms: 0, revenue: 0 };
    const available = base + (deltaByNight.get(night) ?? 0) - (notOnSale.get(night) ?? 0);
    series.push({
      night,
      availableRoomNights: available,
      soldRoomNights: soldNight.rooms,
      revenueCents: soldNight.revenue,
      occupancyPercent: percentOf(soldNight.rooms, available),
    });
  }
  const available = series.reduce((sum, d) => sum + d.availableRoomNights, 0);
  const soldRoomNights = series.reduce((sum, d) => sum + d.soldRoomNights, 0);
  const revenue = series.reduce((sum, d) => sum + d.revenueCents, 0);
  const channelRevenue = [...byChannel.values()].reduce((sum, c) => sum + c.revenue, 0);

  return {
    from,
    to,
    nights,
    hotel,
    hotelCount,
    totals: {
      availableRoomNights: available,
      soldRoomNights,
      occupancyPercent: percentOf(soldRoomNights, available),
      roomRevenueCents: revenue,
      adrCents: centsPer(revenue, soldRoomNights),
      revparCents: centsPer(revenue, available),
      arrivals: stats.arrivals,
      averageLengthOfStayNights: stats.arrivals > 0 ? round1(stats.arrivalNights / stats.arrivals) : 0,
      averageLeadTimeDays: stats.arrivals > 0 ? round1(stats.leadDays / stats.arrivals) : 0,
      bookingsMade: stats.made,
      cancellations: stats.cancelled,
      cancellationPercent: percentOf(stats.cancelled, stats.made),
    },
    daily: series,
    roomTypes: {
      rows: roomTypeRows.map((r) => {
        const rooms = n(r.rooms);
        const revenueCents = n(r.revenue);
        const available = n(r.available) - (closedByRoomType.get(n(r.room_type_id)) ?? 0);
        return {
          roomTypeId: n(r.room_type_id),
          roomType: r.room_type,
          hotelId: n(r.hotel_id),
          hotelName: r.hotel_name,
          availableRoomNights: available,
          soldRoomNights: rooms,
          revenueCents,
          occupancyPercent: percentOf(rooms, available),
          adrCents: centsPer(revenueCents, rooms),
        };
      }),
      total: n(roomTypeCount[0]?.n),
    },
    channels: REPORT_CHANNELS.map((channel) => {
      const row = byChannel.get(channel);
      const revenueCents = row?.revenue ?? 0;
      return {
        channel,
        label: CHANNEL_LABELS[channel],
        bookings: row?.bookings ?? 0,
        soldRoomNights: row?.rooms ?? 0,
        revenueCents,
        revenueSharePercent: percentOf(revenueCents, channelRevenue),
      };
    }),
    ...extrasAndTaxes,
  };
}

/** The payment states in which a confirmed booking is sold (f_report_rows, decision 023). */
const SOLD = sql`b.status = 'confirmed' and b.payment_status in ('completed', 'pay_at_hotel', 'guaranteed', 'refunding', 'refund_pending', 'refunded')`;
/**
 * What a sold booking kept of its breakdown's total (after refunds and points; a stay shortened at the desk
 * lowers its total, not its breakdown), as a fraction: the share every figure keeps, as room revenue does
 * in f_report_rows (decision 063).
 */
const KEPT = sql`((b.total_price_cents::numeric - b.refunded_cents - b.discount_cents) / nullif((b.charges->>'totalCents')::numeric, 0))`;

/** Our own bookings of the scope's hotels, through their room types (the (room_type_id, check_in, check_out) index serves them). */
function bookingsInScope(scope: Scope): SQL {
  if (scope.kind === "all") return sql`b.supplier = 'inventory' and b.room_type_id is not null`;
  return sql`b.supplier = 'inventory' and b.room_type_id in (select rt.id from room_types rt where ${inScope(scope, sql`rt.hotel_id`)})`;
}

/**
 * Extras revenue (net of VAT) and each tax collected over the nights [from, end), from the bookings that
 * store their breakdown (decision 059): a stay's figures are shared over its nights evenly, the range
 * takes its nights' part, and every figure keeps the share of the total the booking kept (refunds and
 * points off in proportion, as room revenue does), so a fully refunded booking collected no tax.
 */
async function taxesAndExtras(
  db: Db,
  scope: Scope,
  from: string,
  end: string,
): Promise<{ extrasRevenueCents: number; taxes: ReportTax[] }> {
  const rows = await queryRows<{ code: string; name: string; cents: string }>(
    db,
    sql`with s as (
        select b.charges, b.extras_revenue_cents,
          ${KEPT} * (least(b.check_out, ${end}::date) - greatest(b.check_in, ${from}::date))::numeric / (b.check_out - b.check_in) as part
        from bookings b
        where ${bookingsInScope(scope)} and ${SOLD} and b.charges is not null
          and b.check_in < ${end}::date and b.check_out > ${from}::date and b.check_out > b.check_in)
      select 'extras' as code, '' as name, round(coalesce(sum(s.extras_revenue_cents * s.part), 0))::bigint as cents from s
      union all
      select l->>'code', l->>'label', round(sum((l->>'amountCents')::numeric * s.part))::bigint
      from s cross join lateral jsonb_array_elements(s.charges->'lines') l
      where l->>'kind' = 'tax'
      group by 1, 2
      order by 1 desc, 2`,
  );
  const extras = rows.find((r) => r.code === "extras");
  return {
    extrasRevenueCents: n(extras?.cents),
    taxes: rows.filter((r) => r.code !== "extras" && n(r.cents) !== 0).map((r) => ({ code: r.code, name: r.name, cents: n(r.cents) })),
  };
}

export interface CityTaxMonth {
  hotelId: number;
  hotelName: string;
  /** YYYY-MM: the stays arriving in it. */
  month: string;
  taxName: string;
  currency: string;
  stays: number;
  /** Person-nights the tax was charged on (guests liable × nights taxed). */
  taxedPersonNights: number;
  /** Person-nights of those stays not taxed: exempt children and nights beyond the cap. */
  exemptPersonNights: number;
  /** What was collected, kept after refunds as every report figure is. */
  amountCents: number;
}

export interface CityTaxReport {
  from: string;
  to: string;
  hotel: { id: number; name: string; city: string } | null;
  rows: CityTaxMonth[];
}

/**
 * The city-tax return of one hotel (the caller must manage it) or of every hotel in scope: per hotel,
 * month (of arrival, for the stays arriving from `from` to `to`) and tax, the stays, the person-nights
 * taxed and exempt, and the amount collected (decision 063). Sold bookings that carry a city tax line
 * only; a fully refunded one collected nothing and is not sold.
 */
export async function cityTaxReport(db: Db, user: SessionUser, query: ReportQuery): Promise<CityTaxReport> {
  let scope: Scope;
  let hotel: CityTaxReport["hotel"] = null;
  if (query.hotelId !== undefined) {
    await assertHotelAccess(db, user, query.hotelId);
    const [row] = await queryRows<{ id: number; name: string; city: string }>(
      db,
      sql`select id, name, city from hotels where id = ${query.hotelId}`,
    );
    hotel = { id: n(row!.id), name: row!.name, city: row!.city };
    scope = { kind: "hotels", ids: [hotel.id] };
  } else {
    const own = await hotelScopeOf(db, user);
    scope = own.kind === "all" ? own : { kind: "hotels", ids: own.hotelIds };
  }
  const end = addDays(query.to, 1);
  const rows = await queryRows<{
    hotel_id: number;
    hotel_name: string;
    month: string;
    tax_name: string;
    currency: string;
    stays: string;
    taxed: string;
    person_nights: string;
    amount: string;
  }>(
    db,
    sql`select b.hotel_id, h.name as hotel_name, to_char(b.check_in, 'YYYY-MM') as month, l->>'label' as tax_name, b.currency,
        count(*)::bigint as stays,
        sum(case when l->>'unitCents' = l->>'amountCents' and (l->>'rateBasisPoints')::int > 0
          then b.num_guests * (b.check_out - b.check_in) else (l->>'quantity')::int end)::bigint as taxed,
        sum(b.num_guests * (b.check_out - b.check_in))::bigint as person_nights,
        round(sum((l->>'amountCents')::numeric * coalesce(${KEPT}, 0)))::bigint as amount
      from bookings b join hotels h on h.id = b.hotel_id
        cross join lateral jsonb_array_elements(b.charges->'lines') l
      where ${bookingsInScope(scope)} and ${SOLD} and b.charges is not null
        and b.check_in >= ${query.from}::date and b.check_in < ${end}::date
        and l->>'kind' = 'tax' and l->>'code' = 'city_tax'
      group by b.hotel_id, h.name, 3, 4, b.currency
      order by h.name, b.hotel_id, 3, 4`,
  );
  return {
    from: query.from,
    to: query.to,
    hotel,
    rows: rows.map((r) => ({
      hotelId: n(r.hotel_id),
      hotelName: r.hotel_name,
      month: r.month,
      taxName: r.tax_name,
      currency: r.currency,
      stays: n(r.stays),
      taxedPersonNights: n(r.taxed),
      exemptPersonNights: Math.max(0, n(r.person_nights) - n(r.taxed)),
      amountCents: n(r.amount),
    })),
  };
}

/** The city-tax report as CSV: one row per hotel, month and tax (the figures a hotel files). */
export function cityTaxReportCsv(report: CityTaxReport): string {
  const lines = [
    csvRow(["Report", report.hotel ? `City tax: ${report.hotel.name}, ${report.hotel.city}` : "City tax: all hotels"]),
    csvRow(["Arrivals from", report.from]),
    csvRow(["Arrivals to", report.to]),
    "",
    csvRow(["Hotel", "Month", "Tax", "Currency", "Stays", "Person-nights taxed", "Person-nights exempt", "Amount"]),
    ...report.rows.map((r) =>
      csvRow([r.hotelName, r.month, r.taxName, r.currency, r.stays, r.taxedPersonNights, r.exemptPersonNights, units(r.amountCents)]),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** Money as plain decimal units for a spreadsheet (no currency sign, no grouping). */
function units(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The report as CSV: the figures, then the daily series, room types and channels, each block with
 * its own header row, every field formula-safe (`csvRow`).
 */
export function revenueReportCsv(report: RevenueReport): string {
  const t = report.totals;
  const lines = [
    csvRow(["Report", report.hotel ? `${report.hotel.name}, ${report.hotel.city}` : `All hotels (${report.hotelCount})`]),
    csvRow(["From", report.from]),
    csvRow(["To", report.to]),
    "",
    csvRow(["Figure", "Value"]),
    csvRow(["Room-nights available", t.availableRoomNights]),
    csvRow(["Room-nights sold", t.soldRoomNights]),
    csvRow(["Occupancy %", t.occupancyPercent]),
    csvRow(["Room revenue", units(t.roomRevenueCents)]),
    csvRow(["ADR", units(t.adrCents)]),
    csvRow(["RevPAR", units(t.revparCents)]),
    csvRow(["Arrivals", t.arrivals]),
    csvRow(["Average length of stay (nights)", t.averageLengthOfStayNights]),
    csvRow(["Average lead time (days)", t.averageLeadTimeDays]),
    csvRow(["Bookings made", t.bookingsMade]),
    csvRow(["Cancellations", t.cancellations]),
    csvRow(["Cancellation %", t.cancellationPercent]),
    csvRow(["Extras revenue (net of VAT)", units(report.extrasRevenueCents)]),
    "",
    csvRow(["Tax collected", "Amount"]),
    ...report.taxes.map((tax) => csvRow([tax.name, units(tax.cents)])),
    "",
    csvRow(["Night", "Room-nights available", "Room-nights sold", "Occupancy %", "Revenue"]),
    ...report.daily.map((d) => csvRow([d.night, d.availableRoomNights, d.soldRoomNights, d.occupancyPercent, units(d.revenueCents)])),
    "",
    csvRow(["Hotel", "Room type", "Room-nights available", "Room-nights sold", "Occupancy %", "Revenue", "ADR"]),
    ...report.roomTypes.rows.map((r) =>
      csvRow([
        r.hotelName,
        r.roomType,
        r.availableRoomNights,
        r.soldRoomNights,
        r.occupancyPercent,
        units(r.revenueCents),
        units(r.adrCents),
      ]),
    ),
    "",
    csvRow(["Channel", "Bookings", "Room-nights sold", "Revenue", "Revenue share %"]),
    ...report.channels.map((c) => csvRow([c.label, c.bookings, c.soldRoomNights, units(c.revenueCents), c.revenueSharePercent])),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
