import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens and below it on phones. */
  actions?: ReactNode;
  /** The way back to the page above (the dashboard, the hotel list); none on a section's first page. */
  back?: { to: string; label: string } | undefined;
};

/** The heading of a back-office page (admin, property management): title, a line about it, its actions and a way back. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header>
      {back ? (
        <Link
          to={back.to}
          className="-ml-2 mb-2 inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-2 max-w-2xl text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
