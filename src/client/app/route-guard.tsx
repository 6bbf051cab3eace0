import { type ReactNode, useEffect } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { toast } from "sonner";
import { Navigate, useLocation } from "react-router";
import { ShieldAlert } from "lucide-react";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { useAuth } from "../lib/auth-provider.tsx";
import { PageLoading } from "./page-status.tsx";

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!user.isAdmin) {
    // Spec: the API Settings page sends a non-admin home with a message; other admin pages explain in place.
    if (location.pathname === "/admin/api-settings") return <DeniedToHome />;
    return <AccessDenied />;
  }
  // The server refuses the admin API until two-factor is on; send the admin to turn it on first.
  if (user.twoFactorSetupRequired) return <Navigate to="/account/security" replace />;
  return children;
}

/** Property management pages (/admin/hotels...): admins, and managers for their granted hotels (the server checks which). */
export function RequireHotelStaff({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!user.canManageHotels) return <AccessDenied />;
  if (user.twoFactorSetupRequired) return <Navigate to="/account/security" replace />;
  return children;
}

/** The front desk's pages: admins, managers and front-desk staff (decision 064; the server checks which hotels). */
export function RequireFrontDesk({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!user.canUseFrontDesk) return <AccessDenied />;
  if (user.twoFactorSetupRequired) return <Navigate to="/account/security" replace />;
  return children;
}

function DeniedToHome() {
  const { t } = useTranslation();
  useEffect(() => {
    toast.error(t("Access denied. Admin privileges required."), { id: "admin-access-denied" });
  }, [t]);
  return <Navigate to="/" replace />;
}

function AccessDenied() {
  const { t } = useTranslation();
  useDocumentTitle(t("Access denied"));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-1 ring-amber-200">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold text-slate-900">{t("Access denied")}</h1>
      <p className="mt-2 text-slate-600">{t("You don't have permission to access this page. Admin access required.")}</p>
    </div>
  );
}
