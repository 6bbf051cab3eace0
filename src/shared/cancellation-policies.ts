/**
 * Cancellation policies with fee schedules (decision 049). A hotel writes a policy once as tiers by
 * days before check-in; a rate plan chooses one; a booking stores the policy turned into a
 * *schedule* of instants and amounts when it is made (the hotel's time zone, the booking's own
 * prices), so a later change of the policy never touches it. Cancelling, a no-show and every
 * screen read that stored schedule through the functions below: one computation everywhere.
 *
 * Rounding rule: a percentage fee is rounded to the cent, half up (Math.round on integer cents).
 */
import { z } from "zod";
import { addDays } from "./dates.ts";
import { endOfDayIn } from "./time-zones.ts";

/** A fee: a share of the booking's price, or its first nights (every room, child charges shared per night). */
export const CancellationFee = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("percent"),
    percent: z
      .number({ message: "Enter the fee as a percentage from 0 to 100" })
      .int("Enter the fee as a whole percentage")
      .min(0, "A fee percentage cannot be below 0")
      .max(100, "A fee percentage cannot be over 100"),
  }),
  z.object({
    kind: z.literal("nights"),
    nights: z
      .number({ message: "Enter how many nights are charged" })
      .int("Enter a whole number of nights")
      .min(1, "Charge at least 1 night, or choose a percentage fee")
      .max(30, "Charge at most 30 nights"),
  }),
]);
export type CancellationFee = z.infer<typeof CancellationFee>;

export const CancellationTier = z.object({
  /** This tier lasts until 23:59 (hotel time) on check-in day minus this many days. */
  daysBefore: z
    .number({ message: "Enter the days before check-in" })
    .int("Enter a whole number of days")
    .min(0, "Days before check-in cannot be negative")
    .max(365, "Days before check-in can be at most 365"),
  fee: CancellationFee,
});
export type CancellationTier = z.infer<typeof CancellationTier>;

/** Free of charge. */
export const NO_FEE: CancellationFee = { kind: "percent", percent: 0 };
/** The whole price. */
export const FULL_FEE: CancellationFee = { kind: "percent", percent: 100 };

/**
 * A policy's terms: tiers from the earliest deadline to the latest (daysBefore strictly
 * decreasing, fees never falling), then `finalFee` after the last deadline and for a no-show.
 * Non-refundable: no tiers and a final fee of 100 %.
 */
export const PolicyTerms = z
  .object({
    tiers: z.array(CancellationTier).max(5, "A policy has at most 5 tiers"),
    finalFee: CancellationFee,
  })
  .superRefine((terms, ctx) => {
    terms.tiers.forEach((tier, i) => {
      const previous = terms.tiers[i - 1];
      if (previous && tier.daysBefore >= previous.daysBefore) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", i, "daysBefore"],
          message: `Tiers overlap: tier ${i + 1} must end fewer days before check-in than tier ${i} (${previous.daysBefore})`,
        });
      }
      if (previous && feeRank(tier.fee) < feeRank(previous.fee)) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", i, "fee"],
          message: `Tier ${i + 1} cannot cost less than tier ${i}: a fee only rises as check-in comes closer`,
        });
      }
    });
    const last = terms.tiers.at(-1);
    if (last && feeRank(terms.finalFee) < feeRank(last.fee)) {
      ctx.addIssue({
        code: "custom",
        path: ["finalFee"],
        message: "The fee after the last tier cannot be lower than the last tier's",
      });
    }
  });
export type PolicyTerms = z.infer<typeof PolicyTerms>;

/** Fees compared without a booking: nights rank between 0 % and 100 % by count (a rough order for validation only). */
function feeRank(fee: CancellationFee): number {
  return fee.kind === "percent" ? fee.percent * 100 : Math.min(9_999, 1 + fee.nights);
}

export const NON_REFUNDABLE_TERMS: PolicyTerms = { tiers: [], finalFee: FULL_FEE };

/** Free cancellation until `days` days before check-in, then the whole price (the hotel's old single setting). */
export function freeUntilTerms(days: number): PolicyTerms {
  return days > 0 ? { tiers: [{ daysBefore: days, fee: NO_FEE }], finalFee: FULL_FEE } : NON_REFUNDABLE_TERMS;
}

/** One deadline of a booking's schedule: cancelling strictly before `until` costs `feeCents`. */
export interface ScheduleStep {
  /** ISO instant (UTC). */
  until: string;
  /** The local date of the deadline (hotel time), shown as "until 23:59 on <date>". */
  untilLocalDate: string;
  feeCents: number;
}

/** A booking's cancellation terms as sold: deadlines as instants, fees in the booking's cents. */
export interface CancellationSchedule {
  timeZone: string;
  steps: ScheduleStep[];
  /** What cancelling costs after the last deadline, and what a no-show costs. */
  finalFeeCents: number;
  /** The price the fees are shares of: what the stay costs (total less promotions; points are money too). */
  priceCents: number;
}

export interface SchedulePrice {
  checkIn: string;
  /** Each night's price for all rooms (rooms × nightly, child charges of that night included). */
  nightTotalsCents: readonly number[];
  /** The stay's price the fees are computed from. */
  priceCents: number;
}

export function feeCents(fee: CancellationFee, price: Pick<SchedulePrice, "nightTotalsCents" | "priceCents">): number {
  if (fee.kind === "percent") return Math.round((price.priceCents * fee.percent) / 100);
  const nights = price.nightTotalsCents.slice(0, fee.nights).reduce((s, n) => s + n, 0);
  return Math.min(price.priceCents, nights);
}

/**
 * The schedule a booking stores: each tier's deadline (the end of check-in minus daysBefore, hotel
 * time) as an instant, with its fee in cents. Tiers whose deadline has already passed at booking
 * time are kept; `feeAt` simply never reaches them.
 */
export function cancellationSchedule(terms: PolicyTerms, price: SchedulePrice, timeZone: string): CancellationSchedule {
  return {
    timeZone,
    steps: terms.tiers.map((tier) => {
      const localDate = addDays(price.checkIn, -tier.daysBefore);
      return { until: endOfDayIn(localDate, timeZone).toISOString(), untilLocalDate: localDate, feeCents: feeCents(tier.fee, price) };
    }),
    finalFeeCents: feeCents(terms.finalFee, price),
    priceCents: price.priceCents,
  };
}

/** What cancelling costs at this instant. */
export function feeAt(schedule: CancellationSchedule, now: Date = new Date()): number {
  for (const step of schedule.steps) {
    if (now.getTime() < Date.parse(step.until)) return step.feeCents;
  }
  return schedule.finalFeeCents;
}

/** The step in force now (null: after every deadline, the final fee applies). */
export function currentStep(schedule: CancellationSchedule, now: Date = new Date()): ScheduleStep | null {
  return schedule.steps.find((step) => now.getTime() < Date.parse(step.until)) ?? null;
}

/**
 * What goes back to the guest on cancelling now: what they paid less the fee, never below 0.
 * `owedAtHotelCents` is the part of the fee the money paid does not cover (a deposit or a card
 * guarantee: charged to the card on file, or at the hotel).
 */
export function refundAt(
  schedule: CancellationSchedule,
  paidCents: number,
  now: Date = new Date(),
): { feeCents: number; refundCents: number; owedCents: number } {
  const fee = feeAt(schedule, now);
  return { feeCents: fee, refundCents: Math.max(0, paidCents - fee), owedCents: Math.max(0, fee - paidCents) };
}

/** Free cancellation is possible at this instant. */
export function isFreeToCancel(schedule: CancellationSchedule, now: Date = new Date()): boolean {
  return feeAt(schedule, now) === 0;
}
