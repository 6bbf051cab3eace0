import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type Page, chromium } from "playwright-core";
import { expect, inject } from "vitest";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Fails the test when axe finds a serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are only judged at rest: a toast fading in has a contrast that no one reads.
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations;
  });
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** A fresh browser context (own cookies) at the given width, against the app under test. */
export async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${inject("baseUrl")}/`);
}
