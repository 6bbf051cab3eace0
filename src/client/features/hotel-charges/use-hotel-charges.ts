import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ExtraInput } from "../../../shared/extras.ts";
import type { TaxSettings } from "../../../shared/taxes.ts";
import {
  createExtra,
  deleteExtra,
  extrasQueryOptions,
  hotelChargeKeys,
  saveTaxSettings,
  taxSettingsQueryOptions,
  updateExtra,
} from "../../api/hotel-charges.ts";
import { i18next } from "../../lib/i18n.ts";

export function useTaxSettings(hotelId: string) {
  return useQuery(taxSettingsQueryOptions(hotelId));
}

export function useSaveTaxSettings(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) => saveTaxSettings(hotelId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(hotelChargeKeys.taxSettings(hotelId), saved);
      toast.success(i18next.t("Taxes and fees saved"));
    },
  });
}

export function useExtras(hotelId: string) {
  return useQuery(extrasQueryOptions(hotelId));
}

function useExtrasChanged(hotelId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: hotelChargeKeys.extras(hotelId) });
}

export function useCreateExtra(hotelId: string) {
  const changed = useExtrasChanged(hotelId);
  return useMutation({
    mutationFn: (input: ExtraInput) => createExtra(hotelId, input),
    onSuccess: ({ extra }) => {
      changed();
      toast.success(i18next.t("{{name}} added", { name: extra.name }));
    },
  });
}

export function useUpdateExtra(hotelId: string) {
  const changed = useExtrasChanged(hotelId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<ExtraInput> }) => updateExtra(hotelId, id, input),
    onSuccess: ({ extra }) => {
      changed();
      toast.success(i18next.t("{{name}} saved", { name: extra.name }));
    },
  });
}

export function useDeleteExtra(hotelId: string) {
  const changed = useExtrasChanged(hotelId);
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteExtra(hotelId, id),
    onSuccess: (_answer, { name }) => {
      changed();
      toast.success(i18next.t("{{name}} deleted", { name }));
    },
  });
}
