import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";
import { createManagedHotel, signUpThroughApi } from "./hotelier-setup.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs up a new account through the API, as a traveller would on the sign-up page. */
const signUp = (name: string, email: string, password: string) => signUpThroughApi(browser, name, email, password);

/** A new hidden hotel managed by a new manager (set up through the API as the admin would). */
const hotelWithManager = (stamp: number) =>
  createManagedHotel(browser, {
    hotel: {
      name: `Staff House ${stamp}`,
      address: "12 Calle Mayor",
      city: "Madrid",
      country: "Spain",
      lat: 40.4155,
      lng: -3.7074,
      starRating: 3,
    },
    manager: { name: "Mara Manager", email: `staff-manager-${stamp}@example.com`, password: "staff-manager-pass-1" },
  });

describe("a hotel's Staff section", () => {
  it("a manager adds an existing account as front desk by e-mail; that account sees only the hotel's front desk; the manager removes it after confirming", async () => {
    const stamp = Date.now();
    const { hotelId, managerEmail, password } = await hotelWithManager(stamp);
    const deskEmail = `staff-desk-${stamp}@example.com`;
    const deskPassword = "staff-desk-pass-1";
    await signUp("Dani Desk", deskEmail, deskPassword);

    const manager = await newPage(browser);
    await signInAs(manager, managerEmail, password);
    await manager.goto(`/admin/hotels/${hotelId}`);
    const staff = manager.getByRole("region", { name: "Staff" });
    const managerRow = staff.getByRole("listitem").filter({ hasText: managerEmail });
    await managerRow.getByText("Manager", { exact: true }).waitFor();
    // A manager grants front desk only, and cannot remove themselves.
    expect(await staff.getByLabel("Role").count()).toBe(0);
    expect(await managerRow.getByRole("button").count()).toBe(0);

    await staff.getByLabel("E-mail of an existing account").fill(deskEmail);
    await staff.getByRole("button", { name: "Add as front desk" }).click();
    await manager.getByText(`${deskEmail} added as Front desk`).waitFor();
    const deskRow = staff.getByRole("listitem").filter({ hasText: deskEmail });
    await deskRow.getByText("Dani Desk").waitFor();
    await deskRow.getByText("Front desk", { exact: true }).waitFor();
    expect(await staff.getByLabel("E-mail of an existing account").inputValue()).toBe("");
    await expectAccessible(manager);

    // The front-desk account: the desk of this one hotel, and nothing of its management or the admin's.
    const desk = await newPage(browser);
    await signInAs(desk, deskEmail, deskPassword);
    const nav = desk.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Front desk" }).waitFor();
    expect(await nav.getByRole("link", { name: "Manage hotels" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Admin Dashboard" }).count()).toBe(0);
    await nav.getByRole("link", { name: "Front desk" }).click();
    // Its only hotel opens at once.
    await desk.waitForURL(`**/admin/hotels/${hotelId}/front-desk`);
    await desk.getByRole("heading", { name: /^Arrivals/ }).waitFor();
    await desk.getByRole("button", { name: "Phone booking" }).waitFor();
    await expectAccessible(desk);
    await desk.goto(`/admin/hotels/${hotelId}`);
    await desk.getByRole("heading", { name: "Access denied" }).waitFor();
    await desk.goto(`/admin/hotels/${hotelId}/reports`);
    await desk.getByRole("heading", { name: "Access denied" }).waitFor();
    expect((await desk.request.get(`/api/properties/hotels/${hotelId}`)).status()).toBe(403);
    expect((await desk.request.get(`/api/properties/hotels/${hotelId}/staff`)).status()).toBe(403);
    expect((await desk.request.get("/api/admin/users")).status()).toBe(403);

    // Removing asks first: Cancel keeps them on the staff.
    const remove = deskRow.getByRole("button", { name: `Remove ${deskEmail} from this hotel's staff` });
    await remove.click();
    const confirm = manager.getByRole("alertdialog", { name: `Remove ${deskEmail} from this hotel's staff?` });
    await confirm.getByText("They lose their access to this hotel at once. Their account stays, and they can be added again.").waitFor();
    await expectAccessible(manager);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await manager.reload();
    await deskRow.getByText("Front desk", { exact: true }).waitFor();

    await remove.click();
    await confirm.getByRole("button", { name: "Remove from staff" }).click();
    await manager.getByText(`${deskEmail} removed from this hotel's staff`).waitFor();
    await deskRow.waitFor({ state: "detached" });
    await confirm.waitFor({ state: "hidden" });
    await managerRow.waitFor();

    // The former front-desk account loses the desk at once: the role change ended its sessions, and
    // signed in again it is a traveller's account.
    await desk.goto(`/admin/hotels/${hotelId}/front-desk`);
    await desk.waitForURL("**/login");
    expect((await desk.request.get(`/api/properties/hotels/${hotelId}/front-desk`)).status()).toBe(401);
    await desk.context().close();
    const former = await newPage(browser);
    await signInAs(former, deskEmail, deskPassword);
    // Signed in (the account menu shows the name), and no desk in the navigation.
    await former.getByRole("button", { name: /Dani Desk/ }).waitFor();
    expect(await former.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Front desk" }).count()).toBe(0);
    await former.goto(`/admin/hotels/${hotelId}/front-desk`);
    await former.getByRole("heading", { name: "Access denied" }).waitFor();
    expect((await former.request.get(`/api/properties/hotels/${hotelId}/front-desk`)).status()).toBe(403);
    await manager.context().close();
    await former.context().close();
  });
});
