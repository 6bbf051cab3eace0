/**
 * What a search, a hotel page and a booking cost in CPU, in the app and in PostgreSQL, and from
 * that how many app instances and database cores a given load needs (docs/scaling.md).
 *
 * The app runs as in production (its own process, LOG_LEVEL=info: one JSON log line per request).
 * Requests are sent one at a time over a kept-alive connection; around each one the CPU time of
 * the app's process and of the PostgreSQL backends of its pool is read from /proc (bench/cpu.ts).
 * One at a time, so a request's CPU is its own: nothing else runs in the app meanwhile (its
 * background jobs wake every 30-60 s and are counted in, a little). CPU time is what a core
 * spends; busy neighbours on the machine stretch wall time but barely change it.
 */
import type pg from "pg";
import { backendCpu, backendCpuBetween, processCpuMs } from "./cpu.ts";
import { addDays, bookingJourney } from "./journey.ts";
import { type LatencySummary, summarize } from "./load.ts";

export type RequestKind = "search" | "hotel" | "booking";

export interface KindCost {
  /** Requests measured (a booking is one journey of three requests: hold, payment, confirmation). */
  count: number;
  failed: number;
  wallMs: LatencySummary;
  /** Mean CPU ms per request (per journey for bookings) in the app's process. */
  appCpuMs: number;
  /** Mean CPU ms per request in the PostgreSQL backends serving the app. */
  postgresCpuMs: number;
}

/** Per search of the load, how many hotel pages and bookings come with it (docs/scaling.md). */
export const LOAD_MIX = { hotelPagesPerSearch: 0.3, bookingsPerSearch: 0.01 } as const;
/** Cores are planned to this utilisation: room for peaks, GC and the background jobs. */
export const TARGET_UTILISATION = 0.6;
/** Cores of one PostgreSQL replica in the sizing table. */
export const REPLICA_CORES = 4;
export const SIZING_RATES = [100, 1000, 5000] as const;

export interface SizingRow {
  searchesPerSecond: number;
  hotelPagesPerSecond: number;
  bookingsPerSecond: number;
  /** Cores of app CPU the load keeps busy, and instances (one core each) at the target utilisation; at least 2. */
  appCores: number;
  appInstances: number;
  /** PostgreSQL cores for the lag-tolerant reads (searches, hotel pages): replicas of REPLICA_CORES. */
  replicaCores: number;
  replicas: number;
  /** PostgreSQL cores on the primary: bookings (and everything else that writes). */
  primaryCores: number;
}

export interface RequestCostResult {
  kinds: Record<RequestKind, KindCost>;
  mix: typeof LOAD_MIX;
  targetUtilisation: number;
  replicaCores: number;
  sizing: SizingRow[];
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The CPU one request cost: the app process's, and its PostgreSQL backends' (read around every
 * request: a pool closes a connection idle for 10 s, and its CPU would be lost).
 */
export async function requestCpu<T>(
  appPid: number,
  monitor: pg.Client,
  run: () => Promise<T>,
): Promise<{ result: T; wallMs: number; appMs: number; postgresMs: number }> {
  const b0 = await backendCpu(monitor, { pid: appPid });
  const c0 = processCpuMs(appPid) ?? NaN;
  const t0 = performance.now();
  const result = await run();
  const wallMs = performance.now() - t0;
  const appMs = (processCpuMs(appPid) ?? NaN) - c0;
  const postgresMs = backendCpuBetween(b0, await backendCpu(monitor, { pid: appPid })).ms;
  return { result, wallMs, appMs, postgresMs };
}

async function timeRequests(count: number, appPid: number, monitor: pg.Client, run: (i: number) => Promise<boolean>): Promise<KindCost> {
  const wall: number[] = [];
  let appMs = 0;
  let postgresMs = 0;
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const cost = await requestCpu(appPid, monitor, () => run(i));
    wall.push(cost.wallMs);
    appMs += cost.appMs;
    postgresMs += cost.postgresMs;
    if (!cost.result) failed++;
  }
  return { count, failed, wallMs: summarize(wall), appCpuMs: round2(appMs / count), postgresCpuMs: round2(postgresMs / count) };
}

