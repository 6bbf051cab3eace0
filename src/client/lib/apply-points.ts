/** Set from the Rewards page ("Apply to next booking"); the booking dialog starts with points on when it is. */
export const APPLY_POINTS_KEY = "staywise.applyPoints";

export function readApplyPoints(): boolean {
  try {
    return window.localStorage.getItem(APPLY_POINTS_KEY) === "1";
  } catch {
    return false;
  }
}
