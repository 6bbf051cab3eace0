import { count, sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, queryRows } from "../../src/server/db/client.ts";
import { reviews } from "../../src/server/db/schema.ts";
import { generateHotel } from "../../src/server/db/seed/catalogue.ts";
import { PROPERTY_TYPES } from "../../src/shared/property-types.ts";

/**
 * The seeded reviews are real: every hotel's rating and count are what its approved review rows
 * say, every review is about its author's past, confirmed stay there, and vote counters match the
 * vote rows. Shared by the PGlite and PostgreSQL seed tests.
 */
export async function expectSeededReviewsConsistent(db: Db, reviewsSeeded: number): Promise<void> {
  const [disagreeing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from hotels h
    left join (select hotel_id, count(*)::int as n, round(avg(rating)::numeric, 1)::float as avg from reviews where status = 'approved' group by hotel_id) r
      on r.hotel_id = h.id
    where h.review_count <> coalesce(r.n, 0) or abs(h.rating - coalesce(r.avg, 0)) > 0.001`,
  );
  expect(disagreeing!.n).toBe(0);
  const [badStays] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reviews r
    left join bookings b on b.id = r.booking_id
    where b.id is null or b.user_id is distinct from r.user_id or b.hotel_id <> r.hotel_id or b.check_out >= current_date or b.status <> 'confirmed'`,
  );
  expect(badStays!.n).toBe(0);
  const [badVotes] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reviews r
    where r.helpful_votes <> (select count(*) from review_votes v where v.review_id = r.id and v.vote_type = 'helpful')
       or r.unhelpful_votes <> (select count(*) from review_votes v where v.review_id = r.id and v.vote_type = 'unhelpful')`,
  );
  expect(badVotes!.n).toBe(0);
  const [reviewCount] = await db.select({ n: count() }).from(reviews);
  expect(reviewCount!.n).toBe(reviewsSeeded);
  expect(reviewsSeeded).toBeGreaterThan(0);
}

/**
 * Every seeded hotel has the property type the generator gives hotel N (the same through inserts
 * and COPY), and the catalogue mixes every type.
 */
export async function expectSeededPropertyTypes(db: Db, seed?: number): Promise<void> {
  const rows = await queryRows<{ id: number; property_type: string }>(db, sql`select id, property_type from hotels order by id`);
  const wrong = rows.filter((r) => r.property_type !== generateHotel(Number(r.id) - 1, seed).hotel.propertyType);
  expect(wrong).toEqual([]);
  expect(new Set(rows.map((r) => r.property_type))).toEqual(new Set(PROPERTY_TYPES));
}
