import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { emailOutbox, hotelManagers, reviews, users, webhookDeliveries, webhookEndpoints } from "../../src/server/db/schema.ts";
import { outboundUrlPolicy, postWithLimits } from "../../src/server/integrations/outbound-http.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import {
  WEBHOOK_DISABLE_AFTER_MS,
  type WebhookDeliveryDeps,
  deliverDueWebhooks,
  retryDelaySeconds,
  webhookDeliveryDeps,
} from "../../src/server/services/webhook-delivery.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request and answers with `status()` (a test changes it to fail or recover). */
function startReceiver() {
  const received: Received[] = [];
  const state = { status: () => 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(state.status(), { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  return new Promise<{ url: string; received: Received[]; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        state,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/** What a receiver does with the documented recipe (docs/webhooks.md). */
function verify(secret: string, r: Received): boolean {
  const timestamp = String(r.headers["staywise-timestamp"]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex");
  return r.headers["staywise-signature"] === `v1=${expected}`;
}

let t: TestApp;
let admin: string;
let manager: string;
let otherManager: string;
let traveller: string;
let hotel: HotelRow;
let otherHotel: HotelRow;
let room: RoomTypeRow;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let delivery: WebhookDeliveryDeps;
const d = (n: number) => addDays(todayUtc(), n);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_PRIVATE_HOSTS: "127.0.0.1" });
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "hooks-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "hooks-admin@example.com", "admin-password");
  await signUp(t, "hooks-manager@example.com", "secret123", "Hook Manager");
  await signUp(t, "hooks-other@example.com", "secret123", "Other Manager");
  await signUp(t, "hooks-traveller@example.com", "secret123", "Tess Traveller");
  hotel = await createHotel(db, { name: "Hook Hotel", freeCancellationDays: 3 });
  otherHotel = await createHotel(db, { name: "Other Hook Hotel" });
  room = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 20 });
  for (const [email, hotelId] of [
    ["hooks-manager@example.com", hotel.id],
    ["hooks-other@example.com", otherHotel.id],
  ] as const) {
    const [row] = await db.update(users).set({ role: "manager" }).where(eq(users.email, email)).returning();
    await db.insert(hotelManagers).values({ userId: row!.id, hotelId });
  }
  manager = await signIn(t, "hooks-manager@example.com");
  otherManager = await signIn(t, "hooks-other@example.com");
  traveller = await signIn(t, "hooks-traveller@example.com");
  receiver = await startReceiver();
  delivery = webhookDeliveryDeps({ db, config: t.deps.config, deliveryMode: t.deps.deliveryMode, logger: t.deps.logger });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  // Each test starts with no endpoints (their deliveries go with them) and a receiver that accepts.
  await t.deps.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.state.status = () => 200;
});

type WebhookInput = InferRequestType<ApiClient["properties"]["webhooks"]["$post"]>["json"];

async function register(cookie: string, body: WebhookInput) {
  const res = await t.client(cookie).properties.webhooks.$post({ json: body });
  return { status: res.status, json: await res.json() };
}

async function book(checkIn: number): Promise<string> {
  const hold = await t.client(traveller).bookings.$post({
    json: {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      checkIn: d(checkIn),
      checkOut: d(checkIn + 2),
      guests: 2,
      rooms: 1,
      guestName: "Tess Traveller",
      guestEmail: "hooks-traveller@example.com",
      guestPhone: "+44 20 7946 0000",
    },
  });
  expect(hold.status, await hold.clone().text()).toBe(201);
  const created = await hold.json();
  const pay = await t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: created.payment.paymentId },
    json: {
      clientSecret: created.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(pay.status).toBe(200);
  const confirm = await t
    .client(traveller)
    .bookings[":id"]["confirm-payment"].$post({ param: { id: created.booking.id }, json: { paymentId: created.payment.paymentId } });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  return created.booking.id;
}

