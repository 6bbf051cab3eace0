import { type FormEvent, useState } from "react";
import { Dialog } from "radix-ui";
import { Plus, Trash2 } from "lucide-react";
import type { CancellationFee, PolicyTerms } from "../../../shared/cancellation-policies.ts";
import { PolicyInput } from "../../../shared/rate-plan-inputs.ts";
import type { CancellationPolicy } from "../../api/rate-plans.ts";
import { Button } from "../../components/ui/button.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { EXAMPLE_NIGHTS, policyWords } from "./policy-words.ts";
import { useSavePolicy } from "./use-rate-plans.ts";

type FeeDraft = { kind: "percent" | "nights"; amount: string };
type TierDraft = { daysBefore: string; fee: FeeDraft };

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const feeOf = (fee: FeeDraft): CancellationFee =>
  fee.kind === "percent" ? { kind: "percent", percent: number(fee.amount) } : { kind: "nights", nights: number(fee.amount) };
const draftOf = (fee: CancellationFee): FeeDraft =>
  fee.kind === "percent" ? { kind: "percent", amount: String(fee.percent) } : { kind: "nights", amount: String(fee.nights) };

type PolicyDialogProps = {
  hotelId: string;
  policy: CancellationPolicy | null;
  timeZone: string;
  currency: string;
  /** The example stay's nightly price (the hotel's cheapest room). */
  exampleNightlyCents: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Write a policy: tiers by days before check-in, the fee after the last one, previewed in a traveller's words. */
export function PolicyDialog({ hotelId, policy, timeZone, currency, exampleNightlyCents, open, onOpenChange }: PolicyDialogProps) {
  const { t } = useTranslation();
  const save = useSavePolicy(hotelId);
  const [name, setName] = useState(policy?.name ?? "");
  const [tiers, setTiers] = useState<TierDraft[]>(
    () =>
      policy?.terms.tiers.map((tier) => ({ daysBefore: String(tier.daysBefore), fee: draftOf(tier.fee) })) ?? [
        { daysBefore: "7", fee: { kind: "percent", amount: "0" } },
      ],
  );
  const [finalFee, setFinalFee] = useState<FeeDraft>(() => (policy ? draftOf(policy.terms.finalFee) : { kind: "percent", amount: "100" }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const frozen = policy?.booked ?? false;

  const input = {
    name,
    terms: { tiers: tiers.map((tier) => ({ daysBefore: number(tier.daysBefore), fee: feeOf(tier.fee) })), finalFee: feeOf(finalFee) },
  };
  const parsed = PolicyInput.safeParse(input);
  const preview = parsed.success ? policyWords(parsed.data.terms as PolicyTerms, exampleNightlyCents, timeZone, currency, t) : null;

  function showIssues(issues: readonly { path: string; message: string }[]) {
    const next: Record<string, string> = {};
    for (const issue of issues) next[issue.path] ??= issue.message;
    setErrors(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = PolicyInput.safeParse(input);
    if (!result.success) {
      showIssues(result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
      return;
    }
    setErrors({});
    save.mutate(
      { policyId: policy?.id ?? null, input: result.data },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) =>
          showIssues(error instanceof ApiError && error.issues ? error.issues : [{ path: "form", message: error.message }]),
      },
    );
  }

  const setTier = (index: number, next: Partial<TierDraft>) =>
    setTiers((prev) => prev.map((tier, i) => (i === index ? { ...tier, ...next } : tier)));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent title={policy ? t("Edit policy {{name}}", { name: policy.name }) : t("New cancellation policy")} className="max-w-2xl">
        <form onSubmit={submit} noValidate className="mt-4 space-y-5" aria-label={t("Cancellation policy")}>
          <TextField label={t("Policy name")} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          {frozen ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t(
                "Guests have booked plans with this policy, so only its name can change. To change the terms, write a new policy and choose it for the plans.",
              )}
            </p>
          ) : null}
          <fieldset className="space-y-3" disabled={frozen}>
            <legend className="font-medium text-slate-900">{t("Fee tiers, from the earliest deadline")}</legend>
            {tiers.length === 0 ? <p className="text-sm text-slate-600">{t("No tiers: the fee below applies from booking on.")}</p> : null}
            <ol className="space-y-3">
              {tiers.map((tier, i) => (
                <li key={i} className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                  <TextField
                    label={t("Tier {{number}}: until days before check-in", { number: i + 1 })}
                    inputMode="numeric"
                    value={tier.daysBefore}
                    onChange={(e) => setTier(i, { daysBefore: e.target.value })}
                    error={errors[`terms.tiers.${i}.daysBefore`]}
                  />
                  <FeeFields
                    id={`tier-${i}`}
                    label={t("Tier {{number}} fee", { number: i + 1 })}
                    fee={tier.fee}
                    onChange={(fee) => setTier(i, { fee })}
                    error={
                      errors[`terms.tiers.${i}.fee`] ?? errors[`terms.tiers.${i}.fee.percent`] ?? errors[`terms.tiers.${i}.fee.nights`]
                    }
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    size="icon"
                    aria-label={t("Remove tier {{number}}", { number: i + 1 })}
                    onClick={() => setTiers((prev) => prev.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ol>
            {tiers.length < 5 ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() =>
                  setTiers((prev) => [
                    ...prev,
                    {
                      daysBefore: String(Math.max(0, number(prev.at(-1)?.daysBefore ?? "8") - 1) || 0),
                      fee: { kind: "percent", amount: "50" },
                    },
                  ])
                }
              >
                <Plus aria-hidden="true" />
                {t("Add a tier")}
              </Button>
            ) : null}
            <div className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
              <p className="text-sm font-medium text-slate-900 sm:col-span-2">{t("After the last deadline, and for a no-show")}</p>
              <FeeFields
                id="final"
                label={t("Final fee")}
                fee={finalFee}
                onChange={setFinalFee}
                error={errors["terms.finalFee"] ?? errors["terms.finalFee.percent"] ?? errors["terms.finalFee.nights"]}
              />
            </div>
          </fieldset>
          <section aria-labelledby="policy-preview" className="rounded-lg bg-slate-50 p-3">
            <h3 id="policy-preview" className="text-sm font-semibold text-slate-900">
              {t("What a guest reads, for a {{count}}-night stay a month from now", { count: EXAMPLE_NIGHTS })}
            </h3>
            {preview ? (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" aria-live="polite">
                {preview.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t("Fix the tiers to see the preview.")}</p>
            )}
          </section>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={save.isPending}>
                {t("Cancel")}
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? <Spinner /> : null}
              {t("Save policy")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}

function FeeFields({
  id,
  label,
  fee,
  onChange,
  error,
}: {
  id: string;
  label: string;
  fee: FeeDraft;
  onChange: (fee: FeeDraft) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-kind`}>{label}</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={fee.kind}
          onChange={(e) => onChange({ kind: e.target.value as FeeDraft["kind"], amount: e.target.value === "nights" ? "1" : "100" })}
        >
          <option value="percent">{t("Percentage of the stay")}</option>
          <option value="nights">{t("First nights")}</option>
        </NativeSelect>
      </div>
      <TextField
        label={fee.kind === "percent" ? t("{{fee}}: percent (0 = free)", { fee: label }) : t("{{fee}}: nights charged", { fee: label })}
        inputMode="numeric"
        value={fee.amount}
        onChange={(e) => onChange({ ...fee, amount: e.target.value })}
        error={error}
      />
    </>
  );
}
