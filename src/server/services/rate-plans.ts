/**
 * The back office of rate plans and cancellation policies (issue 29 items 1-2, decision 052): a
 * hotel's policies, each room type's plans and a plan's own calendar. Every write runs in one
 * transaction and is refused whole (a 400 naming the field) when any rule fails: nothing is
 * half-saved. Which hotel the caller may touch is checked by the route's middleware.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import type { PolicyTerms } from "../../shared/cancellation-policies.ts";
import { addDays } from "../../shared/dates.ts";
import type { PlanPricesInput, PolicyInput, RatePlanInput } from "../../shared/rate-plan-inputs.ts";
import { type MealPlan, type PaymentTiming, type PlanInclusion, type PriceRuleKind, planPriceProblem } from "../../shared/rate-plans.ts";
import { type Db, queryRows } from "../db/client.ts";
import { pgConstraint } from "../db/pg-errors.ts";
import { bookings, cancellationPolicies, hotels, ratePlanPrices, ratePlans, roomTypes } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";

/**
 * The lowest price the room type's calendar gives any night (base price or a calendar rule, past
 * ones too), over `room_types t`: what a plan's difference is checked against. Not f_rate_floor,
 * which counts the plans themselves (migration 0036).
 */
const CALENDAR_FLOOR = sql`least(t.price_cents, (select min(x.price_cents) from rate_rules x where x.room_type_id = t.id))`;

type Actor = Pick<SessionUser, "id" | "email">;
type PlanRow = typeof ratePlans.$inferSelect;
type PolicyRow = typeof cancellationPolicies.$inferSelect;

export interface CancellationPolicyView {
  id: number;
  name: string;
  terms: PolicyTerms;
  /** Plans (active or not) that use it: it cannot be deleted while any does. */
  planCount: number;
  /** A booking was made on a plan that uses it: its terms are frozen (decision 052), its name is not. */
  booked: boolean;
}

export interface RatePlanView {
  id: number;
  roomTypeId: number;
  name: string;
  priceRule: { kind: PriceRuleKind; value: number };
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
  cancellationPolicyId: number;
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
  minStay: number | null;
  minAdvanceDays: number | null;
  maxAdvanceDays: number | null;
  closedDates: string[];
  memberPrices: boolean;
  active: boolean;
  sortOrder: number;
  /** Bookings that name this plan: deleting it only takes it off sale. */
  bookingCount: number;
}

export interface RatePlanOverview {
  hotelId: number;
  hotelName: string;
  currency: string;
  timeZone: string;
  policies: CancellationPolicyView[];
  roomTypes: {
    id: number;
    name: string;
    priceCents: number;
    /** The lowest price the room's calendar has on any night: a plan's difference may not take it to zero. */
    cheapestNightCents: number;
    closed: boolean;
    plans: RatePlanView[];
  }[];
}

/** A refusal of one field, as zod's are: a 400 whose message names the field and the fix. */
function fieldError(path: string, message: string): DomainError {
  return new DomainError("VALIDATION_ERROR", message, undefined, [{ path, message }]);
}

function planView(row: PlanRow, bookingCount: number): RatePlanView {
  return {
    id: row.id,
    roomTypeId: row.roomTypeId,
    name: row.name,
    priceRule: { kind: row.priceRuleKind, value: row.priceRuleValue },
    mealPlan: row.mealPlan,
    inclusions: row.inclusions,
    cancellationPolicyId: row.cancellationPolicyId,
    paymentTiming: row.paymentTiming,
    depositPercent: row.depositPercent,
    minStay: row.minStay,
    minAdvanceDays: row.minAdvanceDays,
    maxAdvanceDays: row.maxAdvanceDays,
    closedDates: row.closedDates,
    memberPrices: row.memberPrices,
    active: row.active,
    sortOrder: row.sortOrder,
    bookingCount,
  };
}

