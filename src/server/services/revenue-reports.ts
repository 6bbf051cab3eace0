import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import { csvRow } from "../../shared/csv.ts";
import { addDays, daysBetween } from "../../shared/dates.ts";
import { CHANNEL_LABELS, REPORT_CHANNELS, type ReportChannel, centsPer, percentOf } from "../../shared/revenue-reports.ts";
import { type Db, queryRows } from "../db/client.ts";
import { COUNTS_AS_BOOKING, EARNS_REVENUE } from "./admin-dashboard.ts";
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
 * (the dashboard's revenue rule, decision 010); its revenue is the booking's paid amount split
 * over its nights in whole cents (the first nights carry the odd cents, so a stay's nights add up
 * to its amount exactly). Available room-nights are each room type's rooms per night, or the
 * night's `room_nights.rooms_total` where that night has a row. Everything is a handful of SQL
 * aggregates, whatever the number of hotels or bookings.
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

  // Through the room types, so a hotel's bookings come from the (room_type_id, check_in) index.
  const bookingsInScope =
    scope.kind === "all" ? sql`true` : sql`room_type_id in (select rt.id from room_types rt where ${inScope(scope, sql`rt.hotel_id`)})`;
  // Paid, confirmed stays in our own rooms that overlap the range, with the part [s, e) inside it.
  const sold = sql`select room_type_id, num_rooms, check_in, (check_out - check_in) as stay_nights,
      (total_price_cents - discount_cents) as amount,
      greatest(check_in, ${from}::date) as s, least(check_out, ${end}::date) as e
    from bookings
    where ${EARNS_REVENUE} and supplier = 'inventory' and room_type_id is not null
      and check_in < ${end}::date and check_out > ${from}::date and ${bookingsInScope}`;
  // A stay's amount over its nights: every night gets amount / nights, the first (amount mod nights) one cent more.
  const revenueOfPart = sql`(amount / stay_nights) * (e - s) + greatest(0, least(e - check_in, amount % stay_nights) - (s - check_in))`;
  const roomTypesInScope = inScope(scope, sql`rt.hotel_id`);

  const [daily, baseRooms, listedNights, roomTypeRows, roomTypeCount, channelRows, arrivals, hotelCount] = await Promise.all([
    // Each stay as changes on the nights where its rooms and nightly amount start and stop (the odd cents
    // stop first); running sums give every night's figures without a row per stay-night.
    queryRows<{ night: string; rooms: string; revenue: string }>(
      db,
      sql`with sold as (${sold}),
        parts as (select *, least(e, check_in + amount % stay_nights) as odd_end, amount / stay_nights as nightly from sold),
        changes as (
          select change.night, sum(change.rooms) as rooms, sum(change.cents) as cents
          from parts cross join lateral (values
            (s, num_rooms, nightly + case when odd_end > s then 1 else 0 end),
            (odd_end, 0, case when odd_end > s then -1 else 0 end),
            (e, -num_rooms, -nightly)) as change(night, rooms, cents)
          group by change.night)
        select to_char(night, 'YYYY-MM-DD') as night, sum(rooms) over (order by night)::bigint as rooms,
          sum(cents) over (order by night)::bigint as revenue
        from changes order by night`,
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
      sql`with sold as (${sold}),
        by_type as (select room_type_id, sum(num_rooms * (e - s))::bigint as rooms, sum(${revenueOfPart})::bigint as revenue
          from sold group by room_type_id),
        listed as (select rn.room_type_id, sum(rn.rooms_total)::bigint as rooms, count(*)::int as nights
          from room_nights rn join room_types rt on rt.id = rn.room_type_id
          where rn.night >= ${from}::date and rn.night < ${end}::date and ${roomTypesInScope}
          group by rn.room_type_id)
        select rt.id as room_type_id, rt.name as room_type, h.id as hotel_id, h.name as hotel_name,
          (rt.total_rooms * (${nights} - coalesce(l.nights, 0)) + coalesce(l.rooms, 0))::bigint as available,
          coalesce(b.rooms, 0)::bigint as rooms, coalesce(b.revenue, 0)::bigint as revenue
        from room_types rt join hotels h on h.id = rt.hotel_id
          left join by_type b on b.room_type_id = rt.id left join listed l on l.room_type_id = rt.id
        where ${roomTypesInScope}
        order by coalesce(b.revenue, 0) desc, h.name, rt.name, rt.id
        limit ${REPORT_ROOM_TYPE_ROWS}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from room_types rt where ${roomTypesInScope}`),
    // Partner bookings (the wholesaler's hotels) have no hotel of ours: they count for an admin's "all hotels" only.
    queryRows<{ channel: ReportChannel; bookings: number; rooms: string; revenue: string }>(
      db,
      sql`with sold as (
          select case when supplier = 'inventory' then 'own_site' else 'partner' end as channel, num_rooms, check_in,
            (check_out - check_in) as stay_nights, (total_price_cents - discount_cents) as amount,
            greatest(check_in, ${from}::date) as s, least(check_out, ${end}::date) as e
          from bookings
          where ${EARNS_REVENUE} and check_in < ${end}::date and check_out > ${from}::date and ${bookingsInScope})
        select channel, count(*)::int as bookings, sum(num_rooms * (e - s))::bigint as rooms,
          sum(${revenueOfPart})::bigint as revenue
        from sold group by channel`,
    ),
    queryRows<{ made: number; cancelled: number; sold: number; stay: string | null; lead: string | null }>(
      db,
      sql`select count(*)::int as made, count(*) filter (where status = 'cancelled')::int as cancelled,
          count(*) filter (where ${EARNS_REVENUE})::int as sold,
          avg(check_out - check_in) filter (where ${EARNS_REVENUE}) as stay,
          avg(check_in - (created_at at time zone 'UTC')::date) filter (where ${EARNS_REVENUE}) as lead
        from bookings
        where ${COUNTS_AS_BOOKING} and supplier = 'inventory' and room_type_id is not null
          and check_in >= ${from}::date and check_in < ${end}::date and ${bookingsInScope}`,
    ),
    scope.kind === "all"
      ? queryRows<{ n: number }>(db, sql`select count(*)::int as n from hotels`).then((rows) => n(rows[0]?.n))
      : Promise.resolve(scope.ids.length),
  ]);

  const base = n(baseRooms[0]?.rooms);
  const deltaByNight = new Map(listedNights.map((d) => [d.night, n(d.delta)]));
  const series: ReportNight[] = [];
  // The running sums hold from each change until the next one ('YYYY-MM-DD' strings compare as dates).
  let next = 0;
  let current = { rooms: 0, revenue: 0 };
  for (let i = 0; i < nights; i++) {
    const night = addDays(from, i);
    while (next < daily.length && daily[next]!.night <= night) {
      current = { rooms: n(daily[next]!.rooms), revenue: n(daily[next]!.revenue) };
      next++;
    }
    const available = base + (deltaByNight.get(night) ?? 0);
    series.push({
      night,
      availableRoomNights: available,
      soldRoomNights: current.rooms,
      revenueCents: current.revenue,
      occupancyPercent: percentOf(current.rooms, available),
    });
  }
  const available = series.reduce((sum, d) => sum + d.availableRoomNights, 0);
  const soldRoomNights = series.reduce((sum, d) => sum + d.soldRoomNights, 0);
  const revenue = series.reduce((sum, d) => sum + d.revenueCents, 0);
  const stats = arrivals[0];
  const channelRevenue = channelRows.reduce((sum, c) => sum + n(c.revenue), 0);

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
      arrivals: n(stats?.sold),
      averageLengthOfStayNights: round1(n(stats?.stay)),
      averageLeadTimeDays: round1(n(stats?.lead)),
      bookingsMade: n(stats?.made),
      cancellations: n(stats?.cancelled),
      cancellationPercent: percentOf(n(stats?.cancelled), n(stats?.made)),
    },
    daily: series,
    roomTypes: {
      rows: roomTypeRows.map((r) => {
        const rooms = n(r.rooms);
        const revenueCents = n(r.revenue);
        return {
          roomTypeId: n(r.room_type_id),
          roomType: r.room_type,
          hotelId: n(r.hotel_id),
          hotelName: r.hotel_name,
          availableRoomNights: n(r.available),
          soldRoomNights: rooms,
          revenueCents,
          occupancyPercent: percentOf(rooms, n(r.available)),
          adrCents: centsPer(revenueCents, rooms),
        };
      }),
      total: n(roomTypeCount[0]?.n),
    },
    channels: REPORT_CHANNELS.map((channel) => {
      const row = channelRows.find((c) => c.channel === channel);
      const revenueCents = n(row?.revenue);
      return {
        channel,
        label: CHANNEL_LABELS[channel],
        bookings: n(row?.bookings),
        soldRoomNights: n(row?.rooms),
        revenueCents,
        revenueSharePercent: percentOf(revenueCents, channelRevenue),
      };
    }),
  };
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
