/**
 * Booking benchmark (issue "Booking with card payment"), on PostgreSQL:
 *   1. hold + pay + confirm as one guest journey, started at a fixed 20 journeys/s for 20 s:
 *      p95 of the whole journey <= 150 ms, 0 errors;
 *   2. 50 simultaneous holds for the last room, spread over 2 app instances: exactly 1 succeeds.
 *
 *   npx tsx bench/booking.ts [--database-url URL] [--rate 20] [--duration 20] [--warmup 5] [--one-address]
 *
 * Every guest comes from an address of its own, as real guests do: the apps run with TRUST_PROXY=true
 * (as behind a load balancer) and each journey sends X-Forwarded-For, so the hold limits of decision 008
 * apply as in production. `--one-address` sends every journey from 127.0.0.1 instead, with the
 * per-address limits lifted: the worst case, where all holds queue on one address's hold-slot lock.
 *
 * Without --database-url it creates (and afterwards drops) a throw-away database on the local
 * server. Results go to bench/results/booking-pg.json.
 */
import { randomInt } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { ROOT, sleep, startApp } from "./app-process.ts";
import { type JourneyResult, addDays, bookingJourney, guestAddress } from "./journey.ts";
import { describeMachine } from "./machine.ts";
import { machineLines } from "./report.ts";