async function bookingCounts(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: bookings.ratePlanId, n: count() })
    .from(bookings)
    .where(inArray(bookings.ratePlanId, planIds))
    .groupBy(bookings.ratePlanId);
  return new Map(rows.map((r) => [Number(r.planId), Number(r.n)]));
}

/** Whether any booking was made on a plan that now uses this policy (its terms are then frozen). */
async function policyBooked(db: Db, policyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(ratePlans, eq(ratePlans.id, bookings.ratePlanId))
    .where(eq(ratePlans.cancellationPolicyId, policyId))
    .limit(1);
  return row !== undefined;
}

/** A hotel's policies and every room type's plans, as the back office edits them. */
export async function getRatePlanOverview(db: Db, hotelId: number): Promise<RatePlanOverview> {
  const [hotel] = await db
    .select({ id: hotels.id, name: hotels.name, currency: hotels.currency, timeZone: hotels.timeZone })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const rooms = await queryRows<{ id: number; name: string; price_cents: number; floor_cents: number; closed: boolean }>(
    db,
    sql`select id, name, price_cents, ${CALENDAR_FLOOR} as floor_cents, closed
        from room_types t where hotel_id = ${hotelId} order by price_cents, id`,
  );
  const plans = await db
    .select()
    .from(ratePlans)
    .where(eq(ratePlans.hotelId, hotelId))
    .orderBy(asc(ratePlans.sortOrder), asc(ratePlans.id));
  const policies = await db
    .select()
    .from(cancellationPolicies)
    .where(eq(cancellationPolicies.hotelId, hotelId))
    .orderBy(asc(cancellationPolicies.name));
  const counts = await bookingCounts(
    db,
    plans.map((p) => p.id),
  );
  return {
    hotelId: hotel.id,
    hotelName: hotel.name,
    currency: hotel.currency,
    timeZone: hotel.timeZone,
    policies: policies.map((policy) => {
      const using = plans.filter((p) => p.cancellationPolicyId === policy.id);
      return {
        id: policy.id,
        name: policy.name,
        terms: policy.terms,
        planCount: using.length,
        booked: using.some((p) => (counts.get(p.id) ?? 0) > 0),
      };
    }),
    roomTypes: rooms.map((room) => ({
      id: Number(room.id),
      name: room.name,
      priceCents: Number(room.price_cents),
      cheapestNightCents: Number(room.floor_cents),
      closed: Boolean(room.closed),
      plans: plans.filter((p) => p.roomTypeId === Number(room.id)).map((p) => planView(p, counts.get(p.id) ?? 0)),
    })),
  };
}

async function lockPolicy(db: Db, hotelId: number, policyId: number): Promise<PolicyRow> {
  const [row] = await db
    .select()
    .from(cancellationPolicies)
    .where(and(eq(cancellationPolicies.id, policyId), eq(cancellationPolicies.hotelId, hotelId)))
    .for("update");
  if (!row) throw new DomainError("CANCELLATION_POLICY_NOT_FOUND");
  return row;
}

