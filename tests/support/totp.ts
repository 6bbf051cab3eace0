import { createHash, createHmac } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(input: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The base32 secret of an otpauth:// URI, as an authenticator app reads it. */
export function secretFromUri(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), computed independently of the app's own code. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const number = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return number.toString().padStart(6, "0");
}

const STEP_MS = 30_000;

/** Where the last step handed out for a secret is kept: one file per secret, shared by every test file of a run. */
function stepFile(base32Secret: string): string {
  return path.join(os.tmpdir(), `staywise-totp-${createHash("sha256").update(base32Secret).digest("hex").slice(0, 16)}.step`);
}

/**
 * A code the app has not accepted yet: the app takes each code once, and only one step either side
 * of now, so this hands out the current step, else the next, else waits (at most 30 s) for the clock
 * to reach one. For tests against a running app, which cannot be told to forget a code.
 */
export async function unusedTotpCode(base32Secret: string): Promise<string> {
  const file = stepFile(base32Secret);
  const last = existsSync(file) ? Number(readFileSync(file, "utf8")) : Number.NEGATIVE_INFINITY;
  let now = Math.floor(Date.now() / STEP_MS);
  if (last > now) {
    await new Promise((resolve) => setTimeout(resolve, last * STEP_MS - Date.now() + 50));
    now = Math.floor(Date.now() / STEP_MS);
  }
  const step = Math.max(now, last + 1);
  writeFileSync(file, String(step));
  return totpCode(base32Secret, step * STEP_MS);
}
