import { lazy, Suspense, useState } from "react";
import { DateRangeTrigger } from "./date-range-trigger.tsx";

export type DateRangePickerProps = {
  checkIn: string;
  checkOut: string;
  onChange: (checkIn: string, checkOut: string) => void;
  className?: string;
};

// The popover and calendar (Radix Popover, floating-ui, react-day-picker, date-fns) weigh more than the
// rest of the home page's own code; they download when the picker is first approached, not with the page.
function loadPopover() {
  return import("./date-range-popover.tsx");
}
const DateRangePopover = lazy(() => loadPopover().then((m) => ({ default: m.DateRangePopover })));

/** Check-in and check-out in one control: a button showing both dates that opens a range calendar. */
export function DateRangePicker(props: DateRangePickerProps) {
  const [activated, setActivated] = useState(false);
  const { checkIn, checkOut, className } = props;
  if (!activated) {
    return (
      <DateRangeTrigger
        checkIn={checkIn}
        checkOut={checkOut}
        className={className}
        aria-expanded={false}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => setActivated(true)}
      />
    );
  }
  return (
    <Suspense fallback={<DateRangeTrigger checkIn={checkIn} checkOut={checkOut} className={className} aria-expanded={false} aria-busy />}>
      <DateRangePopover {...props} />
    </Suspense>
  );
}
