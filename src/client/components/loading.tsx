import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { cn } from "../lib/cn.ts";
import { Skeleton } from "./ui/skeleton.tsx";

type LoadingProps = {
  /** Grey bars in place of the rows to come; or pass a skeleton of the content's shape as children. */
  rows?: number;
  /** The bars' height and width classes. */
  rowClassName?: string;
  className?: string;
  children?: ReactNode;
};

/** Content on its way: 'Loading...' for screen readers, a skeleton for the eyes. */
export function Loading({ rows, rowClassName = "h-8 w-full", className, children }: LoadingProps) {
  const { t } = useTranslation();
  const status = (
    <p role="status" className="sr-only">
      {t("Loading...")}
    </p>
  );
  if (rows === undefined && className === undefined) {
    return (
      <>
        {status}
        {children}
      </>
    );
  }
  return (
    <div className={cn("space-y-3", className)}>
      {status}
      {children}
      {Array.from({ length: rows ?? 0 }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}
