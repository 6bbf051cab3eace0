import { useState, type CSSProperties } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import { de } from "react-day-picker/locale/de";
import { es } from "react-day-picker/locale/es";
import "react-day-picker/style.css";
import { addDays, countNights } from "../../shared/dates.ts";
import { MAX_NIGHTS } from "../../shared/search-options.ts";
import { formatShortDay, isoToLocalDate, localDateToIso } from "../lib/format.ts";
import { useTranslation } from "../lib/i18n.ts";
import { useMediaQuery } from "../lib/use-media-query.ts";

const calendarTheme = {
  "--rdp-accent-color": "var(--color-brand-700)",
  "--rdp-accent-background-color": "var(--color-brand-50)",
  "--rdp-today-color": "var(--color-brand-800)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
  "--rdp-months-gap": "1.5rem",
} as CSSProperties;

// Month and weekday names and the calendar's own labels; English is react-day-picker's default.
const CALENDAR_LOCALES = { es, de } as const;

type DateRangeCalendarProps = {
  checkIn: string;
  checkOut: string;
  today: string;
  /** Called once both dates are chosen. */
  onComplete: (checkIn: string, checkOut: string) => void;
};

/**
 * Two clicks make a stay: the first picks check-in, the second check-out. While check-out is being
 * picked, days beyond the longest allowed stay are disabled, and past days always are.
 */
export function DateRangeCalendar({ checkIn, checkOut, today, onComplete }: DateRangeCalendarProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<{ from: string; to: string | null }>({ from: checkIn, to: checkOut });
  const twoMonths = useMediaQuery("(min-width: 768px)");
  const pickingCheckOut = draft.to === null;

  const disabled: Matcher[] = [{ before: isoToLocalDate(today) }];
  if (pickingCheckOut) disabled.push({ after: isoToLocalDate(addDays(draft.from, MAX_NIGHTS)) });

  function handleSelect(day: Date) {
    const iso = localDateToIso(day);
    // ISO dates compare correctly as strings.
    if (pickingCheckOut && iso > draft.from) {
      onComplete(draft.from, iso);
      return;
    }
    setDraft({ from: iso, to: null });
  }

  return (
    <div>
      <DayPicker
        mode="range"
        {...(i18n.resolvedLanguage === "en" ? {} : { locale: CALENDAR_LOCALES[i18n.resolvedLanguage] })}
        required
        selected={{ from: isoToLocalDate(draft.from), to: draft.to === null ? undefined : isoToLocalDate(draft.to) }}
        onSelect={(_range, day) => handleSelect(day)}
        disabled={disabled}
        numberOfMonths={twoMonths ? 2 : 1}
        defaultMonth={isoToLocalDate(draft.from)}
        startMonth={isoToLocalDate(today)}
        autoFocus
        className="text-sm"
        // Inline, because react-day-picker's unlayered stylesheet would beat Tailwind's layered utilities.
        style={calendarTheme}
      />
      <p aria-live="polite" className="mt-2 border-t border-slate-200 px-1 pt-3 text-sm text-slate-700">
        {pickingCheckOut
          ? t("Check-in {{date}}. Now select your check-out date (at most {{max}} nights).", {
              date: formatShortDay(draft.from),
              max: MAX_NIGHTS,
            })
          : t("{{count}} nights selected. Select a new check-in date to change.", {
              count: countNights(draft.from, draft.to ?? draft.from),
            })}
      </p>
    </div>
  );
}
