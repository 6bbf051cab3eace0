import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type Page, chromium } from "playwright-core";
import { expect, inject } from "vitest";
import { addDays } from "../../src/shared/dates.ts";
import { totpCode } from "../support/totp.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // The map needs WebGL: without a GPU, Chromium gives it SwiftShader (software), which it will only do when told.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
    ],
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Waits until nothing on the page is aria-busy: results dimmed while newer ones load have arrived. */
export async function waitUntilNotBusy(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
}

/** Fails the test when axe finds a serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are only judged at rest: a toast fading in, or results dimmed while newer ones load
  // (aria-busy), have a contrast that no one reads.
  await waitUntilNotBusy(page);
  // One transition's end often starts another (a new toast moves the older ones back in the stack
  // and fades their text out): wait until a frame after the last one starts none, for up to 3 s.
  await page.evaluate(async () => {
    const deadline = performance.now() + 3_000;
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await nextFrame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, left))]);
    }
  });
  // Once per document: a page checked again after a click still has it.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations;
  });
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Headers for API calls a test makes with page.request: the server refuses cookie-carrying writes without the app's Origin. */
export function sameOriginHeaders(): Record<string, string> {
  return { origin: inject("baseUrl") };
}

/** A fresh browser context (own cookies) at the given width, against the app under test. */
export async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * The account's authenticator code for now, after making the app forget the last step the account
 * used (through the test-only control port that global-setup loads into the app's process,
 * app-control.ts): the app takes each code once, so without this a third sign-in of the same
 * account within 30 s would wait for the clock to reach a new step.
 */
export async function currentTotpCode(email: string, secret: string): Promise<string> {
  const res = await fetch(`${inject("controlUrl")}/forget-totp-step?email=${encodeURIComponent(email)}`, { method: "POST" });
  expect(res.status, `forgetting ${email}'s last authenticator step: ${await res.clone().text()}`).toBe(200);
  return totpCode(secret);
}

/** Authenticator secrets known to this test file: the e2e admin's, and any account enrolled by signInAs. */
const totpSecrets = new Map<string, string>([[inject("adminEmail"), inject("adminTotpSecret")]]);

/**
 * Signs in through the login page, answering the two-factor step with a computed code when it is
 * asked; an account whose role requires two-factor (a newly promoted admin) is enrolled through the
 * Account security page, as the app makes a person do.
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const home = `${inject("baseUrl")}/`;
  const codeField = page.getByLabel("Authentication code");
  await Promise.race([page.waitForURL(home), codeField.waitFor()]);
  if (await codeField.isVisible()) {
    const secret = totpSecrets.get(email);
    expect(secret, `${email} asks for a two-factor code but its secret is unknown`).toBeDefined();
    await codeField.fill(await currentTotpCode(email, secret!));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(home);
  }
  const me = (await (await page.request.get("/api/me")).json()) as { user: { twoFactorSetupRequired: boolean } };
  if (me.user.twoFactorSetupRequired) totpSecrets.set(email, await enrollTwoFactorInBrowser(page, password));
}

/**
 * Signs in through the API as the page's browser context (its cookies), for a test whose subject is
 * not the login page and that opens a page of its own next: signInAs loads the login page and then
 * the home page, about a second each, which such a test never looks at. Answers the two-factor step
 * with a computed code as signInAs does; an account that still has to enrol two-factor is refused
 * (signInAs enrols it through the Account security page).
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post("/api/auth/sign-in/email", { headers: sameOriginHeaders(), data: { email, password } });
  expect(res.status(), `signing ${email} in: ${await res.text()}`).toBe(200);
  if (((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    const secret = totpSecrets.get(email);
    expect(secret, `${email} asks for a two-factor code but its secret is unknown`).toBeDefined();
    const verify = await page.request.post("/api/auth/two-factor/verify-totp", {
      headers: sameOriginHeaders(),
      data: { code: await currentTotpCode(email, secret!) },
    });
    expect(verify.status(), `${email}'s two-factor code: ${await verify.text()}`).toBe(200);
  }
  const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string; twoFactorSetupRequired: boolean } | null };
  expect(me.user?.email, `${email} is signed in`).toBe(email);
  expect(me.user?.twoFactorSetupRequired, `${email} must enrol two-factor first: sign in with signInAs`).toBe(false);
}

/** Turns two-factor on through the Account security page; returns the setup key it showed. */
export async function enrollTwoFactorInBrowser(page: Page, password: string): Promise<string> {
  await page.goto("/account/security");
  await page.getByRole("region", { name: "Two-factor authentication" }).getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const secret = await page.getByLabel("Setup key").inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect.poll(() => page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").count()).toBe(10);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string } };
  await page.getByLabel("Authentication code").fill(await currentTotpCode(me.user.email, secret));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await page.getByText("Two-factor authentication is on").first().waitFor();
  return secret;
}

/**
 * A paid booking made through the public API as the page's session (signed in or not): the first
 * of our own hotels in `destination` with a bookable room for two adults, two nights from `checkIn`,
 * held, paid with the 4242 test card and confirmed. Answers the booking's reference.
 */
export async function bookAndPayThroughApi(
  page: Page,
  booking: { destination: string; checkIn: string; guestName: string; guestEmail: string; guestPhone: string },
): Promise<string> {
  const checkOut = addDays(booking.checkIn, 2);
  const stay = `checkIn=${booking.checkIn}&checkOut=${checkOut}`;
  const found = (await (
    await page.request.get(`/api/hotels/search?destination=${encodeURIComponent(booking.destination)}&${stay}`)
  ).json()) as { hotels: { id: string }[] };
  const hotelId = found.hotels.find((h) => /^\d+$/.test(h.id))!.id;
  const detail = (await (await page.request.get(`/api/hotels/${hotelId}?${stay}`)).json()) as {
    rooms: { id: string; bookable: boolean }[];
  };
  const res = await page.request.post("/api/bookings", {
    headers: sameOriginHeaders(),
    data: {
      hotelId,
      roomTypeId: detail.rooms.find((r) => r.bookable)!.id,
      checkIn: booking.checkIn,
      checkOut,
      guests: 2,
      rooms: 1,
      guestName: booking.guestName,
      guestEmail: booking.guestEmail,
      guestPhone: booking.guestPhone,
    },
  });
  expect(res.status()).toBe(201);
  const hold = (await res.json()) as {
    booking: { id: string; bookingReference: string };
    payment: { paymentId: string; clientSecret: string };
  };
  await page.request.post(`/api/simulated-payments/${hold.payment.paymentId}/confirm`, {
    headers: sameOriginHeaders(),
    data: {
      clientSecret: hold.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  const confirmed = await page.request.post(`/api/bookings/${hold.booking.id}/confirm-payment`, {
    headers: sameOriginHeaders(),
    data: { paymentId: hold.payment.paymentId },
  });
  expect(confirmed.ok()).toBe(true);
  return hold.booking.bookingReference;
}
