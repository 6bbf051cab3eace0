import { z } from "zod";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";
import { calendarDay } from "../../shared/date-fields.ts";
import { PlanPricesInput, PolicyInput, RatePlanInput } from "../../shared/rate-plan-inputs.ts";
import { CancellationPolicySchema, PlanPricesSchema, RatePlanOverviewSchema, RatePlanSchema } from "../contract/rate-plans.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import {
  createCancellationPolicy,
  createRatePlan,
  deleteCancellationPolicy,
  getPlanPrices,
  getRatePlanOverview,
  removeRatePlan,
  setPlanPrices,
  updateCancellationPolicy,
  updateRatePlan,
} from "../services/rate-plans.ts";

const TAGS = ["Properties"];
const id = (what: string) => z.coerce.number().int().positive(`${what} not found`).max(MAX_DATABASE_ID, `${what} not found`);
const HotelParam = z.object({ hotelId: id("Hotel") });
const PolicyParam = z.object({ hotelId: id("Hotel"), policyId: id("Cancellation policy") });
const PlanParam = z.object({ hotelId: id("Hotel"), planId: id("Rate plan") });
const RoomTypeParam = z.object({ hotelId: id("Hotel"), roomTypeId: id("Room type") });
const OnePolicy = z.object({ policy: CancellationPolicySchema });
const OnePlan = z.object({ plan: RatePlanSchema });
const PriceQuery = z.object({ from: calendarDay("planFrom"), to: calendarDay("planTo") });

const overview = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/rate-plans",
  operationId: "getRatePlanOverview",
  tags: TAGS,
  summary: "A hotel's cancellation policies and each room type's rate plans",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(RatePlanOverviewSchema, "Policies and plans") },
});
const policyCreate = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/cancellation-policies",
  operationId: "createCancellationPolicy",
  tags: TAGS,
  summary: "Write a cancellation policy: fee tiers by days before check-in and the fee after the last one",
  request: { params: HotelParam, body: jsonBody(PolicyInput) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 201: jsonAnswer(OnePolicy, "The new policy") },
});
const policyUpdate = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/cancellation-policies/{policyId}",
  operationId: "updateCancellationPolicy",
  tags: TAGS,
  summary: "Rename a policy, or change its terms while no booking was made on a plan that uses it",
  request: { params: PolicyParam, body: jsonBody(PolicyInput) },
  errors: ["HOTEL_NOT_FOUND", "CANCELLATION_POLICY_NOT_FOUND", "CANCELLATION_POLICY_BOOKED"],
  responses: { 200: jsonAnswer(OnePolicy, "The policy") },
});
const policyDelete = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/cancellation-policies/{policyId}",
  operationId: "deleteCancellationPolicy",
  tags: TAGS,
  summary: "Delete a policy no rate plan uses",
  request: { params: PolicyParam },
  errors: ["HOTEL_NOT_FOUND", "CANCELLATION_POLICY_NOT_FOUND", "CANCELLATION_POLICY_IN_USE"],
  responses: { 200: jsonAnswer(z.object({ ok: z.literal(true) }), "Deleted") },
});
const planCreate = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}/rate-plans",
  operationId: "createRatePlan",
  tags: TAGS,
  summary: "Add a rate plan to a room type: price rule, inclusions, cancellation policy, payment timing and restrictions",
  request: { params: RoomTypeParam, body: jsonBody(RatePlanInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOM_TYPE_NOT_FOUND"],
  responses: { 201: jsonAnswer(OnePlan, "The new plan") },
});
const planUpdate = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/rate-plans/{planId}",
  operationId: "updateRatePlan",
  tags: TAGS,
  summary: "Edit a rate plan, or take it off sale (active false); bookings keep the terms they were sold under",
  request: { params: PlanParam, body: jsonBody(RatePlanInput) },
  errors: ["HOTEL_NOT_FOUND", "RATE_PLAN_NOT_FOUND"],
  responses: { 200: jsonAnswer(OnePlan, "The plan") },
});
const planRemove = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/rate-plans/{planId}",
  operationId: "removeRatePlan",
  tags: TAGS,
  summary: "Delete a rate plan no booking names; one that bookings name is taken off sale instead",
  request: { params: PlanParam },
  errors: ["HOTEL_NOT_FOUND", "RATE_PLAN_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ outcome: z.enum(["deleted", "deactivated"]) }), "What happened to the plan") },
});
const pricesGet = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/rate-plans/{planId}/prices",
  operationId: "getRatePlanPrices",
  tags: TAGS,
  summary: "The nights from..to on which a plan's own calendar sets a price",
  request: { params: PlanParam, query: PriceQuery },
  errors: ["HOTEL_NOT_FOUND", "RATE_PLAN_NOT_FOUND"],
  responses: { 200: jsonAnswer(PlanPricesSchema, "Nights with the plan's own price") },
});
const pricesSet = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/rate-plans/{planId}/prices",
  operationId: "setRatePlanPrices",
  tags: TAGS,
  summary: "Set (or clear, with null) a plan's own price on every night of a range; plans priced by their own calendar only",
  request: { params: PlanParam, body: jsonBody(PlanPricesInput) },
  errors: ["HOTEL_NOT_FOUND", "RATE_PLAN_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ nights: z.number().int() }), "Nights set") },
});

/** Rate plans and cancellation policies; mounted under /api/properties behind requireHotelStaff and requireHotelAccess. */
export function ratePlanRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(overview, async (c) => c.json(await getRatePlanOverview(deps.db, c.req.valid("param").hotelId), 200))
    .openapi(policyCreate, async (c) =>
      c.json({ policy: await createCancellationPolicy(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")) }, 201),
    )
    .openapi(policyUpdate, async (c) => {
      const { hotelId, policyId } = c.req.valid("param");
      return c.json({ policy: await updateCancellationPolicy(deps.db, c.get("user"), hotelId, policyId, c.req.valid("json")) }, 200);
    })
    .openapi(policyDelete, async (c) => {
      const { hotelId, policyId } = c.req.valid("param");
      await deleteCancellationPolicy(deps.db, c.get("user"), hotelId, policyId);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(planCreate, async (c) => {
      const { hotelId, roomTypeId } = c.req.valid("param");
      return c.json({ plan: await createRatePlan(deps.db, c.get("user"), hotelId, roomTypeId, c.req.valid("json")) }, 201);
    })
    .openapi(planUpdate, async (c) => {
      const { hotelId, planId } = c.req.valid("param");
      return c.json({ plan: await updateRatePlan(deps.db, c.get("user"), hotelId, planId, c.req.valid("json")) }, 200);
    })
    .openapi(planRemove, async (c) => {
      const { hotelId, planId } = c.req.valid("param");
      return c.json(await removeRatePlan(deps.db, c.get("user"), hotelId, planId), 200);
    })
    .openapi(pricesGet, async (c) => {
      const { hotelId, planId } = c.req.valid("param");
      const { from, to } = c.req.valid("query");
      return c.json({ prices: await getPlanPrices(deps.db, hotelId, planId, from, to) }, 200);
    })
    .openapi(pricesSet, async (c) => {
      const { hotelId, planId } = c.req.valid("param");
      return c.json(await setPlanPrices(deps.db, c.get("user"), hotelId, planId, c.req.valid("json")), 200);
    });
}
