import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs transition-colors sm:text-sm",
        "placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40",
        "disabled:cursor-not-allowed disabled:bg-slate-100",
        "aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40",
        className,
      )}
      {...props}
    />
  );
}
