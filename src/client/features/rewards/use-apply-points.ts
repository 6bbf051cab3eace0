import { useCallback, useSyncExternalStore } from "react";
import { APPLY_POINTS_KEY } from "../../lib/apply-points.ts";

/**
 * The guest's wish to spend their points on the next booking. The booking dialog reads the same
 * localStorage key and pre-selects redemption; the server still decides what can be redeemed.
 */

// The storage event only reports other tabs' writes, so this tab's own writes notify here.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function read(): boolean {
  try {
    return window.localStorage.getItem(APPLY_POINTS_KEY) === "1";
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): then nothing is remembered.
    return false;
  }
}

/** Whether points are to be applied to the next booking, and a setter that returns false when it could not be saved. */
export function useApplyPoints(): [boolean, (apply: boolean) => boolean] {
  const applied = useSyncExternalStore(subscribe, read, () => false);
  const setApplied = useCallback((apply: boolean) => {
    try {
      if (apply) window.localStorage.setItem(APPLY_POINTS_KEY, "1");
      else window.localStorage.removeItem(APPLY_POINTS_KEY);
    } catch {
      return false;
    }
    listeners.forEach((listener) => listener());
    return true;
  }, []);
  return [applied, setApplied];
}
