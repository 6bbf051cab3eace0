import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotels, savedHotels } from "../../src/server/db/schema.ts";
import { generateHotel } from "../../src/server/db/seed/catalogue.ts";
import { HOTEL_CARDS_LIMIT, SAVED_HOTELS_LIMIT, VISITOR_SAVES_LIMIT } from "../../src/shared/saved-hotels.ts";
import { type HotelRow, createHotel } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let ana: string;
let ben: string;
let first: HotelRow;
let second: HotelRow;
let third: HotelRow;

interface Card {
  id: string;
  name: string;
  city: string;
  image: string;
  rating: number;
  reviewCount: number;
  priceCents: number;
  currency: string;
}

beforeAll(async () => {
  t = await createTestApp();
  first = await createHotel(t.deps.db, { name: "First Saved Inn", city: "Lisbon", rating: 4.5, reviewCount: 12, priceCents: 9900 });
  second = await createHotel(t.deps.db, { name: "Second Saved Inn", city: "Porto", priceCents: 15000 });
  third = await createHotel(t.deps.db, { name: "Third Saved Inn", city: "Braga" });
  await signUp(t, "ana@example.com", "secret123", "Ana");
  await signUp(t, "ben@example.com", "secret123", "Ben");
  ana = await signIn(t, "ana@example.com");
  ben = await signIn(t, "ben@example.com");
});
afterAll(async () => {
  await t.close();
});

async function savedList(cookie: string): Promise<(Card & { savedAt: string })[]> {
  const res = await t.request("GET", "/api/me/saved-hotels", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hotels: (Card & { savedAt: string })[] }).hotels;
}

async function savedIds(cookie: string): Promise<string[]> {
  const res = await t.request("GET", "/api/me/saved-hotels/ids", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hotelIds: string[] }).hotelIds;
}

async function clearSaves(): Promise<void> {
  await t.deps.db.delete(savedHotels);
}

