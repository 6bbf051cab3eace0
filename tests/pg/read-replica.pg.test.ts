/**
 * DATABASE_READ_URL against a real streaming replica: a primary made with initdb and a replica made
 * with pg_basebackup, both on free ports of this machine (tests/support/replica-cluster.ts).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { READ_PRIMARY_COOKIE } from "../../src/server/middleware/read-your-writes.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type ReplicaCluster, findPostgresBin, startReplicaCluster } from "../support/replica-cluster.ts";
import { type TestApp, cookieFrom, createTestApp } from "../support/test-app.ts";

const bin = findPostgresBin();
if (!bin) console.warn("read-replica test skipped: no PostgreSQL server binaries (initdb, pg_basebackup) under /usr/lib/postgresql/*/bin");

const DATABASE = "staywise_replica_test";
const TIMEOUTS = { connectMs: 2000, statementMs: 10_000, idleInTransactionMs: 10_000 };

/** Polls until `check` passes; generous, as replication and restarts on a loaded 2-core machine take their time. */
async function eventually(check: () => Promise<void>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe.skipIf(!bin)("read replicas (DATABASE_READ_URL) on a real streaming replica", () => {
  let cluster: ReplicaCluster | undefined;
  let database: Database | undefined;
  let t: TestApp;
  let hotelId: number;
  let roomTypeId: number;

  async function onReplica(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: cluster!.replicaUrl("postgres") });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function hotelName(cookie?: string): Promise<string> {
    const res = await t.request("GET", `/api/hotels/${hotelId}`, cookie ? { cookie } : {});
    expect(res.status).toBe(200);
    return ((await res.json()) as { name: string }).name;
  }

  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    const admin = new pg.Client({ connectionString: cluster.primaryUrl("postgres") });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const setup = await openDatabase({ databaseUrl: cluster.primaryUrl(DATABASE), pgliteDir: null, poolSize: 2 });
    try {
      await migrateDatabase(setup);
      const hotel = await createHotel(setup.db, { name: "Before Replica Hotel", city: "Replicaville" });
      hotelId = hotel.id;
      roomTypeId = (await createRoomType(setup.db, hotel.id, { totalRooms: 3, maxGuests: 2, priceCents: 10_000 })).id;
    } finally {
      await setup.close();
    }
    await cluster.waitForReplay();
    database = await openDatabase({
      databaseUrl: cluster.primaryUrl(DATABASE),
      readUrls: [cluster.replicaUrl(DATABASE)],
      pgliteDir: null,
      poolSize: 4,
      timeouts: TIMEOUTS,
    });
    t = await createTestApp({ READY_TIMEOUT_MS: "5000" }, database);
  }, 240_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 120_000);

  it("serves lag-tolerant reads from the replica, and holds and reads after the client's own write from the primary", async () => {
    await onReplica("select pg_wal_replay_pause()");
    try {
      // The primary changes; the paused replica does not see it.
      const primary = new pg.Client({ connectionString: cluster!.primaryUrl(DATABASE) });
      await primary.connect();
      await primary.query("update hotels set name = 'After Replica Hotel' where id = $1", [hotelId]);
      await primary.end();

      // Hotel page and search read the replica: still the old name.
      expect(await hotelName()).toBe("Before Replica Hotel");
      const search = await t.request("GET", "/api/hotels/search?destination=Replicaville");
      expect(search.status).toBe(200);
      expect(((await search.json()) as { hotels: { name: string }[] }).hotels.map((h) => h.name)).toEqual(["Before Replica Hotel"]);

      // A hold is a write: it goes to the primary (the replica could not take it), and so does reading it back.
      const checkIn = addDays(todayUtc(), 20);
      const hold = await t.request("POST", "/api/bookings", {
        body: {
          hotelId: String(hotelId),
          roomTypeId: String(roomTypeId),
          checkIn,
          checkOut: addDays(checkIn, 2),
          guests: 2,
          rooms: 1,
          guestName: "Read Your Writes",
          guestEmail: "ryw@example.com",
          guestPhone: "+1 555 0100",
        },
      });
      expect(hold.status, await hold.clone().text()).toBe(201);
      const { booking, accessToken } = (await hold.json()) as { booking: { id: string; hotelName: string }; accessToken: string };
      // The hold was priced and named from the primary's hotel row.
      expect(booking.hotelName).toBe("After Replica Hotel");
      const cookie = cookieFrom(hold);
      expect(cookie).toContain(`${READ_PRIMARY_COOKIE}=`);
      const readBack = await t.request("GET", `/api/bookings/${booking.id}`, { headers: { "x-booking-access": accessToken } });
      expect(readBack.status).toBe(200);

      // The client that just wrote reads the hotel from the primary; others still get the replica's copy.
      expect(await hotelName(cookie)).toBe("After Replica Hotel");
      expect(await hotelName()).toBe("Before Replica Hotel");
    } finally {
      await onReplica("select pg_wal_replay_resume()");
    }
    await eventually(async () => expect(await hotelName()).toBe("After Replica Hotel"));
    expect(database!.replicas!.status()).toEqual([{ name: "replica-1", state: "up" }]);
  });

  it("falls back to the primary while the replica is down, says so on /readyz, and uses it again once it is back", async () => {
    await cluster!.stopReplica();
    expect(await hotelName()).toBe("After Replica Hotel");
    const search = await t.request("GET", "/api/hotels/search?destination=Replicaville");
    expect(search.status).toBe(200);
    expect(((await search.json()) as { total: number }).total).toBe(1);
    expect(database!.replicas!.status()).toEqual([{ name: "replica-1", state: "down" }]);

    const ready = await t.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: "ready", replicas: [{ name: "replica-1", state: "down" }] });
    // The replica's address is not given away.
    expect(JSON.stringify(body)).not.toContain("127.0.0.1");

    await cluster!.startReplica();
    await eventually(async () => {
      const res = await t.request("GET", "/readyz");
      expect(await res.json()).toEqual({ status: "ready", replicas: [{ name: "replica-1", state: "up" }] });
    });
    // Proof that reads reach the replica again: pause its replay, change the primary, read the old name.
    await onReplica("select pg_wal_replay_pause()");
    try {
      const primary = new pg.Client({ connectionString: cluster!.primaryUrl(DATABASE) });
      await primary.connect();
      await primary.query("update hotels set name = 'Third Name Hotel' where id = $1", [hotelId]);
      await primary.end();
      expect(await hotelName()).toBe("After Replica Hotel");
    } finally {
      await onReplica("select pg_wal_replay_resume()");
    }
  });

  it("answers every search and hotel page while the replica is stopped under load", async () => {
    let running = true;
    let afterStop = 0;
    let stopped = false;
    const statuses = new Map<number, number>();
    const paths = ["/api/hotels/search?destination=Replicaville", `/api/hotels/${hotelId}`];
    // Eight visitors asking one after another, until the replica has been down for a while.
    const visitors = Array.from({ length: 8 }, async (_, v) => {
      for (let i = v; running; i++) {
        const res = await t.request("GET", paths[i % paths.length]!);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (stopped) afterStop++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A fast shutdown ends the replica's sessions, statements in flight included.
    await cluster!.stopReplica();
    stopped = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(visitors);
    expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    expect(afterStop).toBeGreaterThan(0);
    expect(database!.replicas!.status()).toEqual([{ name: "replica-1", state: "down" }]);
    await cluster!.startReplica();
  });
});
