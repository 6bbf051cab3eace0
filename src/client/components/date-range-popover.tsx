import { useState } from "react";
import { Popover } from "radix-ui";
import { todayLocal } from "../../shared/dates.ts";
import { useTranslation } from "../lib/i18n.ts";
import { DateRangeCalendar } from "./date-range-calendar.tsx";
import type { DateRangePickerProps } from "./date-range-picker.tsx";
import { DateRangeTrigger } from "./date-range-trigger.tsx";
import { PopoverContent } from "./ui/popover.tsx";

/** Mounted by the first click on the picker, so it starts open. */
export function DateRangePopover({ checkIn, checkOut, onChange, className }: DateRangePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <DateRangeTrigger checkIn={checkIn} checkOut={checkOut} className={className} />
      </Popover.Trigger>
      <PopoverContent
        align="start"
        aria-label={t("Choose check-in and check-out dates")}
        className="w-auto max-w-[calc(100vw-1rem)]"
        // The calendar focuses the selected day itself, so arrow keys work at once.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <DateRangeCalendar
          checkIn={checkIn}
          checkOut={checkOut}
          today={todayLocal()}
          onComplete={(nextIn, nextOut) => {
            onChange(nextIn, nextOut);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover.Root>
  );
}
