import { useMemo, useState } from "react";
import { List, Map as MapIcon } from "lucide-react";
import type { HotelSummary, Stay } from "../../../shared/search.ts";
import { HotelMap, type MapPin } from "../../components/hotel-map.tsx";
import { cn } from "../../lib/cn.ts";
import { useDisplayMoney } from "../../lib/display-currency.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { hotelPath } from "../../lib/stay.ts";
import { HotelGrid } from "./hotel-grid.tsx";
import type { ResultsView } from "./view-mode.ts";

/** List / Map: two toggle buttons; the choice lives in the address. */
export function ViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  const { t } = useTranslation();
  const options = [
    { value: "list", label: t("List"), Icon: List },
    { value: "map", label: t("Map"), Icon: MapIcon },
  ] as const;
  return (
    <div role="group" aria-label={t("Show results as")} className="flex h-11 rounded-xl border border-slate-300 bg-white p-1">
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            "flex items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
            view === value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

/** The hotels of the page that can be placed: a partner may not say where a hotel is. */
function pinsFor(t: TFunction, hotels: HotelSummary[], stay: Stay, money: (cents: number, currency: string) => string): MapPin[] {
  return hotels.flatMap((hotel) =>
    hotel.lat === null || hotel.lng === null
      ? []
      : [
          {
            id: hotel.id,
            lat: hotel.lat,
            lng: hotel.lng,
            name: hotel.name,
            label: money(hotel.priceCents, hotel.currency),
            detail: t("{{price}} per night · {{city}}", { price: money(hotel.priceCents, hotel.currency), city: hotel.city }),
            href: hotelPath(hotel.id, stay),
          },
        ],
  );
}

/**
 * The map view: the page's hotels as cards beside a map with a price pin each; a pin and its card
 * highlight each other. The cards come first in the page, as they are drawn on a wide screen (the
 * list on the left, the map on the right), so Tab reaches the cards before the pins; a narrow
 * screen draws the map above the list.
 */
export function ResultsMap({ hotels, stay, busy, label }: { hotels: HotelSummary[]; stay: Stay; busy: boolean; label: string }) {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const { t } = useTranslation();
  const { format } = useDisplayMoney();
  const pins = useMemo(() => pinsFor(t, hotels, stay, (cents, currency) => format(cents, currency).text), [t, hotels, stay, format]);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <HotelGrid
        hotels={hotels}
        stay={stay}
        busy={busy}
        highlightedId={highlightedId}
        onHighlight={setHighlightedId}
        className="sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-1"
      />
      <HotelMap
        pins={pins}
        label={label}
        highlightedId={highlightedId}
        onHighlight={setHighlightedId}
        className="order-first h-[55vh] min-h-72 lg:sticky lg:top-20 lg:order-none lg:h-[calc(100vh-7rem)]"
      />
    </div>
  );
}
