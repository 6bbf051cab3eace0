import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** Decorative: the surrounding control or status region carries the accessible text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}
