import { useEffect } from "react";
import { i18next } from "./i18n.ts";

const BRAND = "Staywise";

/** Sets the tab title for the current page; pass null for the brand-only title. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? `${BRAND} — ${i18next.t("Hotel booking")}` : `${title} · ${BRAND}`;
  }, [title]);
}
