import { useState, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { downloadConfirmation } from "../lib/booking-access.ts";
import { errorText } from "../lib/error-text.ts";

type DownloadConfirmationButtonProps = Omit<ButtonProps, "onClick" | "asChild" | "children"> & {
  bookingId: string;
  reference: string;
  /** A visitor's access token; without one the owner's session cookie authorises a plain link. */
  accessToken: string | null;
  children: ReactNode;
};

/** Saves the booking's text confirmation as '{reference}.txt'. */
export function DownloadConfirmationButton({
  bookingId,
  reference,
  accessToken,
  children,
  variant = "secondary",
  ...props
}: DownloadConfirmationButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  if (accessToken === null) {
    return (
      <Button asChild variant={variant} {...props}>
        <a href={`/api/bookings/${encodeURIComponent(bookingId)}/confirmation`} download={`${reference}.txt`}>
          <Download aria-hidden="true" />
          {children}
        </a>
      </Button>
    );
  }

  async function download(token: string) {
    setBusy(true);
    try {
      await downloadConfirmation(bookingId, reference, token);
    } catch (error) {
      toast.error(t("Error"), { description: errorText(error, t("Failed to download the confirmation")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={variant} disabled={busy} aria-busy={busy || undefined} onClick={() => void download(accessToken)} {...props}>
      {busy ? <Spinner /> : <Download aria-hidden="true" />}
      {children}
    </Button>
  );
}
