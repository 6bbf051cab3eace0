/**
 * Setup file of the e2e project (vitest.config.ts): each browser test file waits for its turn
 * before its first hook and gives it back after its last (tests/support/e2e-turn.ts), so files of
 * other projects run beside it but no two browser files share the app at once.
 */
import { getPriority, setPriority } from "node:os";
import { afterAll, beforeAll, inject } from "vitest";
import { takeTurn } from "./e2e-turn.ts";

// Browser files run at the normal CPU priority, the unit and pg files below it
// (yield-to-browser.setup.ts); a worker that ran those first is set back, where the system allows.
if (getPriority() > 0) {
  try {
    setPriority(0);
  } catch {
    // Not allowed to raise it again: the browser file runs at the lower priority, only slower.
  }
}

let release: (() => Promise<void>) | undefined;

// Registered before the file's own hooks: runs first, and (hooks run as a stack) its afterAll last.
// The wait has no limit of its own worth hitting: the file ahead is bounded by its own test limits.
beforeAll(async () => {
  release = await takeTurn(inject("e2eTurnPort"));
}, 3_600_000);

afterAll(async () => {
  await release?.();
  release = undefined;
});
