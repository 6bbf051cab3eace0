/** Spec section 9: loyalty constants. */
export const POINTS_PER_DOLLAR = 1;
export const POINTS_PER_REVIEW = 50;
export const POINTS_PER_REFERRAL = 100;
/** 100 points = $1, so one point is worth one cent. */
export const CENTS_PER_POINT = 1;
export const MIN_REDEEM_POINTS = 100;
/** The card is always charged at least this much; points can cover the rest of a total. */
export const MIN_CHARGE_CENTS = 50;
export const TIERS = [
  { name: "Bronze", from: 0 },
  { name: "Silver", from: 2000 },
  { name: "Gold", from: 5000 },
] as const;
export type TierName = (typeof TIERS)[number]["name"];

/** The tier for lifetime points: Bronze below 2000, Silver from 2000, Gold from 5000. */
export function tierFor(totalPointsEarned: number): TierName {
  let tier: TierName = "Bronze";
  for (const t of TIERS) if (totalPointsEarned >= t.from) tier = t.name;
  return tier;
}

/** Points still needed for the next tier, or null at the top tier. */
export function nextTier(totalPointsEarned: number): { name: TierName; pointsNeeded: number } | null {
  const next = TIERS.find((t) => t.from > totalPointsEarned);
  return next ? { name: next.name, pointsNeeded: next.from - totalPointsEarned } : null;
}

/** Points earned for a paid amount: 1 per whole dollar. */
export function pointsForPayment(amountCents: number): number {
  return Math.floor(amountCents / 100) * POINTS_PER_DOLLAR;
}

/** The most points a total can take: all of it but the minimum card charge. */
function maxPointsFor(totalCents: number): number {
  return Math.floor(Math.max(0, totalCents - MIN_CHARGE_CENTS) / CENTS_PER_POINT);
}

/**
 * What redeeming points does to a total (the server applies it to every hold): no more points
 * than the total can take, and the card pays the rest, at least MIN_CHARGE_CENTS.
 */
export function applyPoints(
  totalCents: number,
  pointsToRedeem: number,
): { pointsUsed: number; discountCents: number; amountDueCents: number } {
  const pointsUsed = Math.min(pointsToRedeem, maxPointsFor(totalCents));
  const discountCents = pointsUsed * CENTS_PER_POINT;
  return { pointsUsed, discountCents, amountDueCents: totalCents - discountCents };
}

/** The points a guest is offered on a total: whole hundreds, within the balance and what applyPoints accepts. */
export function usablePoints(balance: number, totalCents: number): number {
  const wholeHundreds = (points: number) => Math.floor(points / MIN_REDEEM_POINTS) * MIN_REDEEM_POINTS;
  return Math.min(wholeHundreds(balance), wholeHundreds(maxPointsFor(totalCents)));
}

export function canRedeem(pointsBalance: number | null | undefined): boolean {
  return (pointsBalance ?? 0) >= MIN_REDEEM_POINTS;
}

export interface LoyaltyTransactionView {
  id: number;
  description: string;
  points: number;
  createdAt: string;
}

export interface LoyaltyInfo {
  account: {
    tier: TierName;
    pointsBalance: number;
    totalPointsEarned: number;
    referralCode: string;
    referralLink: string;
  };
  nextTier: { name: TierName; pointsNeeded: number } | null;
  transactions: LoyaltyTransactionView[];
}
