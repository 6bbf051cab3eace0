import { useEffect, useState } from "react";

/** Whole seconds until `deadlineMs` (a Date.now() value), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(deadlineMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const expired = now >= deadlineMs;
  useEffect(() => {
    if (expired) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expired]);
  return Math.max(0, Math.ceil((deadlineMs - now) / 1000));
}
