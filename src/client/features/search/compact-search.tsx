import { useState } from "react";
import { useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { formatDateRange } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { readDestination, readStay } from "../../../shared/search-address.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { SearchForm } from "./search-form.tsx";

/**
 * Above the results the search form takes a whole phone screen, so phones get a one-line summary
 * that opens the form; wider screens always show the form.
 */
export function CompactSearch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wide = useMediaQuery("(min-width: 768px)");
  const [editing, setEditing] = useState(false);
  const searchKey = params.toString();
  const [editedKey, setEditedKey] = useState(searchKey);
  // A new search has been made: fold the form away again.
  if (editedKey !== searchKey) {
    setEditedKey(searchKey);
    setEditing(false);
  }

  if (wide || editing) return <SearchForm />;

  const stay = readStay(params);
  return (
    <button
      type="button"
      aria-expanded={false}
      onClick={() => setEditing(true)}
      className="flex w-full items-center gap-3 rounded-2xl bg-white p-3 text-left shadow-[0_12px_32px_-16px_rgb(15_23_42/0.4)]"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Search aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{readDestination(params) || t("Popular destinations")}</span>
        <span className="block truncate text-sm text-slate-600">
          {formatDateRange(stay.checkIn, stay.checkOut)} · {t("{{count}} guests", { count: stay.guests })},{" "}
          {t("{{count}} rooms", { count: stay.rooms })}
        </span>
      </span>
      <span className="shrink-0 rounded-lg px-2 text-sm font-semibold text-brand-800">{t("Edit")}</span>
    </button>
  );
}
