import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, promoCodeUses, promoCodes } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

let cluster: TwoInstances;
let databases: TwoInstances["databases"];
let instances: TwoInstances["instances"];

beforeAll(async () => {
  cluster = await startTwoInstances();
  ({ databases, instances } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

describe("the last use of a promo code under concurrent holds on PostgreSQL", () => {
  it("goes to exactly one of 50 simultaneous holds across two instances; the others are told the code is used up", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Promo Race Hotel", currency: "USD" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Plenty", totalRooms: 500, maxGuests: 2, priceCents: 10000 });
    const [code] = await databases[0]!.db
      .insert(promoCodes)
      .values({ hotelId: hotel.id, code: "LASTCALL", discountKind: "percent", discountValue: 20, usesLimit: 3, usesCount: 2 })
      .returning();
    const checkIn = addDays(todayUtc(), 20);
    const checkOut = addDays(todayUtc(), 22);
    const attempts = Array.from({ length: 50 }, (_, i) =>
      instances[i % 2]!.request("POST", "/api/bookings", {
        body: { ...holdBody(hotel.id, room.id, { checkIn, checkOut }, `Promo Racer ${i}`), promoCode: "lastcall" },
      }),
    );
    const answers = await Promise.all(
      attempts.map(async (p) => {
        const r = await p;
        return { status: r.status, body: (await r.json()) as { code?: string; message?: string } };
      }),
    );
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status !== 201);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const a of lost)
      expect(a).toEqual({
        status: 400,
        body: expect.objectContaining({ code: "PROMO_CODE_NOT_VALID", message: "This code has been fully used." }),
      });
    const [after] = await databases[1]!.db.select().from(promoCodes).where(eq(promoCodes.id, code!.id));
    expect(after!.usesCount).toBe(3);
    const uses = await databases[1]!.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code!.id));
    expect(uses).toHaveLength(1);
    const held = await databases[1]!.db.select().from(bookings).where(eq(bookings.roomTypeId, room.id));
    expect(held).toHaveLength(1);
    expect(held[0]!.promoDiscountCents).toBe(4000);
    expect(held[0]!.totalPriceCents).toBe(16_000);
  });
});
