import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BedDouble, ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useParams } from "react-router";
import { todayLocal } from "../../../shared/dates.ts";
import { calendarMonthQueryOptions } from "../../api/rate-calendar.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { formatLocale } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { CalendarConflictsPanel } from "../../components/calendar-conflicts-panel.tsx";
import { CalendarGrid } from "./calendar-grid.tsx";
import { type RangeDraft, RangeEditor } from "./range-editor.tsx";

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** A hotel's rates and availability, a month at a time, with a range editor (decision 020). */
export function RateCalendarPage() {
  const { t } = useTranslation();
  const { hotelId = "" } = useParams();
  const [month, setMonth] = useState(() => todayLocal().slice(0, 7));
  const calendar = useQuery({
    ...calendarMonthQueryOptions(hotelId, month),
    placeholderData: (previous) => previous,
  });
  const [draft, setDraft] = useState<RangeDraft | null>(null);
  useDocumentTitle(calendar.data ? t("Rates calendar · {{hotel}}", { hotel: calendar.data.hotelName }) : t("Rates calendar"));
  const monthFormat = new Intl.DateTimeFormat(formatLocale(), { month: "long", year: "numeric", timeZone: "UTC" });
  const monthLabel = monthFormat.format(new Date(`${month}-01T00:00:00Z`));
  const data = calendar.data;
  const current: RangeDraft = draft ?? {
    roomTypeIds: data?.roomTypes.map((r) => r.id) ?? [],
    from: todayLocal() > `${month}-01` ? todayLocal() : `${month}-01`,
    to: data?.roomTypes[0]?.nights.at(-1)?.night ?? `${month}-28`,
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="text-sm">
        <Link to={`/admin/hotels/${encodeURIComponent(hotelId)}`} className="text-brand-700 underline-offset-2 hover:underline">
          {t("Back to the hotel")}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("Rates and availability")}</h1>
          <p className="mt-1 text-sm text-slate-600">{data ? data.hotelName : "\u00a0"}</p>
        </div>
        <div className="flex items-center gap-2" role="group" aria-label={t("Month")}>
          <Button variant="secondary" size="icon" onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t("Previous month")}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="min-w-36 text-center font-semibold text-slate-900" aria-live="polite">
            {monthLabel}
          </p>
          <Button variant="secondary" size="icon" onClick={() => setMonth(shiftMonth(month, 1))} aria-label={t("Next month")}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <CalendarConflictsPanel hotelId={Number(hotelId) || 0} />
        {calendar.isPending ? (
          <Loading rows={4} rowClassName="h-16 w-full" className="space-y-2" />
        ) : calendar.isError ? (
          <LoadFailed
            title={t("Failed to load the calendar")}
            error={calendar.error}
            onRetry={() => void calendar.refetch()}
            retrying={calendar.isFetching}
            layout="panel"
          />
        ) : data && data.roomTypes.length === 0 ? (
          <EmptyState icon={BedDouble} title={t("No room types yet")}>
            {t("Add a room type to this hotel to set its rates.")}
          </EmptyState>
        ) : data ? (
          <>
            <p className="text-sm text-slate-600">
              {t("Arrow keys move between nights and room types; Enter picks a night to change below.")}
            </p>
            {/* Keyed by the month shown: another month opens at its start (or today), with its own tab stop,
                not scrolled to where the last month was left. */}
            <CalendarGrid
              key={data.roomTypes[0]?.nights[0]?.night}
              data={data}
              onPick={(roomTypeId, night) => {
                setDraft({ roomTypeIds: [roomTypeId], from: night, to: night });
                document.getElementById("range-editor-title")?.scrollIntoView({ behavior: "smooth", block: "start" });
              }}
            />
            <RangeEditor hotelId={hotelId} data={data} draft={current} onDraftChange={setDraft} />
          </>
        ) : null}
      </div>
    </div>
  );
}
