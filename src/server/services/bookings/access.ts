import { createHmac, timingSafeEqual } from "node:crypto";

/** How long the access from "Find my booking" lasts. */
const ACCESS_MINUTES = 60;

/**
 * A token that lets a visitor who proved the reference and e-mail of a booking read, download
 * or cancel that one booking for a while, without an account.
 */
export function createBookingAccessToken(secret: string, bookingId: string, now = Date.now()): string {
  const expires = now + ACCESS_MINUTES * 60_000;
  return `${expires}.${sign(secret, bookingId, expires)}`;
}

export function verifyBookingAccessToken(secret: string, bookingId: string, token: string | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const [expiresText, signature] = token.split(".");
  const expires = Number(expiresText);
  if (!signature || !Number.isFinite(expires) || expires < now) return false;
  const expected = Buffer.from(sign(secret, bookingId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, bookingId: string, expires: number): string {
  return createHmac("sha256", secret).update(`booking-access:${bookingId}:${expires}`).digest("base64url");
}
