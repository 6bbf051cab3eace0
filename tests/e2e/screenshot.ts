import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

/** Pictures of the page (the whole page, or with fullPage false what the window shows) when E2E_SCREENSHOTS names a folder (looked at by hand). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
