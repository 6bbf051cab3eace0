/**
 * A connection PostgreSQL drops in the middle of a request (a restart, a failover, an
 * administrator's pg_terminate_backend) costs that one request a retryable 503, never the process:
 * node-postgres reports the loss as an `error` event on the connection, and one nobody listens to
 * ends the process. The app runs here as a real process (app-process.ts, on a throw-away
 * database); a connection from outside holds row locks so that a hold, a card payment, the
 * payment's confirmation and the browser's confirm wait on them, and their backends are terminated
 * while they wait.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

interface Hold {
  booking: { id: string; bookingReference: string; status: string };
  payment: { paymentId: string; clientSecret: string };
}

const ROOMS = 5;
const checkIn = addDays(todayUtc(), 20);
const checkOut = addDays(checkIn, 2);

let temp: TempDatabase;
let dataDir: string;
let app: ChildProcess;
let output = "";
let base = "";
/** The test's own connection: it inspects the rows and terminates backends (a superuser's, as an operator's would be). */
let inspector: pg.Client;
let hotelId = 0;
let roomTypeId = 0;

/** Why the app cannot answer: it has exited, and its last words. */
function exitReport(): string {
  return `the app process exited (code ${app.exitCode}, signal ${app.signalCode}):\n${output.slice(-3000)}`;
}

async function call(method: string, route: string, body?: unknown): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${base}${route}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new Error(`${method} ${route} got no answer; ${exitReport()}`, { cause: error });
  }
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** A transaction from outside the app that holds `FOR UPDATE` locks on the rows `query` selects until released. */
async function lockRows(query: string, values: unknown[]): Promise<{ pid: number; release(): Promise<void> }> {
  const locker = new pg.Client({ connectionString: temp.url });
  await locker.connect();
  await locker.query("begin");
  const { rowCount } = await locker.query(`${query} for update`, values);
  if (!rowCount) throw new Error(`nothing to lock: ${query}`);
  const { rows } = await locker.query<{ pid: number }>("select pg_backend_pid() as pid");
  return {
    pid: rows[0]!.pid,
    async release() {
      await locker.query("rollback");
      await locker.end();
    },
  };
}

/**
 * Waits until an app connection waits for a lock (while `pending` is unsettled), then terminates
 * every such backend with pg_terminate_backend; returns how many it terminated.
 */
