import { useId } from "react";
import type { TFunction } from "../lib/i18n.ts";

/** What becomes of a deleted account's reviews: kept as by "a former guest", or deleted (decision 067). */
export type ReviewChoice = "keep" | "delete";

/** What an account's deletion erases and what the law keeps (decision 067): the traveller's Account page and the admin's user list. */
export function ErasureTerms({ t, own }: { t: TFunction; own: boolean }) {
  return (
    <>
      <p>
        {own
          ? t(
              "What goes at once: your name and e-mail address, your password and two-factor sign-in, every session (you are signed out everywhere), your points, saved hotels and review votes, and the e-mail address, phone number and requests on your bookings.",
            )
          : t(
              "What goes at once: their name and e-mail address, password and two-factor sign-in, every session, points, saved hotels and review votes, and the e-mail address, phone number and requests on their bookings.",
            )}
      </p>
      <p>
        {t(
          "What the law makes the hotels keep: the invoices, unchanged, and the guest name on paid bookings, for 10 years after the stay. Nothing links them to an account any more.",
        )}
      </p>
    </>
  );
}

/** Keep the reviews (shown as by a former guest) or delete them. */
export function ReviewChoiceField({ value, onChange, t }: { value: ReviewChoice; onChange: (v: ReviewChoice) => void; t: TFunction }) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t("Reviews")}</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="radio" name={name} checked={value === "keep"} onChange={() => onChange("keep")} />
        {t("Keep them, shown as written by a former guest")}
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="radio" name={name} checked={value === "delete"} onChange={() => onChange("delete")} />
        {t("Delete them")}
      </label>
    </fieldset>
  );
}
