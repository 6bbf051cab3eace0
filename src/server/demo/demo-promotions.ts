/** The demo's promo codes (decision 053): one site-wide and one of the demo chain's first hotel, to try in the booking dialog. */
import type { Db } from "../db/client.ts";
import { promoCodes } from "../db/schema.ts";

export async function seedDemoPromotions(db: Db): Promise<void> {
  await db
    .insert(promoCodes)
    .values([
      { hotelId: null, code: "WELCOME10", discountKind: "percent", discountValue: 10, perGuestLimit: 1 },
      { hotelId: 1, code: "SPRING15", discountKind: "percent", discountValue: 15, minNights: 2, usesLimit: 100 },
    ])
    .onConflictDoNothing();
}
