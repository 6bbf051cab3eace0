import { useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import { Download, FileText, ReceiptText } from "lucide-react";
import { fetchHotelInvoicePdf, fetchInvoiceLedgerCsv, type InvoiceSummary } from "../../api/invoices.ts";
import { BillingDetailsForm } from "../../components/billing-details-form.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/error-text.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { saveBlob } from "../../lib/save-file.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import {
  useHotelInvoices,
  useIssueDeskInvoice,
  useLegalDetails,
  useSaveLegalDetails,
  useSaveStaffBilling,
  useStaffBilling,
} from "./use-invoices.ts";

function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

function InvoiceRow({ hotelId, invoice }: { hotelId: number; invoice: InvoiceSummary }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBlob(await fetchHotelInvoicePdf(hotelId, invoice.id), `${invoice.invoiceNumber}.pdf`);
    } catch (error) {
      toast.error(t("Error"), { description: errorText(error, t("Failed to download the invoice")) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr className="border-t border-slate-200">
      <td className="px-3 py-2 font-mono text-sm whitespace-nowrap">{invoice.invoiceNumber}</td>
      <td className="px-3 py-2 text-sm">
        {invoice.kind === "invoice" ? t("Invoice") : t("Credit note for {{number}}", { number: invoice.creditedInvoiceNumber ?? "" })}
      </td>
      <td className="px-3 py-2 text-sm whitespace-nowrap">{formatDateTime(invoice.issuedAt)}</td>
      <td className="px-3 py-2 font-mono text-xs">{invoice.bookingReference}</td>
      <td className="px-3 py-2 text-sm">
        {invoice.buyerName}
        {invoice.buyerCompany ? <span className="block text-xs text-slate-600">{invoice.buyerCompany}</span> : null}
      </td>
      <td className="px-3 py-2 text-right text-sm font-medium whitespace-nowrap tabular-nums">
        {formatMoney(invoice.totalCents, invoice.currency)}
      </td>
      <td className="px-3 py-2 text-right">
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t("Download PDF of {{number}}", { number: invoice.invoiceNumber })}
          onClick={() => void download()}
        >
          {busy ? <Spinner /> : <FileText aria-hidden="true" />}
          {t("PDF")}
        </Button>
      </td>
    </tr>
  );
}

function InvoiceList({ hotelId, ledger }: { hotelId: number; ledger: boolean }) {
  const { t } = useTranslation();
  const monthId = useId();
  const [month, setMonth] = useState(currentMonth);
  const [exporting, setExporting] = useState(false);
  const list = useHotelInvoices(hotelId, month);
  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, filename } = await fetchInvoiceLedgerCsv(hotelId, month);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(t("Error"), { description: errorText(error, t("Failed to download the ledger")) });
    } finally {
      setExporting(false);
    }
  }
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={monthId}>{t("Month")}</Label>
          <Input
            id={monthId}
            type="month"
            value={month}
            min="2000-01"
            max="2099-12"
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="w-48"
          />
        </div>
        {ledger ? (
          <Button variant="secondary" disabled={exporting} aria-busy={exporting || undefined} onClick={() => void exportCsv()}>
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
            {t("Download ledger (CSV)")}
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <Loading rows={4} />
      ) : list.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the invoices")}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.invoices.length === 0 ? (
        <EmptyState icon={ReceiptText} title={t("No invoices this month")}>
          {t("Invoices are issued when a guest pays for a booking; refunds issue credit notes.")}
        </EmptyState>
      ) : (
        // Relative: the header's screen-reader-only text stays inside the scroller instead of widening the page.
        <div
          className="relative overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          tabIndex={0}
          role="region"
          aria-label={t("Invoices and credit notes issued in {{month}}", { month })}
        >
          <table className="w-full min-w-[720px] text-left">
            <caption className="sr-only">{t("Invoices and credit notes issued in {{month}}", { month })}</caption>
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("Number")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("Kind")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("Issued")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("Booking")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("Billed to")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("Total")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <span className="sr-only">{t("Download")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} hotelId={hotelId} invoice={invoice} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function LegalDetailsCard({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  const details = useLegalDetails(hotelId);
  const save = useSaveLegalDetails(hotelId);
  const addressId = useId();
  const [draft, setDraft] = useState<{ legalName: string; legalAddress: string; taxId: string } | null>(null);
  const [errors, setErrors] = useState<{ legalName?: string; legalAddress?: string }>({});
  if (details.isPending) return <Loading rows={3} />;
  if (details.isError) {
    return (
      <LoadFailed
        layout="panel"
        title={t("Failed to load the legal details")}
        error={details.error}
        retrying={details.isFetching}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const value = draft ?? {
    legalName: details.data.legalName ?? "",
    legalAddress: details.data.legalAddress ?? "",
    taxId: details.data.taxId ?? "",
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      legalName: value.legalName.trim() === "" ? t("Legal name is required") : undefined,
      legalAddress: value.legalAddress.trim() === "" ? t("Legal address is required") : undefined,
    };
    setErrors(next);
    if (next.legalName || next.legalAddress) return;
    save.mutate({ legalName: value.legalName.trim(), legalAddress: value.legalAddress.trim(), taxId: value.taxId.trim() || null });
  }
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("Legal details on invoices")}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {details.data.legalName
          ? t("Printed as the seller on new invoices; invoices already issued keep the details they were issued with.")
          : t("Not set: invoices show {{name}}, {{address}}.", { name: details.data.fallbackName, address: details.data.fallbackAddress })}
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t("Legal name")}
          value={value.legalName}
          error={errors.legalName}
          maxLength={200}
          onChange={(e) => setDraft({ ...value, legalName: e.target.value })}
        />
        <div className="space-y-1.5">
          <Label htmlFor={addressId}>{t("Legal address")}</Label>
          <Textarea
            id={addressId}
            rows={3}
            maxLength={500}
            value={value.legalAddress}
            aria-invalid={errors.legalAddress ? true : undefined}
            aria-describedby={errors.legalAddress ? `${addressId}-error` : undefined}
            onChange={(e) => setDraft({ ...value, legalAddress: e.target.value })}
          />
          {errors.legalAddress ? (
            <p id={`${addressId}-error`} role="alert" className="text-sm text-red-700">
              {errors.legalAddress}
            </p>
          ) : null}
        </div>
        <TextField
          label={t("Tax ID (optional)")}
          value={value.taxId}
          maxLength={40}
          onChange={(e) => setDraft({ ...value, taxId: e.target.value })}
        />
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Spinner /> : null}
          {t("Save legal details")}
        </Button>
      </form>
    </Card>
  );
}

