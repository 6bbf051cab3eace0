import type { ComponentProps } from "react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "../../lib/cn.ts";

type AlertProps = ComponentProps<"div"> & { variant: "error" | "success" };

/** Errors interrupt (role alert); successes are announced politely (role status). */
export function Alert({ variant, className, children, ...props }: AlertProps) {
  const Icon = variant === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        variant === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800",
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
