import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createHotel } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the home page's figures", () => {
  it("are counted from the database, public, and cached", async () => {
    const paris = await createHotel(t.deps.db, { city: "Paris", country: "France" });
    await createHotel(t.deps.db, { city: "Paris", country: "France" });
    await createHotel(t.deps.db, { city: "Lyon", country: "France" });
    await createHotel(t.deps.db, { city: "Rome", country: "Italy" });
    await refreshDestinations(t.deps.db);
    const review = { hotelId: paris.id, title: "Lovely", rating: 5, comment: "A quiet room and a kind welcome." };
    await t.deps.db.insert(reviews).values([
      { ...review, status: "approved" },
      { ...review, status: "approved" },
      { ...review, status: "pending" },
      { ...review, status: "rejected" },
    ]);

    const res = await t.api["site-stats"].$get();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await res.json()).toEqual({ hotels: 4, destinations: 3, countries: 2, reviews: 2 });

    // Within five minutes the same reading is served, however the data changes.
    await createHotel(t.deps.db, { city: "Oslo", country: "Norway" });
    await refreshDestinations(t.deps.db);
    expect(await (await t.api["site-stats"].$get()).json()).toMatchObject({ hotels: 4, countries: 2 });
  });
});
