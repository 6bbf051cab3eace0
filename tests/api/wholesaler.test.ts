import type { Server } from "node:http";
import { type Server as NetServer, type Socket, createServer as createNetServer } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs } from "../../src/server/db/schema.ts";
import { createWholesalerSupplier } from "../../src/server/integrations/suppliers/wholesaler-supplier.ts";
import { createLogger } from "../../src/server/logger.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

// The app is served on a real port: the wholesaler client talks HTTP to the app's own sandbox.
let t: TestApp;
let server: Server;
let sandboxUrl: string;
let sandbox: { enabled: boolean; apiUrl: string; username: string; password: string };
let admin: string;
let dead: NetServer;
let deadUrl: string;
let deadConnections = 0;
const openSockets = new Set<Socket>();
const checkIn = addDays(todayUtc(), 7);
const checkOut = addDays(todayUtc(), 9);
const stay = { checkIn, checkOut, guests: 2, children: 0, childAges: [], rooms: 1 };

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  sandboxUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/supplier-sandbox/15`;
  // A supplier that accepts connections and hangs up at once.
  dead = createNetServer((socket) => {
    deadConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
  const deadAddress = dead.address();
  deadUrl = `http://127.0.0.1:${typeof deadAddress === "object" && deadAddress ? deadAddress.port : 0}/supplier-sandbox/15`; // a sandbox that is down: an allowed address that does not answer
  server.on("connection", (socket: Socket) => {
    openSockets.add(socket);
    socket.on("close", () => openSockets.delete(socket));
  });

  await ensureAdmin(t.deps.db, t.deps.auth, { email: "ops@example.com", password: "ops-password", name: "Ops" }, "test");
  admin = await signIn(t, "ops@example.com", "ops-password");
  const dubai = {
    city: "Dubai",
    country: "United Arab Emirates",
    countryCode: "AE",
    lat: 25.21,
    lng: 55.28,
    originalPriceCents: null,
  } as const;
  for (const [name, priceCents, starRating] of [
    ["Staywise Creek Hotel", 9000, 3],
    ["Staywise Marina Tower", 45000, 5],
  ] as const) {
    const hotel = await createHotel(t.deps.db, {
      ...dubai,
      name,
      priceCents,
      starRating,
      distanceFromCenterKm: 2,
      amenities: ["Free WiFi", "Pool"],
    });
    await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents, originalPriceCents: null, maxGuests: 2, totalRooms: 5 });
  }
});
afterAll(async () => {
  // The "Slow" guest's answer is still pending: end its connection rather than wait 15 s.
  for (const socket of openSockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => dead.close(resolve));
  await t.close();
});

async function activate(apiUrl: string, password = sandbox.password): Promise<void> {
  await bodyOf(
    await t.client(admin).admin["api-settings"][":environment"].$put({
      param: { environment: "TEST" },
      json: { apiUrl, username: sandbox.username, password, makeActive: true },
    }),
  );
}

async function search(params: Record<string, string | number>) {
  const query = Object.fromEntries(Object.entries({ destination: "Dubai", checkIn, checkOut, ...params }).map(([k, v]) => [k, String(v)]));
  return bodyOf(await t.api.hotels.search.$get({ query }), 200);
}

