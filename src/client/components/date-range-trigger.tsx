import type { ComponentProps } from "react";
import { CalendarDays } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { formatShortDay } from "../lib/format.ts";
import { useTranslation } from "../lib/i18n.ts";

type DateRangeTriggerProps = ComponentProps<"button"> & { checkIn: string; checkOut: string };

/** The button showing both dates; its accessible name starts with 'Check-in' and reads both dates. */
export function DateRangeTrigger({ checkIn, checkOut, className, ...props }: DateRangeTriggerProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={cn(
        "grid h-14 w-full cursor-pointer grid-cols-2 items-stretch rounded-xl border border-slate-300 bg-white text-left shadow-xs transition-colors hover:border-slate-400",
        "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40",
        "data-[state=open]:border-brand-600",
        className,
      )}
      {...props}
    >
      <span className="flex min-w-0 items-center gap-2.5 px-3">
        <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        <span className="min-w-0">
          <span className="block text-xs font-medium text-slate-600">{t("Check-in")}</span>
          <span className="block truncate text-sm font-semibold text-slate-900">{formatShortDay(checkIn)}</span>
        </span>
      </span>
      <span className="flex min-w-0 items-center border-l border-slate-200 px-3">
        <span className="min-w-0">
          <span className="block text-xs font-medium text-slate-600">{t("Check-out")}</span>
          <span className="block truncate text-sm font-semibold text-slate-900">{formatShortDay(checkOut)}</span>
        </span>
      </span>
    </button>
  );
}
