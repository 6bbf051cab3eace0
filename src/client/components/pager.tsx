import { useTranslation } from "../lib/i18n.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";
import { formatCount } from "../lib/format.ts";

type PagerProps = {
  /** Names the navigation landmark, e.g. 'Booking pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** 'booking' / 'bookings' for the total line, in English; or the whole count, e.g. t("{{count}} bookings", { count }). */
  noun: [one: string, many: string] | string;
  onPageChange: (page: number) => void;
  className?: string;
};

function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous / Next with 'Page x of y'; hidden when there is nothing to page through. */
export function Pager({ label, page, pageSize, total, noun, onPageChange, className }: PagerProps) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const pageCount = pageCountOf(total, pageSize);
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-slate-600">
        {t("Page {{page}} of {{pageCount}}", { page, pageCount })} ·{" "}
        {typeof noun === "string" ? noun : `${formatCount(total)} ${total === 1 ? noun[0] : noun[1]}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t("Previous")}
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          {t("Next")}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
