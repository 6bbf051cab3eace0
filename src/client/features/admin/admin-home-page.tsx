import { Link } from "react-router";
import { ChevronRight, Inbox } from "lucide-react";
import { Card } from "../../components/ui/card.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

const tools = [
  {
    to: "/admin/mailbox",
    title: "Mailbox",
    text: "Read the e-mails the app has sent or queued: sign-up, password reset and booking messages.",
    icon: Inbox,
  },
] as const;

export function AdminHomePage() {
  useDocumentTitle("Admin Dashboard");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
      <p className="mt-2 text-slate-600">Back-office tools for running Staywise.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Card className="group relative h-full p-5 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600">
              <div className="flex items-start gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <tool.icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">
                    {/* The link covers the whole card, so the card is one large target with one accessible name. */}
                    <Link to={tool.to} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
                      {tool.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">{tool.text}</p>
                </div>
                <ChevronRight aria-hidden="true" className="size-5 text-slate-400 transition-transform group-hover:translate-x-0.5" />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
