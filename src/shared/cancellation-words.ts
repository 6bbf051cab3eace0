/**
 * A booking's cancellation schedule (shared/cancellation-policies.ts) in plain words with its real
 * dates and amounts, in the reader's language: "Free cancellation until 23:59 on 3 Dec (hotel
 * time); after that you pay $180". The same words on the booking dialog, My bookings, the cancel
 * dialog, the front desk and the e-mails, because every one of them reads the stored schedule.
 */
import type { CancellationSchedule, ScheduleStep } from "./cancellation-policies.ts";
import type { Translate } from "./i18n/english.ts";

export interface CancellationWordsOptions {
  t: Translate;
  /** The reader's language tag (en, es, de), for the dates. */
  language: string;
  /** Cents as money in the booking's currency. */
  money: (cents: number) => string;
  /** Deadlines before this instant are over and left out (default: now). */
  now?: Date;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "3 Dec" (en), "3 dic" (es), "3. Dez." (de); the year is added when it is not the year of `now`. */
export function deadlineDate(localDate: string, language: string, now: Date = new Date()): string {
  const withYear = localDate.slice(0, 4) !== String(now.getUTCFullYear());
  // English reads day before month here, as the issue's own example does.
  const locale = language === "en" ? "en-GB" : language;
  const key = `${locale}:${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC", ...(withYear ? { year: "numeric" } : {}) });
    dayFormats.set(key, format);
  }
  return format.format(new Date(`${localDate}T00:00:00Z`));
}

/** The deadlines still ahead, consecutive ones of the same fee merged into the later one. */
function stepsAhead(schedule: CancellationSchedule, now: Date): ScheduleStep[] {
  const ahead = schedule.steps.filter((s) => now.getTime() < Date.parse(s.until));
  const merged: ScheduleStep[] = [];
  ahead.forEach((step, i) => {
    const next = ahead[i + 1];
    const nextFee = next ? next.feeCents : schedule.finalFeeCents;
    // A step costing what follows it adds nothing: the later deadline says the same.
    if (nextFee !== step.feeCents) merged.push(step);
  });
  return merged;
}

/**
 * The schedule as one sentence from `now` on: free cancellation and each paid tier with its
 * deadline (23:59 hotel time on its local date), then what cancelling costs after the last one.
 * "Non-refundable" when every cancellation from now costs the whole price.
 */
export function cancellationWords(schedule: CancellationSchedule, options: CancellationWordsOptions): string {
  const { t, money } = options;
  const now = options.now ?? new Date();
  const steps = stepsAhead(schedule, now);
  const finalFee = schedule.finalFeeCents;
  if (steps.length === 0) {
    if (finalFee >= schedule.priceCents) return t("Non-refundable");
    if (finalFee === 0) return t("Free cancellation");
    return t("If you cancel, you pay {{amount}}", { amount: money(finalFee) });
  }
  const parts = steps.map((step, i) => {
    const date = deadlineDate(step.untilLocalDate, options.language, now);
    if (i === 0) {
      return step.feeCents === 0
        ? t("Free cancellation until 23:59 on {{date}} (hotel time)", { date })
        : t("Until 23:59 on {{date}} (hotel time) you pay {{amount}}", { date, amount: money(step.feeCents) });
    }
    return t("until 23:59 on {{date}} you pay {{amount}}", { date, amount: money(step.feeCents) });
  });
  parts.push(t("after that you pay {{amount}}", { amount: money(finalFee) }));
  return parts.join("; ");
}

/** What cancelling costs now, in words: "Cancelling now is free" or "Cancelling now costs $90; $90 is refunded". */
export function cancelNowWords(
  t: Translate,
  money: (cents: number) => string,
  now: { feeCents: number; refundCents: number; owedCents: number },
): string {
  if (now.feeCents === 0) {
    return now.refundCents > 0
      ? t("Cancelling now is free: {{refund}} is refunded to your card.", { refund: money(now.refundCents) })
      : t("Cancelling now is free.");
  }
  if (now.refundCents > 0) {
    return t("Cancelling now costs {{fee}}: {{refund}} is refunded to your card.", {
      fee: money(now.feeCents),
      refund: money(now.refundCents),
    });
  }
  if (now.owedCents > 0) {
    return t("Cancelling now costs {{fee}}: nothing is refunded, and {{owed}} is still due.", {
      fee: money(now.feeCents),
      owed: money(now.owedCents),
    });
  }
  return t("Cancelling now costs {{fee}}: nothing is refunded.", { fee: money(now.feeCents) });
}