async function cancel(bookingId: string) {
  const res = await t.client(traveller).bookings[":id"].cancel.$post({ param: { id: bookingId }, header: {} });
  expect(res.status, await res.clone().text()).toBe(200);
}

function events() {
  return receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { booking?: { id: string } } });
}

describe("registering endpoints", () => {
  it("shows the secret once and stores it sealed; the outbound URL policy refuses private and plain-http addresses", async () => {
    const created = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created"] });
    expect(created.status).toBe(201);
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.endpoint.id));
    expect(row!.secretSealed).not.toContain(created.json.secret.slice(6));
    const listed = await t.client(manager).properties.webhooks.$get({ query: {} });
    expect(JSON.stringify(await listed.json())).not.toContain(created.json.secret);

    const policy = outboundUrlPolicy({ outboundPrivateHosts: [] });
    expect(policy(new URL("https://hooks.example.com/x"))).toBeNull();
    for (const url of [
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://10.1.2.3/",
      "https://[::1]/",
      "https://localhost/",
      "https://169.254.169.254/",
    ])
      expect(policy(new URL(url)), url).not.toBeNull();
    const refused = await t
      .client(manager)
      .properties.webhooks.$post({ json: { hotelId: hotel.id, url: "https://10.0.0.5/hook", events: ["booking.created"] } });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    // An event the typed client would not let through: sent raw.
    const badEvent = await t.request("POST", "/api/properties/webhooks", {
      cookie: manager,
      body: { hotelId: hotel.id, url: receiver.url, events: ["booking.eaten"] },
    });
    expect(badEvent.status).toBe(400);
  });

  it("lets managers register only for their hotels and only admins for every hotel", async () => {
    expect((await register(otherManager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created"] })).status).toBe(403);
    expect((await register(manager, { hotelId: null, url: receiver.url, events: ["booking.created"] })).status).toBe(403);
    const platform = await register(admin, { hotelId: null, url: receiver.url, events: ["booking.created"] });
    expect(platform.status).toBe(201);
    const mine = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created"] });
    const theirs = await (await t.client(otherManager).properties.webhooks.$get({ query: {} })).json();
    expect(theirs.endpoints).toEqual([]);
    const all = await (await t.client(admin).properties.webhooks.$get({ query: {} })).json();
    expect(all.endpoints.map((e) => e.id).sort()).toEqual([platform.json.endpoint.id, mine.json.endpoint.id].sort());
    expect(
      (await t.client(manager).properties.webhooks[":endpointId"].$delete({ param: { endpointId: String(platform.json.endpoint.id) } }))
        .status,
    ).toBe(404);
    expect(
      (await t.client(otherManager).properties.webhooks[":endpointId"].$delete({ param: { endpointId: String(mine.json.endpoint.id) } }))
        .status,
    ).toBe(403);
  });
});

describe("delivering events", () => {
  it("signs each delivery so the documented check verifies it, for the booking's whole life in order", async () => {
    const { json } = await register(manager, {
      hotelId: hotel.id,
      url: receiver.url,
      events: ["booking.created", "booking.cancelled", "payment.refunded"],
    });
    const bookingId = await book(20);
    await cancel(bookingId);
    expect(await deliverDueWebhooks(delivery)).toBe(3);
    expect(events().map((e) => e.type)).toEqual(["booking.created", "booking.cancelled", "payment.refunded"]);
    expect(events().every((e) => e.data.booking?.id === bookingId)).toBe(true);
    for (const r of receiver.received) {
      expect(verify(json.secret, r)).toBe(true);
      expect(verify(`${json.secret}x`, r)).toBe(false);
      expect(r.headers["staywise-event-id"]).toBe(JSON.parse(r.body).id);
    }
    // A tampered body no longer verifies.
    expect(verify(json.secret, { ...receiver.received[0]!, body: receiver.received[0]!.body.replace("Tess", "Tom") })).toBe(false);
  });

  it("does not send events of other hotels or events not subscribed to", async () => {
    await register(otherManager, { hotelId: otherHotel.id, url: receiver.url, events: ["booking.created"] });
    await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.cancelled"] });
    await book(30);
    await deliverDueWebhooks(delivery);
    expect(receiver.received).toEqual([]);
  });

  it("retries a failing receiver with backoff under the same event id, keeping a booking's events in order", async () => {
    await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created", "booking.cancelled"] });
    receiver.state.status = () => 503;
    const bookingId = await book(40);
    await cancel(bookingId);
    let now = new Date(Date.now() + 1000);
    await deliverDueWebhooks(delivery, { now });
    // Only the first event was tried: the cancellation waits behind it.
    expect(events().map((e) => e.type)).toEqual(["booking.created"]);
    const firstId = events()[0]!.id;
    // Not due again before the first backoff (1 minute).
    await deliverDueWebhooks(delivery, { now: new Date(now.getTime() + 30_000) });
    expect(receiver.received).toHaveLength(1);
    let waited = 0;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      waited += retryDelaySeconds(attempt);
      now = new Date(now.getTime() + retryDelaySeconds(attempt) * 1000);
      await deliverDueWebhooks(delivery, { now });
    }
    expect(waited).toBe(60 + 120 + 240 + 480);
    expect(receiver.received).toHaveLength(5);
    expect(new Set(events().map((e) => e.id))).toEqual(new Set([firstId]));
    const [row] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, firstId));
    expect(row).toMatchObject({ status: "pending", attempts: 5, lastStatus: 503 });
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(960_000);
    expect(retryDelaySeconds(10)).toBe(3600);

    receiver.state.status = () => 204;
    await deliverDueWebhooks(delivery, { now: new Date(now.getTime() + 3600_000) });
    expect(events().map((e) => e.type)).toEqual([
      "booking.created",
      "booking.created",
      "booking.created",
      "booking.created",
      "booking.created",
      "booking.created",
      "booking.cancelled",
    ]);
    const rows = await t.deps.db.select().from(webhookDeliveries);
    expect(rows.every((r) => r.status === "delivered")).toBe(true);
  });

  it("marks a delivery failed after 24 hours, turns the endpoint off and e-mails its owner once; send again redelivers the same event", async () => {
    const { json } = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created"] });
    receiver.state.status = () => 500;
    await book(50);
    const start = Date.now() + 1000;
    for (let at = start; at <= start + WEBHOOK_DISABLE_AFTER_MS + 2 * 3600_000; at += 30 * MINUTE)
      await deliverDueWebhooks(delivery, { now: new Date(at) });
    const [endpoint] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, json.endpoint.id));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: "failing" });
    const [row] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, json.endpoint.id));
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBeGreaterThanOrEqual(24);
    const mails = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "webhook_disabled"), eq(emailOutbox.toAddress, "hooks-manager@example.com")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(receiver.url);

    // Nothing is sent while it is off; turned on again and sent again, the same event arrives.
    receiver.state.status = () => 200;
    const sent = receiver.received.length;
    const resend = await t.client(manager).properties.webhooks[":endpointId"].deliveries[":deliveryId"].resend.$post({
      param: { endpointId: String(json.endpoint.id), deliveryId: String(row!.id) },
    });
    expect(resend.status).toBe(202);
    await deliverDueWebhooks(delivery);
    expect(receiver.received).toHaveLength(sent);
    const on = await t
      .client(manager)
      .properties.webhooks[":endpointId"].$patch({ param: { endpointId: String(json.endpoint.id) }, json: { enabled: true } });
    expect(on.status).toBe(200);
    await deliverDueWebhooks(delivery);
    expect(receiver.received).toHaveLength(sent + 1);
    expect(receiver.received.at(-1)!.headers["staywise-event-id"]).toBe(row!.eventId);
    const log = await t
      .client(manager)
      .properties.webhooks[":endpointId"].deliveries.$get({ param: { endpointId: String(json.endpoint.id) }, query: {} });
    const body = await log.json();
    expect(body.total).toBe(1);
    expect(body.deliveries[0]).toMatchObject({ status: "delivered", eventId: row!.eventId });
    expect(
      (
        await t
          .client(otherManager)
          .properties.webhooks[":endpointId"].deliveries.$get({ param: { endpointId: String(json.endpoint.id) }, query: {} })
      ).status,
    ).toBe(403);
  });

  it("rotating the secret signs later deliveries with the new one", async () => {
    const { json } = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created"] });
    const rotated = await t
      .client(manager)
      .properties.webhooks[":endpointId"]["rotate-secret"].$post({ param: { endpointId: String(json.endpoint.id) } });
    const { secret } = await rotated.json();
    expect(secret).not.toBe(json.secret);
    await book(60);
    await deliverDueWebhooks(delivery);
    expect(verify(secret, receiver.received[0]!)).toBe(true);
    expect(verify(json.secret, receiver.received[0]!)).toBe(false);
  });
});

