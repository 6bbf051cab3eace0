/** What every call to the wholesaler shares: the connection, each call's time budget and its retries. */
import type { Logger } from "../../logger.ts";
import type { CallPolicy, WholesalerConnection } from "../wholesaler/wholesaler-connection.ts";

export interface WholesalerTimeouts {
  searchMs: number;
  staticMs: number;
  preBookMs: number;
  bookMs: number;
  cancelMs: number;
  lookupMs: number;
}

export const DEFAULT_TIMEOUTS: WholesalerTimeouts = {
  searchMs: 8_000,
  staticMs: 15_000,
  preBookMs: 15_000,
  bookMs: 45_000,
  cancelMs: 20_000,
  lookupMs: 15_000,
};
const READ_RETRIES = 2;

export interface WholesalerCalls {
  connection: WholesalerConnection;
  timeouts: WholesalerTimeouts;
  /** Unverified protocol point: whether PreBook/Book prices are in cents rather than currency units. */
  inCents: boolean;
  now: () => number;
  logger: Logger;
}

/** A call that only reads: retried. */
export function readPolicy(budgetMs: number): CallPolicy {
  return { budgetMs, retries: READ_RETRIES };
}

/** A call that changes something at the supplier: sent once. */
export function oncePolicy(budgetMs: number): CallPolicy {
  return { budgetMs, retries: 0 };
}
