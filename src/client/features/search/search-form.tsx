import { useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import type { Stay } from "../../../shared/search.ts";
import { DateRangePicker } from "../../components/date-range-picker.tsx";
import { GuestsRoomsPicker } from "../../components/guests-rooms-select.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { readDestination, readStay } from "../../../shared/search-address.ts";
import { writeStay } from "../../lib/stay.ts";
import { DestinationCombobox } from "./destination-combobox.tsx";

const fieldLabel = "pointer-events-none absolute top-2 z-10 text-xs font-medium text-slate-600";

/** The hero search: destination, dates and party. Submitting puts the search in the address. */
export function SearchForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const destinationId = useId();

  const urlDestination = readDestination(params);
  const urlStay = readStay(params);
  const urlKey = [urlDestination, urlStay.checkIn, urlStay.checkOut, urlStay.guests, urlStay.childAges.join(","), urlStay.rooms].join("|");
  const [syncedKey, setSyncedKey] = useState(urlKey);
  const [destination, setDestination] = useState(urlDestination);
  const [stay, setStay] = useState<Stay>(urlStay);
  // Back/Forward or a link changed the search: show it instead of what was typed before.
  if (syncedKey !== urlKey) {
    setSyncedKey(urlKey);
    setDestination(urlDestination);
    setStay(urlStay);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Filters and sort carry over to the new search; paging starts again.
    const next = new URLSearchParams(params);
    next.delete("page");
    next.set("destination", destination.trim());
    writeStay(next, stay);
    // The form may unmount (the landing page, the compact form collapsing): the results take the focus instead of the page body.
    void navigate({ pathname: "/", search: `?${next.toString()}` }, { state: { focusResults: true } });
  }

  return (
    <form
      role="search"
      aria-label={t("Search hotels")}
      onSubmit={handleSubmit}
      className={cn(
        "grid gap-3 rounded-2xl border border-slate-200/80 bg-white p-3 shadow-[0_1px_3px_rgb(15_23_42/0.06),0_16px_40px_-16px_rgb(15_23_42/0.3)] sm:p-4",
        "md:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_minmax(0,1fr)_auto]",
        className,
      )}
    >
      <div className="relative md:col-span-2 lg:col-span-1">
        <label htmlFor={destinationId} className={cn(fieldLabel, "left-10")}>
          {t("Destination")}
        </label>
        <DestinationCombobox id={destinationId} value={destination} onValueChange={setDestination} />
      </div>
      <DateRangePicker
        checkIn={stay.checkIn}
        checkOut={stay.checkOut}
        onChange={(checkIn, checkOut) => setStay((current) => ({ ...current, checkIn, checkOut }))}
      />
      <GuestsRoomsPicker
        party={stay}
        onPartyChange={(party) => setStay((current) => ({ ...current, ...party }))}
        labelClassName={cn(fieldLabel, "left-10")}
        className="h-14 rounded-xl pt-5 font-semibold hover:border-slate-400"
      />
      <Button type="submit" size="lg" className="h-14 rounded-xl px-7 md:col-span-2 lg:col-span-1">
        <Search aria-hidden="true" />
        {t("Search")}
      </Button>
    </form>
  );
}