async function assertPolicyNameFree(db: Db, hotelId: number, name: string, exceptId: number | null): Promise<void> {
  const [clash] = await queryRows<{ id: number }>(
    db,
    sql`select id from cancellation_policies where hotel_id = ${hotelId} and lower(name) = lower(${name})
        ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  if (clash) throw fieldError("name", `This hotel already has a policy called "${name}": choose another name`);
}

/** Two writers choosing the same name at once: the database's unique constraint answers the second. */
async function nameClashAsFieldError<T>(write: () => Promise<T>, constraint: string, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgConstraint(error) === constraint) throw fieldError("name", message);
    throw error;
  }
}

/** Terms compared by content: jsonb gives keys back in its own order. */
function sameTerms(a: PolicyTerms, b: PolicyTerms): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

async function policyView(db: Db, row: PolicyRow): Promise<CancellationPolicyView> {
  const [using] = await db.select({ n: count() }).from(ratePlans).where(eq(ratePlans.cancellationPolicyId, row.id));
  return { id: row.id, name: row.name, terms: row.terms, planCount: Number(using?.n ?? 0), booked: await policyBooked(db, row.id) };
}

export async function createCancellationPolicy(db: Db, actor: Actor, hotelId: number, input: PolicyInput): Promise<CancellationPolicyView> {
  const row = await nameClashAsFieldError(
    () =>
      db.transaction(async (tx) => {
        await assertPolicyNameFree(tx, hotelId, input.name, null);
        const [created] = await tx.insert(cancellationPolicies).values({ hotelId, name: input.name, terms: input.terms }).returning();
        await logActivity(tx, {
          actionType: "cancellation_policy_created",
          userId: actor.id,
          userEmail: actor.email,
          details: { hotelId, policyId: created!.id, name: input.name, terms: input.terms },
        });
        return created!;
      }),
    "cancellation_policies_hotel_name",
    `This hotel already has a policy called "${input.name}": choose another name`,
  );
  return policyView(db, row);
}

/**
 * Renames a policy, or changes its terms while no booking was made on a plan using it. Once one
 * was, the terms are frozen (CANCELLATION_POLICY_BOOKED): write a new policy and switch the plans.
 */
export async function updateCancellationPolicy(
  db: Db,
  actor: Actor,
  hotelId: number,
  policyId: number,
  input: PolicyInput,
): Promise<CancellationPolicyView> {
  const row = await nameClashAsFieldError(
    () =>
      db.transaction(async (tx) => {
        const before = await lockPolicy(tx, hotelId, policyId);
        await assertPolicyNameFree(tx, hotelId, input.name, policyId);
        const termsChanged = !sameTerms(before.terms, input.terms);
        if (termsChanged && (await policyBooked(tx, policyId))) throw new DomainError("CANCELLATION_POLICY_BOOKED");
        const [updated] = await tx
          .update(cancellationPolicies)
          .set({ name: input.name, terms: input.terms, updatedAt: new Date() })
          .where(eq(cancellationPolicies.id, policyId))
          .returning();
        await logActivity(tx, {
          actionType: "cancellation_policy_updated",
          userId: actor.id,
          userEmail: actor.email,
          details: { hotelId, policyId, name: input.name, ...(termsChanged ? { terms: input.terms } : {}) },
        });
        return updated!;
      }),
    "cancellation_policies_hotel_name",
    `This hotel already has a policy called "${input.name}": choose another name`,
  );
  return policyView(db, row);
}

/** Deletes a policy no plan uses (a plan off sale counts: it may go on sale again). */
export async function deleteCancellationPolicy(db: Db, actor: Actor, hotelId: number, policyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, hotelId, policyId);
    const using = await tx
      .select({ name: ratePlans.name })
      .from(ratePlans)
      .where(eq(ratePlans.cancellationPolicyId, policyId))
      .orderBy(asc(ratePlans.name));
    if (using.length > 0) {
      throw new DomainError(
        "CANCELLATION_POLICY_IN_USE",
        `This policy is used by ${using.length === 1 ? "the plan" : `${using.length} plans:`} ${using.map((p) => `"${p.name}"`).join(", ")}. Choose another policy for them first.`,
      );
    }
    await tx.delete(cancellationPolicies).where(eq(cancellationPolicies.id, policyId));
    await logActivity(tx, {
      actionType: "cancellation_policy_deleted",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, policyId, name: policy.name },
    });
  });
}

async function lockPlan(db: Db, hotelId: number, planId: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(ratePlans)
    .where(and(eq(ratePlans.id, planId), eq(ratePlans.hotelId, hotelId)))
    .for("update");
  if (!row) throw new DomainError("RATE_PLAN_NOT_FOUND", "This rate plan was not found at this hotel.");
  return row;
}

/** The rules a form cannot check: the policy is this hotel's, the name is free, the price stays above zero. */
async function checkPlan(db: Db, hotelId: number, roomTypeId: number, input: RatePlanInput, exceptId: number | null): Promise<void> {
  const [policy] = await db
    .select({ id: cancellationPolicies.id })
    .from(cancellationPolicies)
    .where(and(eq(cancellationPolicies.id, input.cancellationPolicyId), eq(cancellationPolicies.hotelId, hotelId)));
  if (!policy) throw fieldError("cancellationPolicyId", "Choose one of this hotel's cancellation policies");
  const [clash] = await queryRows<{ id: number }>(
    db,
    sql`select id from rate_plans where room_type_id = ${roomTypeId} and lower(name) = lower(${input.name})
        ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  if (clash) throw fieldError("name", `This room type already has a plan called "${input.name}": choose another name`);
  const [room] = await queryRows<{ floor_cents: number }>(
    db,
    sql`select ${CALENDAR_FLOOR} as floor_cents from room_types t where id = ${roomTypeId}`,
  );
  const cheapest = Number(room?.floor_cents ?? 1);
  const problem = planPriceProblem(input.priceRule, cheapest);
  if (problem) {
    throw fieldError(
      "priceRule.value",
      input.priceRule.kind === "amount" ? `${problem} (the cheapest night of this room is $${(cheapest / 100).toFixed(2)}).` : problem,
    );
  }
}

function planColumns(input: RatePlanInput) {
  return {
    name: input.name,
    priceRuleKind: input.priceRule.kind,
    priceRuleValue: input.priceRule.value,
    mealPlan: input.mealPlan,
    inclusions: input.inclusions,
    cancellationPolicyId: input.cancellationPolicyId,
    paymentTiming: input.paymentTiming,
    depositPercent: input.paymentTiming === "deposit" ? input.depositPercent : null,
    minStay: input.minStay,
    minAdvanceDays: input.minAdvanceDays,
    maxAdvanceDays: input.maxAdvanceDays,
    closedDates: [...input.closedDates].sort(),
    memberPrices: input.memberPrices,
    active: input.active,
    sortOrder: input.sortOrder,
  };
}

const PLAN_NAME_CONSTRAINT = "rate_plans_room_type_name";

export async function createRatePlan(
  db: Db,
  actor: Actor,
  hotelId: number,
  roomTypeId: number,
  input: RatePlanInput,
): Promise<RatePlanView> {
  const row = await nameClashAsFieldError(
    () =>
      db.transaction(async (tx) => {
        const [room] = await tx
          .select({ id: roomTypes.id })
          .from(roomTypes)
          .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.hotelId, hotelId)))
          .for("update");
        if (!room) throw new DomainError("ROOM_TYPE_NOT_FOUND");
        await checkPlan(tx, hotelId, roomTypeId, input, null);
        const [created] = await tx
          .insert(ratePlans)
          .values({ ...planColumns(input), roomTypeId, hotelId })
          .returning();
        await logActivity(tx, {
          actionType: "rate_plan_created",
          userId: actor.id,
          userEmail: actor.email,
          details: { hotelId, roomTypeId, ratePlanId: created!.id, name: input.name, priceRule: input.priceRule },
        });
        return created!;
      }),
    PLAN_NAME_CONSTRAINT,
    `This room type already has a plan called "${input.name}": choose another name`,
  );
  return planView(row, 0);
}

