import { useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { X } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { formatDate } from "../../lib/format.ts";
import type { BookingFilters } from "./use-my-bookings.ts";
import type { TFunction } from "../../lib/i18n.ts";

type BookingFilterBarProps = {
  filters: BookingFilters;
  onChange: (filters: BookingFilters) => void;
};

function describe({ checkInFrom, checkOutTo }: BookingFilters, t: TFunction): string | null {
  const from = checkInFrom ? formatDate(checkInFrom) : null;
  const to = checkOutTo ? formatDate(checkOutTo) : null;
  if (from && to) return t("Showing stays checking in on or after {{from}} and checking out on or before {{to}}.", { from, to });
  if (from) return t("Showing stays checking in on or after {{from}}.", { from });
  if (to) return t("Showing stays checking out on or before {{to}}.", { to });
  return null;
}

/** Spec: single dates; check-in 'on or after' the first, check-out 'on or before' the second. */
export function BookingFilterBar({ filters, onChange }: BookingFilterBarProps) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  const summary = describe(filters, t);
  const active = Boolean(filters.checkInFrom || filters.checkOutTo);
  return (
    <div className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-[0_1px_3px_rgb(15_23_42/0.06)]">
      <form
        role="search"
        aria-label={t("Filter bookings")}
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-2 items-end gap-3 sm:flex"
      >
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor={fromId}>{t("Check-in from")}</Label>
          <Input
            id={fromId}
            type="date"
            value={filters.checkInFrom}
            max={filters.checkOutTo || undefined}
            onChange={(event) => onChange({ ...filters, checkInFrom: event.target.value })}
          />
        </div>
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor={toId}>{t("Check-out until")}</Label>
          <Input
            id={toId}
            type="date"
            value={filters.checkOutTo}
            min={filters.checkInFrom || undefined}
            onChange={(event) => onChange({ ...filters, checkOutTo: event.target.value })}
          />
        </div>
        {active ? (
          <Button
            variant="ghost"
            className="col-span-2 justify-self-start sm:col-span-1"
            onClick={() => onChange({ checkInFrom: "", checkOutTo: "" })}
          >
            <X aria-hidden="true" />
            {t("Clear")}
          </Button>
        ) : null}
      </form>
      {/* Always rendered: a live region only announces changes if it existed before them. */}
      <p role="status" className={summary ? "mt-3 text-sm text-slate-600" : "sr-only"}>
        {summary}
      </p>
    </div>
  );
}
