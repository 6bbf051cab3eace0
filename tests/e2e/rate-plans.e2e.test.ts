import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signInAs } from "./browser.ts";
import { createManagedHotel, json } from "./hotelier-setup.ts";
import { screenshot } from "./screenshot.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A new hidden hotel with one room type, managed by a new manager (set up through the API as the admin would). */
const hotelWithManager = (stamp: number) =>
  createManagedHotel(browser, {
    hotel: {
      name: `Plan Harbour ${stamp}`,
      address: "3 Rua das Flores",
      city: "Lisbon",
      country: "Portugal",
      lat: 38.7103,
      lng: -9.1427,
      starRating: 4,
    },
    roomType: {
      name: "River Double",
      description: "A double room over the river.",
      bedType: "1 queen bed",
      sizeM2: 22,
      maxGuests: 2,
      totalRooms: 4,
      priceCents: 15000,
    },
    manager: { name: "Pia Planner", email: `plans-manager-${stamp}@example.com`, password: "plans-pass-1" },
  });

describe("a manager sets up rate plans", () => {
  it("writes two policies with a preview in a guest's words, adds three plans, is told why a bad plan is refused, and removes one after confirming", async () => {
    const stamp = Date.now();
    const { hotelId, managerEmail, password } = await hotelWithManager(stamp);
    const page = await newPage(browser);
    await signInAs(page, managerEmail, password);
    await page.goto(`/admin/hotels/${hotelId}`);
    // Created without a zone, the hotel is in its city's: the form's select shows it.
    await expect.poll(() => page.getByLabel("Time zone").inputValue()).toBe("Europe/Lisbon");
    await page.getByRole("link", { name: "Rate plans & policies" }).click();
    await page.getByRole("heading", { name: "Rate plans & policies", level: 1 }).waitFor();
    await page.getByText("No cancellation policies yet").waitFor();
    // Lisbon's hotel gets Lisbon's time zone.
    await page.getByText(/Time zone: Europe\/Lisbon/).waitFor();

    // Free until 7 days (the editor's first tier), then the whole price.
    await page.getByRole("button", { name: "New policy" }).click();
    let dialog = page.getByRole("dialog", { name: "New cancellation policy" });
    await dialog.getByLabel("Policy name").fill("Free until 7 days");
    await dialog.getByText(/^Free cancellation until 23:59 on .+ \(hotel time\)\.$/).waitFor();
    await dialog.getByText(/^After that, or if you do not show up, you pay \$450(\.00)?\.$/).waitFor();
    // An overlapping second tier is named before anything is sent.
    await dialog.getByRole("button", { name: "Add a tier" }).click();
    await dialog.getByLabel("Tier 2: until days before check-in").fill("9");
    await dialog.getByText("Fix the tiers to see the preview.").waitFor();
    await dialog.getByRole("button", { name: "Save policy" }).click();
    await dialog.getByText(/Tiers overlap: tier 2 must end fewer days before check-in than tier 1/).waitFor();
    await dialog.getByRole("button", { name: "Remove tier 2" }).click();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save policy" }).click();
    await page.getByText("Policy Free until 7 days saved").waitFor();

    // Non-refundable: no tiers at all.
    await page.getByRole("button", { name: "New policy" }).click();
    dialog = page.getByRole("dialog", { name: "New cancellation policy" });
    await dialog.getByLabel("Policy name").fill("Non-refundable");
    await dialog.getByRole("button", { name: "Remove tier 1" }).click();
    await dialog.getByText(/^Non-refundable: cancelling or not showing up costs \$450(\.00)?\.$/).waitFor();
    await dialog.getByRole("button", { name: "Save policy" }).click();
    await page.getByText("Policy Non-refundable saved").waitFor();

    async function addPlan(fill: (plan: ReturnType<Page["getByRole"]>) => Promise<void>, name: string) {
      await page.getByRole("button", { name: "Add plan to River Double" }).click();
      const plan = page.getByRole("dialog", { name: "New plan for River Double" });
      await plan.getByLabel("Plan name").fill(name);
      await fill(plan);
      await plan.getByRole("button", { name: "Save plan" }).click();
      await page.getByText(`Plan ${name} saved`).waitFor();
      await plan.waitFor({ state: "detached" });
    }

    await addPlan(async (plan) => {
      await plan.getByLabel("Cancellation policy").selectOption({ label: "Free until 7 days" });
    }, "Flexible");
    await addPlan(async (plan) => {
      await plan.getByLabel("Difference in % (−10 = 10 % cheaper)").fill("-12");
      await plan.getByLabel("Cancellation policy").selectOption({ label: "Non-refundable" });
    }, "Non-refundable");

    // A plan that would cost less than nothing is refused by the server, beside its field, and nothing is saved.
    await page.getByRole("button", { name: "Add plan to River Double" }).click();
    const bad = page.getByRole("dialog", { name: "New plan for River Double" });
    await bad.getByLabel("Plan name").fill("Too cheap");
    await bad.getByLabel("Price", { exact: true }).selectOption({ label: "Room price ± an amount" });
    await bad.getByLabel("Difference per night, $ (−15 = $15 cheaper)").fill("-200");
    await bad.getByRole("button", { name: "Save plan" }).click();
    await bad
      .getByText(/free or cheaper than zero on some nights: make it smaller \(the cheapest night of this room is \$150\.00\)/)
      .waitFor();
    await bad.getByRole("button", { name: "Cancel" }).click();

    await addPlan(async (plan) => {
      await plan.getByLabel("Price", { exact: true }).selectOption({ label: "Room price ± an amount" });
      await plan.getByLabel("Difference per night, $ (−15 = $15 cheaper)").fill("18");
      await plan.getByLabel("Meals").selectOption({ label: "Breakfast included" });
      await plan.getByLabel("Cancellation policy").selectOption({ label: "Free until 7 days" });
      await plan.getByLabel("Payment").selectOption({ label: "Deposit now, the rest at the hotel" });
      await plan.getByLabel("Deposit paid at booking (%)").fill("30");
      await plan.getByLabel("Minimum stay (nights)").fill("2");
    }, "Breakfast included");

    const plans = page.getByRole("region", { name: "River Double" });
    await expect
      .poll(() => plans.getByRole("heading", { level: 3 }).allInnerTexts())
      .toEqual(["Flexible", "Non-refundable", "Breakfast included"]);
    await plans.getByText("12 % below the room price · Room only").waitFor();
    await plans.getByText(/\$18(\.00)? a night above the room price · Breakfast included/).waitFor();
    await plans.getByText("Free until 7 days · Deposit now, the rest at the hotel (30 %)").waitFor();
    await screenshot(page, "rate-plans-1280");
    await expectAccessible(page);

    // Removing asks first; a plan no booking names is deleted.
    await page.getByRole("button", { name: "Delete plan Non-refundable" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete plan Non-refundable?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => plans.getByRole("heading", { level: 3 }).count()).toBe(3);
    await page.getByRole("button", { name: "Delete plan Non-refundable" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Plan Non-refundable deleted").waitFor();
    await expect.poll(() => plans.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(["Flexible", "Breakfast included"]);

    // Flexible gets its own prices: set for a few nights, listed in the plan's form.
    await page.getByRole("button", { name: "Edit plan Flexible" }).click();
    let flexible = page.getByRole("dialog", { name: "Edit plan Flexible" });
    await flexible.getByLabel("Price", { exact: true }).selectOption({ label: "Own prices" });
    // The toast of the plan's creation may still be up on a fast machine: the one awaited below is this save's.
    await page.getByText("Plan Flexible saved").waitFor({ state: "hidden" });
    await flexible.getByRole("button", { name: "Save plan" }).click();
    await page.getByText("Plan Flexible saved").waitFor();
    await flexible.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Edit plan Flexible" }).click();
    flexible = page.getByRole("dialog", { name: "Edit plan Flexible" });
    const own = flexible.getByRole("form", { name: "Own prices" });
    await own.getByText("No own prices in the coming year: every night follows the room's calendar.").waitFor();
    await own.getByLabel("Price per night, $").fill("199");
    await own.getByRole("button", { name: "Set prices" }).click();
    await page.getByText("Prices set for 7 nights").waitFor();
    await expect.poll(() => own.getByRole("list", { name: "Own prices in the coming year" }).innerText()).toMatch(/\$199/);
    await flexible.getByRole("button", { name: "Cancel" }).click();

    // What the manager set is what the API holds.
    const overview = await json<{ roomTypes: { plans: { name: string; paymentTiming: string; depositPercent: number | null }[] }[] }>(
      await page.request.get(`/api/properties/hotels/${hotelId}/rate-plans`),
    );
    expect(overview.roomTypes[0]!.plans.map((p) => [p.name, p.paymentTiming, p.depositPercent])).toEqual([
      ["Flexible", "pay_now", null],
      ["Breakfast included", "deposit", 30],
    ]);

    // On a phone: the list and the plan form fit 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "rate-plans-390");
    await page.getByRole("button", { name: "Edit plan Breakfast included" }).click();
    const edit = page.getByRole("dialog", { name: "Edit plan Breakfast included" });
    await expect.poll(() => edit.getByLabel("Deposit paid at booking (%)").inputValue()).toBe("30");
    await screenshot(page, "rate-plan-dialog-390");
    await expectAccessible(page);
  });
});
