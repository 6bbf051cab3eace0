import { useRef } from "react";

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

type FocusEventHandler = (event: Event) => void;

/**
 * Radix gives focus back to a dialog's Trigger when it closes; a dialog opened from elsewhere (a
 * room's Book Now, a photo, a menu item) has no Trigger, and focus would drop to the top of the
 * page. These handlers (for a Dialog.Content) remember what had focus as the dialog opened and give
 * focus back to it, or to `returnTo` when the opener may be gone by then (a flow of dialogs).
 */
export function useFocusReturn(
  returnTo?: HTMLElement | null,
  handlers: { onOpenAutoFocus?: FocusEventHandler | undefined; onCloseAutoFocus?: FocusEventHandler | undefined } = {},
): { onOpenAutoFocus: FocusEventHandler; onCloseAutoFocus: FocusEventHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event) {
      // Called before focus moves into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event) {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = returnTo ?? opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      // The next dialog of a flow has opened in its place and holds focus itself.
      if (document.querySelector(OPEN_DIALOG)) return;
      target.focus();
    },
  };
}
