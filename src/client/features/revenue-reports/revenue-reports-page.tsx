import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { BarChart3, CalendarDays, ChevronLeft, Download } from "lucide-react";
import { todayLocal } from "../../../shared/dates.ts";
import { ReportRange } from "../../../shared/revenue-reports.ts";
import { type RevenueReport, fetchRevenueReportCsv } from "../../api/revenue-reports.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatCount, formatDateRange, formatMoney } from "../../lib/format.ts";
import { saveBlob } from "../../lib/save-file.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { NightlyChart } from "./nightly-chart.tsx";
import { type Range, monthOf, rangePresets } from "./report-range.ts";
import { useRevenueReport } from "./use-revenue-reports.ts";

function formatPercent(percent: number): string {
  return new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 }).format(percent / 100);
}

function formatDecimal(value: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(value);
}

/** The hotel in the address, or null for "all hotels"; undefined when the address holds no valid id. */
function useHotelId(): number | null | undefined {
  const { hotelId } = useParams();
  if (hotelId === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(hotelId) ? Number(hotelId) : undefined;
}

function RangeForm({ applied, onApply }: { applied: Range; onApply: (range: Range) => void }) {
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
        found[field] ??= issue.message;
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
          <Label htmlFor={fromId}>First night</Label>
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
          <Label htmlFor={toId}>Last night</Label>
          <Input
            id={toId}
            type="date"
            value={draft.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? errorId : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <Button type="submit">Show report</Button>
      </form>
      {message ? (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
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
              {preset.label}
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
  const t = report.totals;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label="Occupancy"
        value={formatPercent(t.occupancyPercent)}
        detail={`${formatCount(t.soldRoomNights)} of ${formatCount(t.availableRoomNights)} room-nights sold`}
      />
      <Figure label="Room revenue" value={formatMoney(t.roomRevenueCents)} detail="Confirmed, paid stays, night by night" />
      <Figure label="ADR" value={formatMoney(t.adrCents)} detail="Average daily rate: revenue per room-night sold" />
      <Figure label="RevPAR" value={formatMoney(t.revparCents)} detail="Revenue per room-night available" />
      <Figure
        label="Average length of stay"
        value={`${formatDecimal(t.averageLengthOfStayNights)} nights`}
        detail={`Over ${formatCount(t.arrivals)} paid ${t.arrivals === 1 ? "arrival" : "arrivals"}`}
      />
      <Figure label="Booking lead time" value={`${formatDecimal(t.averageLeadTimeDays)} days`} detail="Average, from booking to check-in" />
      <Figure
        label="Cancellations"
        value={formatCount(t.cancellations)}
        detail={`${formatPercent(t.cancellationPercent)} of ${formatCount(t.bookingsMade)} bookings arriving in the range`}
      />
      <Figure
        label="Hotels"
        value={formatCount(report.hotelCount)}
        detail={report.hotel ? `${report.hotel.name}, ${report.hotel.city}` : "In your reports"}
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
  const { rows: allRows, total } = report.roomTypes;
  const [expanded, setExpanded] = useState(false);
  const rows = expanded ? allRows : allRows.slice(0, FIRST_ROWS);
  const allHotels = report.hotel === null;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">By room type</h2>
      {total > allRows.length ? (
        <p className="mt-1 text-sm text-slate-600">
          The {formatCount(allRows.length)} best-earning of {formatCount(total)} room types.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon={BarChart3} title="No room types">
          Rooms appear here once a hotel has room types.
        </EmptyState>
      ) : (
        <div className={SCROLLER} tabIndex={0} role="region" aria-label="By room type">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {allHotels ? (
                  <th scope="col" className={cn(STICKY, "py-2 pr-3 font-medium")}>
                    Hotel
                  </th>
                ) : null}
                <th scope="col" className={cn(!allHotels && STICKY, "py-2 pr-3 font-medium")}>
                  Room type
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Sold / available
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Occupancy
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  ADR
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Revenue
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
              {expanded ? "Show fewer" : `Show all ${formatCount(allRows.length)} room types`}
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function ChannelTable({ report }: { report: RevenueReport }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">By channel</h2>
      <p className="mt-1 text-sm text-slate-600">
        Front desk bookings were taken by staff on a guest&apos;s behalf (by phone). Partner bookings are the wholesaler&apos;s hotels: they
        are not in occupancy, ADR or RevPAR.
      </p>
      <div className={SCROLLER} tabIndex={0} role="region" aria-label="By channel">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={cn(STICKY, "py-2 pr-3 font-medium")}>
                Channel
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Bookings
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Room-nights
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Share
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.channels.map((row) => (
              <tr key={row.channel}>
                <th scope="row" className={cn(STICKY, "py-2 pr-3 font-normal text-slate-900")}>
                  {row.label}
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
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchRevenueReportCsv({ ...range, hotelId });
      saveBlob(blob, filename);
      toast.success("Report downloaded");
    } catch (error) {
      toast.error(`Failed to download the report: ${(error as Error).message}`);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
      {downloading ? <Spinner /> : <Download aria-hidden="true" />}
      Download CSV
    </Button>
  );
}

/** Revenue figures for one hotel (/admin/hotels/:hotelId/reports) or every hotel the signed-in staff member runs (/admin/reports). */
export function RevenueReportsPage() {
  const hotelId = useHotelId();
  const [params, setParams] = useSearchParams();
  const fallback = monthOf(todayLocal());
  const range: Range = { from: params.get("from") ?? fallback.from, to: params.get("to") ?? fallback.to };
  const valid = ReportRange.safeParse(range).success;
  const report = useRevenueReport(valid && hotelId !== undefined ? { ...range, hotelId } : null);
  const data = report.data;
  useDocumentTitle(data?.hotel ? `Revenue report: ${data.hotel.name}` : "Revenue report");

  if (hotelId === undefined) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <LoadFailed layout="page" title="Hotel not found" error={new Error("This address does not name a hotel.")} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <Link
          to={hotelId === null ? "/admin" : "/admin/reports"}
          className="-ml-2 mb-2 inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {hotelId === null ? "Back office" : "All hotels report"}
        </Link>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {hotelId === null ? "Revenue report: all hotels" : data?.hotel ? `Revenue report: ${data.hotel.name}` : "Revenue report"}
            </h1>
            <p className="mt-2 max-w-2xl text-slate-600">
              {valid ? `Nights of ${formatDateRange(range.from, range.to)}. ` : null}Only confirmed, paid stays count as sold; unpaid holds
              never do.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {hotelId !== null ? (
              <Button asChild variant="secondary">
                <Link to={`/admin/hotels/${hotelId}/ical`}>
                  <CalendarDays aria-hidden="true" />
                  Calendar links
                </Link>
              </Button>
            ) : null}
            {valid ? <DownloadCsvButton range={range} hotelId={hotelId} /> : null}
          </div>
        </div>
      </header>

      <RangeForm key={`${range.from}/${range.to}`} applied={range} onApply={(next) => setParams(next)} />

      <div aria-live="polite" aria-busy={report.isFetching || undefined} className="space-y-6">
        {!valid ? null : report.isPending ? (
          <Loading rows={6} rowClassName="h-24 w-full" />
        ) : report.isError && !data ? (
          <LoadFailed
            layout="panel"
            title="Failed to load the report"
            error={report.error}
            retrying={report.isFetching}
            onRetry={() => void report.refetch()}
          />
        ) : data ? (
          <>
            <Figures report={data} />
            <div className="grid gap-6 lg:grid-cols-2">
              <NightlyChart
                title="Revenue by night"
                nights={data.daily}
                value={(night) => night.revenueCents}
                format={formatMoney}
                summary={formatMoney(data.totals.roomRevenueCents)}
              />
              <NightlyChart
                title="Occupancy by night"
                nights={data.daily}
                value={(night) => night.occupancyPercent}
                format={formatPercent}
                summary={`${formatPercent(data.totals.occupancyPercent)} over the range`}
                max={100}
              />
            </div>
            <RoomTypeTable report={data} />
            <ChannelTable report={data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
