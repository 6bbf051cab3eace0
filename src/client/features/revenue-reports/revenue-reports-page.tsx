import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { BarChart3, CalendarDays, Download } from "lucide-react";
import { todayLocal } from "../../../shared/dates.ts";
import { type ReportChannel, ReportRange } from "../../../shared/revenue-reports.ts";
import { type RevenueReport, fetchRevenueReportCsv } from "../../api/revenue-reports.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";
import { fieldMessage } from "../../lib/error-text.ts";
import { formatCount, formatDateRange, formatLocale, formatMoney } from "../../lib/format.ts";
import { i18next, type TFunction, useTranslation } from "../../lib/i18n.ts";
import { saveBlob } from "../../lib/save-file.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { NightlyChart } from "./nightly-chart.tsx";
import { type Range, monthOf, rangePresets } from "./report-range.ts";
import { CityTaxReturn, TaxesAndExtras } from "./taxes-report.tsx";
import { useRevenueReport } from "./use-revenue-reports.ts";

function formatPercent(percent: number): string {
  return new Intl.NumberFormat(formatLocale(), { style: "percent", maximumFractionDigits: 1 }).format(percent / 100);
}

function formatDecimal(value: number): string {
  return new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 1 }).format(value);
}

/** The quick ranges' names (report-range.ts), one literal each. */
function presetLabel(label: string, t: TFunction): string {
  switch (label) {
    case "This month":
      return t("This month");
    case "Last month":
      return t("Last month");
    case "Next month":
      return t("Next month");
    case "Last 30 days":
      return t("Last 30 days");
    case "Year to date":
      return t("Year to date");
    default:
      return label;
  }
}

function channelLabel(channel: ReportChannel, t: TFunction): string {
  switch (channel) {
    case "own_site":
      return t("Own site");
    case "front_desk":
      return t("Front desk (phone)");
    case "channel":
      return t("Channel API");
    case "calendar":
      return t("Imported calendar");
    case "partner":
      return t("Partner (wholesaler)");
  }
}

