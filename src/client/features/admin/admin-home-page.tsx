import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  Activity,
  BarChart3,
  Building2,
  Coins,
  Download,
  Inbox,
  KeyRound,
  LayoutGrid,
  MessageSquareText,
  RefreshCw,
  Stethoscope,
  TicketPercent,
  Users,
  Webhook,
} from "lucide-react";
import { toast } from "sonner";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { errorText } from "../../lib/error-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { BookingManagement, SORTS, SOURCE_FILTERS, STATUS_FILTERS } from "./booking-management.tsx";
import { DashboardStatCards, DashboardStatCardsSkeleton } from "./dashboard-stat-cards.tsx";
import { OccupancyPanel } from "./occupancy-panel.tsx";
import { RevenueChart } from "./revenue-chart.tsx";
import { adminBookingKeys, dashboardKeys } from "../../api/admin-bookings.ts";
import { useAdminDashboard } from "./use-admin-dashboard.ts";
import { downloadBookingsCsv, type AdminBookingFilters } from "./use-admin-bookings.ts";

/** The table's filters live in the URL, so a filtered view survives a reload and can be shared. */
function filtersFromParams(params: URLSearchParams): AdminBookingFilters {
  const status = STATUS_FILTERS.find((value) => value === params.get("status")) ?? "all";
  const source = SOURCE_FILTERS.find((value) => value === params.get("source")) ?? "all";
  const sort = SORTS.find((value) => value === params.get("sort")) ?? "created_desc";
  const page = Number(params.get("page"));
  return { search: params.get("search") ?? "", status, source, sort, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

export function AdminHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Admin Dashboard"));
  const tools = [
    { to: "/admin/hotels", label: t("Hotels"), icon: Building2 },
    { to: "/admin/users", label: t("Manage Users"), icon: Users },
    { to: "/admin/reports", label: t("Revenue Reports"), icon: BarChart3 },
    { to: "/admin/activity", label: t("Activity Logs"), icon: Activity },
    { to: "/admin/reviews", label: t("Review Moderation"), icon: MessageSquareText },
    { to: "/admin/api-settings", label: t("API Settings"), icon: KeyRound },
    { to: "/admin/exchange-rates", label: t("Exchange Rates"), icon: Coins },
    { to: "/admin/promotions", label: t("Promo codes"), icon: TicketPercent },
    { to: "/admin/webhooks", label: t("Webhooks"), icon: Webhook },
    { to: "/admin/api-diagnostics", label: t("API Diagnostics"), icon: Stethoscope },
    { to: "/admin/mailbox", label: t("Mailbox"), icon: Inbox },
    { to: "/admin/panel", label: t("Control Panel"), icon: LayoutGrid },
  ];
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const dashboard = useAdminDashboard();
  const [refreshing, setRefreshing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const changeFilters = useCallback(
    (changes: Partial<AdminBookingFilters>) => {
      setSearchParams(
        (current) => {
          const next = { ...filtersFromParams(current), ...changes };
          const params = new URLSearchParams();
          if (next.search) params.set("search", next.search);
          if (next.status !== "all") params.set("status", next.status);
          if (next.source !== "all") params.set("source", next.source);
          if (next.sort !== "created_desc") params.set("sort", next.sort);
          if (next.page > 1) params.set("page", String(next.page));
          return params;
        },
        // Typing in the search box should not leave one history entry per keystroke.
        { replace: changes.search !== undefined },
      );
    },
    [setSearchParams],
  );

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: dashboardKeys.all }),
        queryClient.refetchQueries({ queryKey: adminBookingKeys.all }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadBookingsCsv(filters);
    } catch (error) {
      toast.error(t("Error"), { description: errorText(error, t("Failed to export bookings")) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("Admin Dashboard")}
        description={t("Revenue, occupancy and every booking, with the back-office tools one click away.")}
        backLink={false}
        actions={
          <>
            <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
              {refreshing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {t("Refresh")}
            </Button>
            <Button onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting || undefined}>
              {exporting ? <Spinner /> : <Download aria-hidden="true" />}
              {t("Export CSV")}
            </Button>
          </>
        }
      />

      <nav aria-label={t("Admin tools")}>
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {tools.map((tool) => (
            <li key={tool.to}>
              <Button asChild variant="secondary" size="sm" className="w-full justify-start sm:w-auto">
                <Link to={tool.to}>
                  <tool.icon aria-hidden="true" className="text-brand-700" />
                  {tool.label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-label={t("Key figures")} className="space-y-4">
        {dashboard.isPending ? (
          <Loading>
            <DashboardStatCardsSkeleton />
          </Loading>
        ) : dashboard.isError ? (
          <LoadFailed
            title={t("Failed to load the dashboard figures")}
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        ) : (
          <>
            <DashboardStatCards stats={dashboard.data} />
            <RevenueChart months={dashboard.data.revenueByMonth} />
          </>
        )}
        {/* Its own query and controls: it stays usable while the other figures load or fail. */}
        <OccupancyPanel />
      </section>

      <BookingManagement filters={filters} onFiltersChange={changeFilters} counts={dashboard.data?.bookingCounts} />
    </div>
  );
}
