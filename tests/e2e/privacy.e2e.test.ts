import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, sameOriginHeaders, signInThroughApi } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("a traveller's data in the browser (decision 067)", () => {
  it("downloads the data from Account security, then deletes the account after the confirmation", async () => {
    const page = await newPage(browser);
    const email = `privacy-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/auth/sign-up/email", { data: { name: "Pia Privacy", email, password: "pia-password-1" } });
    expect(signup.status()).toBe(200);
    await signInThroughApi(page, email, "pia-password-1");
    await page.goto("/account/security");
    const section = page.getByRole("region", { name: "Your data" });
    await section.waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^staywise-data-\d{4}-\d{2}-\d{2}-.+\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { account: { email: string; name: string } };
    expect(data.account).toMatchObject({ email, name: "Pia Privacy" });

    await section.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByText("What the law makes the hotels keep").waitFor();
    await expectAccessible(page);
    await dialog.getByLabel("Current password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("That password is not right.").waitFor();
    await dialog.getByLabel("Delete them").check();
    await dialog.getByLabel("Current password").fill("pia-password-1");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Your account has been deleted").waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();

    const again = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "pia-password-1" },
      headers: sameOriginHeaders(),
    });
    expect(again.status()).toBe(401);
    await page.context().close();
  });
});