/** Edits a plan (its room type stays); bookings already made keep the terms they were sold under. */
export async function updateRatePlan(db: Db, actor: Actor, hotelId: number, planId: number, input: RatePlanInput): Promise<RatePlanView> {
  const row = await nameClashAsFieldError(
    () =>
      db.transaction(async (tx) => {
        const before = await lockPlan(tx, hotelId, planId);
        await checkPlan(tx, hotelId, before.roomTypeId, input, planId);
        const [updated] = await tx
          .update(ratePlans)
          .set({ ...planColumns(input), updatedAt: new Date() })
          .where(eq(ratePlans.id, planId))
          .returning();
        // A plan that no longer uses its own calendar keeps no stale prices that would return with the rule.
        if (input.priceRule.kind !== "own") await tx.delete(ratePlanPrices).where(eq(ratePlanPrices.ratePlanId, planId));
        await logActivity(tx, {
          actionType: "rate_plan_updated",
          userId: actor.id,
          userEmail: actor.email,
          details: { hotelId, roomTypeId: before.roomTypeId, ratePlanId: planId, name: input.name, active: input.active },
        });
        return updated!;
      }),
    PLAN_NAME_CONSTRAINT,
    `This room type already has a plan called "${input.name}": choose another name`,
  );
  const counts = await bookingCounts(db, [planId]);
  return planView(row, counts.get(planId) ?? 0);
}

