import { useTranslation } from "../lib/i18n.ts";
import { Link } from "react-router";
import { DropdownMenu } from "radix-ui";
import { Building2, CalendarCheck, ChevronDown, ConciergeBell, Gift, Heart, LayoutDashboard, LogOut, ShieldCheck } from "lucide-react";
import type { SessionUser } from "../../shared/auth.ts";
import { Badge } from "../components/ui/badge.tsx";
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from "../components/ui/dropdown-menu.tsx";
import { useSignOutAndLeave } from "./use-sign-out-and-leave.ts";
import { UserAvatar } from "./user-avatar.tsx";

export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const signOutAndLeave = useSignOutAndLeave();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex h-11 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-50">
        <UserAvatar name={user.name} />
        <span className="max-w-40 truncate">{user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenu.Label className="px-2.5 py-2">
          <span className="flex items-center gap-2">
            <span className="truncate text-sm font-semibold text-slate-900">{user.name}</span>
            {user.isAdmin ? <Badge tone="brand">{t("Admin")}</Badge> : null}
          </span>
          <span className="block truncate text-sm text-slate-600">{user.email}</span>
        </DropdownMenu.Label>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/my-bookings">
            <CalendarCheck aria-hidden="true" />
            {t("My Bookings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/saved">
            <Heart aria-hidden="true" />
            {t("Saved hotels")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/rewards">
            <Gift aria-hidden="true" />
            {t("Rewards")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/security">
            <ShieldCheck aria-hidden="true" />
            {t("Account security")}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              {t("Admin Dashboard")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.canManageHotels ? (
          <DropdownMenuItem asChild>
            <Link to="/admin/hotels">
              <Building2 aria-hidden="true" />
              {t("Manage hotels")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.canUseFrontDesk && !user.canManageHotels ? (
          <DropdownMenuItem asChild>
            <Link to="/admin/front-desk">
              <ConciergeBell aria-hidden="true" />
              {t("Front desk")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOutAndLeave()}>
          <LogOut aria-hidden="true" />
          {t("Sign Out")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu.Root>
  );
}
