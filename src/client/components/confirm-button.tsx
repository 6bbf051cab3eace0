import { type ReactNode, useState } from "react";
import { AlertDialog } from "radix-ui";
import { AlertDialogContent } from "./ui/alert-dialog.tsx";
import { Button } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { useTranslation } from "../lib/i18n.ts";

interface ConfirmButtonProps {
  /** What the trigger button shows (an icon and a short word). */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** The confirming button's words ("Remove calendar", "Revoke key"). */
  confirmLabel: ReactNode;
  /** A destructive action is shown in red; replacing something is not. */
  destructive?: boolean;
  /** The action is under way: the confirming button waits with a spinner. */
  pending: boolean;
  /** Runs the action; call `close` once it has succeeded (on failure the dialog stays open with its toast). */
  onConfirm: (close: () => void) => void;
}

/**
 * A button that asks first: the trigger opens a confirmation that must be answered (Escape or
 * Cancel means no, and Cancel takes the first focus), and the action runs only from its own button.
 */
export function ConfirmButton({ trigger, title, description, confirmLabel, destructive = true, pending, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          {trigger}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialogContent
        title={title}
        description={description}
        actions={
          <>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("Cancel")}</Button>
            </AlertDialog.Cancel>
            <Button
              {...(destructive ? { variant: "destructive" as const } : {})}
              disabled={pending}
              onClick={() => onConfirm(() => setOpen(false))}
            >
              {pending ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </>
        }
      />
    </AlertDialog.Root>
  );
}
