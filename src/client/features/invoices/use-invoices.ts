import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { BillingDetailsInput, LegalDetailsInput } from "../../../shared/invoices.ts";
import {
  hotelInvoicesQueryOptions,
  issueDeskInvoice,
  invoiceKeys,
  legalDetailsQueryOptions,
  staffBillingQueryOptions,
  updateLegalDetails,
  updateStaffBilling,
} from "../../api/invoices.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next } from "../../lib/i18n.ts";

export function useHotelInvoices(hotelId: number, month: string) {
  return useQuery(hotelInvoicesQueryOptions(hotelId, month));
}

export function useLegalDetails(hotelId: number) {
  return useQuery(legalDetailsQueryOptions(hotelId));
}

export function useSaveLegalDetails(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegalDetailsInput) => updateLegalDetails(hotelId, input),
    onSuccess(view) {
      queryClient.setQueryData(invoiceKeys.legal(hotelId), view);
      toast.success(i18next.t("Legal details saved"));
    },
    onError(error) {
      toast.error(i18next.t("Error"), { description: errorText(error, i18next.t("Could not save the legal details")) });
    },
  });
}

export function useStaffBilling(hotelId: number, reference: string) {
  return useQuery(staffBillingQueryOptions(hotelId, reference));
}

export function useSaveStaffBilling(hotelId: number, reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingDetailsInput) => updateStaffBilling(hotelId, reference, input),
    onSuccess(view) {
      queryClient.setQueryData(invoiceKeys.staffBilling(hotelId, reference), view);
      toast.success(i18next.t("Billing details saved"));
    },
    onError(error) {
      toast.error(i18next.t("Error"), { description: errorText(error, i18next.t("Could not save the billing details")) });
    },
  });
}

export function useIssueDeskInvoice(hotelId: number, reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueDeskInvoice(hotelId, reference),
    onSuccess(invoice) {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      toast.success(i18next.t("Invoice {{number}} issued", { number: invoice.invoiceNumber }));
    },
    onError(error) {
      toast.error(i18next.t("Error"), { description: errorText(error, i18next.t("Could not issue the invoice")) });
    },
  });
}
