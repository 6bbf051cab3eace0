import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { RateCurrency } from "../../../shared/fx.ts";
import { listAdminFxRates, updateFxRate } from "../../api/fx-rates.ts";
import { FX_RATES_QUERY_KEY } from "../../lib/display-currency.ts";
import { i18next } from "../../lib/i18n.ts";

const ADMIN_FX_RATES_QUERY_KEY = ["admin", "fx-rates"] as const;

export function useAdminFxRates() {
  return useQuery({ queryKey: ADMIN_FX_RATES_QUERY_KEY, queryFn: listAdminFxRates });
}

export function useUpdateFxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, rate }: { currency: RateCurrency; rate: string }) => updateFxRate(currency, rate),
    // Feedback here, not in mutate()'s callbacks, which are skipped if the row has unmounted meanwhile.
    onSuccess: (data, { currency }) => {
      queryClient.setQueryData(ADMIN_FX_RATES_QUERY_KEY, data);
      // The traveller-side rates this browser holds are stale now.
      void queryClient.invalidateQueries({ queryKey: FX_RATES_QUERY_KEY });
      toast.success(i18next.t("{{currency}} rate saved", { currency }));
    },
  });
}
