import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";

type EmptyStateProps = {
  icon: LucideIcon;
  /** What is not there, e.g. 'No users found'. */
  title: string;
  /** What would bring some, e.g. 'Try a different name or e-mail.' */
  children?: ReactNode;
  className?: string;
};

/** A list with nothing in it: an icon, what is missing and what to do about it. */
export function EmptyState({ icon: Icon, title, children, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center px-4 py-14 text-center", className)}>
      <Icon aria-hidden="true" className="size-10 text-slate-400" />
      <p className="mt-3 font-medium text-slate-900">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}
