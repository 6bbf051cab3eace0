/** The sandbox's PreBookCode: the priced stay, signed, so BookV3 can trust it without storing it. */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { StayRequest } from "./sandbox-forms.ts";
import { SandboxError } from "./sandbox-xml.ts";

export interface PreBooked extends StayRequest {
  roomId: number;
  mealId: number;
  priceCents: number;
  expires: number;
}

/** The key PreBookCodes are signed with, derived from the app secret. */
export function preBookSigningKey(appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update("supplier-sandbox-prebook").digest();
}

function sign(signingKey: Buffer, payload: string): string {
  return createHmac("sha256", signingKey).update(payload).digest("base64url");
}

export function preBookCode(signingKey: Buffer, p: PreBooked): string {
  const payload = Buffer.from(JSON.stringify(p)).toString("base64url");
  return `${payload}.${sign(signingKey, payload)}`;
}

/** The stay a code priced, if it is ours and has not expired at `nowMs`. */
export function readPreBookCode(signingKey: Buffer, code: string, nowMs: number): PreBooked {
  const [payload, signature] = code.split(".");
  const expected = payload ? Buffer.from(sign(signingKey, payload)) : null;
  if (!payload || !signature || !expected || expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) {
    throw new SandboxError("InvalidPreBookCode", "The PreBookCode is not valid");
  }
  const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PreBooked;
  if (parsed.expires < nowMs) throw new SandboxError("PreBookCodeExpired", "The PreBookCode has expired; pre-book again");
  return parsed;
}
