/**
 * Children in a party: their ages, and what a hotel charges for them (issue 15, decision 027).
 * Pure rules used by the server's prices and the client's labels alike.
 */
import { english, type Translate } from "./i18n/english.ts";

/** Ages a child may have; 18 and over books as an adult. */
export const MIN_CHILD_AGE = 0;
export const MAX_CHILD_AGE = 17;

/** A hotel's rule for children sharing the room: under `freeUnderAge` free, others pay `childRateCents` a night. */
export interface ChildPolicy {
  freeUnderAge: number;
  /** Per child per night, in the hotel's currency's cents; 0 = every child stays free. */
  childRateCents: number;
}

/**
 * What a hotel that never set a rule charges: nothing (children stayed free before the rule
 * existed), with the usual "under 12" cut-off ready for when it sets a rate.
 */
export const DEFAULT_CHILD_POLICY: ChildPolicy = { freeUnderAge: 12, childRateCents: 0 };

/** Highest child rate the back office accepts ($10,000 a night). */
export const MAX_CHILD_RATE_CENTS = 1_000_000;

/** The children who pay the child rate: those at or above the hotel's free age. */
export function chargedChildAges(ages: readonly number[], policy: ChildPolicy): number[] {
  return ages.filter((age) => age >= policy.freeUnderAge);
}

/** The child charges of a stay: child rate × paying children × nights (whatever the rooms). */
export function childChargeCents(ages: readonly number[], policy: ChildPolicy, nights: number): number {
  if (policy.childRateCents === 0) return 0;
  return chargedChildAges(ages, policy).length * policy.childRateCents * nights;
}

/**
 * "2 adults", "2 adults, 1 child (age 4)", "1 adult, 2 children (ages 4, 9)". A booking made
 * before ages were asked has children without ages: they are counted, not aged.
 */
export function partyLabel(
  adults: number,
  childAges: readonly number[],
  children: number = childAges.length,
  t: Translate = english,
): string {
  const grown = t("{{count}} adults", { count: adults });
  if (children === 0) return grown;
  const kids = t("{{count}} children", { count: children });
  if (childAges.length !== children) return t("{{adults}}, {{children}}", { adults: grown, children: kids });
  return t("{{adults}}, {{children}} (ages {{ages}})", { count: children, adults: grown, children: kids, ages: childAges.join(", ") });
}

/** "Children 6–17: $15.00 per night each" style wording of a policy, money formatted by the caller. */
export function childPolicyText(policy: ChildPolicy, formatMoney: (cents: number) => string, t: Translate = english): string {
  if (policy.childRateCents === 0) return t("Children stay free");
  const amount = formatMoney(policy.childRateCents);
  if (policy.freeUnderAge === 0) return t("Children pay {{amount}} per night each", { amount });
  return t("Children under {{age}} stay free; older children pay {{amount}} per night each", { age: policy.freeUnderAge, amount });
}
