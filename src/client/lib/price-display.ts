import { useCallback, useSyncExternalStore } from "react";
import { type PriceDisplay, defaultPriceDisplay, isPriceDisplay } from "../../shared/stay-price.ts";
import { browserStorage } from "./hotel-id-list.ts";

/**
 * How the traveller reads stay prices (decision 061): including taxes and fees, or before them with
 * "+ N taxes and fees". Kept in this browser like the display currency (decision 028); until they
 * choose, their country's convention from the browser's language region (US and Canada: before).
 */
const STORAGE_KEY = "staywise.priceDisplay";
const listeners = new Set<() => void>();

/** The region of the browser's first language that names one ("en-US" → "US"), else null. */
export function browserRegion(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region) return region;
    } catch {
      // An unreadable tag says nothing about the region.
    }
  }
  return null;
}

function conventionDisplay(): PriceDisplay {
  if (typeof navigator === "undefined") return "including";
  return defaultPriceDisplay(browserRegion(navigator.languages?.length ? navigator.languages : [navigator.language]));
}

function readDisplay(): PriceDisplay {
  try {
    const stored = browserStorage()?.getItem(STORAGE_KEY);
    return isPriceDisplay(stored) ? stored : conventionDisplay();
  } catch {
    return conventionDisplay();
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

export function usePriceDisplay(): [PriceDisplay, (display: PriceDisplay) => void] {
  const display = useSyncExternalStore<PriceDisplay>(subscribe, readDisplay, () => "including");
  const setDisplay = useCallback((next: PriceDisplay) => {
    try {
      browserStorage()?.setItem(STORAGE_KEY, next);
    } catch {
      // Storage blocked or full: the choice cannot outlive the page, so it is not kept at all.
    }
    for (const listener of listeners) listener();
  }, []);
  return [display, setDisplay];
}
