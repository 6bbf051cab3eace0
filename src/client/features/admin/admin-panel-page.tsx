import { Link } from "react-router";
import { Activity, ChevronRight, Gauge, Inbox, KeyRound, LayoutDashboard, MessageSquareText, Stethoscope, Users } from "lucide-react";
import { Card } from "../../components/ui/card.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

export function AdminPanelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Admin Control Panel"));
  const tiles = [
    { to: "/admin", title: t("Dashboard"), text: t("Revenue, occupancy and booking management."), icon: LayoutDashboard },
    { to: "/admin/users", title: t("User Management"), text: t("Promote, demote, disable users and see role history."), icon: Users },
    { to: "/admin/activity", title: t("Activity Logs"), text: t("Every sign-in, role change and admin action."), icon: Activity },
    {
      to: "/admin/reviews",
      title: t("Review Moderation"),
      text: t("Approve or reject reviews before they are shown."),
      icon: MessageSquareText,
    },
    { to: "/admin/api-settings", title: t("API Settings"), text: t("Supplier API credentials for TEST and LIVE."), icon: KeyRound },
    {
      to: "/admin/api-diagnostics",
      title: t("API Diagnostics"),
      text: t("Run a test search against the active supplier API."),
      icon: Stethoscope,
    },
    { to: "/admin/diagnostics", title: t("System Diagnostics"), text: t("Your session details and the list of users."), icon: Gauge },
    { to: "/admin/mailbox", title: t("Mailbox"), text: t("Read the e-mails the app has sent or queued."), icon: Inbox },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader title={t("Admin Control Panel")} description={t("Every back-office tool in one place.")} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Card className="group relative h-full p-5 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600">
              <div className="flex items-start gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <tile.icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">
                    {/* The link covers the whole card, so the card is one large target with one accessible name. */}
                    <Link to={tile.to} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
                      {tile.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
                </div>
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
                />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