async function terminateLockWaiters(locker: number, pending?: Promise<unknown>): Promise<number> {
  let settled = false;
  void pending?.finally(() => (settled = true));
  for (;;) {
    const { rows } = await inspector.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid not in ($1, pg_backend_pid())`,
      [locker],
    );
    if (rows.length > 0) return rows.length;
    if (settled) throw new Error("the request finished without waiting for the lock");
    if (app.exitCode !== null || app.signalCode !== null) throw new Error(exitReport());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function hold(guest: string): Promise<Answer> {
  return call("POST", "/api/bookings", holdBody(hotelId, roomTypeId, { checkIn, checkOut }, guest));
}

function payByCard(payment: Hold["payment"]): Promise<Answer> {
  return call("POST", `/api/simulated-payments/${payment.paymentId}/confirm`, {
    clientSecret: payment.clientSecret,
    returnUrl: "/booking/confirmation",
    card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" },
  });
}

function expectRetryable(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body.code).toBe("SERVICE_UNAVAILABLE");
}

async function paymentStatuses(bookingId: string): Promise<string[]> {
  const { rows } = await inspector.query<{ status: string }>("select status from payments where booking_id = $1", [bookingId]);
  return rows.map((r) => r.status);
}

async function confirmationEmails(reference: string): Promise<number> {
  const { rows } = await inspector.query<{ count: number }>(
    "select count(*)::int as count from email_outbox where kind = 'booking_confirmation' and text_body like '%' || $1 || '%'",
    [reference],
  );
  return rows[0]!.count;
}

beforeAll(async () => {
  temp = await createTempDatabase("staywise_test", { migrated: true });
  const setup = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 2 });
  const hotel = await createHotel(setup.db, { name: "Dropped Line Hotel" });
  const room = await createRoomType(setup.db, hotel.id, { name: "Quiet Double", totalRooms: ROOMS, maxGuests: 2, priceCents: 15000 });
  hotelId = hotel.id;
  roomTypeId = room.id;
  await setup.close();
  inspector = new pg.Client({ connectionString: temp.url });
  await inspector.connect();
  // The stay's nights exist with no room taken, so a lock from outside can hold them.
  await inspector.query(
    `insert into room_nights (room_type_id, night, rooms_total, rooms_taken)
     select $1, night::date, $2, 0 from generate_series($3::date, $4::date - 1, interval '1 day') as night`,
    [roomTypeId, ROOMS, checkIn, checkOut],
  );

  dataDir = mkdtempSync(path.join(tmpdir(), "staywise-connection-loss-"));
  app = spawn(process.execPath, ["--import", "tsx", "tests/pg/app-process.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_URL: "http://127.0.0.1:3000",
      APP_SECRET: "connection-loss-test-secret-0123456789abcdef",
      DATA_DIR: dataDir,
      DATABASE_URL: temp.url,
      HOLD_MAX_PENDING_PER_ADDRESS: "100",
      HOLD_RATE_PER_HOUR: "1000",
      HOLD_MAX_ROOM_SHARE_PERCENT: "100",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  app.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearInterval(check);
        resolve(Number(match[1]));
      } else if (app.exitCode !== null) {
        clearInterval(check);
        reject(new Error(exitReport()));
      }
    }, 50);
  });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  await inspector?.end();
  await temp?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a database connection terminated in the middle of a request", () => {
  it("costs that request a 503 and leaves the process serving, with nothing half-written", async () => {
    // A hold waits for the stay's nights, locked from outside, and loses its connection inside its transaction.
    const nightsLock = await lockRows("select * from room_nights where room_type_id = $1", [roomTypeId]);
    const cutHold = hold("Cut Hold");
    expect(await terminateLockWaiters(nightsLock.pid, cutHold)).toBe(1);
    expectRetryable(await cutHold);
    await nightsLock.release();
    const { rows: cutRows } = await inspector.query("select id from bookings where guest_name = 'Cut Hold'");
    expect(cutRows).toEqual([]);

    // The same hold again is served, on a connection the pool opened in place of the lost one.
    const held = await hold("Kept Hold");
    expect(held.status).toBe(201);
    const { booking, payment } = held.body as unknown as Hold;

    // The card payment waits for its payment intent and loses its connection.
    const intentLock = await lockRows("select * from simulated_payment_intents where id = $1", [payment.paymentId]);
    const cutPayment = payByCard(payment);
    expect(await terminateLockWaiters(intentLock.pid, cutPayment)).toBe(1);
    expectRetryable(await cutPayment);
    await intentLock.release();
    const { rows: intents } = await inspector.query<{ status: string }>("select status from simulated_payment_intents where id = $1", [
      payment.paymentId,
    ]);
    expect(intents.map((i) => i.status)).toEqual(["requires_payment_method"]);

    // Paid again, this time it goes through; the confirmation it triggers (the processor's webhook)
    // waits for the booking and loses its connection inside its transaction, and so does the
    // browser's confirm that follows.
    const bookingLock = await lockRows("select * from bookings where id = $1", [booking.id]);
    const paid = await payByCard(payment);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("succeeded");
    expect(await terminateLockWaiters(bookingLock.pid)).toBeGreaterThanOrEqual(1);
    const cutConfirm = call("POST", `/api/bookings/${booking.id}/confirm-payment`, { paymentId: payment.paymentId });
    expect(await terminateLockWaiters(bookingLock.pid, cutConfirm)).toBeGreaterThanOrEqual(1);
    expectRetryable(await cutConfirm);
    await bookingLock.release();

    // The browser's confirm, retried, confirms it: once, with its payment and one confirmation e-mail.
    const confirmed = await call("POST", `/api/bookings/${booking.id}/confirm-payment`, { paymentId: payment.paymentId });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body.booking as { status: string }).status).toBe("confirmed");
    expect(await paymentStatuses(booking.id)).toEqual(["succeeded"]);
    expect(await confirmationEmails(booking.bookingReference)).toBe(1);

    // The process is up, ready, and serves new work.
    expect(app.exitCode).toBeNull();
    expect(app.signalCode).toBeNull();
    expect((await call("GET", "/readyz")).status).toBe(200);
    expect((await hold("After The Cuts")).status).toBe(201);

    // Every booking that holds rooms holds them night by night, and every confirmed one is paid.
    const { rows: nights } = await inspector.query<{ night: string; rooms_taken: number; held: number }>(
      `select n.night::text as night, n.rooms_taken,
              coalesce((select sum(b.num_rooms) from bookings b
                        where b.room_type_id = n.room_type_id and b.status in ('pending', 'confirmed')
                          and b.check_in <= n.night and n.night < b.check_out), 0)::int as held
       from room_nights n where n.room_type_id = $1 order by n.night`,
      [roomTypeId],
    );
    expect(nights).toHaveLength(2);
    for (const night of nights) expect(night.rooms_taken, night.night).toBe(night.held);
    expect(nights.map((n) => n.rooms_taken)).toEqual([2, 2]);
    const { rows: unpaid } = await inspector.query(
      `select b.id from bookings b where b.status = 'confirmed'
       and not exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded')`,
    );
    expect(unpaid).toEqual([]);
  });
});