/** The hotel in the address, or null for "all hotels"; undefined when the address holds no valid id. */
function useHotelId(): number | null | undefined {
  const { hotelId } = useParams();
  if (hotelId === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(hotelId) ? Number(hotelId) : undefined;
}

function RangeForm({ applied, onApply }: { applied: Range; onApply: (range: Range) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromId = useId();
  const toId = useId();
  const errorId = useId();

  function apply(range: Range) {
    const check = ReportRange.safeParse(range);
    if (!check.success) {
      const found: { from?: string; to?: string } = {};
      for (const issue of check.error.issues) {
        const field = issue.path[0] === "from" ? "from" : "to";
        found[field] ??= fieldMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setDraft(range);
    onApply(range);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  const message = errors.from ?? errors.to;
  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 md:flex-row md:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={fromId}>{t("First night")}</Label>
          <Input
            id={fromId}
            type="date"
            value={draft.from}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? errorId : undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={toId}>{t("Last night")}</Label>
          <Input
            id={toId}
            type="date"
            value={draft.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? errorId : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <Button type="submit">{t("Show report")}</Button>
      </form>
      {message ? (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t("Quick ranges")}>
        {rangePresets(todayLocal()).map((preset) => {
          const active = preset.range.from === applied.from && preset.range.to === applied.to;
          return (
            <Button
              key={preset.label}
              size="sm"
              variant={active ? "primary" : "secondary"}
              aria-pressed={active}
              onClick={() => apply(preset.range)}
            >
              {presetLabel(preset.label, t)}
            </Button>
          );
        })}
      </div>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <Card className="p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{detail}</dd>
    </Card>
  );
}

function Figures({ report }: { report: RevenueReport }) {
  const { t } = useTranslation();
  const totals = report.totals;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label={t("Occupancy")}
        value={formatPercent(totals.occupancyPercent)}
        detail={t("{{sold}} of {{available}} room-nights sold", {
          sold: formatCount(totals.soldRoomNights),
          available: formatCount(totals.availableRoomNights),
        })}
      />
      <Figure label={t("Room revenue")} value={formatMoney(totals.roomRevenueCents)} detail={t("Confirmed, paid stays, night by night")} />
      <Figure label={t("ADR")} value={formatMoney(totals.adrCents)} detail={t("Average daily rate: revenue per room-night sold")} />
      <Figure label={t("RevPAR")} value={formatMoney(totals.revparCents)} detail={t("Revenue per room-night available")} />
      <Figure
        label={t("Average length of stay")}
        value={t("{{value}} nights", { value: formatDecimal(totals.averageLengthOfStayNights) })}
        detail={t("Over {{count, number}} paid arrivals", { count: totals.arrivals })}
      />
      <Figure
        label={t("Booking lead time")}
        value={t("{{value}} days", { value: formatDecimal(totals.averageLeadTimeDays) })}
        detail={t("Average, from booking to check-in")}
      />
      <Figure
        label={t("Cancellations")}
        value={formatCount(totals.cancellations)}
        detail={t("{{percent}} of {{count, number}} bookings arriving in the range", {
          percent: formatPercent(totals.cancellationPercent),
          count: totals.bookingsMade,
        })}
      />
      <Figure
        label={t("Hotels")}
        value={formatCount(report.hotelCount)}
        detail={report.hotel ? `${report.hotel.name}, ${report.hotel.city}` : t("In your reports")}
      />
    </dl>
  );
}

/** A table's first column stays in view while a phone scrolls the figures sideways. */
const STICKY = "sticky left-0 z-10 bg-white";
/** The tables' sideways scroller: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */
const SCROLLER = "mt-4 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Rows shown before "Show all": a chain's report lists up to 100 room types. */
const FIRST_ROWS = 10;

function RoomTypeTable({ report }: { report: RevenueReport }) {
  const { t } = useTranslation();
  const { rows: allRows, total } = report.roomTypes;
  const [expanded, setExpanded] = useState(false);
  const rows = expanded ? allRows : allRows.slice(0, FIRST_ROWS);
  const allHotels = report.hotel === null;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("By room type")}</h2>
      {total > allRows.length ? (
        <p className="mt-1 text-sm text-slate-600">
          {t("The {{shown}} best-earning of {{total}} room types.", { shown: formatCount(allRows.length), total: formatCount(total) })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon={BarChart3} title={t("No room types")}>
          {t("Rooms appear here once a hotel has room types.")}
        </EmptyState>
      ) : (
        <div className={SCROLLER} tabIndex={0} role="region" aria-label={t("By room type")}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {allHotels ? (
                  <th scope="col" className={cn(STICKY, "py-2 pr-3 font-medium")}>
                    {t("Hotel")}
                  </th>
                ) : null}
                <th scope="col" className={cn(!allHotels && STICKY, "py-2 pr-3 font-medium")}>
                  {t("Room type")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Sold / available")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Occupancy")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("ADR")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("Revenue")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.roomTypeId}>
                  {allHotels ? (
                    <td className={cn(STICKY, "py-2 pr-3")}>
                      <Link to={`/admin/hotels/${row.hotelId}/reports`} className="font-medium text-brand-700 hover:underline">
                        {row.hotelName}
                      </Link>
                    </td>
                  ) : null}
                  <td className={cn(!allHotels && STICKY, "py-2 pr-3 text-slate-900")}>{row.roomType}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatCount(row.soldRoomNights)} / {formatCount(row.availableRoomNights)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPercent(row.occupancyPercent)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(row.adrCents)}</td>
                  <td className="py-2 text-right font-medium tabular-nums text-slate-900">{formatMoney(row.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {allRows.length > FIRST_ROWS ? (
            <Button variant="ghost" size="sm" className="mt-2" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t("Show fewer") : t("Show all {{count, number}} room types", { count: allRows.length })}
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function ChannelTable({ report }: { report: RevenueReport }) {
  const { t } = useTranslation();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("By channel")}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          "Front desk bookings were taken by staff on a guest's behalf (by phone). Partner bookings are the wholesaler's hotels: they are not in occupancy, ADR or RevPAR.",
        )}
      </p>
      <div className={SCROLLER} tabIndex={0} role="region" aria-label={t("By channel")}>
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={cn(STICKY, "py-2 pr-3 font-medium")}>
                {t("Channel")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t("Bookings")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t("Room-nights")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t("Share")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("Revenue")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.channels.map((row) => (
              <tr key={row.channel}>
                <th scope="row" className={cn(STICKY, "py-2 pr-3 font-normal text-slate-900")}>
                  {channelLabel(row.channel, t)}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.bookings)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.soldRoomNights)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatPercent(row.revenueSharePercent)}
                  {/* The share as a bar: the chart of revenue by channel (the figure beside it says the same). */}
                  <span aria-hidden="true" className="mt-1 ml-auto block h-1.5 w-24 overflow-hidden rounded-full bg-slate-100">
                    <span
                      className="block h-full rounded-full bg-brand-600"
                      style={{ width: `${Math.min(100, row.revenueSharePercent)}%` }}
                    />
                  </span>
                </td>
                <td className="py-2 text-right font-medium tabular-nums text-slate-900">{formatMoney(row.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function DownloadCsvButton({ range, hotelId }: { range: Range; hotelId: number | null }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchRevenueReportCsv({ ...range, hotelId });
      saveBlob(blob, filename);
      toast.success(i18next.t("Report downloaded"));
    } catch (error) {
      toast.error(i18next.t("Failed to download the report: {{message}}", { message: (error as Error).message }));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
      {downloading ? <Spinner /> : <Download aria-hidden="true" />}
      {t("Download CSV")}
    </Button>
  );
}

/** Revenue figures for one hotel (/admin/hotels/:hotelId/reports) or every hotel the signed-in staff member runs (/admin/reports). */
export function RevenueReportsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const hotelId = useHotelId();
  const [params, setParams] = useSearchParams();
  const fallback = monthOf(todayLocal());
  const range: Range = { from: params.get("from") ?? fallback.from, to: params.get("to") ?? fallback.to };
  const valid = ReportRange.safeParse(range).success;
  const report = useRevenueReport(valid && hotelId !== undefined ? { ...range, hotelId } : null);
  const data = report.data;
  useDocumentTitle(data?.hotel ? t("Revenue report: {{hotel}}", { hotel: data.hotel.name }) : t("Revenue report"));

  if (hotelId === undefined) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <LoadFailed layout="page" title={t("Hotel not found")} error={new Error(t("This address does not name a hotel."))} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {/* A manager has no back office (/admin is for admins): their way back is the hotels they manage. */}
      <PageHeader
        back={
          hotelId !== null
            ? { to: "/admin/reports", label: t("All hotels report") }
            : user?.isAdmin
              ? { to: "/admin", label: t("Back office") }
              : { to: "/admin/hotels", label: t("Hotels") }
        }
        title={
          hotelId === null
            ? t("Revenue report: all hotels")
            : data?.hotel
              ? t("Revenue report: {{hotel}}", { hotel: data.hotel.name })
              : t("Revenue report")
        }
        description={
          <>
            {valid ? `${t("Nights of {{range}}.", { range: formatDateRange(range.from, range.to) })} ` : null}
            {t("Only confirmed, paid stays count as sold; unpaid holds never do.")}
          </>
        }
        actions={
          <>
            {hotelId !== null ? (
              <Button asChild variant="secondary">
                <Link to={`/admin/hotels/${hotelId}/ical`}>
                  <CalendarDays aria-hidden="true" />
                  {t("Calendar links")}
                </Link>
              </Button>
            ) : null}
            {valid ? <DownloadCsvButton range={range} hotelId={hotelId} /> : null}
          </>
        }
      />

      <RangeForm key={`${range.from}/${range.to}`} applied={range} onApply={(next) => setParams(next)} />

      <div aria-live="polite" aria-busy={report.isFetching || undefined} className="space-y-6">
        {!valid ? null : report.isPending ? (
          <Loading rows={6} rowClassName="h-24 w-full" />
        ) : report.isError && !data ? (
          <LoadFailed
            layout="panel"
            title={t("Failed to load the report")}
            error={report.error}
            retrying={report.isFetching}
            onRetry={() => void report.refetch()}
          />
        ) : data ? (
          <>
            <Figures report={data} />
            <div className="grid gap-6 lg:grid-cols-2">
              <NightlyChart
                title={t("Revenue by night")}
                nights={data.daily}
                value={(night) => night.revenueCents}
                format={formatMoney}
                summary={formatMoney(data.totals.roomRevenueCents)}
              />
              <NightlyChart
                title={t("Occupancy by night")}
                nights={data.daily}
                value={(night) => night.occupancyPercent}
                format={formatPercent}
                summary={t("{{percent}} over the range", { percent: formatPercent(data.totals.occupancyPercent) })}
                max={100}
              />
            </div>
            <RoomTypeTable report={data} />
            <ChannelTable report={data} />
            <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
              <TaxesAndExtras report={data} />
              <CityTaxReturn range={range} hotelId={hotelId} />
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
