import { useId, useState } from "react";
import { BedDouble, X } from "lucide-react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDateRange, formatLocale } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { errorText } from "../../lib/error-text.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useHotelOptions, useOccupancy } from "./use-admin-dashboard.ts";

const WINDOWS = [7, 30, 90] as const;

/** Small shares (0.03 %) would round to 0 % with one decimal, so they keep two. */
function formatPercent(percent: number): string {
  return new Intl.NumberFormat(formatLocale(), { style: "percent", maximumFractionDigits: percent > 0 && percent < 1 ? 2 : 1 }).format(
    percent / 100,
  );
}

type ChosenHotel = { id: number; name: string; city: string };

/** Picks one hotel by name or city; a catalogue of millions cannot be a drop-down. */
function HotelPicker({ onChoose }: { onChoose: (hotel: ChosenHotel) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), 300);
  const options = useHotelOptions(search);
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{t("Hotel")}</Label>
      <Input
        id={inputId}
        type="search"
        placeholder={t("All hotels: type a name or city")}
        aria-describedby={hintId}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="sr-only">
        {t("Type at least 3 characters, then choose a hotel from the list below.")}
      </p>
      {search.length >= 3 ? (
        options.isPending ? (
          <p className="text-sm text-slate-600">{t("Searching...")}</p>
        ) : options.isError ? (
          <p className="text-sm text-red-700">
            {t("Could not search hotels: {{message}}", { message: errorText(options.error, t("Something went wrong")) })}
          </p>
        ) : options.data.hotels.length === 0 ? (
          <p className="text-sm text-slate-600">{t("No hotel matches “{{search}}”.", { search })}</p>
        ) : (
          <ul
            aria-label={t("Matching hotels")}
            className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white"
          >
            {options.data.hotels.map((hotel) => (
              <li key={hotel.id}>
                <button
                  type="button"
                  className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
                  onClick={() => {
                    onChoose(hotel);
                    setText("");
                  }}
                >
                  <span className="font-medium text-slate-900">{hotel.name}</span>
                  <span className="text-slate-600">
                    {" "}
                    · {hotel.city}, {hotel.country}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** Occupancy of the coming nights for all hotels or one, with the room-nights behind the percentage. */
export function OccupancyPanel() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const [hotel, setHotel] = useState<ChosenHotel | null>(null);
  const occupancy = useOccupancy(days, hotel?.id ?? null);
  const windowId = useId();
  const data = occupancy.data;

  return (
    <Card aria-labelledby="occupancy-heading" role="region" className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="occupancy-heading" className="text-sm font-medium text-slate-600">
          {t("Occupancy")}
        </h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100 [&_svg]:size-4.5">
          <BedDouble aria-hidden="true" />
        </span>
      </div>

      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div aria-live="polite" aria-busy={occupancy.isFetching || undefined}>
          {occupancy.isPending ? (
            <div aria-hidden="true" className="space-y-3">
              <Skeleton className="h-9 w-24" />
              <Skeleton className="h-2 w-full" />
              <Skeleton className="h-4 w-56" />
            </div>
          ) : occupancy.isError && !data ? (
            <Alert variant="error">
              {t("Failed to load the occupancy: {{message}}", { message: errorText(occupancy.error, t("Something went wrong")) })}
            </Alert>
          ) : data ? (
            <>
              <p className="text-3xl font-bold tracking-tight text-slate-900">{formatPercent(data.percent)}</p>
              <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
                {/* At least a sliver, so a tiny but non-zero occupancy is still visible. */}
                <div
                  className="h-full rounded-full bg-brand-600"
                  style={{ width: data.percent > 0 ? `max(0.25rem, ${Math.min(100, data.percent)}%)` : 0 }}
                />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-slate-600">{t("Room-nights sold")}</dt>
                  <dd className="font-semibold text-slate-900">{formatCount(data.soldRoomNights)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("Room-nights available")}</dt>
                  <dd className="font-semibold text-slate-900">{formatCount(data.availableRoomNights)}</dd>
                </div>
              </dl>
              <p className="mt-3 text-sm text-slate-600">
                {data.hotel ? `${data.hotel.name}, ${data.hotel.city}` : t("All our hotels")} ·{" "}
                {t("nights of {{range}}", { range: formatDateRange(data.from, data.to) })}
              </p>
            </>
          ) : null}
        </div>

        <div className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={windowId}>{t("Window")}</Label>
            <NativeSelect id={windowId} value={String(days)} onChange={(event) => setDays(Number(event.target.value))}>
              {WINDOWS.map((value) => (
                <option key={value} value={value}>
                  {t("Next {{days}} days", { days: value })}
                </option>
              ))}
            </NativeSelect>
          </div>
          {hotel ? (
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-slate-900">{t("Hotel")}</p>
              <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                <span className="min-w-0 font-medium text-slate-900">
                  {hotel.name} <span className="font-normal text-slate-600">· {hotel.city}</span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => setHotel(null)}>
                  <X aria-hidden="true" />
                  {t("All hotels")}
                </Button>
              </div>
            </div>
          ) : (
            <HotelPicker onChoose={setHotel} />
          )}
        </div>
      </div>
    </Card>
  );
}
