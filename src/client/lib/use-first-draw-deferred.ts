import { useDeferredValue, useState } from "react";

/**
 * `value`, except when it first arrives: then `first` (null, or a light part of it) while React
 * draws `value` in a deferred render, which it splits into short slices instead of one long task.
 * A page of results or a hotel drawn in one go held a phone's main thread for 0.3-0.5 s (x4 CPU) as
 * the answer came in (issue 32 item 4). Later changes (a filter, new dates) are drawn at once, as
 * before, so what the list shows never lags the count or the status beside it. `first` undefined:
 * `value` at once, no deferred render.
 */
export function useFirstDrawDeferred<T, F>(value: T, first: F | undefined): T | F {
  const deferred = useDeferredValue<T | F>(value, first);
  const [drawn, setDrawn] = useState(false);
  const arrived = value !== null && value !== undefined && deferred === value;
  if (arrived && !drawn) setDrawn(true);
  return drawn || arrived ? value : deferred;
}
