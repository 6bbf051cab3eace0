/**
 * Setup file of the e2e project (vitest.config.ts): each browser test file waits for its turn
 * before its first hook and gives it back after its last (tests/support/e2e-turn.ts), so files of
 * other projects run beside it but no two browser files share the app at once.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { takeTurn } from "./e2e-turn.ts";

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