describe("before any environment is active", () => {
  it("tells admins the sandbox's credentials", async () => {
    expect((await t.api.admin["supplier-sandbox"].$get()).status).toBe(401);
    const answered = await bodyOf(await t.client(admin).admin["supplier-sandbox"].$get());
    expect(answered).toEqual({
      enabled: true,
      apiUrl: "http://localhost:3000/supplier-sandbox/15",
      username: "sandbox",
      password: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    sandbox = { enabled: answered.enabled, apiUrl: answered.apiUrl!, username: answered.username!, password: answered.password! };
  });

  it("searches our inventory only, without a notice, and diagnostics asks for a configuration", async () => {
    const res = await search({});
    expect(res.hotels.map((h) => h.supplier)).toEqual(["inventory", "inventory"]);
    expect(res.notices).toEqual([]);
    const diagnostics = await errorOf(await t.client(admin).admin["api-diagnostics"].$post(), 400);
    expect(diagnostics.message).toBe("No active API configuration found. Please configure in Admin > API Settings.");
  });
});

describe("with TEST active on the sandbox", () => {
  beforeAll(() => activate(sandboxUrl));

  it("passes the connection test", async () => {
    const result = await bodyOf(await t.client(admin).admin["api-settings"].test.$post({ json: { environment: "TEST" } }));
    expect(result).toEqual({ success: true, message: "Connected: 4 languages available" });
  });

  it("runs the diagnostics search for Dubai and logs it", async () => {
    const result = await bodyOf(await t.client(admin).admin["api-diagnostics"].$post());
    expect(result).toMatchObject({ success: true, environment: "TEST", apiUrl: sandboxUrl, error: null });
    expect(result.resultCount).toBeGreaterThan(20);
    expect(result.durationMs).toEqual(expect.any(Number));
    const sample = result.sample as { id: string; name: string; priceCents: number }[];
    expect(sample).toHaveLength(5);
    for (const hotel of sample)
      expect(hotel).toEqual({ id: expect.stringMatching(/^wh-\d+$/), name: expect.any(String), priceCents: expect.any(Number) });
    const [entry] = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "api_diagnostics_run"));
    expect(entry).toMatchObject({ userEmail: "ops@example.com", details: { environment: "TEST", success: true } });
  });

  it("merges our hotels and the supplier's into one list, sorted together and paged consistently", async () => {
    const all = await search({ sort: "price", pageSize: 50 });
    expect(all.notices).toEqual([]);
    expect(new Set(all.hotels.map((h) => h.supplier))).toEqual(new Set(["inventory", "wholesaler"]));
    const prices = all.hotels.map((h) => h.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.hotels.filter((h) => h.supplier === "wholesaler").every((h) => /^wh-\d+$/.test(h.id) && h.city === "Dubai")).toBe(true);
    // Every hotel, ours and the partner's, comes with the coordinates its map pin needs (Dubai is near 25.2 N, 55.3 E).
    for (const hotel of all.hotels) {
      expect(hotel.lat, hotel.id).toBeCloseTo(25.2, 0);
      expect(hotel.lng, hotel.id).toBeCloseTo(55.3, 0);
    }
    const page1 = await search({ sort: "price", pageSize: 10 });
    const page2 = await search({ sort: "price", pageSize: 10, page: 2 });
    expect([...page1.hotels, ...page2.hotels].map((h) => h.id)).toEqual(all.hotels.slice(0, 20).map((h) => h.id));
    expect(page1.total).toBe(all.total);
  });

  it("applies the same filters to the supplier's hotels", async () => {
    const fiveStar = await search({ stars: "5", pageSize: 50 });
    expect(fiveStar.hotels.some((h) => h.supplier === "wholesaler")).toBe(true);
    expect(fiveStar.hotels.every((h) => h.starRating === 5)).toBe(true);
    const pool = await search({ amenities: "Pool", maxPrice: 300, pageSize: 50 });
    expect(pool.hotels.every((h) => h.amenities.some((a) => /pool/i.test(a)) && h.priceCents <= 30000)).toBe(true);
    const near = await search({ maxDistance: 2, sort: "distance", pageSize: 50 });
    expect(near.hotels.every((h) => h.distanceFromCenterKm >= 0 && h.distanceFromCenterKm <= 2)).toBe(true);
  });

  it("applies free cancellation and guest rating to the supplier's hotels, and leaves them out of a property type filter", async () => {
    const all = await search({ pageSize: 50 });
    const partner = all.hotels.filter((h) => h.supplier === "wholesaler");
    expect(partner.every((h) => h.propertyType === null)).toBe(true);
    const refundable = await search({ freeCancellation: "true", pageSize: 50 });
    // The supplier's cheapest room decides: hotels whose terms refund are kept, the others (and any without terms) not.
    expect(refundable.hotels.some((h) => h.supplier === "wholesaler")).toBe(true);
    expect(partner.some((h) => h.freeCancellationDays === 0)).toBe(true);
    expect(refundable.hotels.every((h) => h.freeCancellationDays > 0 && h.cancellationPolicy.startsWith("Free cancellation"))).toBe(true);
    const rated = await search({ guestRating: "9", pageSize: 50 });
    expect(rated.hotels.every((h) => h.rating >= 4.5)).toBe(true);
    expect(rated.total).toBeLessThan(all.total);
    const typed = await search({ propertyTypes: "hotel,resort,apartment,guest_house,hostel", pageSize: 50 });
    expect(typed.hotels.map((h) => h.supplier)).toEqual(["inventory", "inventory"]);
  });

  it("shows a supplier hotel's detail with priced room offers", async () => {
    const detail = await bodyOf(
      await t.api.hotels[":id"].$get({ param: { id: "wh-43" }, query: { checkIn: checkIn, checkOut: checkOut, guests: "2" } }),
    );
    expect(detail).toMatchObject({ id: "wh-43", supplier: "wholesaler", city: "Dubai", nights: 2 });
    expect(detail.rooms.length).toBeGreaterThan(0);
    expect(detail.images[0]).toMatch(/^http:\/\/localhost:3000\/images\/\w+-\d+\.svg$/);
    for (const room of detail.rooms)
      expect(room).toMatchObject({
        id: expect.stringMatching(/^wh-\d+-\d+$/),
        bookable: true,
        fitsParty: true,
        priceCents: expect.any(Number),
      });
    expect(detail.priceCents).toBe(Math.min(...detail.rooms.map((r) => r.priceCents)));
    const unknown = await errorOf(await t.api.hotels[":id"].$get({ param: { id: "wh-999999" }, query: {} }), 404);
    expect(unknown.message).toBe("Hotel not found");
  });
});

