/** Spec section 9: loyalty constants. */
export const POINTS_PER_DOLLAR = 1;
export const POINTS_PER_REVIEW = 50;
export const POINTS_PER_REFERRAL = 100;
/** 100 points = $1, so one point is worth one cent. */
export const CENTS_PER_POINT = 1;
export const MIN_REDEEM_POINTS = 100;
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
