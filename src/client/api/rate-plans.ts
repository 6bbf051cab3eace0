import { queryOptions } from "@tanstack/react-query";
import type { PlanPricesInput, PolicyInput, RatePlanInput } from "../../shared/rate-plan-inputs.ts";
import { api, body } from "./client.ts";

const hotelPath = api.properties.hotels[":hotelId"];
const policyPath = hotelPath["cancellation-policies"][":policyId"];
const planPath = hotelPath["rate-plans"][":planId"];

/** A hotel's cancellation policies and each room type's rate plans (decision 052). */
export function getRatePlanOverview(hotelId: string) {
  return body(hotelPath["rate-plans"].$get({ param: { hotelId: encodeURIComponent(hotelId) } }));
}

export type RatePlanOverview = Awaited<ReturnType<typeof getRatePlanOverview>>;
export type RatePlanRoomType = RatePlanOverview["roomTypes"][number];
export type RatePlan = RatePlanRoomType["plans"][number];
export type CancellationPolicy = RatePlanOverview["policies"][number];

export function createCancellationPolicy(hotelId: string, input: PolicyInput) {
  return body(hotelPath["cancellation-policies"].$post({ param: { hotelId: encodeURIComponent(hotelId) }, json: input }));
}

export function updateCancellationPolicy(hotelId: string, policyId: number, input: PolicyInput) {
  return body(policyPath.$put({ param: { hotelId: encodeURIComponent(hotelId), policyId: String(policyId) }, json: input }));
}

export function deleteCancellationPolicy(hotelId: string, policyId: number) {
  return body(policyPath.$delete({ param: { hotelId: encodeURIComponent(hotelId), policyId: String(policyId) } }));
}

export function createRatePlan(hotelId: string, roomTypeId: number, input: RatePlanInput) {
  return body(
    hotelPath["room-types"][":roomTypeId"]["rate-plans"].$post({
      param: { hotelId: encodeURIComponent(hotelId), roomTypeId: String(roomTypeId) },
      json: input,
    }),
  );
}

export function updateRatePlan(hotelId: string, planId: number, input: RatePlanInput) {
  return body(planPath.$put({ param: { hotelId: encodeURIComponent(hotelId), planId: String(planId) }, json: input }));
}

/** Deletes a plan no booking names; one that bookings name is taken off sale instead (the answer says which). */
export function removeRatePlan(hotelId: string, planId: number) {
  return body(planPath.$delete({ param: { hotelId: encodeURIComponent(hotelId), planId: String(planId) } }));
}

export function getRatePlanPrices(hotelId: string, planId: number, from: string, to: string) {
  return body(planPath.prices.$get({ param: { hotelId: encodeURIComponent(hotelId), planId: String(planId) }, query: { from, to } }));
}

export function setRatePlanPrices(hotelId: string, planId: number, input: PlanPricesInput) {
  return body(planPath.prices.$post({ param: { hotelId: encodeURIComponent(hotelId), planId: String(planId) }, json: input }));
}

export const ratePlanKeys = {
  /** One hotel's policies and plans: what every edit on its page refreshes. */
  hotel: (hotelId: string) => ["rate-plans", hotelId] as const,
  prices: (hotelId: string, planId: number, from: string, to: string) =>
    [...ratePlanKeys.hotel(hotelId), "prices", planId, from, to] as const,
};

export function ratePlanOverviewQueryOptions(hotelId: string) {
  return queryOptions({ queryKey: ratePlanKeys.hotel(hotelId), queryFn: () => getRatePlanOverview(hotelId) });
}

export function ratePlanPricesQueryOptions(hotelId: string, planId: number, from: string, to: string) {
  return queryOptions({
    queryKey: ratePlanKeys.prices(hotelId, planId, from, to),
    queryFn: async () => (await getRatePlanPrices(hotelId, planId, from, to)).prices,
  });
}