const BUDGET_P95_MS = 150;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      rate: { type: "string", default: "20" },
      duration: { type: "string", default: "20" },
      warmup: { type: "string", default: "5" },
      "one-address": { type: "boolean", default: false },
    },
  });
  // Before any load: the CPU calibration times this process alone.
  const machine = describeMachine();
  const oneAddress = values["one-address"];
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  let databaseUrl = values["database-url"];
  let dropAfter: string | null = null;
  if (!databaseUrl) {
    const name = `staywise_bench_booking_${Date.now()}`;
    const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropAfter = name;
  }
  const dataDirs = [mkdtempSync(path.join(os.tmpdir(), "sw-bench-a-")), mkdtempSync(path.join(os.tmpdir(), "sw-bench-b-"))];
  // One address for every guest: the per-address hold limits (decision 008) would stop them, so they are lifted.
  const env: Record<string, string> = oneAddress
    ? { HOLD_MAX_PENDING_PER_ADDRESS: "10000", HOLD_MAX_ROOM_SHARE_PERCENT: "100", HOLD_RATE_PER_HOUR: "100000" }
    : { TRUST_PROXY: "true" };
  const addressOf = (i: number) => (oneAddress ? undefined : guestAddress(i));
  const first = await startApp({ databaseUrl, dataDir: dataDirs[0]!, seedHotels: 5000, readyTimeoutMs: 600_000, env });
  const second = await startApp({ databaseUrl, dataDir: dataDirs[1]!, seedHotels: 5000, readyTimeoutMs: 120_000, env });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rooms = (
      await db.query<{ hotel_id: number; id: number }>(
        // Room types with rooms to spare on every night earlier runs booked: the journeys measure bookings, not sold-out answers.
        `select rt.hotel_id, rt.id from room_types rt where rt.max_guests >= 2 and rt.total_rooms >= 10
         and not exists (select 1 from room_nights n where n.room_type_id = rt.id and n.rooms_taken >= n.rooms_total - 3)
         order by rt.id limit 400`,
      )
    ).rows;
    const today = new Date();

    // Each run starts at a random place among the rooms, stay dates and guest addresses, so runs
    // repeated on one database neither sell the same rooms out nor meet the last run's hold limits.
    const shift = randomInt(0, 1_000_000);
    async function journey(i: number): Promise<JourneyResult> {
      const k = shift + i;
      return bookingJourney(first.baseUrl, rooms[k % rooms.length]!, addDays(today, 10 + (k % 150)), k, { address: addressOf(k) });
    }

    // Journeys started at a fixed rate (open loop: a slow answer never delays the next start).
    async function atRate(count: number, firstIndex: number): Promise<JourneyResult[]> {
      const runs: Promise<JourneyResult>[] = [];
      const start = performance.now();
      for (let i = 0; i < count; i++) {
        const wait = start + (i * 1000) / rate - performance.now();
        if (wait > 0) await sleep(wait);
        runs.push(journey(firstIndex + i));
      }
      return Promise.all(runs);
    }

    // Warm-up at the measured rate, as the search scenarios do: the apps' pools open the connections
    // the load needs and each new PostgreSQL backend fills its caches (the first second of a cold
    // start costs 300-700 ms per journey, which is a cold start, not the budget's steady state).
    await atRate(rate * warmup, 100_000);
    const total = rate * duration;
    const t0 = performance.now();
    const results = await atRate(total, 0);
    const elapsed = (performance.now() - t0) / 1000;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const errors = results.filter((r) => !r.ok);

    // The race: one room left, 50 holds at once over both instances.
    const [hotel] = (await db.query<{ id: number }>("select id from hotels order by id limit 1")).rows;
    const raceRoom = (
      await db.query<{ id: number }>(
        "insert into room_types (hotel_id, name, description, max_guests, size_m2, bed_type, price_cents, total_rooms) values ($1, 'Bench Last Room', 'Only one', 2, 20, '1 Queen bed', 10000, 1) returning id",
        [hotel!.id],
      )
    ).rows[0]!;
    const raceCheckIn = addDays(today, 100);
    const race = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${(i % 2 ? second : first).baseUrl}/api/bookings`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(oneAddress ? {} : { "x-forwarded-for": guestAddress(shift + 2_000_000 + i) }),
          },
          body: JSON.stringify({
            hotelId: String(hotel!.id),
            roomTypeId: String(raceRoom.id),
            checkIn: raceCheckIn,
            checkOut: addDays(new Date(`${raceCheckIn}T00:00:00Z`), 2),
            guests: 2,
            rooms: 1,
            guestName: `Racer ${i}`,
            guestEmail: `racer${i}@example.com`,
            guestPhone: "+1 555 0100",
          }),
        }).then((r) => r.status),
      ),
    );
    const raceWinners = race.filter((s) => s === 201).length;
    const raceRefused = race.filter((s) => s === 409).length;

    const summary = {
      scenario: "booking-pg",
      ...machine,
      addresses: oneAddress ? "one (127.0.0.1, per-address limits lifted)" : "one per guest (X-Forwarded-For, TRUST_PROXY=true)",
      journeys: {
        rate,
        duration,
        warmupSeconds: warmup,
        started: total,
        achievedRate: Math.round((total / elapsed) * 10) / 10,
        errors: errors.length,
        errorSamples: errors.slice(0, 5).map((e) => e.status),
      },
      latencyMs: {
        p50: Math.round(percentile(latencies, 50) * 10) / 10,
        p95: Math.round(percentile(latencies, 95) * 10) / 10,
        p99: Math.round(percentile(latencies, 99) * 10) / 10,
        max: Math.round((latencies.at(-1) ?? NaN) * 10) / 10,
      },
      race: { attempts: 50, instances: 2, succeeded: raceWinners, refused: raceRefused, other: 50 - raceWinners - raceRefused },
      budget: { p95Ms: BUDGET_P95_MS },
    };
    const pass = summary.latencyMs.p95 <= BUDGET_P95_MS && errors.length === 0 && raceWinners === 1 && raceRefused === 49;
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/booking-pg.json"), JSON.stringify({ ...summary, pass }, null, 2) + "\n");
    console.log(machineLines(machine).join("\n"));
    console.log(
      `hold+pay+confirm at ${summary.journeys.achievedRate}/s (${summary.addresses}): p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms, errors ${errors.length}`,
    );
    console.log(`last-room race over 2 instances: ${raceWinners} succeeded, ${raceRefused} refused, ${summary.race.other} other`);
    console.log(pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
  } finally {
    await db.end();
    await Promise.all([first.stop(), second.stop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (dropAfter) {
      const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
      await admin.connect();
      await admin.query(`drop database if exists ${dropAfter} with (force)`);
      await admin.end();
    }
  }
}

process.exitCode = await main();
