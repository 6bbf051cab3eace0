import { Link } from "react-router";
import { Activity, ChevronRight, Gauge, Inbox, KeyRound, LayoutDashboard, MessageSquareText, Stethoscope, Users } from "lucide-react";
import { Card } from "../../components/ui/card.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

const tiles = [
  { to: "/admin", title: "Dashboard", text: "Revenue, occupancy and booking management.", icon: LayoutDashboard },
  { to: "/admin/users", title: "User Management", text: "Promote, demote, disable users and see role history.", icon: Users },
  { to: "/admin/activity", title: "Activity Logs", text: "Every sign-in, role change and admin action.", icon: Activity },
  { to: "/admin/reviews", title: "Review Moderation", text: "Approve or reject reviews before they are shown.", icon: MessageSquareText },
  { to: "/admin/api-settings", title: "API Settings", text: "Supplier API credentials for TEST and LIVE.", icon: KeyRound },
  { to: "/admin/api-diagnostics", title: "API Diagnostics", text: "Run a test search against the active supplier API.", icon: Stethoscope },
  { to: "/admin/diagnostics", title: "System Diagnostics", text: "Your session details and the list of users.", icon: Gauge },
  { to: "/admin/mailbox", title: "Mailbox", text: "Read the e-mails the app has sent or queued.", icon: Inbox },
] as const;

export function AdminPanelPage() {
  useDocumentTitle("Admin Control Panel");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader title="Admin Control Panel" description="Every back-office tool in one place." />
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
