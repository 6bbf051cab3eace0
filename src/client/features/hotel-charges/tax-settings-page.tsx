import { type FormEvent, type ReactNode, useState } from "react";
import { useParams } from "react-router";
import { Plus, Trash2, TriangleAlert } from "lucide-react";
import {
  CITY_TAX_KINDS,
  type CityTaxKind,
  FEE_BASES,
  type FeeBasis,
  MAX_CITY_TAX_TIERS,
  MAX_FEES,
  TaxSettings,
} from "../../../shared/taxes.ts";
import type { HotelTaxSettings } from "../../api/hotel-charges.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorText, fieldMessage } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { basisPointsToPercent, centsToMoney, moneyToCents, optionalWhole, percentToBasisPoints } from "./amounts.ts";
import { useSaveTaxSettings, useTaxSettings } from "./use-hotel-charges.ts";

interface TierDraft {
  minStars: string;
  amount: string;
}
interface FeeDraft {
  name: string;
  basis: FeeBasis;
  amount: string;
  vatApplies: boolean;
}
/** The form as typed: text where people type numbers, turned into the shared schema's values on save. */
interface Draft {
  vatOn: boolean;
  vatName: string;
  vatRate: string;
  vatIncluded: boolean;
  cityOn: boolean;
  cityName: string;
  cityKind: CityTaxKind;
  cityAmount: string;
  cityRate: string;
  tiers: TierDraft[];
  childAge: string;
  maxNights: string;
  fees: FeeDraft[];
}

function draftOf(settings: TaxSettings): Draft {
  const { vat, cityTax } = settings;
  return {
    vatOn: vat !== null,
    vatName: vat?.name ?? "VAT",
    vatRate: vat ? basisPointsToPercent(vat.rateBasisPoints) : "",
    vatIncluded: vat?.included ?? true,
    cityOn: cityTax !== null,
    cityName: cityTax?.name ?? "City tax",
    cityKind: cityTax?.kind ?? "per_person_per_night",
    cityAmount: cityTax ? centsToMoney(cityTax.amountCents) : "",
    cityRate: cityTax ? basisPointsToPercent(cityTax.rateBasisPoints) : "",
    tiers: (cityTax?.tiers ?? []).map((tier) => ({ minStars: String(tier.minStars), amount: centsToMoney(tier.amountCents) })),
    childAge: cityTax?.childrenExemptUnderAge === null || cityTax === null ? "" : String(cityTax.childrenExemptUnderAge),
    maxNights: cityTax?.maxNights === null || cityTax === null ? "" : String(cityTax.maxNights),
    fees: settings.fees.map((fee) => ({
      name: fee.name,
      basis: fee.basis,
      amount: centsToMoney(fee.amountCents),
      vatApplies: fee.vatApplies,
    })),
  };
}

/** The settings the draft stands for, before the schema checks them (numbers may be NaN: the schema says so in words). */
function settingsOf(draft: Draft): unknown {
  const perPerson = draft.cityKind === "per_person_per_night";
  return {
    vat: draft.vatOn ? { name: draft.vatName, rateBasisPoints: percentToBasisPoints(draft.vatRate), included: draft.vatIncluded } : null,
    cityTax: draft.cityOn
      ? {
          name: draft.cityName,
          kind: draft.cityKind,
          amountCents: perPerson ? moneyToCents(draft.cityAmount) : 0,
          rateBasisPoints: perPerson ? 0 : percentToBasisPoints(draft.cityRate),
          tiers: perPerson ? draft.tiers.map((tier) => ({ minStars: Number(tier.minStars), amountCents: moneyToCents(tier.amount) })) : [],
          childrenExemptUnderAge: perPerson ? optionalWhole(draft.childAge) : null,
          maxNights: optionalWhole(draft.maxNights),
        }
      : null,
    fees: draft.fees.map((fee) => ({
      name: fee.name,
      basis: fee.basis,
      amountCents: moneyToCents(fee.amount),
      vatApplies: fee.vatApplies,
    })),
  };
}

type Errors = Map<string, string>;

