/** A guest's booking as the browser makes it: hold, card payment (simulated processor), confirmation. */

export interface JourneyRoom {
  hotel_id: number;
  id: number;
}

export interface JourneyResult {
  ms: number;
  ok: boolean;
  status: string;
}

export function addDays(date: Date, days: number): string {
  const d = new Date(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

/** A distinct client address for guest `i` (10.0.0.0/8, i < 2^24), sent as X-Forwarded-For to an app started with TRUST_PROXY=true. */
export function guestAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/**
 * Guest `i` holds `room` for two nights from `checkIn`, pays with the 4242 test card and confirms: three requests.
 * With `address`, the requests say they come from it (X-Forwarded-For, for an app behind a trusted proxy).
 */
export async function bookingJourney(
  baseUrl: string,
  room: JourneyRoom,
  checkIn: string,
  i: number,
  options: { address?: string } = {},
): Promise<JourneyResult> {
  const started = performance.now();
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.address) headers["x-forwarded-for"] = options.address;
  const holdRes = await fetch(`${baseUrl}/api/bookings`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      hotelId: String(room.hotel_id),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(new Date(`${checkIn}T00:00:00Z`), 2),
      guests: 2,
      rooms: 1,
      guestName: `Bench Guest ${i}`,
      guestEmail: `bench${i}@example.com`,
      guestPhone: "+1 555 0100",
    }),
  });
  if (holdRes.status !== 201) return { ms: performance.now() - started, ok: false, status: `hold ${holdRes.status}` };
  const hold = (await json(holdRes)) as { booking: { id: string }; payment: { paymentId: string; clientSecret: string } };
  const payRes = await fetch(`${baseUrl}/api/simulated-payments/${hold.payment.paymentId}/confirm`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      clientSecret: hold.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
    }),
  });
  const paid = await json(payRes);
  if (paid.status !== "succeeded") return { ms: performance.now() - started, ok: false, status: `pay ${String(paid.status)}` };
  const confirmRes = await fetch(`${baseUrl}/api/bookings/${hold.booking.id}/confirm-payment`, {
    method: "POST",
    headers,
    body: JSON.stringify({ paymentId: hold.payment.paymentId }),
  });
  const confirmed = (await json(confirmRes)) as { booking?: { status: string } };
  const ok = confirmed.booking?.status === "confirmed";
  return { ms: performance.now() - started, ok, status: ok ? "confirmed" : `confirm ${confirmRes.status}` };
}
