/**
 * `partyLabel` (shared/children.ts) and a booking's refund line (decision 023) in the reader's language,
 * for the browser's `t` and the server's `translator()` alike (decision 029).
 */
import { partyLabel } from "../children.ts";

export type Translate = (key: string, options?: { count?: number } & Record<string, unknown>) => string;

/** "2 adults, 1 child (age 4)" in the reader's language: `partyLabel` with the translation first. */
export function partyText(t: Translate, adults: number, childAges: readonly number[], children: number = childAges.length): string {
  return partyLabel(adults, childAges, children, t);
}

/** "Refunded $240.00" / "Partly refunded: $100.00 of $240.00"; null when nothing was refunded. */
export function refundText(t: Translate, refundedCents: number, amountDueCents: number, money: (cents: number) => string): string | null {
  if (refundedCents <= 0) return null;
  if (refundedCents >= amountDueCents) return t("Refunded {{amount}}", { amount: money(refundedCents) });
  return t("Partly refunded: {{amount}} of {{due}}", { amount: money(refundedCents), due: money(amountDueCents) });
}

const FREE_CANCELLATION_POLICY = /^Free cancellation up to (\d+) days? before check-in$/;

/**
 * A hotel's cancellation policy in the reader's language when it is one of our own wordings (the
 * demo catalogue's and the property form's: "Non-refundable", "Free cancellation up to 2 days
 * before check-in"); a policy a hotel wrote in its own words is shown as written.
 */
export function cancellationPolicyText(t: Translate, policy: string): string {
  if (policy === "Non-refundable") return t("Non-refundable");
  const days = FREE_CANCELLATION_POLICY.exec(policy)?.[1];
  if (days !== undefined) return t("Free cancellation up to {{count}} days before check-in", { count: Number(days) });
  return policy;
}