describe("a receiver that fails for an hour and then recovers", () => {
  it("gets every event, each id accepted once, in order per booking, every signature valid", async () => {
    const { json } = await register(manager, {
      hotelId: hotel.id,
      url: receiver.url,
      events: ["booking.created", "booking.cancelled", "payment.refunded"],
    });
    const start = Date.now() + 1000;
    let clock = start;
    receiver.state.status = () => (clock < start + 3600_000 ? 502 : 200);
    const first = await book(70);
    const second = await book(72);
    await cancel(first);
    for (; clock <= start + 3 * 3600_000; clock += 5 * MINUTE) await deliverDueWebhooks(delivery, { now: new Date(clock) });
    const accepted = receiver.received.filter((r) => {
      const at = Number(r.headers["staywise-timestamp"]) * 1000;
      return at >= start + 3600_000;
    });
    const ids = accepted.map((r) => String(r.headers["staywise-event-id"]));
    expect(new Set(ids).size).toBe(ids.length);
    const types = (bookingId: string) =>
      accepted
        .map((r) => JSON.parse(r.body) as { type: string; data: { booking: { id: string } } })
        .filter((e) => e.data.booking.id === bookingId)
        .map((e) => e.type);
    expect(types(first)).toEqual(["booking.created", "booking.cancelled", "payment.refunded"]);
    expect(types(second)).toEqual(["booking.created"]);
    expect(receiver.received.every((r) => verify(json.secret, r))).toBe(true);
    expect(receiver.received.length).toBeGreaterThan(accepted.length);
    const rows = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, json.endpoint.id));
    expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
  });
});

