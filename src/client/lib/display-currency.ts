import { useCallback, useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import { type DisplayCurrency, FX_BASE, isDisplayCurrency } from "../../shared/fx.ts";
import { fetchFxRates, fxRateKeys } from "../api/fx-rates.ts";
import { type DisplayAmount, type RateUsed, displayAmount, rateTable, rateUsed } from "./display-money.ts";
import { browserStorage } from "./hotel-id-list.ts";

/** The traveller's display currency, kept in this browser (decision 028); the base until they pick one. */
const STORAGE_KEY = "staywise.displayCurrency";
const listeners = new Set<() => void>();

function readCurrency(): DisplayCurrency {
  try {
    const stored = browserStorage()?.getItem(STORAGE_KEY);
    return isDisplayCurrency(stored) ? stored : FX_BASE;
  } catch {
    return FX_BASE;
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEY || event.key === null) for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function useDisplayCurrency(): [DisplayCurrency, (currency: DisplayCurrency) => void] {
  const currency = useSyncExternalStore<DisplayCurrency>(subscribe, readCurrency, () => FX_BASE);
  const setCurrency = useCallback((next: DisplayCurrency) => {
    try {
      browserStorage()?.setItem(STORAGE_KEY, next);
    } catch {
      // Storage blocked or full: the choice cannot outlive the page, so it is not kept at all.
    }
    for (const listener of listeners) listener();
  }, []);
  return [currency, setCurrency];
}

/** The public rates, fetched only once the traveller displays another currency than the base (every hotel's today). */
function useRateTable(needed: boolean) {
  return useQuery({
    queryKey: fxRateKeys.public,
    queryFn: async () => {
      const answer = await fetchFxRates();
      return { table: rateTable(answer.rates), updatedAt: answer.updatedAt };
    },
    enabled: needed,
    staleTime: 10 * 60_000,
  });
}

const NO_DATES: Readonly<Record<string, string>> = {};

/**
 * Formats amounts (minor units of their currency) for the traveller's display currency; see
 * display-money.ts for the rule. Until the rates arrive, amounts show in their own currency.
 * `rate` tells which rate (and of when) an amount of a currency is converted at, to show beside it.
 */
export function useDisplayMoney(): {
  display: DisplayCurrency;
  format: (cents: number, currency: string) => DisplayAmount;
  rate: (currency: string) => RateUsed | null;
} {
  const [display] = useDisplayCurrency();
  const rates = useRateTable(display !== FX_BASE);
  const table = rates.data?.table ?? null;
  const updatedAt = rates.data?.updatedAt ?? NO_DATES;
  const format = useCallback((cents: number, currency: string) => displayAmount(cents, currency, display, table), [display, table]);
  const rate = useCallback((currency: string) => rateUsed(currency, display, table, updatedAt), [display, table, updatedAt]);
  return { display, format, rate };
}
