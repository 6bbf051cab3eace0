import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { totpCode } from "../support/totp.ts";
import {
  currentTotpCode,
  enrollTwoFactorInBrowser,
  expectAccessible,
  launchBrowser,
  newPage as openPage,
  signInAs,
  signInThroughApi,
} from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function newPage(width = 1280): Promise<Page> {
  return openPage(browser, width);
}

// Through the login page where signing in is what a test shows; a sign-in that only sets a test up,
// before it opens a page of its own, goes through the API (signInThroughApi) and saves two page loads.
const signIn = signInAs;

describe("accounts in the browser", () => {
  it("signs up, is sent to login, signs in, sees the name in the header, signs out", async () => {
    const page = await newPage();
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto("/signup");
    await expectAccessible(page);
    await page.getByLabel("Full Name").fill("Edith Clarke");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Confirm Password").fill("different");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await page.getByLabel("Confirm Password").fill("secret123");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Account created! Redirecting to login...").waitFor();
    await page.waitForURL(`${baseUrl}/login`);
    // Said also when the address already had an account: its owner was e-mailed a notice instead.
    await page
      .getByRole("status")
      .filter({ hasText: `We've sent an e-mail to ${email}` })
      .waitFor();
    await expectAccessible(page);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();

    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseUrl}/`);
    const account = page.getByRole("button", { name: /Edith Clarke/ });
    await account.waitFor();
    await expectAccessible(page);
    await account.click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("turns two-factor on from Account security, then signs in with a code from the app", async () => {
    const page = await newPage();
    const email = `totp-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/auth/sign-up/email", { data: { name: "Tess Otp", email, password: "tess-password" } });
    expect(signup.status()).toBe(200);
    await signInThroughApi(page, email, "tess-password");
    const secret = await enrollTwoFactorInBrowser(page, "tess-password");
    await expectAccessible(page);
    await page.getByRole("button", { name: /Tess Otp/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("tess-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByLabel("Authentication code").fill(totpCode(secret, Date.now() - 10 * 60_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "That code is not right" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("Authentication code").fill(await currentTotpCode(email, secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("button", { name: /Tess Otp/ }).waitFor();
    await page.context().close();
  });

  it("lists the account's sessions, signs out everywhere else after asking, and changes the password", async () => {
    const email = `sessions-${Date.now()}@example.com`;
    const laptop = await newPage();
    const signup = await laptop.request.post("/api/auth/sign-up/email", {
      data: { name: "Sam Session", email, password: "sam-password-1" },
    });
    expect(signup.status()).toBe(200);
    const phone = await newPage(390);
    await signInThroughApi(phone, email, "sam-password-1");
    await signInThroughApi(laptop, email, "sam-password-1");

    await phone.goto("/account/security");
    const sessions = phone.getByRole("list", { name: "Sessions" });
    await sessions.getByText("This device").waitFor();
    expect(await sessions.getByRole("listitem").count()).toBe(2);
    await expectAccessible(phone);
    await phone.getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = phone.getByRole("alertdialog", { name: "Sign out everywhere else?" });
    await expectAccessible(phone);
    await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
    await phone.getByText("You are not signed in anywhere else.").waitFor();
    expect(await (await laptop.request.get("/api/me")).json()).toEqual({ user: null });

    const password = phone.getByRole("region", { name: "Password", exact: true });
    await password.getByLabel("Current password").fill("sam-password-1");
    await password.getByLabel("New password").fill("sam-password-2");
    await password.getByLabel("Confirm password").fill("sam-password-2");
    await password.getByRole("button", { name: "Change password" }).click();
    await phone.getByText("Password changed").first().waitFor();
    await phone.context().close();
    await signIn(laptop, email, "sam-password-2");
    await laptop.getByRole("button", { name: /Sam Session/ }).waitFor();
    await laptop.context().close();
  });

  it("resets a password through the link in the mailbox and signs in with the new one", async () => {
    const page = await newPage();
    const email = `reset-${Date.now()}@example.com`;
    const signup = await page.request.post("/api/auth/sign-up/email", { data: { name: "Reset Me", email, password: "old-secret" } });
    expect(signup.status()).toBe(200);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${baseUrl}/password-reset`);
    await expectAccessible(page);
    await page.getByLabel("Email").fill(email);
    const send = page.getByRole("button", { name: "Send Reset Link" });
    await send.click();
    await page.getByText("Password reset email sent! Check your inbox.").waitFor();
    expect(await send.isDisabled()).toBe(true);

    // The admin reads the message in the in-app Mailbox (no SMTP in the demo).
    const admin = await newPage();
    await signInThroughApi(admin, inject("adminEmail"), inject("adminPassword"));
    await admin.goto("/admin/mailbox");
    await admin.getByRole("heading", { name: "Mailbox" }).waitFor();
    await expectAccessible(admin);
    await admin
      .getByRole("button", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) })
      .first()
      .click();
    const link = admin.getByRole("link", { name: /\/api\/auth\/reset-password\// });
    const href = await link.first().getAttribute("href");
    expect(href).toContain("/api/auth/reset-password/");
    await admin.context().close();

    await page.goto(href!);
    await page.waitForURL(/\/reset-password\?token=/);
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm password").fill("new-secret");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("Your password has been changed. You can now sign in.").waitFor();

    await signIn(page, email, "new-secret");
    await page.getByRole("button", { name: /Reset Me/ }).waitFor();
    await page.context().close();
  });

  it("shows the permission text to a signed-in non-admin on /admin", async () => {
    const page = await newPage();
    const email = `plain-${Date.now()}@example.com`;
    await page.request.post("/api/auth/sign-up/email", { data: { name: "Plain User", email, password: "secret123" } });
    await signInThroughApi(page, email, "secret123");
    await page.goto("/admin");
    await page.getByText("You don't have permission to access this page. Admin access required.").waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("sends a visitor from a protected page to /login", async () => {
    const page = await newPage();
    await page.goto("/admin/mailbox");
    await page.waitForURL(`${baseUrl}/login`);
    await page.context().close();
  });

  it.each(["/no-such-page", "/create-admin", "/profile-check", "/force-admin-setup", "/admin-verify", "/simple-admin-setup"])(
    "shows the 404 page at %s",
    async (path) => {
      const page = await newPage(390);
      await page.goto(path);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await expectAccessible(page);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.context().close();
    },
  );

  it("shows the admin the Admin badge and the dashboard link; the mobile menu mirrors the header", async () => {
    const page = await newPage(390);
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    // Inside the phone menu: elsewhere on the page the same texts may be in a part hidden at this width.
    const menu = page.getByRole("navigation", { name: "Mobile" });
    // Seen twice in CI under load, never here: the menu found open with its Admin Dashboard link, then
    // no badge within 15 s, the menu closed again by then. So the menu is opened (again) until both
    // show, a few times, and a last failure says what the header showed.
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await menu.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
        await menu.getByRole("link", { name: "Admin Dashboard" }).waitFor({ timeout: 5_000 });
        await menu.getByText("Admin", { exact: true }).waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt < 3) continue;
        const header = await page.locator("header").evaluate((el) => el.outerHTML.replace(/ class="[^"]*"/g, "").slice(-4000));
        throw new Error(`${String(error)}\nat ${page.url()}, the header (its end) was:\n${header}`, { cause: error });
      }
    }
    await expectAccessible(page);
    await page.context().close();
  });
});
