import type { ComponentProps, ReactNode } from "react";
import { AlertDialog } from "radix-ui";
import { cn } from "../../lib/cn.ts";

type AlertDialogContentProps = ComponentProps<typeof AlertDialog.Content> & {
  title: ReactNode;
  description: ReactNode;
  /** The buttons; the least destructive one should be an AlertDialog.Cancel so it takes the first focus. */
  actions: ReactNode;
};

/** A confirmation that must be answered: no close on outside click, Escape means "no". */
export function AlertDialogContent({ title, description, actions, className, children, ...props }: AlertDialogContentProps) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
      <AlertDialog.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-2xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6",
          className,
        )}
        {...props}
      >
        <AlertDialog.Title className="text-lg font-semibold text-balance text-slate-900">{title}</AlertDialog.Title>
        <AlertDialog.Description asChild>
          <div className="mt-2 space-y-2 text-sm leading-6 text-slate-600">{description}</div>
        </AlertDialog.Description>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
