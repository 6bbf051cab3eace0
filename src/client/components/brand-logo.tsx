import { cn } from "../lib/cn.ts";

/** The Staywise mark: a roof over a doorway, drawn inline so it never waits on a request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="9" className="fill-brand-700" />
      <path d="M7.5 16 16 8.5l8.5 7.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M11 15v8.5h10V15" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="16" cy="18.5" r="1.9" className="fill-brand-200" />
    </svg>
  );
}

export function BrandLogo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className="flex items-center gap-2">
      <BrandMark />
      <span className={cn("text-lg font-bold tracking-tight", tone === "dark" ? "text-slate-900" : "text-white")}>Staywise</span>
    </span>
  );
}
