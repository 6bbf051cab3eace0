import { useEffect } from "react";

const BRAND = "Staywise";

/** Sets the tab title for the current page; pass null for the brand-only title. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? `${BRAND} — Hotel booking` : `${title} · ${BRAND}`;
  }, [title]);
}
