import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { RefreshCw, TriangleAlert, type LucideIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Alert } from "./ui/alert.tsx";
import { Button, type ButtonProps } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { errorText } from "../lib/error-text.ts";

type LoadFailedProps = {
  /** What failed, e.g. 'Failed to fetch users'; an inline alert reads '{title}: {reason}'. */
  title?: string;
  /** The reason, from the server's answer. */
  error: Error;
  /** Asks again; left out where asking again cannot help (e.g. a stay in the past). */
  onRetry?: () => void;
  /** True while the new request runs: the button waits with a spinner. */
  retrying?: boolean;
  /**
   * inline: an alert and the button, inside a card or section;
   * panel: a centred block with an icon and a heading (h2), in place of a list;
   * page: the same at page size, with an h1, in place of a whole page.
   */
  layout?: "inline" | "panel" | "page";
  /** Another icon than the warning triangle (panel and page). */
  icon?: LucideIcon;
  /** Inline: a note inside the alert. */
  note?: ReactNode;
  /** Other ways on, after Try again (e.g. 'Return to Home'). */
  actions?: ReactNode;
  className?: string;
};

type RetryButtonProps = Pick<ButtonProps, "variant" | "size"> & { retrying: boolean; onRetry: () => void };

/** 'Try again', waiting with a spinner while the new request runs. */
export function RetryButton({ retrying, onRetry, ...props }: RetryButtonProps) {
  const { t } = useTranslation();
  return (
    <Button disabled={retrying} onClick={onRetry} {...props}>
      {retrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
      {t("Try again")}
    </Button>
  );
}

/** The one way the client says that something could not be loaded and offers to try again. */
export function LoadFailed({
  title,
  error,
  onRetry,
  retrying = false,
  layout = "inline",
  icon: Icon = TriangleAlert,
  note,
  actions,
  className,
}: LoadFailedProps) {
  const { t } = useTranslation();
  const message = errorText(error, t("Something went wrong"));
  const page = layout === "page";
  const retry = onRetry ? (
    <RetryButton variant={layout === "inline" ? "secondary" : "primary"} size={page ? "lg" : "md"} retrying={retrying} onRetry={onRetry} />
  ) : null;

  if (layout === "inline") {
    return (
      <div className={cn("space-y-4", className)}>
        <Alert variant="error">
          <p>{title ? `${title}: ${message}` : message}</p>
          {note}
        </Alert>
        {retry || actions ? (
          <div className="flex flex-wrap gap-3">
            {retry}
            {actions}
          </div>
        ) : null}
      </div>
    );
  }

  const Heading = page ? "h1" : "h2";
  return (
    <div
      className={cn(
        "flex flex-col items-center text-center",
        page ? "mx-auto max-w-lg px-4 py-20 sm:py-28" : "rounded-2xl border border-red-200 bg-white px-6 py-12",
        className,
      )}
    >
      <span
        className={cn(
          "flex items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200",
          page ? "size-16 [&_svg]:size-8" : "size-12 [&_svg]:size-6",
        )}
      >
        <Icon aria-hidden="true" />
      </span>
      <Heading className={page ? "mt-6 text-2xl font-bold tracking-tight text-slate-900" : "mt-4 text-lg font-semibold text-slate-900"}>
        {title}
      </Heading>
      <p role="alert" className={page ? "mt-3 text-slate-600" : "mt-1 text-sm text-slate-600"}>
        {message}
      </p>
      {retry || actions ? (
        <div className={cn("flex flex-wrap justify-center gap-3", page ? "mt-8" : "mt-5")}>
          {retry}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
