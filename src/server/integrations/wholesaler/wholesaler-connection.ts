import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { currentRequest } from "../../request-context.ts";
import { type CircuitBreaker, createCircuitBreaker } from "./circuit-breaker.ts";
import type { SupplierUrlPolicy } from "./supplier-url-policy.ts";
import { type WholesalerCredentials, WholesalerError, type WholesalerService, callWholesaler } from "./wholesaler-client.ts";

export type ActiveCredentials = WholesalerCredentials & { environment: string };

/** How one call may be made: its whole time budget, and how often a transport failure is retried. */
export interface CallPolicy {
  budgetMs: number;
  /** 0 for anything that changes state at the supplier (BookV3): a retry could book twice. */
  retries: number;
}

/** A supplier call that finally failed (after any retries), for admins to see in API Diagnostics. */
export interface SupplierCallFailure {
  environment: string;
  method: string;
  errorType: string;
  message: string;
  attempts: number;
  durationMs: number;
  requestId: string | null;
}

export interface ConnectionOptions {
  logger: Logger;
  /** Told of every call that finally failed, except calls refused while the circuit is open. */
  onFailure?: (failure: SupplierCallFailure) => void;
  retryBackoffMs?: number;
  breaker?: { failureThreshold: number; openMs: number };
  now?: () => number;
  /** Which URLs may be called at all; every call is checked. */
  urlPolicy?: SupplierUrlPolicy;
}

/**
 * Calls to one supplier with the resilience every caller needs: a time budget per call, retries with
 * backoff for transport failures only, a circuit breaker per API URL, and a log line for every
 * failure with the request id (never the password).
 */
export function createWholesalerConnection(options: ConnectionOptions) {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const backoffMs = options.retryBackoffMs ?? 250;
  const breakerSettings = options.breaker ?? { failureThreshold: 5, openMs: 30_000 };
  const breakers = new Map<string, CircuitBreaker>();

  function breakerFor(credentials: WholesalerCredentials): CircuitBreaker {
    let breaker = breakers.get(credentials.apiUrl);
    if (!breaker) {
      breaker = createCircuitBreaker({ ...breakerSettings, now });
      breakers.set(credentials.apiUrl, breaker);
    }
    return breaker;
  }

  return {
    async call(
      credentials: ActiveCredentials,
      service: WholesalerService,
      method: string,
      params: Record<string, string>,
      policy: CallPolicy,
    ): Promise<Record<string, unknown>> {
      const breaker = breakerFor(credentials);
      const started = now();
      const deadline = started + policy.budgetMs;
      const context = {
        requestId: currentRequest()?.requestId,
        supplier: "wholesaler",
        environment: credentials.environment,
        apiUrl: credentials.apiUrl,
        method,
      };
      for (let attempt = 1; ; attempt++) {
        if (!breaker.allow()) {
          const seconds = Math.ceil(breaker.retryInMs() / 1000);
          logger.debug({ ...context }, "wholesaler call skipped: circuit open");
          throw new WholesalerError(
            `The supplier is not answering; calls are paused for ${seconds} s after repeated failures`,
            "CircuitOpen",
          );
        }
        try {
          const result = await callWholesaler(credentials, service, method, params, Math.max(1, deadline - now()), options.urlPolicy);
          breaker.succeeded();
          return result;
        } catch (error) {
          const failure =
            error instanceof WholesalerError ? error : new WholesalerError("Unexpected failure calling the supplier", "Unexpected", true);
          // An <Error> answer means the supplier is up and said no; only transport faults count against it.
          const supplierDown =
            failure.retryable || failure.type === "MalformedResponse" || failure.type === "EmptyResponse" || failure.type === "HttpError";
          let opened = false;
          if (supplierDown) opened = breaker.failed();
          else breaker.succeeded();
          const wait = backoffMs * 2 ** (attempt - 1) * (0.8 + 0.4 * Math.random());
          const retry = failure.retryable && attempt <= policy.retries && now() + wait < deadline && !opened;
          logger.warn({ ...context, attempt, errorType: failure.type, error: failure.message, willRetry: retry }, "wholesaler call failed");
          if (opened) logger.error({ ...context, pauseMs: breakerSettings.openMs }, "wholesaler circuit opened after repeated failures");
          if (!retry) {
            options.onFailure?.({
              environment: credentials.environment,
              method,
              errorType: failure.type,
              message: failure.message,
              attempts: attempt,
              durationMs: Math.round(now() - started),
              requestId: context.requestId ?? null,
            });
            throw failure;
          }
          await sleep(wait);
        }
      }
    },
  };
}

export type WholesalerConnection = ReturnType<typeof createWholesalerConnection>;
