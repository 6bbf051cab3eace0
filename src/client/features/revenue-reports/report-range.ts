import { addDays } from "../../../shared/dates.ts";

export type Range = { from: string; to: string };

/** The month of `today` ('YYYY-MM-DD'): its first and last day. */
export function monthOf(today: string): Range {
  const [y = 1970, m = 1] = today.split("-").map(Number);
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 7)}-01`, to: addDays(next, -1) };
}

/** The ranges offered as one-click choices, the first being the page's default. */
export function rangePresets(today: string): { label: string; range: Range }[] {
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(addDays(thisMonth.from, -1));
  const nextMonth = monthOf(addDays(thisMonth.to, 1));
  return [
    { label: "This month", range: thisMonth },
    { label: "Last month", range: lastMonth },
    { label: "Next month", range: nextMonth },
    { label: "Last 30 days", range: { from: addDays(today, -29), to: today } },
    { label: "Year to date", range: { from: `${today.slice(0, 4)}-01-01`, to: today } },
  ];
}
