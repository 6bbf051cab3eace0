import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../../../../tests/support/template-db.ts";
import { PolicyTerms } from "../../../shared/cancellation-policies.ts";
import { RatePlanInput } from "../../../shared/rate-plan-inputs.ts";
import { type Database, queryRows } from "../client.ts";
import { cancellationPolicies, hotels, ratePlans, roomTypes } from "../schema.ts";
import { seedCatalogue } from "./seed-catalogue.ts";
import { seedRatePlans } from "./seed-rate-plans.ts";

let database: Database;
const HOTELS = 200;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  await seedCatalogue(database, { hotels: HOTELS });
});
afterAll(async () => {
  await database?.close();
});

describe("the demo catalogue's rate plans", () => {
  it("gives each room type a non-refundable plan 8-15 % cheaper and, at hotels with free cancellation, a flexible plan; breakfast on some hotels, a deposit and a pay-at-hotel plan on others", async () => {
    const started = performance.now();
    const result = await seedRatePlans(database.db, { from: 1, to: HOTELS });
    const ms = performance.now() - started;
    const rooms = await database.db.select({ id: roomTypes.id, hotelId: roomTypes.hotelId }).from(roomTypes);
    const hotelRows = await database.db.select({ id: hotels.id, freeCancellationDays: hotels.freeCancellationDays }).from(hotels);
    const refundable = new Map(hotelRows.map((h) => [h.id, h.freeCancellationDays]));
    const flexibleHotels = hotelRows.filter((h) => h.freeCancellationDays > 0).length;
    // Some generated hotels are non-refundable, so the free-cancellation filter has something to leave out.
    expect(flexibleHotels).toBeGreaterThan(0);
    expect(flexibleHotels).toBeLessThan(HOTELS);
    expect(result.policies).toBe(HOTELS + flexibleHotels);
    const plans = await database.db.select().from(ratePlans);
    expect(result.plans).toBe(plans.length);
    console.info(`seedRatePlans: ${HOTELS} hotels, ${rooms.length} room types, ${plans.length} plans in ${Math.round(ms)} ms`);

    for (const room of rooms) {
      const mine = plans.filter((p) => p.roomTypeId === room.id);
      const freeDays = refundable.get(room.hotelId)!;
      expect(mine.map((p) => p.name)).toEqual(expect.arrayContaining(freeDays > 0 ? ["Flexible", "Non-refundable"] : ["Non-refundable"]));
      expect(mine.some((p) => p.name === "Flexible")).toBe(freeDays > 0);
      const nr = mine.find((p) => p.name === "Non-refundable")!;
      expect(nr.priceRuleKind).toBe("percent");
      expect(nr.priceRuleValue).toBeGreaterThanOrEqual(-15);
      expect(nr.priceRuleValue).toBeLessThanOrEqual(-8);
      expect(mine.some((p) => p.name === "Breakfast included")).toBe(room.hotelId % 3 === 0 && freeDays > 0);
    }
    expect(plans.filter((p) => p.mealPlan === "breakfast").every((p) => p.priceRuleKind === "amount" && p.priceRuleValue >= 1500)).toBe(
      true,
    );
    expect(plans.some((p) => p.paymentTiming === "deposit" && p.depositPercent === 30)).toBe(true);
    expect(plans.some((p) => p.paymentTiming === "pay_at_hotel")).toBe(true);

    // Every seeded plan and policy passes the rules a manager's own would.
    const policies = await database.db.select().from(cancellationPolicies);
    for (const policy of policies) expect(PolicyTerms.safeParse(policy.terms).success, JSON.stringify(policy.terms)).toBe(true);
    // The flexible tier follows the hotel's own free-cancellation days.
    for (const policy of policies.filter((p) => p.name === "Flexible")) {
      expect(policy.terms.tiers[0]?.daysBefore).toBe(refundable.get(policy.hotelId));
    }
    for (const plan of plans) {
      const parsed = RatePlanInput.safeParse({
        name: plan.name,
        priceRule: { kind: plan.priceRuleKind, value: plan.priceRuleValue },
        mealPlan: plan.mealPlan,
        inclusions: plan.inclusions,
        cancellationPolicyId: plan.cancellationPolicyId,
        paymentTiming: plan.paymentTiming,
        depositPercent: plan.depositPercent,
      });
      expect(parsed.success, JSON.stringify(plan)).toBe(true);
    }
    // A plan's policy is its own hotel's.
    const [foreign] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from rate_plans p join cancellation_policies c on c.id = p.cancellation_policy_id where c.hotel_id <> p.hotel_id`,
    );
    expect(Number(foreign!.n)).toBe(0);

    expect(await seedRatePlans(database.db, { from: 1, to: HOTELS })).toEqual({ policies: 0, plans: 0 });
  });
});
