import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotels, savedHotels } from "../../src/server/db/schema.ts";
import { generateHotel } from "../../src/server/db/seed/catalogue.ts";
import { HOTEL_CARDS_LIMIT, SAVED_HOTELS_LIMIT, VISITOR_SAVES_LIMIT } from "../../src/shared/saved-hotels.ts";
import { type HotelRow, createHotel } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
/** Ana's and Ben's typed clients, each with their own session. */
let ana: ApiClient;
let ben: ApiClient;
let first: HotelRow;
let second: HotelRow;
let third: HotelRow;

beforeAll(async () => {
  t = await createTestApp();
  first = await createHotel(t.deps.db, { name: "First Saved Inn", city: "Lisbon", rating: 4.5, reviewCount: 12, priceCents: 9900 });
  second = await createHotel(t.deps.db, { name: "Second Saved Inn", city: "Porto", priceCents: 15000 });
  third = await createHotel(t.deps.db, { name: "Third Saved Inn", city: "Braga" });
  await signUp(t, "ana@example.com", "secret123", "Ana");
  await signUp(t, "ben@example.com", "secret123", "Ben");
  ana = t.client(await signIn(t, "ana@example.com"));
  ben = t.client(await signIn(t, "ben@example.com"));
});
afterAll(async () => {
  await t.close();
});

async function savedList(client: ApiClient) {
  const res = await client.me["saved-hotels"].$get();
  expect(res.status).toBe(200);
  return (await res.json()).hotels;
}

async function savedIds(client: ApiClient): Promise<string[]> {
  const res = await client.me["saved-hotels"].ids.$get();
  expect(res.status).toBe(200);
  return (await res.json()).hotelIds;
}

function save(client: ApiClient, hotelId: string | number) {
  return client.me["saved-hotels"][":hotelId"].$put({ param: { hotelId: String(hotelId) } });
}

function unsave(client: ApiClient, hotelId: string | number) {
  return client.me["saved-hotels"][":hotelId"].$delete({ param: { hotelId: String(hotelId) } });
}

function merge(client: ApiClient, hotelIds: string[]) {
  return client.me["saved-hotels"].merge.$post({ json: { hotelIds } });
}

function cards(ids: string) {
  return t.api["hotel-cards"].$get({ query: { ids } });
}

async function clearSaves(): Promise<void> {
  await t.deps.db.delete(savedHotels);
}

