import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { calendarConflictsQueryOptions } from "../api/calendar-imports.ts";
import { useTranslation } from "../lib/i18n.ts";

/**
 * Imported calendar blocks that could not be placed (their nights were already sold out here), for
 * the rates calendar and the front desk; nothing at all while there are none (decision 058).
 */
export function CalendarConflictsPanel({ hotelId }: { hotelId: number }) {
  const { t } = useTranslation();
  const conflicts = useQuery({ ...calendarConflictsQueryOptions(hotelId), enabled: hotelId > 0 });
  const list = conflicts.data?.conflicts ?? [];
  if (list.length === 0) return null;
  const shown = list.slice(0, 5);
  return (
    <section aria-labelledby="calendar-conflicts-panel" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="calendar-conflicts-panel" className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t("Calendar conflicts: {{number}} stays sold on another channel do not fit", { number: list.length })}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-amber-950">
        {shown.map((c) => (
          <li key={c.id}>
            {t("{{roomType}}: {{checkIn}} to {{checkOut}} from {{calendar}}", {
              roomType: c.roomType,
              checkIn: c.checkIn,
              checkOut: c.checkOut,
              calendar: c.importName,
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link to={`/admin/hotels/${hotelId}/calendar-imports`} className="font-medium text-amber-900 underline underline-offset-2">
          {t("Imported calendars")}
        </Link>
      </p>
    </section>
  );
}
