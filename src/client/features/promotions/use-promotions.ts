import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  type NewPromoCode,
  type PromoScope,
  createPromoCode,
  promoCodesQueryOptions,
  promotionKeys,
  setPromoCodeActive,
} from "../../api/promotions.ts";
import { i18next } from "../../lib/i18n.ts";

export function usePromoCodes(scope: PromoScope) {
  return useQuery(promoCodesQueryOptions(scope));
}

export function useCreatePromoCode(scope: PromoScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPromoCode) => createPromoCode(scope, input),
    onSuccess: ({ promoCode }) => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.list(scope) });
      toast.success(i18next.t("Code {{code}} created", { code: promoCode.code }));
    },
  });
}

export function useSetPromoCodeActive(scope: PromoScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setPromoCodeActive(scope, id, active),
    onSuccess: ({ promoCode }) => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.list(scope) });
      toast.success(
        promoCode.active
          ? i18next.t("Code {{code}} turned on", { code: promoCode.code })
          : i18next.t("Code {{code}} turned off", { code: promoCode.code }),
      );
    },
  });
}
