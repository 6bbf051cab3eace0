import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { twoFactors } from "../db/schema.ts";
import type { Auth } from "./auth.ts";

/** better-auth's TOTP: RFC 6238 with SHA-1, 6 digits and 30-second steps, the secret's UTF-8 bytes as the key. */
const PERIOD_MS = 30_000;
const DIGITS = 6;

function hotp(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).toString().padStart(DIGITS, "0");
}

export interface TotpWindow {
  /** How many steps before the current one a code may come from (better-auth accepts 1). */
  stepsBefore: number;
}

/**
 * Accepts an authenticator code at most once (ASVS 6.5.1): finds the time step the code belongs to
 * (within the current step, one after it and `stepsBefore` before it) and records it as the
 * account's last accepted step, atomically and only if it is newer than the one recorded. False
 * for a code that is wrong, or that was already accepted (or is older than one that was).
 */
export async function claimTotpCode(db: Db, auth: Auth, userId: string, code: string, window: TotpWindow): Promise<boolean> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row || !/^\d{6}$/.test(code)) return false;
  const secret = await symmetricDecrypt({ key: (await auth.$context).secretConfig, data: row.secret });
  const key = Buffer.from(secret, "utf8");
  const now = Math.floor(Date.now() / PERIOD_MS);
  let matched: number | null = null;
  // Every step is computed (no early exit), so the time taken says nothing about which one matched.
  for (let step = now - window.stepsBefore; step <= now + 1; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) matched = step;
  }
  if (matched === null) return false;
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: matched })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, matched))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}
