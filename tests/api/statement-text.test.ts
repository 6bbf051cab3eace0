import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementOf } from "../../src/server/db/client.ts";
import { hotels, roomTypes } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

// statementOf (decision 078) must write every statement exactly as Drizzle's own serialiser does:
// the same text (so the same prepared statement) and the same parameters in the same order.
const dialect = new PgDialect();
const drizzles = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe("statementOf", () => {
  it("writes templates, nesting, joins, values, lists and references as Drizzle does", () => {
    const when = new Date("2026-05-31T00:00:00Z");
    const inner = sql`h.city = ${"Lisbon"} and h.stars in ${[3, 4, 5]}`;
    const cases: SQL[] = [
      sql`select 1`,
      sql.raw("select 2"),
      sql.empty(),
      sql`select ${1}, ${"a"}, ${null}, ${true}, ${10n}, ${when}, ${{ a: 1 }}, ${undefined}`,
      sql`select * from hotels h where ${inner} and ${sql.join([sql`a = ${1}`, sql`b = ${2}`, sql.raw("c")], sql` or `)}`,
      sql`select ${sql.param(["x", "y"])}, ${sql.param(7)}, ${sql.param(null)} from ${hotels} where ${hotels.id} = ${roomTypes.hotelId}`,
      sql`select ${[sql`1`, 2, [3, sql.raw("4")]]}, ${[]}`,
      sql.join([]),
      // Left to Drizzle: a placeholder, an identifier, inlined parameters, an alias.
      sql`select ${sql.placeholder("p")}`,
      sql`select ${sql.identifier("weird name")} from t where x = ${1}`,
      sql`select ${"it's"}`.inlineParams(),
      sql`select ${sql`${"in"}`.inlineParams()}, ${2}`,
      sql`select ${sql`1`.as("one")}`,
    ];
    for (const query of cases) expect(statementOf(query)).toEqual(drizzles(query));
  });

  it("leaves an empty template's sql`` chunk list and a lone value alone", () => {
    const query = sql`${5}`;
    expect(statementOf(query)).toEqual({ sql: "$1", params: [5] });
  });
});

// Every statement a search and a hotel page run, on both plans of the inventory supplier.
describe.each([
  { plan: "small-catalogue plan", smallCatalogue: undefined },
  { plan: "large-catalogue plan", smallCatalogue: 0 },
])("statementOf on the search's statements ($plan)", ({ smallCatalogue }) => {
  let t: TestApp;
  const seen: SQL[] = [];
  let hotelId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    if (smallCatalogue !== undefined) t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });
    for (const [i, name] of ["Alder", "Birch", "Cedar"].entries()) {
      const hotel = await createHotel(db, { name, city: "Textown", country: "Textland", countryCode: "TX", starRating: 3 + i });
      await createRoomType(db, hotel.id, { priceCents: (80 + 40 * i) * 100, maxGuests: 2, totalRooms: 3 });
      hotelId = hotel.id;
    }
    await refreshDestinations(db);
    // Instrumentation of this test only: every statement the app sends through queryRows.
    const execute = db.execute.bind(db);
    db.execute = ((query: SQL) => {
      seen.push(query);
      return execute(query);
    }) as typeof db.execute;
  });
  afterAll(() => t.close());

  it("are written as Drizzle writes them", async () => {
    const searches: Record<string, string>[] = [
      {},
      { destination: "Textown" },
      { destination: "Textown", sort: "price", page: "2", pageSize: "1" },
      { destination: "Textown", stars: "3,4", amenities: "wifi", minPrice: "50", maxPrice: "300", sort: "rating" },
      { destination: "Textown", freeCancellation: "true", maxDistance: "3", guests: "2", rooms: "2", sort: "distance" },
      { destination: "Text", children: "1", ages: "7" },
    ];
    for (const query of searches) {
      const res = await t.api.hotels.search.$get({ query });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const detail = await t.api.hotels[":id"].$get({ param: { id: String(hotelId) }, query: {} });
    expect(detail.status).toBe(200);
    expect(seen.length).toBeGreaterThan(5);
    for (const query of seen) expect(statementOf(query)).toEqual(drizzles(query));
  });
});
