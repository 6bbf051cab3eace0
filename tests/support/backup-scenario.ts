/**
 * What the backup tests put in an instance and read back after a restore: two hotels in one city,
 * a paid booking (which issues an invoice), an unpaid hold, and a hotel photo on disk (decision 066).
 */
import sharp from "sharp";
import { expect } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, signIn, signUp } from "./test-app.ts";

export interface BackupScenario {
  guest: string;
  admin: string;
  paidBookingId: string;
  heldBookingId: string;
  hotelId: number;
  photoUrl: string;
  searchQuery: Record<string, string>;
}

/** Everything a traveller and the hotel would see of the scenario, as the API answers it. */
export interface ScenarioAnswers {
  search: unknown;
  paidBooking: unknown;
  heldBooking: unknown;
  mine: unknown;
  invoices: { invoiceNumber: string; totalCents: number; kind: string }[];
  invoicePdfStatus: number;
  hotelPage: unknown;
  photo: Buffer;
}

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

export async function seedBackupScenario(t: TestApp): Promise<BackupScenario> {
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "backup-boss@example.com", password: "boss-password", name: "Boss" }, "test");
  const admin = await signIn(t, "backup-boss@example.com", "boss-password");
  const base = { city: "Backupton", country: "Restoria", countryCode: "RS", originalPriceCents: null, freeCancellationDays: 2 } as const;
  const hotel = await createHotel(db, { ...base, name: "Archive Hotel", priceCents: 15000, rating: 4.4, reviewCount: 12 });
  const other = await createHotel(db, { ...base, name: "Snapshot Inn", priceCents: 9000, rating: 3.9, reviewCount: 4 });
  const room = await createRoomType(db, hotel.id, {
    name: "Vault Double",
    priceCents: 15000,
    originalPriceCents: null,
    maxGuests: 2,
    totalRooms: 5,
  });
  await createRoomType(db, other.id, { name: "Dump Single", priceCents: 9000, originalPriceCents: null, maxGuests: 2, totalRooms: 5 });
  await refreshDestinations(db);

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(png)], { type: "image/png" }), "front.png");
  const uploaded = await json<{ photos: string[] }>(
    await t.app.request(`http://localhost:3000/api/properties/hotels/${hotel.id}/photos`, {
      method: "POST",
      body: form,
      headers: { origin: t.deps.config.publicUrl, cookie: admin },
    }),
    201,
  );

  await signUp(t, "kept@example.com", "secret123", "Kim Kept");
  const guest = await signIn(t, "kept@example.com");
  const checkIn = addDays(todayUtc(), 20);
  const hold = async (nights: number) =>
    json<CreateBookingResponse>(
      await t.request("POST", "/api/bookings", {
        cookie: guest,
        body: {
          hotelId: String(hotel.id),
          roomTypeId: String(room.id),
          checkIn,
          checkOut: addDays(checkIn, nights),
          guests: 2,
          rooms: 1,
          guestName: "Kim Kept",
          guestEmail: "kept@example.com",
          guestPhone: "+1 555 0133",
        },
      }),
      201,
    );
  const paid = await hold(3);
  await json(
    await t.request("POST", `/api/simulated-payments/${paid.payment.paymentId}/confirm`, {
      body: {
        clientSecret: paid.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    }),
  );
  const confirmed = await json<{ booking: { status: string } }>(
    await t.request("POST", `/api/bookings/${paid.booking.id}/confirm-payment`, { body: { paymentId: paid.payment.paymentId } }),
  );
  expect(confirmed.booking.status).toBe("confirmed");
  const held = await hold(1);
  return {
    guest,
    admin,
    paidBookingId: paid.booking.id,
    heldBookingId: held.booking.id,
    hotelId: hotel.id,
    photoUrl: uploaded.photos.find((p) => p.startsWith("/uploads/"))!,
    searchQuery: { destination: "Backupton", checkIn, checkOut: addDays(checkIn, 3), guests: "2", rooms: "1" },
  };
}

/** Reads the scenario back through the API, with the sessions made before the backup. */
export async function scenarioAnswers(t: TestApp, s: BackupScenario): Promise<ScenarioAnswers> {
  const search = await json(await t.request("GET", `/api/hotels/search?${new URLSearchParams(s.searchQuery).toString()}`));
  const paidBooking = await json(await t.request("GET", `/api/bookings/${s.paidBookingId}`, { cookie: s.guest }));
  const heldBooking = await json(await t.request("GET", `/api/bookings/${s.heldBookingId}`, { cookie: s.guest }));
  const mine = await json(await t.request("GET", "/api/bookings/mine", { cookie: s.guest }));
  const { invoices } = await json<{ invoices: (ScenarioAnswers["invoices"][number] & { id: number })[] }>(
    await t.request("GET", `/api/bookings/${s.paidBookingId}/invoices`, { cookie: s.guest }),
  );
  const pdf = invoices[0]
    ? await t.request("GET", `/api/bookings/${s.paidBookingId}/invoices/${invoices[0].id}/pdf`, { cookie: s.guest })
    : null;
  const hotelPage = await json(await t.request("GET", `/api/hotels/${s.hotelId}`));
  const photo = await t.app.request(`http://localhost:3000${s.photoUrl}`);
  return {
    search,
    paidBooking,
    heldBooking,
    mine,
    invoices,
    invoicePdfStatus: pdf?.status ?? 0,
    hotelPage,
    photo: photo.status === 200 ? Buffer.from(await photo.arrayBuffer()) : Buffer.alloc(0),
  };
}
