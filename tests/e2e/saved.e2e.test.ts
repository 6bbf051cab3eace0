import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("saved hotels and recently viewed in the browser", () => {
  it("a visitor saves a hotel, views it, sees it on the home page, signs in from /saved and finds it kept in the account", async () => {
    const page = await newPage(browser);
    const email = `saver-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Sam Saver", email, password: "secret123" },
      headers: sameOriginHeaders(),
    });
    expect(signup.status()).toBe(200);

    // A visitor saves the first of our own hotels from the results.
    await page.goto("/?destination=");
    const heart = page.getByRole("button", { name: /^Save / }).first();
    await heart.waitFor();
    const hotelName = (await heart.getAttribute("aria-label"))!.replace(/^Save /, "");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await page.getByText(`Saved ${hotelName}`).waitFor();
    await expectAccessible(page);

    // Opening it records the visit; its page shows the same heart pressed.
    await page.getByRole("link", { name: hotelName, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: hotelName }).waitFor();
    const hotelId = /\/hotel\/(\d+)/.exec(page.url())![1]!;
    expect(await page.getByRole("button", { name: `Save ${hotelName}` }).getAttribute("aria-pressed")).toBe("true");

    // The home page now shows it under "Recently viewed", linking to the hotel.
    await page.goto("/");
    const recent = page.getByRole("region", { name: "Recently viewed" });
    await recent.getByRole("link", { name: hotelName }).waitFor();
    expect(await recent.getByRole("link", { name: hotelName }).getAttribute("href")).toBe(`/hotel/${hotelId}`);
    await expectAccessible(page);

    // /saved for a visitor: the browser-kept save and a prompt to sign in.
    await page.goto("/saved");
    await page.getByRole("heading", { name: "Sign in to keep your saved hotels" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: hotelName }).waitFor();
    await expectAccessible(page);

    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/saved`);
    await page.getByText("1 saved hotel added to your account").waitFor();

    // Signed in: the hotel comes from the account now, and the browser's copy is gone.
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to keep your saved hotels" }).count()).toBe(0);
    await page.getByRole("main").getByRole("link", { name: hotelName }).waitFor();
    await page.getByText("1 hotel", { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("staywise.savedHotels"))).toBeNull();
    const ids = (await (await page.request.get("/api/me/saved-hotels/ids")).json()) as { hotelIds: string[] };
    expect(ids.hotelIds).toEqual([hotelId]);
    await expectAccessible(page);

    // The account menu leads here.
    await page.goto("/");
    await page.getByRole("button", { name: /Sam Saver/ }).click();
    await page.getByRole("menuitem", { name: "Saved hotels" }).click();
    await page.waitForURL(`${baseUrl}/saved`);

    // Remove: gone at once; Undo brings it back; removed again, it is gone from the account too.
    const remove = page.getByRole("button", { name: `Remove ${hotelName} from saved hotels` });
    await remove.click();
    await page.getByText("No saved hotels yet").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    await remove.waitFor();
    await expect
      .poll(async () => ((await (await page.request.get("/api/me/saved-hotels/ids")).json()) as { hotelIds: string[] }).hotelIds)
      .toEqual([hotelId]);
    await remove.click();
    await page.getByText("No saved hotels yet").waitFor();
    await expect
      .poll(async () => ((await (await page.request.get("/api/me/saved-hotels/ids")).json()) as { hotelIds: string[] }).hotelIds)
      .toEqual([]);
    await expectAccessible(page);
    await page.context().close();
  });

  it("shows a save at once and takes it back with a toast when the server refuses it", async () => {
    const page = await newPage(browser, 390);
    const email = `failing-saver-${Date.now()}@example.com`;
    await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Fay Saver", email, password: "secret123" },
      headers: sameOriginHeaders(),
    });
    const signin = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "secret123" },
      headers: sameOriginHeaders(),
    });
    expect(signin.status()).toBe(200);
    // The save is held until the heart has been seen pressed, then refused.
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    await page.route("**/api/me/saved-hotels/*", async (route) => {
      if (route.request().method() !== "PUT") return route.fallback();
      await refused;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: "SERVICE_UNAVAILABLE", message: "We cannot reach our database right now." }),
      });
    });
    await page.goto("/?destination=");
    const heart = page.getByRole("button", { name: /^Save / }).first();
    await heart.waitFor();
    const hotelName = (await heart.getAttribute("aria-label"))!.replace(/^Save /, "");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    refuse();
    await page.getByText(`Could not save ${hotelName}`).waitFor();
    await page.getByText("We cannot reach our database right now.").waitFor();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    await page.context().close();
  });
});
