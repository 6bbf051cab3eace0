import { PGlite } from "@electric-sql/pglite";
import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { hotelFilters } from "./hotel-filters.ts";
import { intArray, textArray } from "./sql-arrays.ts";
import { scopeWalks, walkBranches } from "./walks.ts";

const dialect = new PgDialect();
const textOf = (parts: ReturnType<typeof hotelFilters>) => dialect.sqlToQuery(sql.join(parts, sql` and `)).sql;

const criteria: SupplierSearch = {
  destination: "Paris",
  stay: { checkIn: "2027-03-01", checkOut: "2027-03-03", adults: 2, children: [], rooms: 1 } as unknown as SupplierSearch["stay"],
  minPriceCents: 0,
  maxPriceCents: null,
  minDistanceKm: 0,
  maxDistanceKm: null,
  stars: [],
  amenities: [],
  freeCancellation: false,
  guestRating: null,
  propertyTypes: [],
  sort: "popularity",
  limit: 20,
  offset: 0,
};

// Decision 080: a search's statement text must not depend on how many stars, types, places or
// name-matched hotels it has, so that the texts repeat and run prepared.
describe("search statement texts", () => {
  it("are the same with no, one or several stars or property types", () => {
    const none = textOf(hotelFilters(criteria));
    expect(textOf(hotelFilters({ ...criteria, stars: [4] }))).toBe(none);
    expect(textOf(hotelFilters({ ...criteria, stars: [3, 4, 5], propertyTypes: ["hotel", "hostel"] }))).toBe(none);
  });

  it("are the same for any number of places and name-matched hotels", () => {
    const text = (cities: string[], hotelIds: number[]) =>
      dialect.sqlToQuery(
        sql.join(
          walkBranches(
            scopeWalks({ places: cities.map((city) => ({ city, country: null })), hotelIds, partial: false }),
            ({ condition, walk, after }) => sql`select ${walk}, h.id from hotels h where ${condition} and (h.price_cents, h.id) > ${after}`,
          ),
          sql` union all `,
        ),
      ).sql;
    expect(text(["Paris", "Lyon", "Nice"], [1, 2, 3])).toBe(text(["Paris", "Lyon"], [7]));
  });

  it("bind arrays that PostgreSQL reads back as written", async () => {
    const db = await PGlite.create();
    try {
      const odd = ["Saint-Étienne", 'A "quoted", city', "back\\slash", "{braces}", "", "NULL", null];
      const { rows } = await db.query<{ t: (string | null)[]; i: (number | null)[] }>("select $1::text[] as t, $2::int[] as i", [
        textArray(odd),
        intArray([3, -1, null, 0]),
      ]);
      expect(rows[0]!.t).toEqual(odd);
      expect(rows[0]!.i).toEqual([3, -1, null, 0]);
    } finally {
      await db.close();
    }
  });
});
