import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { todayLocal } from "../../../shared/dates.ts";
import type { CalendarMonthData } from "../../api/rate-calendar.ts";
import { formatLocale, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { cn } from "../../lib/cn.ts";

type CalendarGridProps = {
  data: CalendarMonthData;
  /** Enter, Space or a click on a cell: edit that room type on that night. */
  onPick: (roomTypeId: number, night: string) => void;
};

/**
 * Room types × nights of one month. One cell takes focus at a time (roving tabindex, today's at first): arrow keys
 * move between cells, Home/End to the row's ends, Enter or Space picks the cell for editing.
 */
export function CalendarGrid({ data, onPick }: CalendarGridProps) {
  const { t } = useTranslation();
  // Made on each render: a change of language draws the page again in the new locale.
  const dayFormat = new Intl.DateTimeFormat(formatLocale(), { weekday: "short", day: "numeric", timeZone: "UTC" });
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const nights = data.roomTypes[0]?.nights ?? [];
  const today = todayLocal();
  const todayCol = nights.findIndex((n) => n.night === today);
  const [wanted, setFocus] = useState<[number, number]>([0, Math.max(0, todayCol)]);
  // Clamped, so a shorter month or fewer room types never leaves the grid without its one tab stop.
  const focus = [Math.min(wanted[0], data.roomTypes.length - 1), Math.min(wanted[1], nights.length - 1)];

  // A month that holds today opens scrolled to it: on a phone, the 23rd is otherwise twenty swipes away.
  const firstNight = nights[0]?.night;
  useEffect(() => {
    const box = scroller.current;
    const cell = todayCol > 0 ? cells.current.get(`0:${todayCol}`) : undefined;
    const rowHeader = box?.querySelector("tbody th");
    if (box && cell && rowHeader) box.scrollLeft += cell.getBoundingClientRect().left - rowHeader.getBoundingClientRect().right;
  }, [firstNight, todayCol]);

  function move(row: number, col: number) {
    const r = Math.max(0, Math.min(data.roomTypes.length - 1, row));
    const c = Math.max(0, Math.min(nights.length - 1, col));
    setFocus([r, c]);
    const cell = cells.current.get(`${r}:${c}`);
    // focus() alone leaves a half-visible cell half hidden; "nearest" brings all of it into the scroller.
    cell?.focus({ preventScroll: true });
    cell?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent, row: number, col: number) {
    const keys: Record<string, [number, number]> = {
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      Home: [row, 0],
      End: [row, nights.length - 1],
    };
    const target = keys[event.key];
    if (target) {
      event.preventDefault();
      move(...target);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const roomType = data.roomTypes[row];
      const night = roomType?.nights[col];
      if (roomType && night) onPick(roomType.id, night.night);
    }
  }

  return (
    // The scroll padding keeps a cell reached with the arrow keys from sliding under the sticky room type column.
    <div ref={scroller} className="scroll-pl-36 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table role="grid" aria-label={t("Rates and availability, {{hotel}}", { hotel: data.hotelName })} className="border-collapse text-xs">
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 min-w-36 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700">
              {t("Room type")}
            </th>
            {nights.map((n) => (
              <th
                key={n.night}
                scope="col"
                aria-current={n.night === today ? "date" : undefined}
                className={cn(
                  "min-w-20 px-1 py-2 text-center font-medium whitespace-nowrap",
                  n.night === today ? "bg-brand-50 text-brand-900" : "bg-slate-50 text-slate-600",
                )}
              >
                {dayFormat.format(new Date(`${n.night}T00:00:00Z`))}
                {n.night === today ? <span className="block text-[0.7rem] font-semibold">{t("Today")}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.roomTypes.map((roomType, row) => (
            <tr key={roomType.id} className="border-t border-slate-200">
              <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 text-left align-top font-semibold text-slate-900">
                {roomType.name}
                <span className="block font-normal text-slate-500">
                  {t("{{count}} rooms · base {{price}}", {
                    count: roomType.totalRooms,
                    price: formatMoney(roomType.basePriceCents, data.currency),
                  })}
                </span>
              </th>
              {roomType.nights.map((n, col) => {
                const left = Math.max(0, n.roomsToSell - n.roomsSold);
                const label = [
                  `${roomType.name}, ${n.night}`,
                  formatMoney(n.priceCents, data.currency),
                  n.closed ? t("closed") : t("{{left}} of {{total}} to sell left", { left, total: n.roomsToSell }),
                  t("{{sold}} sold", { sold: n.roomsSold }),
                  n.minStay > 1 ? t("minimum stay {{nights}} nights", { nights: n.minStay }) : null,
                ]
                  .filter(Boolean)
                  .join(", ");
                return (
                  <td
                    key={n.night}
                    ref={(el) => {
                      if (el) cells.current.set(`${row}:${col}`, el);
                      else cells.current.delete(`${row}:${col}`);
                    }}
                    role="gridcell"
                    tabIndex={focus[0] === row && focus[1] === col ? 0 : -1}
                    onKeyDown={(e) => onKeyDown(e, row, col)}
                    onClick={() => {
                      setFocus([row, col]);
                      onPick(roomType.id, n.night);
                    }}
                    className={cn(
                      "relative cursor-pointer border-l border-slate-100 px-1 py-1.5 text-center align-top outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset",
                      n.closed ? "bg-slate-100 text-slate-500" : "hover:bg-brand-50",
                    )}
                  >
                    {/* The cell's name is this sentence, not its abbreviated figures (an aria-label would hide them: axe label-content-name-mismatch); the cell is relative so this absolutely placed text stays inside the scroller. */}
                    <span className="sr-only">{label}</span>
                    <span aria-hidden="true" className="block font-semibold text-slate-900 tabular-nums">
                      {formatMoney(n.priceCents, data.currency)}
                    </span>
                    <span aria-hidden="true" className={cn("block tabular-nums", left === 0 ? "text-red-700" : "text-slate-600")}>
                      {n.closed ? t("Closed") : t("{{left}}/{{total}} left", { left, total: n.roomsToSell })}
                    </span>
                    <span aria-hidden="true" className="block text-slate-500 tabular-nums">
                      {t("{{sold}} sold", { sold: n.roomsSold })}
                      {n.minStay > 1 ? ` · ${t("{{nights}}n min", { nights: n.minStay })}` : ""}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
