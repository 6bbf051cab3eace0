import { type FormEvent, useId, useState } from "react";
import { PROMO_CODE_MAX_LENGTH, type PromoDiscountKind } from "../../../shared/promotions.ts";
import type { NewPromoCode, PromoScope } from "../../api/promotions.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { PlanPicker } from "./plan-picker.tsx";
import { useCreatePromoCode } from "./use-promotions.ts";

const EMPTY = {
  code: "",
  discountKind: "percent" as PromoDiscountKind,
  value: "",
  currency: "USD",
  bookingFrom: "",
  bookingTo: "",
  stayFrom: "",
  stayTo: "",
  minNights: "",
  usesLimit: "",
  perGuestLimit: "",
  ratePlanIds: [] as number[],
};
type Draft = typeof EMPTY;

/** A whole number typed in a field, or null when left empty (NaN reaches the server, which names the field). */
function count(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** An amount typed in the currency's units (12.50) as cents. */
function cents(text: string): number {
  return Math.round(Number(text.replace(",", ".")) * 100);
}

function toInput(draft: Draft, siteWide: boolean): NewPromoCode {
  const day = (text: string) => (text === "" ? null : text);
  return {
    code: draft.code.trim(),
    discountKind: draft.discountKind,
    discountValue: draft.discountKind === "percent" ? Number(draft.value) : cents(draft.value),
    ...(siteWide && draft.discountKind === "amount" ? { currency: draft.currency.trim().toUpperCase() } : {}),
    bookingFrom: day(draft.bookingFrom),
    bookingTo: day(draft.bookingTo),
    stayFrom: day(draft.stayFrom),
    stayTo: day(draft.stayTo),
    minNights: count(draft.minNights),
    usesLimit: count(draft.usesLimit),
    perGuestLimit: count(draft.perGuestLimit),
    ratePlanIds: draft.ratePlanIds,
  };
}

/** The new-code form: every rule of a code, the server's refusal shown beside its field. */
export function PromoCodeForm({ scope }: { scope: PromoScope }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useCreatePromoCode(scope);
  const kindId = useId();
  const siteWide = scope === null;
  const issues = create.error instanceof ApiError ? (create.error.issues ?? []) : [];
  const fieldError = (field: keyof NewPromoCode) => issues.find((issue) => issue.path === field)?.message;
  const formError = create.error && issues.length === 0 ? errorText(create.error, t("Something went wrong")) : null;
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(toInput(draft, siteWide), { onSuccess: () => setDraft(EMPTY) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t("Code")}
          value={draft.code}
          onChange={set("code")}
          maxLength={PROMO_CODE_MAX_LENGTH}
          autoComplete="off"
          required
          error={fieldError("code")}
        />
        <div className="space-y-1.5">
          <Label htmlFor={kindId}>{t("Discount type")}</Label>
          <NativeSelect id={kindId} value={draft.discountKind} onChange={set("discountKind")}>
            <option value="percent">{t("Percentage off")}</option>
            <option value="amount">{t("Amount off")}</option>
          </NativeSelect>
        </div>
        <TextField
          label={
            draft.discountKind === "percent" ? t("Percent off (1-100)") : siteWide ? t("Amount off") : t("Amount off (hotel's currency)")
          }
          inputMode="decimal"
          value={draft.value}
          onChange={set("value")}
          required
          error={fieldError("discountValue")}
        />
        {siteWide && draft.discountKind === "amount" ? (
          <TextField
            label={t("Currency of the amount")}
            value={draft.currency}
            onChange={set("currency")}
            maxLength={3}
            error={fieldError("currency")}
          />
        ) : null}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("When it can be used (optional)")}</legend>
        <TextField
          label={t("Bookable from")}
          type="date"
          value={draft.bookingFrom}
          onChange={set("bookingFrom")}
          error={fieldError("bookingFrom")}
        />
        <TextField
          label={t("Bookable until")}
          type="date"
          value={draft.bookingTo}
          onChange={set("bookingTo")}
          error={fieldError("bookingTo")}
        />
        <TextField label={t("Stays from")} type="date" value={draft.stayFrom} onChange={set("stayFrom")} error={fieldError("stayFrom")} />
        <TextField label={t("Stays until")} type="date" value={draft.stayTo} onChange={set("stayTo")} error={fieldError("stayTo")} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("Limits (optional)")}</legend>
        <TextField
          label={t("Minimum nights")}
          inputMode="numeric"
          value={draft.minNights}
          onChange={set("minNights")}
          error={fieldError("minNights")}
        />
        <TextField
          label={t("Total uses")}
          inputMode="numeric"
          value={draft.usesLimit}
          onChange={set("usesLimit")}
          error={fieldError("usesLimit")}
        />
        <TextField
          label={t("Uses per guest")}
          inputMode="numeric"
          value={draft.perGuestLimit}
          onChange={set("perGuestLimit")}
          error={fieldError("perGuestLimit")}
        />
      </fieldset>
      {scope !== null ? (
        <PlanPicker hotelId={scope} value={draft.ratePlanIds} onChange={(ratePlanIds) => setDraft((d) => ({ ...d, ratePlanIds }))} />
      ) : null}
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? <Spinner /> : null}
        {t("Create code")}
      </Button>
    </form>
  );
}