/**
 * Removes a plan: deleted when no booking names it, otherwise taken off sale (active = false) so
 * those bookings keep their plan.
 */
export async function removeRatePlan(
  db: Db,
  actor: Actor,
  hotelId: number,
  planId: number,
): Promise<{ outcome: "deleted" | "deactivated" }> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, hotelId, planId);
    const booked = ((await bookingCounts(tx, [planId])).get(planId) ?? 0) > 0;
    if (booked) {
      await tx.update(ratePlans).set({ active: false, updatedAt: new Date() }).where(eq(ratePlans.id, planId));
    } else {
      await tx.delete(ratePlans).where(eq(ratePlans.id, planId));
    }
    const outcome = booked ? "deactivated" : "deleted";
    await logActivity(tx, {
      actionType: "rate_plan_removed",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, roomTypeId: plan.roomTypeId, ratePlanId: planId, name: plan.name, outcome },
    });
    return { outcome };
  });
}

export interface PlanPriceNight {
  night: string;
  priceCents: number;
}

/** The nights of [from, to] on which the plan's own calendar sets a price. */
export async function getPlanPrices(db: Db, hotelId: number, planId: number, from: string, to: string): Promise<PlanPriceNight[]> {
  const [plan] = await db
    .select({ id: ratePlans.id })
    .from(ratePlans)
    .where(and(eq(ratePlans.id, planId), eq(ratePlans.hotelId, hotelId)));
  if (!plan) throw new DomainError("RATE_PLAN_NOT_FOUND", "This rate plan was not found at this hotel.");
  const rows = await queryRows<{ night: string; price_cents: number }>(
    db,
    sql`select to_char(night, 'YYYY-MM-DD') as night, price_cents from rate_plan_prices
        where rate_plan_id = ${planId} and night between ${from}::date and ${to}::date order by night`,
  );
  return rows.map((r) => ({ night: r.night, priceCents: Number(r.price_cents) }));
}

/** Sets (or clears, with null) the plan's own price on every night of [from, to]; only for a plan priced by its own calendar. */
export async function setPlanPrices(
  db: Db,
  actor: Actor,
  hotelId: number,
  planId: number,
  input: PlanPricesInput,
): Promise<{ nights: number }> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, hotelId, planId);
    if (plan.priceRuleKind !== "own") {
      throw fieldError("priceCents", "This plan follows the room's calendar: choose 'Own prices' for the plan before setting its prices");
    }
    const nights: string[] = [];
    for (let night = input.from; night <= input.to; night = addDays(night, 1)) nights.push(night);
    if (input.priceCents === null) {
      await tx.execute(
        sql`delete from rate_plan_prices where rate_plan_id = ${planId} and night between ${input.from}::date and ${input.to}::date`,
      );
    } else {
      await tx
        .insert(ratePlanPrices)
        .values(nights.map((night) => ({ ratePlanId: planId, night, priceCents: input.priceCents! })))
        .onConflictDoUpdate({ target: [ratePlanPrices.ratePlanId, ratePlanPrices.night], set: { priceCents: input.priceCents } });
    }
    await logActivity(tx, {
      actionType: "rate_plan_prices_set",
      userId: actor.id,
      userEmail: actor.email,
      details: { hotelId, ratePlanId: planId, name: plan.name, from: input.from, to: input.to, priceCents: input.priceCents },
    });
    return { nights: nights.length };
  });
}
