import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Link, NavLink, useLocation } from "react-router";
import { CalendarCheck, Gift, LogOut, Menu, X } from "lucide-react";
import type { SessionUser } from "../../shared/auth.ts";
import { BrandLogo } from "../components/brand-logo.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { cn } from "../lib/cn.ts";
import { useAuth } from "../lib/auth-provider.tsx";
import { CurrencyPicker } from "./currency-picker.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { PriceDisplayPicker } from "./price-display-picker.tsx";
import { useSignOutAndLeave } from "./use-sign-out-and-leave.ts";
import { UserAvatar } from "./user-avatar.tsx";

// The Radix menu is only needed once someone is signed in; visitors' first page stays lighter without it.
const AccountMenu = lazy(() => import("./account-menu.tsx").then((m) => ({ default: m.AccountMenu })));

function AccountMenuPlaceholder() {
  return <Skeleton className="h-11 w-40 rounded-full" />;
}

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors",
    isActive ? "text-brand-800 bg-brand-50" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}

function MobileMenu({ id, user }: { id: string; user: SessionUser | null }) {
  const { t } = useTranslation();
  const signOutAndLeave = useSignOutAndLeave();
  const itemClass = "flex h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <nav id={id} aria-label={t("Mobile")} className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden">
      <ul className="space-y-1">
        <li>
          <Link to="/" className={itemClass}>
            {t("Hotels")}
          </Link>
        </li>
        <li>
          <Link to="/saved" className={itemClass}>
            {t("Saved")}
          </Link>
        </li>
        {user?.isAdmin ? (
          <li>
            <Link to="/admin" className={itemClass}>
              {t("Admin Dashboard")}
            </Link>
          </li>
        ) : null}
        {user?.canManageHotels ? (
          <li>
            <Link to="/admin/hotels" className={itemClass}>
              {t("Manage hotels")}
            </Link>
          </li>
        ) : null}
        {user?.canUseFrontDesk && !user.canManageHotels ? (
          <li>
            <Link to="/admin/front-desk" className={itemClass}>
              {t("Front desk")}
            </Link>
          </li>
        ) : null}
      </ul>
      <LanguagePicker className="mt-3 border-t border-slate-200 pt-3" />
      <PriceDisplayPicker className="mt-3 border-t border-slate-200 pt-3" />
      <div className="mt-3 border-t border-slate-200 pt-3">
        {user ? (
          <>
            <div className="flex items-center gap-3 px-3 py-2">
              <UserAvatar name={user.name} />
              <div className="min-w-0">
                <p className="flex items-center gap-2">
                  <span className="truncate font-semibold text-slate-900">{user.name}</span>
                  {user.isAdmin ? <Badge tone="brand">{t("Admin")}</Badge> : null}
                </p>
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
            </div>
            <ul className="mt-1 space-y-1">
              <li>
                <Link to="/my-bookings" className={itemClass}>
                  <CalendarCheck aria-hidden="true" className="size-5 text-slate-500" />
                  {t("My Bookings")}
                </Link>
              </li>
              <li>
                <Link to="/rewards" className={itemClass}>
                  <Gift aria-hidden="true" className="size-5 text-slate-500" />
                  {t("Rewards")}
                </Link>
              </li>
              <li>
                <button type="button" onClick={() => void signOutAndLeave()} className={cn(itemClass, "w-full")}>
                  <LogOut aria-hidden="true" className="size-5 text-slate-500" />
                  {t("Sign Out")}
                </button>
              </li>
            </ul>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Button asChild variant="secondary" size="lg">
              <Link to="/login">{t("Sign In")}</Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/signup">{t("Sign Up")}</Link>
            </Button>
          </div>
        )}
      </div>
    </nav>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileMenuId = useId();

  // Any navigation (including from inside the mobile menu) should close it.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <Link to="/" aria-label={t("Staywise home")} className="-m-1 rounded-lg p-1">
            <BrandLogo />
          </Link>
          <nav aria-label={t("Main")} className="hidden items-center gap-1 md:flex">
            <NavLink to="/" end className={navLinkClass}>
              {t("Hotels")}
            </NavLink>
            <NavLink to="/saved" className={navLinkClass}>
              {t("Saved")}
            </NavLink>
            {user?.isAdmin ? (
              <NavLink to="/admin" end className={navLinkClass}>
                {t("Admin Dashboard")}
              </NavLink>
            ) : null}
            {user?.canManageHotels ? (
              <NavLink to="/admin/hotels" className={navLinkClass}>
                {t("Manage hotels")}
              </NavLink>
            ) : null}
            {user?.canUseFrontDesk && !user.canManageHotels ? (
              <NavLink to="/admin/front-desk" className={navLinkClass}>
                {t("Front desk")}
              </NavLink>
            ) : null}
          </nav>
        </div>

        <CurrencyPicker />
        <PriceDisplayPicker className="hidden md:flex" />
        <div className="hidden items-center gap-2 md:flex">
          <LanguagePicker />
          {loading ? (
            <AccountMenuPlaceholder />
          ) : user ? (
            <Suspense fallback={<AccountMenuPlaceholder />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/login">{t("Sign In")}</Link>
              </Button>
              <Button asChild>
                <Link to="/signup">{t("Sign Up")}</Link>
              </Button>
            </>
          )}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="-mr-2 md:hidden"
          aria-label={t("Open menu")}
          aria-expanded={menuOpen}
          aria-controls={mobileMenuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6!" /> : <Menu aria-hidden="true" className="size-6!" />}
        </Button>
      </div>
      {menuOpen ? <MobileMenu id={mobileMenuId} user={loading ? null : user} /> : null}
    </header>
  );
}