describe("saved hotels", () => {
  it("refuses visitors on every route", async () => {
    const visitor = t.api;
    for (const call of [
      () => visitor.me["saved-hotels"].$get(),
      () => visitor.me["saved-hotels"].ids.$get(),
      () => save(visitor, first.id),
      () => unsave(visitor, first.id),
      () => merge(visitor, [String(first.id)]),
    ]) {
      const res = await call();
      expect(res.status, res.url).toBe(401);
      expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await t.deps.db.select().from(savedHotels)).toEqual([]);
  });

  it("saves, lists with card data newest first, and unsaves", async () => {
    await clearSaves();
    expect(await savedList(ana)).toEqual([]);
    const put = await save(ana, first.id);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ hotelId: String(first.id), saved: true });
    expect((await save(ana, second.id)).status).toBe(200);

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
    expect((await save(ana, first.id)).status).toBe(200);
    const again = await savedList(ana);
    expect(again).toHaveLength(2);
    expect(again.find((h) => h.id === String(first.id))!.savedAt).toBe(before);

    const del = await unsave(ana, second.id);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ hotelId: String(second.id), saved: false });
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    // Removing what is not saved is harmless.
    expect((await unsave(ana, second.id)).status).toBe(200);
    expect((await unsave(ana, "wh-123")).status).toBe(200);
    expect(await savedIds(ana)).toEqual([String(first.id)]);
  });

  it("refuses unknown hotels, partner hotels and malformed ids with a clear answer", async () => {
    await clearSaves();
    const unknown = await save(ana, 999999);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "HOTEL_NOT_FOUND" });

    const partner = await save(ana, "wh-1042");
    expect(partner.status).toBe(400);
    expect(await partner.json()).toMatchObject({ code: "HOTEL_NOT_SAVABLE", message: expect.stringContaining("partner hotels") });

    expect((await save(ana, "9".repeat(101))).status).toBe(400);
    // Larger than a database integer: not one of ours, and never a 500.
    expect((await save(ana, "99999999999")).status).toBe(400);
    expect((await save(ana, -1)).status).toBe(400);
    expect(await savedIds(ana)).toEqual([]);
  });

  it("keeps each traveller's list their own", async () => {
    await clearSaves();
    await save(ana, first.id);
    await save(ben, second.id);

    expect(await savedIds(ana)).toEqual([String(first.id)]);
    expect(await savedIds(ben)).toEqual([String(second.id)]);
    expect((await savedList(ben)).map((h) => h.name)).toEqual(["Second Saved Inn"]);

    // Ben removing Ana's hotel touches only Ben's (empty) list of it.
    expect((await unsave(ben, first.id)).status).toBe(200);
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    // A merge by Ben adds to Ben's list only.
    await merge(ben, [String(third.id)]);
    expect(await savedIds(ana)).toEqual([String(first.id)]);
    expect(await savedIds(ben)).toEqual([String(third.id), String(second.id)]);
  });

  it("merges a visitor's browser-kept saves in their order, ignoring unknown, partner and repeated ids", async () => {
    await clearSaves();
    await save(ana, second.id);
    const res = await merge(ana, [
      String(third.id),
      "wh-77",
      "999999",
      "not-a-hotel",
      String(second.id),
      String(first.id),
      String(third.id),
    ]);
    expect(res.status).toBe(200);
    const merged = await res.json();
    expect(merged.added).toBe(2);
    expect(merged.hotelIds).toEqual([String(third.id), String(first.id), String(second.id)]);
    expect(await savedIds(ana)).toEqual(merged.hotelIds);

    // Merging the same list again adds nothing.
    const again = await merge(ana, [String(first.id)]);
    expect(await again.json()).toMatchObject({ added: 0 });
    const empty = await merge(ana, []);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ added: 0, hotelIds: merged.hotelIds });
  });

  it("validates the merge body and writes nothing when it is refused", async () => {
    await clearSaves();
    const tooMany = Array.from({ length: VISITOR_SAVES_LIMIT + 1 }, () => String(first.id));
    const cookie = await signIn(t, "ana@example.com");
    // Bodies of the wrong shape cannot be typed: they go raw.
    for (const body of [{ hotelIds: "1,2" }, {}, { hotelIds: [1, 2] }]) {
      const res = await t.request("POST", "/api/me/saved-hotels/merge", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.any(String) });
    }
    expect(await (await merge(ana, [""])).json()).toMatchObject({ code: "VALIDATION_ERROR" });
    const named = await merge(ana, tooMany);
    expect(named.status).toBe(400);
    expect(await named.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining(`At most ${VISITOR_SAVES_LIMIT}`),
    });
    expect(await savedIds(ana)).toEqual([]);
  });

  it("stops at the account's limit: saving refuses, merging adds only what fits", async () => {
    await clearSaves();
    const generated = Array.from({ length: SAVED_HOTELS_LIMIT + 2 }, (_, i) => generateHotel(2_000_000 + i).hotel);
    const rows = await t.deps.db.insert(hotels).values(generated).returning({ id: hotels.id });
    const ids = rows.map((r) => r.id);
    const userId = (await (await ana.me.$get()).json()).user!.id;
    await t.deps.db.insert(savedHotels).values(ids.slice(0, SAVED_HOTELS_LIMIT - 1).map((hotelId) => ({ userId, hotelId })));

    const merged = await merge(ana, ids.slice(SAVED_HOTELS_LIMIT - 1).map(String));
    expect(await merged.json()).toMatchObject({ added: 1 });
    expect(await savedIds(ana)).toHaveLength(SAVED_HOTELS_LIMIT);

    const full = await save(ana, ids.at(-1)!);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: "SAVED_HOTELS_FULL", message: expect.stringContaining(String(SAVED_HOTELS_LIMIT)) });
    // One already saved can still be saved again (no change) at the limit.
    expect((await save(ana, ids[0]!)).status).toBe(200);
    expect(await savedIds(ana)).toHaveLength(SAVED_HOTELS_LIMIT);
    await clearSaves();
  });

  it("leaves a hidden hotel out of lists, cards and new saves until it is shown again", async () => {
    await clearSaves();
    expect((await save(ana, second.id)).status).toBe(200);
    await t.deps.db.update(hotels).set({ hidden: true }).where(eq(hotels.id, second.id));
    try {
      expect((await savedList(ana)).map((h) => h.id)).toEqual([]);
      const shown = await cards(`${second.id},${first.id}`);
      expect((await shown.json()).hotels.map((h) => h.id)).toEqual([String(first.id)]);
      expect((await save(ben, second.id)).status).toBe(404);
    } finally {
      await t.deps.db.update(hotels).set({ hidden: false }).where(eq(hotels.id, second.id));
    }
    expect((await savedList(ana)).map((h) => h.id)).toEqual([String(second.id)]);
  });

  it("removes a save when its hotel is deleted", async () => {
    await clearSaves();
    const doomed = await createHotel(t.deps.db, { name: "Soon Gone" });
    await save(ben, doomed.id);
    await t.deps.db.delete(hotels).where(eq(hotels.id, doomed.id));
    expect(await savedIds(ben)).toEqual([]);
  });
});

describe("hotel cards", () => {
  it("answers our hotels' card data in the order asked, to visitors too, leaving out unknown and partner ids", async () => {
    const res = await cards(`${second.id},wh-5,${first.id},999999,${second.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    const { hotels: answered } = await res.json();
    expect(answered.map((c) => c.id)).toEqual([String(second.id), String(first.id)]);
    expect(answered[1]).toMatchObject({ name: "First Saved Inn", city: "Lisbon", priceCents: 9900, rating: 4.5, image: first.image });
  });

  it("answers an empty list to an empty ask and 400 to a missing or oversized one", async () => {
    const empty = await cards("");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ hotels: [] });

    // The typed client always sends ids; leaving it out takes a raw request.
    const missing = await t.request("GET", "/api/hotel-cards");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("ids") });

    const many = Array.from({ length: HOTEL_CARDS_LIMIT + 1 }, (_, i) => String(i + 1)).join(",");
    const tooMany = await cards(many);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining(`At most ${HOTEL_CARDS_LIMIT}`),
    });
  });
});