describe("booking-side calls against the sandbox", () => {
  const supplier = () =>
    createWholesalerSupplier({
      activeCredentials: async () => ({ environment: "TEST", apiUrl: sandboxUrl, username: sandbox.username, password: sandbox.password }),
      logger: createLogger("silent"),
      timeouts: { bookMs: 1_000 },
    });
  const cheapestRoom = async (hotelId: string) => {
    const detail = await supplier().getHotel(hotelId, stay);
    return detail!.rooms[0]!;
  };
  const guest = (lastName: string) => [{ firstName: "Ann", lastName }];

  it("detects a price increase at pre-book", async () => {
    const room = await cheapestRoom("wh-43");
    const check = await supplier().priceCheck({ roomOfferId: room.id, stay, shownNightlyPriceCents: room.priceCents });
    expect(check).toMatchObject({ status: "available", environment: "TEST", priceChanged: true, priceIncreased: true });
    expect(check.status === "available" && check.nightlyPriceCents).toBe(Math.round(room.priceCents * 1.05));
    const steady = await cheapestRoom("wh-98");
    expect(await supplier().priceCheck({ roomOfferId: steady.id, stay, shownNightlyPriceCents: steady.priceCents })).toMatchObject({
      status: "available",
      priceChanged: false,
    });
  });

  async function preBooked(wholesaler = supplier()) {
    const room = await cheapestRoom("wh-98");
    const check = await wholesaler.priceCheck({ roomOfferId: room.id, stay, shownNightlyPriceCents: room.priceCents });
    if (check.status !== "available") throw new Error(check.reason);
    return { environment: check.environment, roomOfferId: room.id, stay, preBookCode: check.preBookCode, email: "guest@example.com" };
  }

  it("books with our reference, and cancelling twice counts as cancelled both times", async () => {
    const wholesaler = supplier();
    const booked = await wholesaler.book({ ...(await preBooked(wholesaler)), yourRef: "BK-OK-1", guests: guest("Lee") });
    expect(booked).toMatchObject({ status: "confirmed", environment: "TEST", bookingNumber: expect.stringMatching(/^\d+$/) });
    const bookingNumber = booked.status === "confirmed" ? booked.bookingNumber : "";
    expect(await wholesaler.cancel(bookingNumber)).toMatchObject({ status: "cancelled", alreadyCancelled: false });
    expect(await wholesaler.cancel(bookingNumber)).toMatchObject({ status: "cancelled", alreadyCancelled: true });
    expect((await wholesaler.lookupByReference("BK-OK-1")).bookings).toMatchObject([{ bookingNumber, status: "NotActive" }]);
  });

  it("reports a refused booking as failed, with the supplier's reason", async () => {
    const result = await supplier().book({ ...(await preBooked()), yourRef: "BK-FAIL-1", guests: guest("Fail") });
    expect(result).toEqual({ status: "failed", environment: "TEST", errorType: "BookingFailed", reason: "Room no longer available" });
  });

  it("reports a timed-out booking as unknown; the look-up by reference then finds it", async () => {
    const wholesaler = supplier();
    const result = await wholesaler.book({ ...(await preBooked(wholesaler)), yourRef: "BK-SLOW-1", guests: guest("Slow") });
    expect(result).toMatchObject({ status: "unknown", errorType: "Timeout" });
    expect((await wholesaler.lookupByReference("BK-SLOW-1")).bookings).toMatchObject([{ yourRef: "BK-SLOW-1", status: "Active" }]);
  });
});

describe("when the supplier is down", () => {
  beforeAll(() => activate(deadUrl));

  it("still shows our hotels with a notice, and stops calling the supplier after repeated failures", async () => {
    const first = await search({});
    expect(first.hotels.map((h) => h.supplier)).toEqual(["inventory", "inventory"]);
    expect(first.notices).toEqual([`Supplier API Error: Could not reach ${new URL(deadUrl).host}`]);
    await search({ page: 2 });
    const connections = deadConnections;
    const paused = await search({});
    expect(paused.hotels).toHaveLength(2);
    expect(paused.notices).toEqual([
      "Supplier API Error: The supplier is not answering; calls are paused for 30 s after repeated failures",
    ]);
    expect(deadConnections).toBe(connections);
    const detail = await errorOf(await t.api.hotels[":id"].$get({ param: { id: "wh-43" }, query: {} }), 502);
    expect(detail.message).toMatch(/^Supplier API Error: /);
  });

  it("shows admins each failed supplier call with its request id in API Diagnostics (not the calls the open circuit refused)", async () => {
    const { problems } = await bodyOf(await t.client(admin).admin["api-diagnostics"].problems.$get());
    const failed = problems.filter((p) => p.actionType === "supplier_call_failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.details).toMatchObject({
      environment: "TEST",
      method: "SearchV3",
      errorType: expect.any(String),
      message: expect.stringContaining("Could not reach"),
    });
    expect(failed.every((p) => typeof p.requestId === "string" && p.requestId.length > 0)).toBe(true);
    expect(failed.some((p) => p.details.errorType === "CircuitOpen")).toBe(false);
    expect(JSON.stringify(problems)).not.toContain(sandbox.password);
  });
});