describe("saved hotels", () => {
  it("refuses visitors on every route", async () => {
    const id = String(first.id);
    for (const [method, path, body] of [
      ["GET", "/api/me/saved-hotels", undefined],
      ["GET", "/api/me/saved-hotels/ids", undefined],
      ["PUT", `/api/me/saved-hotels/${id}`, undefined],
      ["DELETE", `/api/me/saved-hotels/${id}`, undefined],
      ["POST", "/api/me/saved-hotels/merge", { hotelIds: [id] }],
    ] as const) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await t.deps.db.select().from(savedHotels)).toEqual([]);
  });

  it("saves, lists with card data newest first, and unsaves", async () => {
    await clearSaves();
    expect(await savedList(ana)).toEqual([]);
    const put = await t.request("PUT", `/api/me/saved-hotels/${first.id}`, { cookie: ana });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ hotelId: String(first.id), saved: true });
    expect((await t.request("PUT", `/api/me/saved-hotels/${second.id}`, { cookie: ana })).status).toBe(200);

    const list = await savedList(ana);
    expect(list.map((h) => h.id)).toEqual([String(second.id), String(first.id)]);
    expect(list[1]).toMatchObject({
      id: String(first.id),
      name: "First Saved Inn",
      city: "Lisbon",
      image: first.image,
      rating: 4.5,
      reviewCount: 12,
      priceCents: 9900,
      currency: "USD",
    });
    expect(await savedIds(ana)).toEqual([String(second.id), String(first.id)]);

    // Saving again changes nothing: one row, the first save time kept.
    const before = list[1]!.savedAt;
    expect((await t.request("PUT", `/api/me/saved-hotels/${first.id}`, { cookie: ana })).status).toBe(200);
    const again = await savedList(ana);
    expect(again).toHaveLength(2);
    expect(again.find((h) => h.id === String(first.id))!.savedAt).toBe(before);

    const del = await t.request("DELETE", `/api/me/saved-hotels/${second.id}`, { cookie: ana });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ hotelId: String(second.id), saved: false });
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    // Removing what is not saved is harmless.
    expect((await t.request("DELETE", `/api/me/saved-hotels/${second.id}`, { cookie: ana })).status).toBe(200);
    expect((await t.request("DELETE", "/api/me/saved-hotels/wh-123", { cookie: ana })).status).toBe(200);
    expect(await savedIds(ana)).toEqual([String(first.id)]);
  });

  it("refuses unknown hotels, partner hotels and malformed ids with a clear answer", async () => {
    await clearSaves();
    const unknown = await t.request("PUT", "/api/me/saved-hotels/999999", { cookie: ana });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "HOTEL_NOT_FOUND" });

    const partner = await t.request("PUT", "/api/me/saved-hotels/wh-1042", { cookie: ana });
    expect(partner.status).toBe(400);
    expect(await partner.json()).toMatchObject({ code: "HOTEL_NOT_SAVABLE", message: expect.stringContaining("partner hotels") });

    expect((await t.request("PUT", `/api/me/saved-hotels/${"9".repeat(101)}`, { cookie: ana })).status).toBe(400);
    // Larger than a database integer: not one of ours, and never a 500.
    expect((await t.request("PUT", "/api/me/saved-hotels/99999999999", { cookie: ana })).status).toBe(400);
    expect((await t.request("PUT", "/api/me/saved-hotels/-1", { cookie: ana })).status).toBe(400);
    expect(await savedIds(ana)).toEqual([]);
  });

  it("keeps each traveller's list their own", async () => {
    await clearSaves();
    await t.request("PUT", `/api/me/saved-hotels/${first.id}`, { cookie: ana });
    await t.request("PUT", `/api/me/saved-hotels/${second.id}`, { cookie: ben });

    expect(await savedIds(ana)).toEqual([String(first.id)]);
    expect(await savedIds(ben)).toEqual([String(second.id)]);
    expect((await savedList(ben)).map((h) => h.name)).toEqual(["Second Saved Inn"]);

    // Ben removing Ana's hotel touches only Ben's (empty) list of it.
    expect((await t.request("DELETE", `/api/me/saved-hotels/${first.id}`, { cookie: ben })).status).toBe(200);
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    // A merge by Ben adds to Ben's list only.
    await t.request("POST", "/api/me/saved-hotels/merge", { cookie: ben, body: { hotelIds: [String(third.id)] } });
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    expect(await savedIds(ben)).toEqual([String(third.id), String(second.id)]);
  });

  it("merges a visitor's browser-kept saves in their order, ignoring unknown, partner and repeated ids", async () => {
    await clearSaves();
    await t.request("PUT", `/api/me/saved-hotels/${second.id}`, { cookie: ana });
    const res = await t.request("POST", "/api/me/saved-hotels/merge", {
      cookie: ana,
      body: { hotelIds: [String(third.id), "wh-77", "999999", "not-a-hotel", String(second.id), String(first.id), String(third.id)] },
    });
    expect(res.status).toBe(200);
    const merged = (await res.json()) as { added: number; hotelIds: string[] };
    expect(merged.added).toBe(2);
    expect(merged.hotelIds).toEqual([String(third.id), String(first.id), String(second.id)]);
    expect(await savedIds(ana)).toEqual(merged.hotelIds);

    // Merging the same list again adds nothing.
    const again = await t.request("POST", "/api/me/saved-hotels/merge", { cookie: ana, body: { hotelIds: [String(first.id)] } });
    expect(await again.json()).toMatchObject({ added: 0 });
    const empty = await t.request("POST", "/api/me/saved-hotels/merge", { cookie: ana, body: { hotelIds: [] } });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ added: 0, hotelIds: merged.hotelIds });
  });

  it("validates the merge body and writes nothing when it is refused", async () => {
    await clearSaves();
    const tooMany = Array.from({ length: VISITOR_SAVES_LIMIT + 1 }, () => String(first.id));
    for (const body of [{ hotelIds: tooMany }, { hotelIds: "1,2" }, {}, { hotelIds: [1, 2] }, { hotelIds: [""] }]) {
      const res = await t.request("POST", "/api/me/saved-hotels/merge", { cookie: ana, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    const named = await t.request("POST", "/api/me/saved-hotels/merge", { cookie: ana, body: { hotelIds: tooMany } });
    expect(((await named.json()) as { message: string }).message).toContain(`At most ${VISITOR_SAVES_LIMIT}`);
    expect(await savedIds(ana)).toEqual([]);
  });

  it("stops at the account's limit: saving refuses, merging adds only what fits", async () => {
    await clearSaves();
    const generated = Array.from({ length: SAVED_HOTELS_LIMIT + 2 }, (_, i) => generateHotel(2_000_000 + i).hotel);
    const rows = await t.deps.db.insert(hotels).values(generated).returning({ id: hotels.id });
    const ids = rows.map((r) => r.id);
    const userId = ((await (await t.request("GET", "/api/me", { cookie: ana })).json()) as { user: { id: string } }).user.id;
    await t.deps.db.insert(savedHotels).values(ids.slice(0, SAVED_HOTELS_LIMIT - 1).map((hotelId) => ({ userId, hotelId })));

    const merged = await t.request("POST", "/api/me/saved-hotels/merge", {
      cookie: ana,
      body: { hotelIds: ids.slice(SAVED_HOTELS_LIMIT - 1).map(String) },
    });
    expect(await merged.json()).toMatchObject({ added: 1 });
    expect(await savedIds(ana)).toHaveLength(SAVED_HOTELS_LIMIT);

    const full = await t.request("PUT", `/api/me/saved-hotels/${ids.at(-1)}`, { cookie: ana });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: "SAVED_HOTELS_FULL", message: expect.stringContaining(String(SAVED_HOTELS_LIMIT)) });
    // One already saved can still be saved again (no change) at the limit.
    expect((await t.request("PUT", `/api/me/saved-hotels/${ids[0]}`, { cookie: ana })).status).toBe(200);
    expect(await savedIds(ana)).toHaveLength(SAVED_HOTELS_LIMIT);
    await clearSaves();
  });

  it("leaves a hidden hotel out of lists, cards and new saves until it is shown again", async () => {
    await clearSaves();
    expect((await t.request("PUT", `/api/me/saved-hotels/${second.id}`, { cookie: ana })).status).toBe(200);
    await t.deps.db.update(hotels).set({ hidden: true }).where(eq(hotels.id, second.id));
    try {
      expect((await savedList(ana)).map((h) => h.id)).toEqual([]);
      const cards = await t.request("GET", `/api/hotel-cards?ids=${second.id},${first.id}`);
      expect(((await cards.json()) as { hotels: Card[] }).hotels.map((h) => h.id)).toEqual([String(first.id)]);
      expect((await t.request("PUT", `/api/me/saved-hotels/${second.id}`, { cookie: ben })).status).toBe(404);
    } finally {
      await t.deps.db.update(hotels).set({ hidden: false }).where(eq(hotels.id, second.id));
    }
    expect((await savedList(ana)).map((h) => h.id)).toEqual([String(second.id)]);
  });

  it("removes a save when its hotel is deleted", async () => {
    await clearSaves();
    const doomed = await createHotel(t.deps.db, { name: "Soon Gone" });
    await t.request("PUT", `/api/me/saved-hotels/${doomed.id}`, { cookie: ben });
    await t.deps.db.delete(hotels).where(eq(hotels.id, doomed.id));
    expect(await savedIds(ben)).toEqual([]);
  });
});