/** The instances and cores a load of `searchesPerSecond` (with the mix's hotel pages and bookings) needs. */
export function sizeFor(searchesPerSecond: number, kinds: Record<RequestKind, KindCost>): SizingRow {
  const hotelPages = searchesPerSecond * LOAD_MIX.hotelPagesPerSearch;
  const bookings = searchesPerSecond * LOAD_MIX.bookingsPerSearch;
  const cores = (perSecond: number, cpuMs: number) => (perSecond * cpuMs) / 1000;
  const appCores =
    cores(searchesPerSecond, kinds.search.appCpuMs) + cores(hotelPages, kinds.hotel.appCpuMs) + cores(bookings, kinds.booking.appCpuMs);
  const replicaCores = cores(searchesPerSecond, kinds.search.postgresCpuMs) + cores(hotelPages, kinds.hotel.postgresCpuMs);
  const primaryCores = cores(bookings, kinds.booking.postgresCpuMs);
  return {
    searchesPerSecond,
    hotelPagesPerSecond: hotelPages,
    bookingsPerSecond: bookings,
    appCores: round2(appCores),
    appInstances: Math.max(2, Math.ceil(appCores / TARGET_UTILISATION)),
    replicaCores: round2(replicaCores),
    replicas: Math.ceil(replicaCores / (REPLICA_CORES * TARGET_UTILISATION)),
    primaryCores: round2(primaryCores),
  };
}

export async function measureRequestCost(options: {
  baseUrl: string;
  appPid: number;
  monitor: pg.Client;
  searchPaths: string[];
  hotelPaths: string[];
  /** Room types that fit two guests and have rooms to spare, to book. */
  rooms: { hotel_id: number; id: number }[];
  requests: number;
  warmup: number;
  log: (line: string) => void;
}): Promise<RequestCostResult> {
  const { baseUrl, appPid, monitor } = options;
  const get = async (path: string) => {
    const res = await fetch(baseUrl + path, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.ok;
  };
  const today = new Date();
  // Bookings spread over rooms and dates, so no room sells out during the run.
  const book = async (i: number) =>
    (await bookingJourney(baseUrl, options.rooms[i % options.rooms.length]!, addDays(today, 10 + (i % 150)), i)).ok;
  const searchAt = (i: number) => get(options.searchPaths[i % options.searchPaths.length]!);
  const hotelAt = (i: number) => get(options.hotelPaths[i % options.hotelPaths.length]!);

  for (let i = 0; i < options.warmup; i++) {
    await searchAt(i);
    await hotelAt(i);
    await book(1_000_000 + i);
  }
  const bookings = Math.max(20, Math.round(options.requests / 5));
  const search = await timeRequests(options.requests, appPid, monitor, (i) => searchAt(options.warmup + i));
  options.log(`  search: app ${search.appCpuMs} ms CPU, PostgreSQL ${search.postgresCpuMs} ms CPU, wall p50 ${search.wallMs.p50} ms`);
  const hotel = await timeRequests(options.requests, appPid, monitor, (i) => hotelAt(options.warmup + i));
  options.log(`  hotel page: app ${hotel.appCpuMs} ms CPU, PostgreSQL ${hotel.postgresCpuMs} ms CPU, wall p50 ${hotel.wallMs.p50} ms`);
  const booking = await timeRequests(bookings, appPid, monitor, (i) => book(i));
  options.log(
    `  booking (hold + payment + confirmation): app ${booking.appCpuMs} ms CPU, PostgreSQL ${booking.postgresCpuMs} ms CPU, wall p50 ${booking.wallMs.p50} ms`,
  );
  const kinds = { search, hotel, booking };
  return {
    kinds,
    mix: LOAD_MIX,
    targetUtilisation: TARGET_UTILISATION,
    replicaCores: REPLICA_CORES,
    sizing: SIZING_RATES.map((rate) => sizeFor(rate, kinds)),
  };
}