describe("outbound calls", () => {
  it("give up on a receiver that does not answer in time and read only the start of a long answer", async () => {
    const slow = http.createServer(() => undefined);
    const big = http.createServer((_req, res) => {
      res.writeHead(200);
      res.end("x".repeat(200_000));
    });
    await Promise.all([new Promise<void>((r) => slow.listen(0, "127.0.0.1", r)), new Promise<void>((r) => big.listen(0, "127.0.0.1", r))]);
    const limits = { timeoutMs: 300, maxResponseBytes: 1000, privateHosts: ["127.0.0.1"] };
    const slowUrl = new URL(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`);
    await expect(postWithLimits(slowUrl, "{}", {}, limits)).rejects.toThrow(/No answer within 300 ms/);
    const answer = await postWithLimits(new URL(`http://127.0.0.1:${(big.address() as AddressInfo).port}/`), "{}", {}, limits);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(1000);
    slow.closeAllConnections();
    await Promise.all([new Promise((r) => slow.close(r)), new Promise((r) => big.close(r))]);
  });

  it("refuse a host name that resolves to a private address unless the operator listed it", async () => {
    const port = new URL(receiver.url).port;
    await expect(
      postWithLimits(new URL(`http://localhost:${port}/hooks`), "{}", {}, { timeoutMs: 1000, maxResponseBytes: 1000, privateHosts: [] }),
    ).rejects.toThrow(/not a public address/);
    const allowed = await postWithLimits(
      new URL(`http://localhost:${port}/hooks`),
      "{}",
      {},
      {
        timeoutMs: 1000,
        maxResponseBytes: 1000,
        privateHosts: ["localhost"],
      },
    );
    expect(allowed.status).toBe(200);
  });
});

describe("review events", () => {
  it("sends review.published when an admin approves a review, not when one is rejected", async () => {
    const { json } = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["review.published"] });
    const [author] = await t.deps.db.select().from(users).where(eq(users.email, "hooks-traveller@example.com"));
    const [approved, rejected] = await t.deps.db
      .insert(reviews)
      .values([
        { hotelId: hotel.id, userId: author!.id, title: "Lovely", rating: 5, comment: "Quiet rooms and a great breakfast." },
        { hotelId: hotel.id, userId: author!.id, title: "Spam", rating: 1, comment: "Buy my things." },
      ])
      .returning();
    for (const [review, status] of [
      [approved!, "approved"],
      [rejected!, "rejected"],
    ] as const) {
      const res = await t.client(admin).admin.reviews[":id"].moderate.$post({ param: { id: String(review.id) }, json: { status } });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    await deliverDueWebhooks(delivery);
    expect(events().map((e) => e.type)).toEqual(["review.published"]);
    const body = JSON.parse(receiver.received[0]!.body) as { data: { review: { id: number; rating: number } } };
    expect(body.data.review).toMatchObject({ id: approved!.id, rating: 5 });
    expect(verify(json.secret, receiver.received[0]!)).toBe(true);
  });
});

