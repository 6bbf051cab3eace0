import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { roomTypes } from "../../src/server/db/schema.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

const checkIn = addDays(todayUtc(), 20);
const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2&rooms=1`;

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createHotel(t.deps.db, { name: "Cache Hotel", city: "Cacheville", country: "Testland", countryCode: "TL" });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 3 });
  await signUp(t, "cached@example.com");
  cookie = await signIn(t, "cached@example.com");
});
afterAll(() => t.close());

describe("HTTP caching of /api answers", () => {
  it("lets a CDN reuse a visitor's search for a short while, and answers a repeat with 304", async () => {
    const path = `/api/hotels/search?destination=Cacheville&${stay}`;
    const first = await t.request("GET", path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=30");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^W\/".+"$/);
    expect(((await first.json()) as { hotels: unknown[] }).hotels).toHaveLength(1);

    const repeat = await t.request("GET", path, { headers: { "if-none-match": tag! } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect(repeat.headers.get("etag")).toBe(tag);
    expect(repeat.headers.get("cache-control")).toBe("public, max-age=30");

    // Weak comparison, among several tags; a tag of other content is a miss.
    const listed = await t.request("GET", path, { headers: { "if-none-match": `"other", ${tag!.slice(2)}` } });
    expect(listed.status).toBe(304);
    const miss = await t.request("GET", path, { headers: { "if-none-match": 'W/"other"' } });
    expect(miss.status).toBe(200);
    expect(miss.headers.get("etag")).toBe(tag);
  });

  it("gives a hotel's answer a new ETag when what it says changes", async () => {
    const path = `/api/hotels/${hotel.id}?${stay}`;
    const before = await t.request("GET", path);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("public, max-age=30");
    const tag = before.headers.get("etag")!;
    expect((await t.request("GET", path, { headers: { "if-none-match": tag } })).status).toBe(304);

    await t.deps.db.update(roomTypes).set({ priceCents: 12000 }).where(eq(roomTypes.id, room.id));
    const after = await t.request("GET", path, { headers: { "if-none-match": tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(tag);
    expect(await after.text()).toContain("12000");
  });

  it("keeps a signed-in guest's copy out of shared caches", async () => {
    const res = await t.request("GET", `/api/hotels/search?destination=Cacheville&${stay}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toMatch(/^W\//);
  });

  it("answers everything else under /api with no-store, errors included", async () => {
    const answers = await Promise.all([
      t.request("GET", "/api/me", { cookie }),
      t.request("GET", "/api/me"),
      t.request("GET", "/api/loyalty", { cookie }),
      t.request("GET", "/api/bookings/mine", { cookie }),
      t.request("GET", `/api/hotels/${hotel.id}/reviews`),
      t.request("GET", "/api/hotels/search?destination=Cacheville&checkIn=not-a-date"),
      t.request("GET", `/api/hotels/999999?${stay}`),
      t.request("GET", "/api/no-such-route"),
    ]);
    for (const res of answers) expect(`${res.url} ${res.status}: ${res.headers.get("cache-control")}`).toMatch(/: no-store$/);
    expect(answers.map((r) => r.status)).toEqual([200, expect.any(Number), 200, 200, 200, 400, 404, 404]);
    for (const res of answers) expect(res.headers.get("etag")).toBeNull();
  });

  it("keeps a route's own caching choice", async () => {
    const res = await t.request("GET", "/api/destinations?q=Cache");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });
});

describe("the visitor's fast path (decision 032)", () => {
  it("answers a visitor without asking better-auth for a session, and a signed-in guest (among other cookies) as before", async () => {
    const getSession = vi.spyOn(t.deps.auth.api, "getSession");
    try {
      const path = `/api/hotels/search?destination=Cacheville&${stay}`;
      const visitor = await t.request("GET", path, { cookie: "theme=dark; consent=yes" });
      expect(visitor.status).toBe(200);
      expect(visitor.headers.get("cache-control")).toBe("public, max-age=30");
      expect(getSession).not.toHaveBeenCalled();

      const guest = await t.request("GET", path, { cookie: `theme=dark; ${cookie}; consent=yes` });
      expect(guest.headers.get("cache-control")).toBe("private, no-cache");
      expect(getSession).toHaveBeenCalledTimes(1);
      const me = (await (await t.request("GET", "/api/me", { cookie: `theme=dark; ${cookie}` })).json()) as {
        user: { email: string } | null;
      };
      expect(me.user?.email).toBe("cached@example.com");
    } finally {
      getSession.mockRestore();
    }
  });

  it("gives a visitor's answer over real HTTP its body, validators, security headers and request id, and the 304 too", async () => {
    // @hono/node-server writes a string body straight to the socket; the headers set after the
    // route (ETag, Cache-Control, security headers, X-Request-Id) must all reach the wire.
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const path = `/api/hotels/search?destination=Cacheville&${stay}`;
      const res = await fetch(base + path, { headers: { "x-request-id": "visitor-fast-path" } });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect((JSON.parse(body) as { hotels: { name: string }[] }).hotels.map((h) => h.name)).toEqual(["Cache Hotel"]);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
      expect(res.headers.get("cache-control")).toBe("public, max-age=30");
      expect(res.headers.get("x-request-id")).toBe("visitor-fast-path");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const tag = res.headers.get("etag");
      expect(tag).toMatch(/^W\/".+"$/);

      const repeat = await fetch(base + path, { headers: { "if-none-match": tag! } });
      expect(repeat.status).toBe(304);
      expect(await repeat.text()).toBe("");
      expect(repeat.headers.get("etag")).toBe(tag);
      expect(repeat.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(repeat.headers.get("content-security-policy")).toContain("default-src 'self'");

      // Errors and routes without an opt-in keep no-store, also over the wire.
      const invalid = await fetch(`${base}/api/hotels/search?destination=Cacheville&checkIn=not-a-date`);
      expect(invalid.status).toBe(400);
      expect(invalid.headers.get("cache-control")).toBe("no-store");
      expect(invalid.headers.get("etag")).toBeNull();
      const me = await fetch(`${base}/api/me`);
      expect(me.headers.get("cache-control")).toBe("no-store");
      expect(me.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
