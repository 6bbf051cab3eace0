import type { Browser, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { newPage, sameOriginHeaders, signInAs } from "./browser.ts";

/** The body of an API answer, or an error naming its status and text. */
export async function json<T>(response: {
  ok(): boolean;
  status(): number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}): Promise<T> {
  if (!response.ok()) throw new Error(`${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up a new account through the API, as a traveller would on the sign-up page. */
export async function signUpThroughApi(browser: Browser, name: string, email: string, password: string): Promise<void> {
  const page = await newPage(browser);
  expect((await page.request.post("/api/auth/sign-up/email", { data: { name, email, password } })).status()).toBe(200);
  await page.context().close();
}

export interface HotelierSetup {
  /** Where the hotel is; the rest of it is the same for every test (hidden, free cancellation up to 2 days before). */
  hotel: { name: string; address: string; city: string; country: string; lat: number; lng: number; starRating: number };
  /** A room type to add to it, if the test needs one. */
  roomType?: Record<string, unknown>;
  manager: { name: string; email: string; password: string };
}

/** A new hidden hotel managed by a new manager, set up through the API as the admin would. */
export async function createManagedHotel(
  browser: Browser,
  setup: HotelierSetup,
): Promise<{ hotelId: number; managerEmail: string; password: string }> {
  const admin = await newPage(browser);
  await signInAs(admin, inject("adminEmail"), inject("adminPassword"));
  const headers = sameOriginHeaders();
  const { hotel } = await json<{ hotel: { id: number } }>(
    await admin.request.post("/api/properties/hotels", {
      headers,
      data: {
        ...setup.hotel,
        description: "",
        amenities: [],
        cancellationPolicy: "Free cancellation up to 2 days before check-in",
        freeCancellationDays: 2,
        checkInTime: "15:00",
        checkOutTime: "11:00",
        hidden: true,
      },
    }),
  );
  if (setup.roomType) {
    await json(await admin.request.post(`/api/properties/hotels/${hotel.id}/room-types`, { headers, data: setup.roomType }));
  }
  const { name, email, password } = setup.manager;
  await signUpThroughApi(browser, name, email, password);
  const { users } = await json<{ users: { id: string; email: string }[] }>(
    await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`),
  );
  const user = users.find((u) => u.email === email)!;
  await json(await admin.request.put(`/api/admin/users/${user.id}/hotels`, { headers, data: { hotelIds: [hotel.id] } }));
  await admin.context().close();
  return { hotelId: hotel.id, managerEmail: email, password };
}

/** The e2e admin, in a window this wide, on a section of hotel 1's back office opened from its hotel page. */
export async function openHotelSection(browser: Browser, width: number, section: string): Promise<Page> {
  const page = await newPage(browser, width);
  await signInAs(page, inject("adminEmail"), inject("adminPassword"));
  await page.goto("/admin/hotels/1");
  await page.getByRole("link", { name: section }).click();
  await page.getByRole("heading", { name: section, level: 1 }).waitFor();
  return page;
}
