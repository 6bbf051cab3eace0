import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { RateCurrency } from "../../../shared/fx.ts";
import { adminFxRatesQueryOptions, fxRateKeys, updateFxRate } from "../../api/fx-rates.ts";
import { i18next } from "../../lib/i18n.ts";

export function useAdminFxRates() {
  return useQuery(adminFxRatesQueryOptions());
}

export function useUpdateFxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, rate }: { currency: RateCurrency; rate: string }) => updateFxRate(currency, rate),
    // Feedback here, not in mutate()'s callbacks, which are skipped if the row has unmounted meanwhile.
    onSuccess: (data, { currency }) => {
      queryClient.setQueryData(fxRateKeys.admin, data);
      // The traveller-side rates this browser holds are stale now.
      void queryClient.invalidateQueries({ queryKey: fxRateKeys.public });
      toast.success(i18next.t("{{currency}} rate saved", { currency }));
    },
  });
}
