import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotels, savedHotels, users } from "../../src/server/db/schema.ts";
import { generateHotel } from "../../src/server/db/seed/catalogue.ts";
import { SAVED_HOTELS_LIMIT } from "../../src/shared/saved-hotels.ts";
import { type Instances, startInstances } from "../support/pg.ts";
import { signIn, signUp } from "../support/test-app.ts";

let cluster: Instances;

beforeAll(async () => {
  cluster = await startInstances(2);
});
afterAll(async () => {
  await cluster?.close();
});

describe("saved hotels on PostgreSQL", () => {
  it("keeps the account's limit when two instances take simultaneous saves and merges", async () => {
    const [a, b] = cluster.instances;
    const db = cluster.databases[0]!.db;
    await signUp(a!, "racer@example.com");
    const cookie = await signIn(a!, "racer@example.com");
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "racer@example.com"));
    const rows = await db
      .insert(hotels)
      .values(Array.from({ length: SAVED_HOTELS_LIMIT + 10 }, (_, i) => generateHotel(3_000_000 + i).hotel))
      .returning({ id: hotels.id });
    const ids = rows.map((r) => r.id);
    // Three places left, twenty simultaneous attempts at new ones: saves and merges, on both instances.
    await db.insert(savedHotels).values(ids.slice(0, SAVED_HOTELS_LIMIT - 3).map((hotelId) => ({ userId: user!.id, hotelId })));
    const fresh = ids.slice(SAVED_HOTELS_LIMIT - 3);
    const answers = await Promise.all(
      fresh.map((hotelId, i) => {
        const instance = i % 2 === 0 ? a! : b!;
        return i % 3 === 0
          ? instance.request("POST", "/api/me/saved-hotels/merge", { cookie, body: { hotelIds: [String(hotelId)] } })
          : instance.request("PUT", `/api/me/saved-hotels/${hotelId}`, { cookie });
      }),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const saved = await db.select().from(savedHotels).where(eq(savedHotels.userId, user!.id));
    expect(saved).toHaveLength(SAVED_HOTELS_LIMIT);
  });
});
