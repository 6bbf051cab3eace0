import { type FormEvent, useState } from "react";
import { Dialog } from "radix-ui";
import { RatePlanInput } from "../../../shared/rate-plan-inputs.ts";
import { MEAL_PLANS, PAYMENT_TIMINGS, PLAN_INCLUSIONS, type PriceRuleKind } from "../../../shared/rate-plans.ts";
import type { CancellationPolicy, RatePlan, RatePlanRoomType } from "../../api/rate-plans.ts";
import { Button } from "../../components/ui/button.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { ApiError } from "../../lib/api.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useMealPlanLabel, useInclusionLabel, usePaymentTimingLabel } from "./plan-labels.ts";
import { OwnPricesForm } from "./own-prices-form.tsx";
import { useSavePlan } from "./use-rate-plans.ts";

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const optional = (text: string) => (text.trim() === "" ? null : Number(text));
/** "-15" or "12.50" dollars → cents; anything else is left for the schema to name. */
const signedCents = (text: string) => (/^[+-]?\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN);

type PlanDialogProps = {
  hotelId: string;
  room: RatePlanRoomType;
  plan: RatePlan | null;
  policies: readonly CancellationPolicy[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit one way of selling a room type: price rule, meals and extras, policy, payment, restrictions. */
export function PlanDialog({ hotelId, room, plan, policies, open, onOpenChange }: PlanDialogProps) {
  const { t } = useTranslation();
  const mealLabel = useMealPlanLabel();
  const inclusionLabel = useInclusionLabel();
  const timingLabel = usePaymentTimingLabel();
  const save = useSavePlan(hotelId);
  const [f, setF] = useState(() => ({
    name: plan?.name ?? "",
    ruleKind: (plan?.priceRule.kind ?? "percent") as PriceRuleKind,
    ruleValue: plan ? (plan.priceRule.kind === "amount" ? (plan.priceRule.value / 100).toFixed(2) : String(plan.priceRule.value)) : "0",
    mealPlan: plan?.mealPlan ?? "room_only",
    inclusions: plan?.inclusions ?? [],
    cancellationPolicyId: String(plan?.cancellationPolicyId ?? policies[0]?.id ?? ""),
    paymentTiming: plan?.paymentTiming ?? "pay_now",
    depositPercent: plan?.depositPercent ? String(plan.depositPercent) : "30",
    minStay: plan?.minStay ? String(plan.minStay) : "",
    minAdvanceDays: plan?.minAdvanceDays !== null && plan?.minAdvanceDays !== undefined ? String(plan.minAdvanceDays) : "",
    maxAdvanceDays: plan?.maxAdvanceDays !== null && plan?.maxAdvanceDays !== undefined ? String(plan.maxAdvanceDays) : "",
    closedDates: plan?.closedDates.join(", ") ?? "",
    memberPrices: plan?.memberPrices ?? true,
    active: plan?.active ?? true,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(key: K, value: (typeof f)[K]) => setF((prev) => ({ ...prev, [key]: value }));

  function showIssues(issues: readonly { path: string; message: string }[]) {
    const next: Record<string, string> = {};
    for (const issue of issues) next[issue.path.replace(/^closedDates\.\d+$/, "closedDates")] ??= issue.message;
    setErrors(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RatePlanInput.safeParse({
      name: f.name,
      priceRule: {
        kind: f.ruleKind,
        value: f.ruleKind === "own" ? 0 : f.ruleKind === "amount" ? signedCents(f.ruleValue) : number(f.ruleValue),
      },
      mealPlan: f.mealPlan,
      inclusions: f.inclusions,
      cancellationPolicyId: number(f.cancellationPolicyId),
      paymentTiming: f.paymentTiming,
      depositPercent: f.paymentTiming === "deposit" ? number(f.depositPercent) : null,
      minStay: optional(f.minStay),
      minAdvanceDays: optional(f.minAdvanceDays),
      maxAdvanceDays: optional(f.maxAdvanceDays),
      closedDates: f.closedDates.split(/[\s,;]+/).filter(Boolean),
      memberPrices: f.memberPrices,
      active: f.active,
      sortOrder: plan?.sortOrder ?? room.plans.length,
    });
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
      return;
    }
    setErrors({});
    save.mutate(
      { planId: plan?.id ?? null, roomTypeId: room.id, input: parsed.data },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) =>
          showIssues(error instanceof ApiError && error.issues ? error.issues : [{ path: "form", message: error.message }]),
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent
        title={plan ? t("Edit plan {{name}}", { name: plan.name }) : t("New plan for {{room}}", { room: room.name })}
        className="max-w-2xl"
      >
        <form onSubmit={submit} noValidate className="mt-4 space-y-5" aria-label={t("Rate plan")}>
          <TextField label={t("Plan name")} value={f.name} onChange={(e) => set("name", e.target.value)} error={errors.name} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="plan-rule">{t("Price")}</Label>
              <NativeSelect id="plan-rule" value={f.ruleKind} onChange={(e) => set("ruleKind", e.target.value as PriceRuleKind)}>
                <option value="percent">{t("Room price ± a percentage")}</option>
                <option value="amount">{t("Room price ± an amount")}</option>
                <option value="own">{t("Own prices")}</option>
              </NativeSelect>
            </div>
            {f.ruleKind === "own" ? (
              <p className="self-end text-sm text-slate-600">{t("Nights without an own price follow the room's calendar.")}</p>
            ) : (
              <TextField
                label={
                  f.ruleKind === "percent" ? t("Difference in % (−10 = 10 % cheaper)") : t("Difference per night, $ (−15 = $15 cheaper)")
                }
                inputMode="decimal"
                value={f.ruleValue}
                onChange={(e) => set("ruleValue", e.target.value)}
                error={errors["priceRule.value"]}
              />
            )}
            <div className="space-y-1.5">
              <Label htmlFor="plan-meal">{t("Meals")}</Label>
              <NativeSelect
                id="plan-meal"
                value={f.mealPlan}
                onChange={(e) => set("mealPlan", e.target.value as (typeof MEAL_PLANS)[number])}
              >
                {MEAL_PLANS.map((meal) => (
                  <option key={meal} value={meal}>
                    {mealLabel(meal)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="plan-policy">{t("Cancellation policy")}</Label>
              <NativeSelect
                id="plan-policy"
                value={f.cancellationPolicyId}
                onChange={(e) => set("cancellationPolicyId", e.target.value)}
                aria-invalid={errors.cancellationPolicyId ? true : undefined}
              >
                {policies.map((policy) => (
                  <option key={policy.id} value={policy.id}>
                    {policy.name}
                  </option>
                ))}
              </NativeSelect>
              {errors.cancellationPolicyId ? (
                <p role="alert" className="text-sm text-red-700">
                  {errors.cancellationPolicyId}
                </p>
              ) : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="plan-timing">{t("Payment")}</Label>
              <NativeSelect
                id="plan-timing"
                value={f.paymentTiming}
                onChange={(e) => set("paymentTiming", e.target.value as (typeof PAYMENT_TIMINGS)[number])}
              >
                {PAYMENT_TIMINGS.map((timing) => (
                  <option key={timing} value={timing}>
                    {timingLabel(timing)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {f.paymentTiming === "deposit" ? (
              <TextField
                label={t("Deposit paid at booking (%)")}
                inputMode="numeric"
                value={f.depositPercent}
                onChange={(e) => set("depositPercent", e.target.value)}
                error={errors.depositPercent}
              />
            ) : null}
          </div>
          <fieldset>
            <legend className="font-medium text-slate-900">{t("Included")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {PLAN_INCLUSIONS.map((item) => (
                <label key={item} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={f.inclusions.includes(item)}
                    onChange={(e) => set("inclusions", e.target.checked ? [...f.inclusions, item] : f.inclusions.filter((i) => i !== item))}
                  />
                  {inclusionLabel(item)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 font-medium text-slate-900">{t("Restrictions (leave empty for none)")}</legend>
            <TextField
              label={t("Minimum stay (nights)")}
              inputMode="numeric"
              value={f.minStay}
              onChange={(e) => set("minStay", e.target.value)}
              error={errors.minStay}
            />
            <TextField
              label={t("Book at least … days ahead")}
              inputMode="numeric"
              value={f.minAdvanceDays}
              onChange={(e) => set("minAdvanceDays", e.target.value)}
              error={errors.minAdvanceDays}
            />
            <TextField
              label={t("Book within … days of check-in")}
              inputMode="numeric"
              value={f.maxAdvanceDays}
              onChange={(e) => set("maxAdvanceDays", e.target.value)}
              error={errors.maxAdvanceDays}
            />
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor="plan-closed">{t("Closed dates (YYYY-MM-DD, separated by commas)")}</Label>
            <Textarea id="plan-closed" rows={2} value={f.closedDates} onChange={(e) => set("closedDates", e.target.value)} />
            {errors.closedDates ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.closedDates}
              </p>
            ) : null}
          </div>
          <div className="space-y-2">
            <label className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={f.memberPrices}
                onChange={(e) => set("memberPrices", e.target.checked)}
              />
              {t("Loyalty members' prices apply")}
            </label>
            <label className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={f.active}
                onChange={(e) => set("active", e.target.checked)}
              />
              {t("On sale")}
            </label>
          </div>
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
              {t("Save plan")}
            </Button>
          </div>
        </form>
        {plan && plan.priceRule.kind === "own" ? <OwnPricesForm hotelId={hotelId} plan={plan} /> : null}
      </DialogContent>
    </Dialog.Root>
  );
}
