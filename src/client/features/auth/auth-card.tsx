import type { ReactNode } from "react";
import { Card } from "../../components/ui/card.tsx";

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account page shares, over a faint brand wash. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="relative isolate flex justify-center px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(40rem_16rem_at_50%_0%,var(--color-brand-100),transparent_70%)]"
      />
      <div className="w-full max-w-md">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{description}</p>
          <div className="mt-6">{children}</div>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </div>
  );
}

export const inlineLinkClass = "font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";
