import { type FormEvent, useId, useState } from "react";
import { Tag } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";

type PromoCodeFieldProps = {
  /** The code sent with the quote and the hold; "" for none. */
  applied: string;
  onApply: (code: string) => void;
  /** The server's refusal of the applied code, shown under the field. */
  error: string | null;
  /** The quote with this code is being asked for. */
  checking: boolean;
  /** The server accepted the code: its line is in the price. */
  accepted: boolean;
};

/** A promo code: typed, applied (the server prices it and says why not), removable. Not a form of its own: it sits inside the guest form. */
export function PromoCodeField({ applied, onApply, error, checking, accepted }: PromoCodeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(applied);
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  function apply(event?: FormEvent) {
    event?.preventDefault();
    onApply(draft.trim());
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {t("Promo code")} <span className="font-normal text-slate-500">{t("(optional)")}</span>
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Tag aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            id={id}
            value={draft}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            className="pl-9 uppercase placeholder:normal-case"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : accepted ? statusId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            // Enter applies the code instead of submitting the guest form around it.
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                apply();
              }
            }}
          />
        </div>
        {applied !== "" && draft.trim() === applied ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setDraft("");
              onApply("");
            }}
          >
            {t("Remove")}
          </Button>
        ) : (
          <Button type="button" variant="secondary" onClick={() => apply()} aria-disabled={draft.trim() === "" || undefined}>
            {t("Apply")}
          </Button>
        )}
      </div>
      {checking && applied !== "" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner />
          {t("Checking the code...")}
        </p>
      ) : error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : accepted && applied !== "" ? (
        <p id={statusId} role="status" className="text-sm text-emerald-700">
          {t("Code {{code}} applied", { code: applied.toUpperCase() })}
        </p>
      ) : null}
    </div>
  );
}