function Fieldset({ legend, children, description }: { legend: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `check-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function SelectField({
  label,
  value,
  onChange,
  children,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  error?: string | undefined;
}) {
  const id = `select-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined}>
        {children}
      </NativeSelect>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {fieldMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

function TaxSettingsForm({ hotelId, loaded }: { hotelId: string; loaded: HotelTaxSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const [errors, setErrors] = useState<Errors>(new Map());
  const save = useSaveTaxSettings(hotelId);
  const currency = loaded.currency;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setFee = (index: number, patch: Partial<FeeDraft>) =>
    set({ fees: draft.fees.map((fee, i) => (i === index ? { ...fee, ...patch } : fee)) });
  const setTier = (index: number, patch: Partial<TierDraft>) =>
    set({ tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) });
  const error = (path: string) => errors.get(path);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = TaxSettings.safeParse(settingsOf(draft));
    if (!result.success) {
      const found: Errors = new Map();
      for (const issue of result.error.issues) {
        const path = issue.path.join(".");
        if (!found.has(path)) found.set(path, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors(new Map());
    save.mutate(result.data);
  }

  const unplaced = [...errors].filter(([path]) => !PLACED.some((pattern) => pattern.test(path)));
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={t("Taxes and fees")}>
      <Fieldset
        legend={t("VAT or sales tax")}
        description={t("Included: prices already contain it (the European way). Added: it is added on top of prices (the US way).")}
      >
        <CheckboxField label={t("Charge VAT or sales tax")} checked={draft.vatOn} onChange={(vatOn) => set({ vatOn })} />
        {draft.vatOn ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t("Tax name")}
              value={draft.vatName}
              onChange={(e) => set({ vatName: e.target.value })}
              error={error("vat.name")}
            />
            <TextField
              label={t("Rate (%)")}
              inputMode="decimal"
              value={draft.vatRate}
              onChange={(e) => set({ vatRate: e.target.value })}
              error={error("vat.rateBasisPoints")}
            />
            <SelectField
              label={t("Prices")}
              value={draft.vatIncluded ? "included" : "added"}
              onChange={(value) => set({ vatIncluded: value === "included" })}
            >
              <option value="included">{t("Include it")}</option>
              <option value="added">{t("Have it added on top")}</option>
            </SelectField>
          </div>
        ) : null}
      </Fieldset>

      <Fieldset legend={t("City or tourism tax")} description={t("Never subject to VAT and always added on top of prices.")}>
        <CheckboxField label={t("Charge a city tax")} checked={draft.cityOn} onChange={(cityOn) => set({ cityOn })} />
        {draft.cityOn ? (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label={t("City tax name")}
                value={draft.cityName}
                onChange={(e) => set({ cityName: e.target.value })}
                error={error("cityTax.name")}
              />
              <SelectField label={t("Counted")} value={draft.cityKind} onChange={(value) => set({ cityKind: value as CityTaxKind })}>
                {CITY_TAX_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind === "per_person_per_night" ? t("Per person per night") : t("Percentage of the room price")}
                  </option>
                ))}
              </SelectField>
              {draft.cityKind === "per_person_per_night" ? (
                <TextField
                  label={t("Amount per person per night ({{currency}})", { currency })}
                  inputMode="decimal"
                  value={draft.cityAmount}
                  onChange={(e) => set({ cityAmount: e.target.value })}
                  error={error("cityTax.amountCents")}
                />
              ) : (
                <TextField
                  label={t("City tax rate (%)")}
                  inputMode="decimal"
                  value={draft.cityRate}
                  onChange={(e) => set({ cityRate: e.target.value })}
                  error={error("cityTax.rateBasisPoints")}
                />
              )}
            </div>
            {draft.cityKind === "per_person_per_night" ? (
              <div className="space-y-3">
                <h3 className="text-sm font-semibold text-slate-900">{t("Amounts by star rating")}</h3>
                <p className="text-sm text-slate-600">
                  {t("A hotel of at least the stars of a tier pays its amount instead (the highest tier it reaches).")}
                </p>
                {error("cityTax.tiers") ? (
                  <p role="alert" className="text-sm text-red-700">
                    {fieldMessage(error("cityTax.tiers"))}
                  </p>
                ) : null}
                <ul className="space-y-3">
                  {draft.tiers.map((tier, index) => (
                    <li key={index} className="flex flex-wrap items-end gap-3">
                      <SelectField
                        label={t("Tier {{number}}: from stars", { number: index + 1 })}
                        value={tier.minStars}
                        onChange={(minStars) => setTier(index, { minStars })}
                      >
                        {[1, 2, 3, 4, 5].map((stars) => (
                          <option key={stars} value={String(stars)}>
                            {stars}
                          </option>
                        ))}
                      </SelectField>
                      <TextField
                        label={t("Tier {{number}}: amount ({{currency}})", { number: index + 1, currency })}
                        inputMode="decimal"
                        value={tier.amount}
                        onChange={(e) => setTier(index, { amount: e.target.value })}
                        error={error(`cityTax.tiers.${index}.amountCents`)}
                      />
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        className="mb-0.5"
                        aria-label={t("Remove tier {{number}}", { number: index + 1 })}
                        onClick={() => set({ tiers: draft.tiers.filter((_, i) => i !== index) })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
                {draft.tiers.length < MAX_CITY_TAX_TIERS ? (
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => set({ tiers: [...draft.tiers, { minStars: String(Math.min(5, draft.tiers.length + 3)), amount: "" }] })}
                  >
                    <Plus aria-hidden="true" />
                    {t("Add a tier")}
                  </Button>
                ) : null}
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {draft.cityKind === "per_person_per_night" ? (
                <TextField
                  label={t("Children exempt under age (optional)")}
                  inputMode="numeric"
                  value={draft.childAge}
                  onChange={(e) => set({ childAge: e.target.value })}
                  error={error("cityTax.childrenExemptUnderAge")}
                />
              ) : null}
              <TextField
                label={t("Taxed nights at most (optional)")}
                inputMode="numeric"
                value={draft.maxNights}
                onChange={(e) => set({ maxNights: e.target.value })}
                error={error("cityTax.maxNights")}
              />
            </div>
          </div>
        ) : null}
      </Fieldset>

      <Fieldset legend={t("Fees")} description={t("Fixed fees per room, such as cleaning or a resort fee.")}>
        {error("fees") ? (
          <p role="alert" className="text-sm text-red-700">
            {fieldMessage(error("fees"))}
          </p>
        ) : null}
        {draft.fees.length === 0 ? <p className="text-sm text-slate-600">{t("No fees.")}</p> : null}
        <ul className="space-y-4">
          {draft.fees.map((fee, index) => (
            <li key={index} className="grid items-end gap-3 border-b border-slate-100 pb-4 sm:grid-cols-[2fr_1.5fr_1fr_auto]">
              <TextField
                label={t("Fee {{number}}: name", { number: index + 1 })}
                value={fee.name}
                onChange={(e) => setFee(index, { name: e.target.value })}
                error={error(`fees.${index}.name`)}
              />
              <SelectField
                label={t("Fee {{number}}: counted", { number: index + 1 })}
                value={fee.basis}
                onChange={(basis) => setFee(index, { basis: basis as FeeBasis })}
              >
                {FEE_BASES.map((basis) => (
                  <option key={basis} value={basis}>
                    {basis === "per_stay" ? t("Per room per stay") : t("Per room per night")}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t("Fee {{number}}: amount ({{currency}})", { number: index + 1, currency })}
                inputMode="decimal"
                value={fee.amount}
                onChange={(e) => setFee(index, { amount: e.target.value })}
                error={error(`fees.${index}.amountCents`)}
              />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="mb-0.5"
                aria-label={t("Remove fee {{number}}", { number: index + 1 })}
                onClick={() => set({ fees: draft.fees.filter((_, i) => i !== index) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              <div className="sm:col-span-4">
                <CheckboxField
                  label={t("Fee {{number}}: VAT applies", { number: index + 1 })}
                  checked={fee.vatApplies}
                  onChange={(vatApplies) => setFee(index, { vatApplies })}
                />
              </div>
            </li>
          ))}
        </ul>
        {draft.fees.length < MAX_FEES ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => set({ fees: [...draft.fees, { name: "", basis: "per_stay", amount: "", vatApplies: true }] })}
          >
            <Plus aria-hidden="true" />
            {t("Add a fee")}
          </Button>
        ) : null}
      </Fieldset>

      {unplaced.length > 0 ? (
        <Alert variant="error">
          {unplaced.map(([path, message]) => (
            <p key={path}>{fieldMessage(message)}</p>
          ))}
        </Alert>
      ) : null}
      {save.error ? <Alert variant="error">{errorText(save.error, t("Something went wrong"))}</Alert> : null}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
        {save.isPending ? <Spinner /> : null}
        {t("Save taxes and fees")}
      </Button>
    </form>
  );
}

/** The paths the form shows beside a field; any other problem is listed above the save button. */
const PLACED = [
  /^vat\.(name|rateBasisPoints)$/,
  /^cityTax\.(name|amountCents|rateBasisPoints|tiers|childrenExemptUnderAge|maxNights)$/,
  /^cityTax\.tiers\.\d+\.amountCents$/,
  /^fees$/,
  /^fees\.\d+\.(name|amountCents)$/,
];

/** /admin/hotels/:hotelId/taxes: the hotel's VAT or sales tax, city tax and fixed fees, for its managers and admins. */
export function TaxSettingsPage() {
  const { t } = useTranslation();
  const { hotelId = "" } = useParams();
  useDocumentTitle(t("Taxes and fees"));
  const settings = useTaxSettings(hotelId);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Taxes and fees")}
        description={t(
          "What guests pay beside the room price. A change applies to new bookings; existing bookings keep what they were sold at.",
        )}
        back={{ to: `/admin/hotels/${hotelId}`, label: t("Hotel") }}
      />
      {settings.isPending ? (
        <Card className="p-6">
          <Loading rows={5} rowClassName="h-12 w-full" />
        </Card>
      ) : settings.isError ? (
        <LoadFailed
          title={t("Could not load the taxes and fees")}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <>
          {settings.data.settings.demo ? (
            <div
              role="note"
              className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                {t(
                  "Demo values, not legal advice: these rates are the demo catalogue's rough defaults for the hotel's country. Check them with a tax adviser and save the hotel's own.",
                )}
              </p>
            </div>
          ) : null}
          <Card className="p-4 sm:p-6">
            <TaxSettingsForm key={settings.dataUpdatedAt} hotelId={hotelId} loaded={settings.data} />
          </Card>
        </>
      )}
    </div>
  );
}
