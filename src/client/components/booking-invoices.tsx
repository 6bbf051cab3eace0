import { useState } from "react";
import { Dialog } from "radix-ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, ReceiptText } from "lucide-react";
import { toast } from "sonner";
import {
  type InvoiceSummary,
  bookingBillingQueryOptions,
  bookingInvoicesQueryOptions,
  fetchBookingInvoicePdf,
  invoiceKeys,
  updateBookingBilling,
} from "../api/invoices.ts";
import { errorText } from "../lib/error-text.ts";
import { useTranslation } from "../lib/i18n.ts";
import { saveBlob } from "../lib/save-file.ts";
import { BillingDetailsForm } from "./billing-details-form.tsx";
import { Loading } from "./loading.tsx";
import { Button } from "./ui/button.tsx";
import { DialogContent } from "./ui/dialog.tsx";

type BookingInvoicesProps = {
  booking: { id: string; hotelId: string | null; status: string };
  /** A visitor's access token (Find my booking); null for the signed-in owner. */
  accessToken: string | null;
};

function InvoiceLink({ bookingId, invoice, accessToken }: { bookingId: string; invoice: InvoiceSummary; accessToken: string | null }) {
  const { t } = useTranslation();
  const label =
    invoice.kind === "invoice"
      ? t("Download invoice {{number}}", { number: invoice.invoiceNumber })
      : t("Download credit note {{number}}", { number: invoice.invoiceNumber });
  const text = invoice.kind === "invoice" ? t("Download invoice") : t("Download credit note");
  if (accessToken === null) {
    return (
      <Button asChild variant="ghost" size="sm">
        <a
          href={`/api/bookings/${encodeURIComponent(bookingId)}/invoices/${invoice.id}/pdf`}
          download={`${invoice.invoiceNumber}.pdf`}
          aria-label={label}
        >
          <FileText aria-hidden="true" />
          {text}
        </a>
      </Button>
    );
  }
  async function download(token: string) {
    try {
      saveBlob(await fetchBookingInvoicePdf(bookingId, invoice.id, token), `${invoice.invoiceNumber}.pdf`);
    } catch (error) {
      toast.error(t("Error"), { description: errorText(error, t("Failed to download the invoice")) });
    }
  }
  return (
    <Button variant="ghost" size="sm" aria-label={label} onClick={() => void download(accessToken)}>
      <FileText aria-hidden="true" />
      {text}
    </Button>
  );
}

function BillingDialog({ bookingId, accessToken }: { bookingId: string; accessToken: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const billing = useQuery({ ...bookingBillingQueryOptions(bookingId, accessToken), enabled: open });
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateBookingBilling>[2]) => updateBookingBilling(bookingId, accessToken, input),
    onSuccess(view) {
      queryClient.setQueryData(invoiceKeys.bookingBilling(bookingId), view);
      setOpen(false);
      toast.success(t("Billing details saved"));
    },
    onError(error) {
      toast.error(t("Error"), { description: errorText(error, t("Could not save the billing details")) });
    },
  });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <ReceiptText aria-hidden="true" />
          {t("Billing details")}
        </Button>
      </Dialog.Trigger>
      <DialogContent
        title={t("Billing details")}
        description={t("The invoice is made out to these details. They can change until it is issued.")}
        className="max-w-lg"
      >
        {billing.isPending ? (
          <Loading rows={4} />
        ) : billing.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(billing.error, t("Could not load the billing details"))}
          </p>
        ) : billing.data.editable ? (
          <BillingDetailsForm initial={billing.data} saving={save.isPending} onSave={(input) => save.mutate(input)} />
        ) : (
          <p className="text-sm text-slate-700">{t("The invoice has been issued, so its billing details can no longer change.")}</p>
        )}
      </DialogContent>
    </Dialog.Root>
  );
}

/** A booking's invoice and credit notes to download, and its billing details until the invoice is issued (decision 056). */
export function BookingInvoices({ booking, accessToken }: BookingInvoicesProps) {
  const partner = booking.hotelId?.startsWith("wh-") ?? true;
  const list = useQuery({ ...bookingInvoicesQueryOptions(booking.id, accessToken), enabled: !partner });
  if (partner || !list.data) return null;
  const invoices = list.data.invoices;
  const canEditBilling = invoices.length === 0 && booking.status !== "cancelled";
  if (invoices.length === 0 && !canEditBilling) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {invoices.map((invoice) => (
        <InvoiceLink key={invoice.id} bookingId={booking.id} invoice={invoice} accessToken={accessToken} />
      ))}
      {canEditBilling ? <BillingDialog bookingId={booking.id} accessToken={accessToken} /> : null}
    </div>
  );
}
