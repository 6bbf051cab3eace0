import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";

type PropertyPageHeaderProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Where the back link leads; the hotel list by default. */
  back?: { to: string; label: string };
};

/** The heading of the property pages, with a way back (managers have no admin dashboard to return to). */
export function PropertyPageHeader({ title, description, actions, back }: PropertyPageHeaderProps) {
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