function StaffBillingCard({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  const referenceId = useId();
  const [typed, setTyped] = useState("");
  const [reference, setReference] = useState("");
  const billing = useStaffBilling(hotelId, reference);
  const save = useSaveStaffBilling(hotelId, reference);
  const issue = useIssueDeskInvoice(hotelId, reference);
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("Billing details of a booking")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("Change who the invoice is made out to, until it is issued.")}</p>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setReference(typed.trim().toUpperCase());
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={referenceId}>{t("Booking reference")}</Label>
          <Input id={referenceId} value={typed} onChange={(e) => setTyped(e.target.value)} className="w-72 font-mono" maxLength={40} />
        </div>
        <Button type="submit" variant="secondary">
          {t("Find booking")}
        </Button>
      </form>
      <div className="mt-4">
        {reference === "" ? null : billing.isPending ? (
          <Loading rows={3} />
        ) : billing.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(billing.error, t("Could not load the billing details"))}
          </p>
        ) : billing.data.editable ? (
          <>
            <p className="mb-3 text-sm text-slate-700">{t("Guest: {{name}}", { name: billing.data.guestName })}</p>
            <BillingDetailsForm
              key={billing.data.bookingId}
              initial={billing.data}
              saving={save.isPending}
              onSave={(input) => save.mutate(input)}
            />
            {billing.data.canIssueAtDesk ? (
              <div className="mt-4 border-t border-slate-200 pt-4">
                <p className="mb-2 text-sm text-slate-600">
                  {t("Paid at the hotel? Issue the invoice when the guest pays; it cannot change afterwards.")}
                </p>
                <Button
                  variant="secondary"
                  disabled={issue.isPending}
                  aria-busy={issue.isPending || undefined}
                  onClick={() => issue.mutate()}
                >
                  {issue.isPending ? <Spinner /> : <ReceiptText aria-hidden="true" />}
                  {t("Issue invoice")}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {billing.data.invoiceIssued
              ? t("The invoice has been issued, so its billing details can no longer change.")
              : t("Partner hotel bookings are invoiced by the partner, not by Staywise.")}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * /admin/hotels/:hotelId/invoices: the hotel's invoices and credit notes by month, the CSV ledger, the
 * seller's details and billing edits (decision 056). Front-desk staff (decision 064) see the invoices
 * and billing edits only: the ledger and the seller's details are the managers'.
 */
export function InvoicesPage() {
  const { user } = useAuth();
  const manages = user?.canManageHotels ?? false;
  const { hotelId: param } = useParams();
  const hotelId = param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  return manages ? <ManagerInvoicesPage hotelId={hotelId} /> : <DeskInvoicesPage hotelId={hotelId} />;
}

function ManagerInvoicesPage({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  const legal = useLegalDetails(hotelId);
  const hotelName = legal.data?.fallbackName;
  useDocumentTitle(hotelName ? t("Invoices · {{hotel}}", { hotel: hotelName }) : t("Invoices"));
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader title={t("Invoices")} description={hotelName ?? "\u00a0"} back={{ to: `/admin/hotels/${hotelId}`, label: t("Hotel") }} />
      <InvoiceList hotelId={hotelId} ledger />
      <div className="grid gap-6 lg:grid-cols-2">
        <LegalDetailsCard hotelId={hotelId} />
        <StaffBillingCard hotelId={hotelId} />
      </div>
    </div>
  );
}

function DeskInvoicesPage({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t("Invoices"));
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Invoices")}
        description={"\u00a0"}
        back={{ to: `/admin/hotels/${hotelId}/front-desk`, label: t("Front desk") }}
      />
      <InvoiceList hotelId={hotelId} ledger={false} />
      <StaffBillingCard hotelId={hotelId} />
    </div>
  );
}
