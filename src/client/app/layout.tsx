import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { useMergeVisitorSavesAtSignIn } from "../lib/saved-hotels.ts";
import { PageLoading } from "./page-status.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * After a move to another page, focus that was on the link or button that took us there (now gone)
 * goes to the main content, so the next Tab starts at the new page and screen readers land in it.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    const active = document.activeElement;
    if (active === null || active === document.body) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

export function Layout() {
  const { t } = useTranslation();
  useMergeVisitorSavesAtSignIn();
  const mainRef = useFocusMainOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-800 focus:shadow-lg"
      >
        {t("Skip to content")}
      </a>
      <SiteHeader />
      <main ref={mainRef} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
