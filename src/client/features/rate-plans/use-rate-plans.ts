import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { PlanPricesInput, PolicyInput, RatePlanInput } from "../../../shared/rate-plan-inputs.ts";
import {
  createCancellationPolicy,
  createRatePlan,
  deleteCancellationPolicy,
  ratePlanKeys,
  ratePlanOverviewQueryOptions,
  removeRatePlan,
  setRatePlanPrices,
  updateCancellationPolicy,
  updateRatePlan,
} from "../../api/rate-plans.ts";
import { i18next } from "../../lib/i18n.ts";

export function useRatePlanOverview(hotelId: string) {
  return useQuery(ratePlanOverviewQueryOptions(hotelId));
}

/** Adds (policyId null) or saves a policy; a refusal stays in the dialog, by field. */
export function useSavePolicy(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, input }: { policyId: number | null; input: PolicyInput }) =>
      policyId === null ? createCancellationPolicy(hotelId, input) : updateCancellationPolicy(hotelId, policyId, input),
    onSuccess: ({ policy }) => toast.success(i18next.t("Policy {{name}} saved", { name: policy.name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratePlanKeys.hotel(hotelId) }),
  });
}

export function useDeletePolicy(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId }: { policyId: number; name: string }) => deleteCancellationPolicy(hotelId, policyId),
    onSuccess: (_, { name }) => toast.success(i18next.t("Policy {{name}} deleted", { name })),
    onError: (error) => toast.error(i18next.t("Could not delete the policy: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratePlanKeys.hotel(hotelId) }),
  });
}

/** Adds (planId null, on roomTypeId) or saves a plan. */
export function useSavePlan(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, roomTypeId, input }: { planId: number | null; roomTypeId: number; input: RatePlanInput }) =>
      planId === null ? createRatePlan(hotelId, roomTypeId, input) : updateRatePlan(hotelId, planId, input),
    onSuccess: ({ plan }) => toast.success(i18next.t("Plan {{name}} saved", { name: plan.name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratePlanKeys.hotel(hotelId) }),
  });
}

export function useRemovePlan(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId }: { planId: number; name: string }) => removeRatePlan(hotelId, planId),
    onSuccess: ({ outcome }, { name }) =>
      toast.success(
        outcome === "deleted"
          ? i18next.t("Plan {{name}} deleted", { name })
          : i18next.t("Plan {{name}} taken off sale: bookings name it, so it is kept for them", { name }),
      ),
    onError: (error) => toast.error(i18next.t("Could not remove the plan: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratePlanKeys.hotel(hotelId) }),
  });
}

export function useSetPlanPrices(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, input }: { planId: number; input: PlanPricesInput }) => setRatePlanPrices(hotelId, planId, input),
    onSuccess: ({ nights }) => toast.success(i18next.t("Prices set for {{count}} nights", { count: nights })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratePlanKeys.hotel(hotelId) }),
  });
}
