/**
 * The revenue report's taxes and extras (decision 063): the extras sold (net of VAT) and each tax
 * collected for the range's nights, and the city-tax return per hotel and month of arrival with its
 * CSV, the figures a hotel files.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { Download } from "lucide-react";
import { type RevenueReport, cityTaxReportQueryOptions, fetchCityTaxReportCsv } from "../../api/revenue-reports.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatCount, formatMoney } from "../../lib/format.ts";
import { i18next, useTranslation } from "../../lib/i18n.ts";
import { saveBlob } from "../../lib/save-file.ts";
import type { Range } from "./report-range.ts";

/** Extras revenue and the taxes collected, beside (never inside) room revenue. */
export function TaxesAndExtras({ report }: { report: RevenueReport }) {
  const { t } = useTranslation();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("Taxes and extras")}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("Not in room revenue, ADR or RevPAR. For the range's nights, after refunds: a booking refunded in full collected no tax.")}
      </p>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-700">{t("Extras revenue (net of VAT)")}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{formatMoney(report.extrasRevenueCents)}</dd>
        </div>
        {report.taxes.map((tax) => (
          <div key={`${tax.code}:${tax.name}`} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-700">{t("Tax collected: {{tax}}", { tax: tax.name })}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatMoney(tax.cents)}</dd>
          </div>
        ))}
      </dl>
      {report.taxes.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("No taxes collected in this range.")}</p> : null}
    </Card>
  );
}

/** The city-tax return: per hotel and month of arrival, the stays, person-nights taxed and exempt, and the amount. */
export function CityTaxReturn({ range, hotelId }: { range: Range; hotelId: number | null }) {
  const { t } = useTranslation();
  const query = useQuery(cityTaxReportQueryOptions({ ...range, hotelId }));
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchCityTaxReportCsv({ ...range, hotelId });
      saveBlob(blob, filename);
      toast.success(i18next.t("Report downloaded"));
    } catch (error) {
      toast.error(i18next.t("Failed to download the report: {{message}}", { message: (error as Error).message }));
    } finally {
      setDownloading(false);
    }
  }
  const rows = query.data?.rows ?? [];
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t("City tax return")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("Stays arriving in the range, by hotel and month: the figures a hotel files.")}</p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? <Spinner /> : <Download aria-hidden="true" />}
          {t("Download city tax CSV")}
        </Button>
      </div>
      {query.isPending ? (
        <Loading rows={2} rowClassName="mt-4 h-8 w-full" />
      ) : query.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the city tax report")}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("No city tax in this range.")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-md" tabIndex={0} role="region" aria-label={t("City tax return")}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Hotel")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Month")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Tax")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Stays")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Person-nights taxed")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Person-nights exempt")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("Amount")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={`${row.hotelId}:${row.month}:${row.taxName}`}>
                  <td className="py-2 pr-3 text-slate-900">{row.hotelName}</td>
                  <td className="py-2 pr-3 tabular-nums">{row.month}</td>
                  <td className="py-2 pr-3">{row.taxName}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.stays)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.taxedPersonNights)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.exemptPersonNights)}</td>
                  <td className="py-2 text-right font-medium tabular-nums text-slate-900">{formatMoney(row.amountCents, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
