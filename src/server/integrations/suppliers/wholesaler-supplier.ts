/**
 * The external wholesaler (the spec's XML supplier) as a hotel supplier: search and hotel detail
 * through SearchV3 plus cached static content (wholesaler-search.ts, wholesaler-content.ts), and the
 * booking-side calls (price check, book, cancel, look-up by our reference) for the booking flow
 * (wholesaler-bookings.ts). Credentials are read on every call, so switching the active environment
 * in Admin > API Settings takes effect at once.
 */
import type { HotelSummary } from "../../../shared/search.ts";
import type { Stay } from "../../../shared/search-options.ts";
import type { Logger } from "../../logger.ts";
import { WholesalerError } from "../wholesaler/wholesaler-client.ts";
import type { SupplierUrlPolicy } from "../wholesaler/supplier-url-policy.ts";
import { type ActiveCredentials, type SupplierCallFailure, createWholesalerConnection } from "../wholesaler/wholesaler-connection.ts";
import type { HotelCatalogSupplier } from "./hotel-supplier.ts";
import {
  type BookInput,
  type BookResult,
  type CancelResult,
  type LookupResult,
  type PriceCheckInput,
  type PriceCheckResult,
  bookAt,
  cancelAt,
  lookupAt,
  priceCheckAt,
} from "./wholesaler-bookings.ts";
import { DEFAULT_TIMEOUTS, type WholesalerCalls, type WholesalerTimeouts } from "./wholesaler-calls.ts";
import { createWholesalerContent } from "./wholesaler-content.ts";
import { WHOLESALER_ID } from "./wholesaler-hotels.ts";
import { diagnosticHotels, searchWholesaler, wholesalerHotel } from "./wholesaler-search.ts";

const HOTEL_ID = /^wh-(\d{1,12})$/;
export const NOT_CONFIGURED_MESSAGE = "No active API configuration found. Please configure in Admin > API Settings.";

export interface WholesalerSupplierOptions {
  /** The active environment's credentials, or null when no environment is active. */
  activeCredentials: () => Promise<ActiveCredentials | null>;
  /**
   * One environment's stored credentials. A booking is made, looked up and cancelled in the
   * environment that priced it, even after an admin switches the active one.
   */
  environmentCredentials?: (environment: string) => Promise<ActiveCredentials | null>;
  logger: Logger;
  /** Every supplier call that finally failed (recorded for API Diagnostics). */
  onFailure?: (failure: SupplierCallFailure) => void;
  timeouts?: Partial<WholesalerTimeouts>;
  retryBackoffMs?: number;
  breaker?: { failureThreshold: number; openMs: number };
  /** Unverified protocol point: whether PreBook/Book prices are in cents rather than currency units. */
  bookingPricesInCents?: boolean;
  now?: () => number;
  /** Which supplier URLs may be called (SUPPLIER_HOSTS and the sandbox). */
  urlPolicy?: SupplierUrlPolicy;
}

export interface DiagnosticSearchResult {
  environment: string;
  apiUrl: string;
  hotels: HotelSummary[];
}

export interface WholesalerSupplier extends HotelCatalogSupplier {
  /** A search of the active environment straight from the supplier (no cache), failures thrown. */
  diagnosticSearch(destination: string, stay: Stay): Promise<DiagnosticSearchResult>;
  /** PreBookV3: the current price of a room offer, and a code that holds it for `book`. */
  priceCheck(input: PriceCheckInput): Promise<PriceCheckResult>;
  /** BookV3 in the given environment, sent exactly once (never retried: the API has no idempotency key). */
  book(input: BookInput): Promise<BookResult>;
  /** CancelBooking in the environment that booked; a booking that is already cancelled counts as cancelled. */
  cancel(bookingNumber: string, environment?: string): Promise<CancelResult>;
  /** GetBookingInformationV3 by our reference (yourRef): the check before retrying a timed-out book. */
  lookupByReference(yourRef: string, environment?: string): Promise<LookupResult>;
}

/** Hotels from the wholesaler's XML API; ids are `wh-{supplier hotel id}`. */
export function createWholesalerSupplier(options: WholesalerSupplierOptions): WholesalerSupplier {
  const calls = wholesalerCalls(options);
  const content = createWholesalerContent(calls);
  const credentialsOrThrow = async (environment?: string): Promise<ActiveCredentials> => {
    const credentials = await credentialsFor(options, environment);
    if (!credentials) throw new WholesalerError(NOT_CONFIGURED_MESSAGE, "NotConfigured");
    return credentials;
  };
  return {
    id: WHOLESALER_ID,
    ownsHotelId: (hotelId) => HOTEL_ID.test(hotelId),
    async answers(criteria) {
      // No environment active: the supplier is simply not in use. An empty destination (the home
      // page's browse) is not worth a slow supplier call per popular city.
      return criteria.destination.trim() !== "" && (await options.activeCredentials()) !== null;
    },
    async search(criteria) {
      const credentials = await options.activeCredentials();
      if (!credentials || !criteria.destination.trim()) return { hotels: [], total: 0 };
      return searchWholesaler(content, credentials, criteria);
    },
    async getHotel(hotelId, stay) {
      const match = HOTEL_ID.exec(hotelId);
      const credentials = await options.activeCredentials();
      if (!match || !credentials) return null;
      return wholesalerHotel(content, credentials, Number(match[1]), stay);
    },
    async diagnosticSearch(destination, stay) {
      const credentials = await credentialsOrThrow();
      const hotels = await diagnosticHotels(content, credentials, destination, stay);
      return { environment: credentials.environment, apiUrl: credentials.apiUrl, hotels };
    },
    priceCheck: async (input) => priceCheckAt(calls, await credentialsOrThrow(), input),
    async book(input) {
      const credentials = await credentialsFor(options, input.environment);
      if (!credentials) return { status: "failed", environment: null, errorType: "NotConfigured", reason: NOT_CONFIGURED_MESSAGE };
      return bookAt(calls, credentials, input);
    },
    cancel: async (bookingNumber, environment) => cancelAt(calls, await credentialsOrThrow(environment), bookingNumber),
    lookupByReference: async (yourRef, environment) => lookupAt(calls, await credentialsOrThrow(environment), yourRef),
  };
}

function wholesalerCalls(options: WholesalerSupplierOptions): WholesalerCalls {
  const now = options.now ?? Date.now;
  const connection = createWholesalerConnection({
    logger: options.logger,
    now,
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
    ...(options.retryBackoffMs !== undefined ? { retryBackoffMs: options.retryBackoffMs } : {}),
    ...(options.breaker ? { breaker: options.breaker } : {}),
    ...(options.urlPolicy ? { urlPolicy: options.urlPolicy } : {}),
  });
  return {
    connection,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    inCents: options.bookingPricesInCents ?? false,
    now,
    logger: options.logger,
  };
}

/** The named environment's credentials (falling back to the active one when it is that environment), else the active one's. */
async function credentialsFor(options: WholesalerSupplierOptions, environment?: string): Promise<ActiveCredentials | null> {
  if (environment === undefined) return options.activeCredentials();
  const stored = options.environmentCredentials ? await options.environmentCredentials(environment) : null;
  if (stored) return stored;
  const active = await options.activeCredentials();
  return active?.environment === environment ? active : null;
}