describe("modification events", () => {
  it("sends booking.modified when the front desk shortens a stay (an early departure)", async () => {
    await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.modified"] });
    const bookingId = await book(0);
    const desk = t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"];
    const param = { hotelId: String(hotel.id), bookingId };
    expect((await desk["check-in"].$post({ param })).status).toBe(200);
    const out = await desk["check-out"].$post({ param });
    expect(out.status, await out.clone().text()).toBe(200);
    await deliverDueWebhooks(delivery);
    const [event] = events() as unknown as { type: string; data: { booking: { id: string; checkOut: string } } }[];
    expect(event).toMatchObject({ type: "booking.modified", data: { booking: { id: bookingId, checkOut: d(1) } } });
  });
});

describe("the delivery log", () => {
  it("keeps delivered and failed deliveries for 30 days, then removes them; recent ones stay", async () => {
    const { json } = await register(manager, { hotelId: hotel.id, url: receiver.url, events: ["booking.created", "booking.cancelled"] });
    const bookingId = await book(80);
    await deliverDueWebhooks(delivery);
    receiver.state.status = () => 500;
    await cancel(bookingId);
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    await deliverDueWebhooks(delivery, { now: later });
    const rows = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, json.endpoint.id));
    // The month-old delivered confirmation is gone; the cancellation, made today (and failed at `later`, past its 24 hours), stays.
    expect(rows.map((r) => [r.eventType, r.status])).toEqual([["booking.cancelled", "failed"]]);
  });
});

describe("admin refunds", () => {
  it("send booking.cancelled and payment.refunded when an admin refunds and cancels a booking", async () => {
    await register(admin, { hotelId: null, url: receiver.url, events: ["booking.cancelled", "payment.refunded"] });
    const bookingId = await book(90);
    const res = await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: bookingId } });
    expect(res.status, await res.clone().text()).toBe(200);
    await deliverDueWebhooks(delivery);
    const sent = events() as unknown as { type: string; data: { refund?: { amountCents: number }; booking: { id: string } } }[];
    expect(sent.map((e) => e.type)).toEqual(["booking.cancelled", "payment.refunded"]);
    expect(sent[1]!.data.refund!.amountCents).toBe(20000);
  });
});
