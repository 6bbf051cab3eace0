import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { type LoyaltyInfo, POINTS_PER_REFERRAL, nextTier, tierFor } from "../../shared/loyalty.ts";
import type { Db } from "../db/client.ts";
import { bookings, loyaltyAccounts, loyaltyTransactions } from "../db/schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;

function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "X").toUpperCase().slice(0, 8);
}

/** The user's loyalty account, created on first use. */
export async function ensureLoyaltyAccount(db: DbOrTx, userId: string): Promise<typeof loyaltyAccounts.$inferSelect> {
  await db
    .insert(loyaltyAccounts)
    .values({ userId, referralCode: newReferralCode() })
    .onConflictDoNothing({ target: loyaltyAccounts.userId });
  const [account] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
  return account!;
}

/**
 * Adds (or, with negative points, takes) points once per `sourceKey`: a replayed event finds its
 * key taken and changes nothing. Spending never takes the balance below zero; pass `clamp` to
 * take only what is there (reversals), otherwise an overdraft throws.
 */
export async function recordPoints(
  tx: DbOrTx,
  entry: { userId: string; points: number; description: string; sourceKey: string; countsAsEarned: boolean; clamp?: boolean },
): Promise<number> {
  const account = await ensureLoyaltyAccount(tx, entry.userId);
  let points = entry.points;
  if (points < 0 && entry.clamp) points = -Math.min(-points, account.pointsBalance);
  if (points === 0) return 0;
  const inserted = await tx
    .insert(loyaltyTransactions)
    .values({ userId: entry.userId, points, description: entry.description, sourceKey: entry.sourceKey })
    .onConflictDoNothing({ target: loyaltyTransactions.sourceKey })
    .returning({ id: loyaltyTransactions.id });
  if (inserted.length === 0) return 0;
  const earnedDelta = entry.countsAsEarned ? points : 0;
  const [updated] = await tx
    .update(loyaltyAccounts)
    .set({
      pointsBalance: sql`${loyaltyAccounts.pointsBalance} + ${points}`,
      totalPointsEarned: sql`greatest(0, ${loyaltyAccounts.totalPointsEarned} + ${earnedDelta})`,
      updatedAt: new Date(),
    })
    .where(eq(loyaltyAccounts.userId, entry.userId))
    .returning();
  if (updated) {
    await tx
      .update(loyaltyAccounts)
      .set({ tier: tierFor(updated.totalPointsEarned) })
      .where(eq(loyaltyAccounts.userId, entry.userId));
  }
  return points;
}

/** Points this source earned, if it did (for reversing them). */
export async function pointsRecorded(db: DbOrTx, sourceKey: string): Promise<number> {
  const [row] = await db
    .select({ points: loyaltyTransactions.points })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.sourceKey, sourceKey));
  return row?.points ?? 0;
}

/** Credits the referrer once, when the referred user's first booking is confirmed. */
export async function creditReferralIfDue(tx: DbOrTx, referredUserId: string): Promise<void> {
  const [account] = await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, referredUserId));
  if (!account?.referredByUserId) return;
  await recordPoints(tx, {
    userId: account.referredByUserId,
    points: POINTS_PER_REFERRAL,
    description: "Referral bonus: a friend completed their first booking",
    sourceKey: `referral:${referredUserId}`,
    countsAsEarned: true,
  });
}

/**
 * Takes the referral bonus back, once, when the referred user no longer has a confirmed booking
 * (the one that earned it was cancelled). Call after the cancelled booking's status is written.
 */
export async function reverseReferralIfUnearned(tx: DbOrTx, referredUserId: string): Promise<void> {
  const [credit] = await tx
    .select({ userId: loyaltyTransactions.userId, points: loyaltyTransactions.points })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.sourceKey, `referral:${referredUserId}`));
  if (!credit || credit.points <= 0) return;
  const [standing] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, referredUserId), eq(bookings.status, "confirmed")))
    .limit(1);
  if (standing) return;
  await recordPoints(tx, {
    userId: credit.userId,
    points: -credit.points,
    description: "Referral bonus reversed: your friend's booking was cancelled",
    sourceKey: `referral:${referredUserId}:reversed`,
    countsAsEarned: true,
    clamp: true,
  });
}

/** Links a new account to the user whose referral code it signed up with. */
export async function linkReferral(db: Db, newUserId: string, referralCode: string): Promise<boolean> {
  const [referrer] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.referralCode, referralCode.toUpperCase()));
  if (!referrer || referrer.userId === newUserId) return false;
  await ensureLoyaltyAccount(db, newUserId);
  const updated = await db
    .update(loyaltyAccounts)
    .set({ referredByUserId: referrer.userId })
    .where(sql`${loyaltyAccounts.userId} = ${newUserId} and ${loyaltyAccounts.referredByUserId} is null`)
    .returning();
  return updated.length > 0;
}

export async function getLoyaltyInfo(db: Db, userId: string, publicUrl: string): Promise<LoyaltyInfo> {
  const account = await ensureLoyaltyAccount(db, userId);
  const transactions = await db
    .select()
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.userId, userId))
    .orderBy(desc(loyaltyTransactions.createdAt), desc(loyaltyTransactions.id))
    .limit(200);
  return {
    account: {
      tier: tierFor(account.totalPointsEarned),
      pointsBalance: account.pointsBalance,
      totalPointsEarned: account.totalPointsEarned,
      referralCode: account.referralCode,
      referralLink: `${publicUrl}/signup?ref=${account.referralCode}`,
    },
    nextTier: nextTier(account.totalPointsEarned),
    transactions: transactions.map((t) => ({
      id: t.id,
      description: t.description,
      points: t.points,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
