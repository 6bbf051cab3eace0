import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn.ts";

type SheetContentProps = ComponentProps<typeof Dialog.Content> & {
  title: ReactNode;
  footer?: ReactNode;
};

/** A modal panel sliding over the page from the right edge, full height: filters and menus on phones. */
export function SheetContent({ title, footer, className, children, ...props }: SheetContentProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <Dialog.Content
        aria-describedby={undefined}
        className={cn("fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-2xl focus:outline-none", className)}
        {...props}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={t("Close")}
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="border-t border-slate-200 px-5 py-3">{footer}</div> : null}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
