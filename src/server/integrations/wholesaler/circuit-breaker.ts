/**
 * Stops calling a supplier that keeps failing, so a dead supplier costs each search nothing instead
 * of a timeout: after `failureThreshold` consecutive failures it opens for `openMs`, then lets one
 * trial call through; that call's outcome closes it or opens it again.
 */
export function createCircuitBreaker(options: { failureThreshold: number; openMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let trialInFlight = false;

  return {
    /** Whether a call may go out now; reserves the one trial call when the pause is over. */
    allow(): boolean {
      if (failures < options.failureThreshold) return true;
      if (now() < openUntil || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    /** Milliseconds until the next trial call, 0 when closed. */
    retryInMs(): number {
      return failures < options.failureThreshold ? 0 : Math.max(0, openUntil - now());
    },
    succeeded(): void {
      failures = 0;
      trialInFlight = false;
    },
    /** Records a failure; true when this one opened the circuit. */
    failed(): boolean {
      const wasClosed = failures < options.failureThreshold;
      failures++;
      trialInFlight = false;
      if (failures >= options.failureThreshold) openUntil = now() + options.openMs;
      return wasClosed && failures >= options.failureThreshold;
    },
  };
}

export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;