describe("hotel cards", () => {
  it("answers our hotels' card data in the order asked, to visitors too, leaving out unknown and partner ids", async () => {
    const res = await t.request("GET", `/api/hotel-cards?ids=${second.id},wh-5,${first.id},999999,${second.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    const { hotels: cards } = (await res.json()) as { hotels: Card[] };
    expect(cards.map((c) => c.id)).toEqual([String(second.id), String(first.id)]);
    expect(cards[1]).toMatchObject({ name: "First Saved Inn", city: "Lisbon", priceCents: 9900, rating: 4.5, image: first.image });
  });

  it("answers an empty list to an empty ask and 400 to a missing or oversized one", async () => {
    const empty = await t.request("GET", "/api/hotel-cards?ids=");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ hotels: [] });

    const missing = await t.request("GET", "/api/hotel-cards");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain("ids");

    const many = Array.from({ length: HOTEL_CARDS_LIMIT + 1 }, (_, i) => String(i + 1)).join(",");
    const tooMany = await t.request("GET", `/api/hotel-cards?ids=${many}`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toContain(`At most ${HOTEL_CARDS_LIMIT}`);
  });

  it("is reachable through the browser's typed client", async () => {
    const res = await t.api["hotel-cards"].$get({ query: { ids: String(third.id) } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect("hotels" in body && body.hotels.map((h) => h.name)).toEqual(["Third Saved Inn"]);
  });
});
