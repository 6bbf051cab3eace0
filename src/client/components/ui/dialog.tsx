import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { useFocusReturn } from "./use-focus-return.ts";

type DialogContentProps = ComponentProps<typeof Dialog.Content> & {
  title: ReactNode;
  description?: ReactNode;
  /** Where focus goes when the dialog closes; by default, what had focus when it opened. */
  returnFocusTo?: HTMLElement | null;
};

/** A centred modal with a title (required for screen readers) and a close button; closing it gives focus back. */
export function DialogContent({
  title,
  description,
  returnFocusTo,
  onOpenAutoFocus,
  onCloseAutoFocus,
  className,
  children,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  const focusReturn = useFocusReturn(returnFocusTo, { onOpenAutoFocus, onCloseAutoFocus });
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
      <Dialog.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col",
          "rounded-2xl bg-white shadow-2xl focus:outline-none",
          className,
        )}
        // Without a description Radix expects aria-describedby to be cleared explicitly.
        {...(description ? {} : { "aria-describedby": undefined })}
        {...focusReturn}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0">
            <Dialog.Title className="text-lg font-semibold text-balance text-slate-900">{title}</Dialog.Title>
            {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          </div>
          <Dialog.Close
            aria-label={t("Close")}
            className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
