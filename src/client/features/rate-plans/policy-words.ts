import { type PolicyTerms, cancellationSchedule } from "../../../shared/cancellation-policies.ts";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { formatLocale, formatMoney } from "../../lib/format.ts";

/** A calendar date (the hotel's local date of a deadline) as written, whatever the reader's own time zone. */
function calendarDay(date: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** The example stay the policy editor describes: 3 nights a month ahead. */
export const EXAMPLE_NIGHTS = 3;

/**
 * A policy in the words a traveller reads, for an example stay (check-in 30 days from today,
 * EXAMPLE_NIGHTS nights at `nightlyCents`) in the hotel's time zone: one line per deadline, then
 * what cancelling costs after the last one and for a no-show. Computed by the same schedule the
 * booking stores (shared/cancellation-policies.ts).
 */
export function policyWords(terms: PolicyTerms, nightlyCents: number, timeZone: string, currency: string, t: TFunction): string[] {
  const checkIn = addDays(todayUtc(), 30);
  const nightTotalsCents = Array.from({ length: EXAMPLE_NIGHTS }, () => nightlyCents);
  const schedule = cancellationSchedule(terms, { checkIn, nightTotalsCents, priceCents: nightlyCents * EXAMPLE_NIGHTS }, timeZone);
  const lines = schedule.steps.map((step) => {
    const date = calendarDay(step.untilLocalDate);
    return step.feeCents === 0
      ? t("Free cancellation until 23:59 on {{date}} (hotel time).", { date })
      : t("Cancel until 23:59 on {{date}} (hotel time): you pay {{amount}}.", { date, amount: formatMoney(step.feeCents, currency) });
  });
  const final = formatMoney(schedule.finalFeeCents, currency);
  if (schedule.steps.length === 0) {
    lines.push(
      schedule.finalFeeCents === 0
        ? t("Free cancellation at any time.")
        : t("Non-refundable: cancelling or not showing up costs {{amount}}.", { amount: final }),
    );
  } else {
    lines.push(t("After that, or if you do not show up, you pay {{amount}}.", { amount: final }));
  }
  return lines;
}
