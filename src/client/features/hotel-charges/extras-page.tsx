import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { Dialog } from "radix-ui";
import { Pencil, Plus, ShoppingBag, Trash2 } from "lucide-react";
import { EXTRA_KINDS, EXTRA_PRICINGS, ExtraInput, type ExtraKind, type ExtraPricing, type ExtraView } from "../../../shared/extras.ts";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorText, fieldMessage } from "../../lib/error-text.ts";
import { formatMoney } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useQuery } from "@tanstack/react-query";
import { taxSettingsQueryOptions } from "../../api/hotel-charges.ts";
import { centsToMoney, moneyToCents } from "./amounts.ts";
import { useCreateExtra, useDeleteExtra, useExtras, useUpdateExtra } from "./use-hotel-charges.ts";

function kindLabel(t: TFunction, kind: ExtraKind): string {
  switch (kind) {
    case "breakfast":
      return t("Breakfast");
    case "parking":
      return t("Parking");
    case "airport_transfer":
      return t("Airport transfer");
    case "late_checkout":
      return t("Late check-out");
    case "early_checkin":
      return t("Early check-in");
    case "pet":
      return t("Pet");
    case "other":
      return t("Other");
  }
}

function pricingLabel(t: TFunction, pricing: ExtraPricing): string {
  switch (pricing) {
    case "per_stay":
      return t("per stay");
    case "per_night":
      return t("per night");
    case "per_person":
      return t("per person");
    case "per_person_per_night":
      return t("per person per night");
  }
}

interface ExtraDraft {
  name: string;
  kind: ExtraKind;
  pricing: ExtraPricing;
  price: string;
  taxable: boolean;
  active: boolean;
}

const EMPTY: ExtraDraft = { name: "", kind: "breakfast", pricing: "per_person_per_night", price: "", taxable: true, active: true };

function draftOf(extra: ExtraView | null): ExtraDraft {
  return extra
    ? {
        name: extra.name,
        kind: extra.kind,
        pricing: extra.pricing,
        price: centsToMoney(extra.priceCents),
        taxable: extra.taxable,
        active: extra.active,
      }
    : EMPTY;
}

/** The add or edit form, checked with the server's own schema (ExtraInput) before it is sent. */
function ExtraForm({
  hotelId,
  extra,
  currency,
  onDone,
}: {
  hotelId: string;
  extra: ExtraView | null;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ExtraDraft>(() => draftOf(extra));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const create = useCreateExtra(hotelId);
  const update = useUpdateExtra(hotelId);
  const mutation = extra ? update : create;
  const set = (patch: Partial<ExtraDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = ExtraInput.safeParse({
      name: draft.name,
      kind: draft.kind,
      pricing: draft.pricing,
      priceCents: moneyToCents(draft.price),
      taxable: draft.taxable,
      active: draft.active,
    });
    if (!result.success) {
      const found = new Map<string, string>();
      for (const issue of result.error.issues) if (!found.has(String(issue.path[0]))) found.set(String(issue.path[0]), issue.message);
      setErrors(found);
      return;
    }
    setErrors(new Map());
    if (extra) update.mutate({ id: extra.id, input: result.data }, { onSuccess: onDone });
    else create.mutate(result.data, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label={t("Name")} value={draft.name} onChange={(e) => set({ name: e.target.value })} error={errors.get("name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="extra-kind">{t("What it is")}</Label>
          <NativeSelect id="extra-kind" value={draft.kind} onChange={(e) => set({ kind: e.target.value as ExtraKind })}>
            {EXTRA_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(t, kind)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="extra-pricing">{t("Priced")}</Label>
          <NativeSelect id="extra-pricing" value={draft.pricing} onChange={(e) => set({ pricing: e.target.value as ExtraPricing })}>
            {EXTRA_PRICINGS.map((pricing) => (
              <option key={pricing} value={pricing}>
                {pricingLabel(t, pricing)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <TextField
        label={t("Price ({{currency}})", { currency })}
        inputMode="decimal"
        value={draft.price}
        onChange={(e) => set({ price: e.target.value })}
        error={errors.get("priceCents")}
      />
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox id="extra-taxable" checked={draft.taxable} onCheckedChange={(value) => set({ taxable: value === true })} />
        <Label htmlFor="extra-taxable">{t("The hotel's VAT applies")}</Label>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox id="extra-active" checked={draft.active} onCheckedChange={(value) => set({ active: value === true })} />
        <Label htmlFor="extra-active">{t("On sale")}</Label>
      </div>
      {errors.size > 0 && !errors.has("name") && !errors.has("priceCents") ? (
        <Alert variant="error">{[...errors.values()].map((message) => fieldMessage(message)).join(" ")}</Alert>
      ) : null}
      {mutation.error ? <Alert variant="error">{errorText(mutation.error, t("Something went wrong"))}</Alert> : null}
      <div className="flex justify-end gap-3">
        <Dialog.Close asChild>
          <Button type="button" variant="secondary">
            {t("Cancel")}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? <Spinner /> : null}
          {extra ? t("Save extra") : t("Add extra")}
        </Button>
      </div>
    </form>
  );
}

function ExtraRow({ hotelId, extra, currency, onEdit }: { hotelId: string; extra: ExtraView; currency: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateExtra(hotelId);
  const remove = useDeleteExtra(hotelId);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{extra.name}</span>
          {extra.active ? <Badge tone="success">{t("On sale")}</Badge> : <Badge>{t("Off sale")}</Badge>}
          {extra.taxable ? null : <Badge>{t("No VAT")}</Badge>}
        </p>
        <p className="text-sm text-slate-600">
          {kindLabel(t, extra.kind)} · {formatMoney(extra.priceCents, currency)} {pricingLabel(t, extra.pricing)}
        </p>
        {update.error || remove.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(update.error ?? remove.error, t("Something went wrong"))}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t("Edit {{name}}", { name: extra.name })}>
          <Pencil aria-hidden="true" />
          {t("Edit")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
          aria-label={extra.active ? t("Take off sale: {{name}}", { name: extra.name }) : t("Put on sale: {{name}}", { name: extra.name })}
          onClick={() => update.mutate({ id: extra.id, input: { active: !extra.active } })}
        >
          {update.isPending ? <Spinner /> : null}
          {extra.active ? t("Take off sale") : t("Put on sale")}
        </Button>
        <ConfirmButton
          trigger={
            <>
              <Trash2 aria-hidden="true" />
              <span className="sr-only">{t("Delete {{name}}", { name: extra.name })}</span>
            </>
          }
          title={t("Delete {{name}}?", { name: extra.name })}
          description={t("Guests can no longer choose it. Bookings that took it keep it at the price they paid.")}
          confirmLabel={t("Delete extra")}
          pending={remove.isPending}
          onConfirm={(close) => remove.mutate({ id: extra.id, name: extra.name }, { onSuccess: close })}
        />
      </div>
    </li>
  );
}

/** /admin/hotels/:hotelId/extras: what the hotel sells beside the room (breakfast, parking, transfers...). */
export function ExtrasPage() {
  const { t } = useTranslation();
  const { hotelId = "" } = useParams();
  useDocumentTitle(t("Extras"));
  const extras = useExtras(hotelId);
  const currency = useQuery(taxSettingsQueryOptions(hotelId)).data?.currency ?? "USD";
  const [editing, setEditing] = useState<ExtraView | "new" | null>(null);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Extras")}
        description={t(
          "Sold beside the room in the booking dialog and at the front desk. A rate plan that includes breakfast or parking includes the matching extra.",
        )}
        back={{ to: `/admin/hotels/${hotelId}`, label: t("Hotel") }}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            {t("Add extra")}
          </Button>
        }
      />
      {extras.isPending ? (
        <Card className="p-6">
          <Loading rows={3} rowClassName="h-12 w-full" />
        </Card>
      ) : extras.isError ? (
        <LoadFailed
          title={t("Could not load the extras")}
          error={extras.error}
          onRetry={() => void extras.refetch()}
          retrying={extras.isFetching}
        />
      ) : extras.data.extras.length === 0 ? (
        <Card>
          <EmptyState icon={ShoppingBag} title={t("No extras yet")}>
            {t("Add breakfast, parking or an airport transfer for guests to choose when they book.")}
          </EmptyState>
        </Card>
      ) : (
        <Card className="px-6 py-2">
          <ul aria-label={t("Extras")} className="divide-y divide-slate-200">
            {extras.data.extras.map((extra) => (
              <ExtraRow key={extra.id} hotelId={hotelId} extra={extra} currency={currency} onEdit={() => setEditing(extra)} />
            ))}
          </ul>
        </Card>
      )}
      <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing !== null ? (
          <DialogContent title={editing === "new" ? t("Add extra") : t("Edit {{name}}", { name: editing.name })}>
            <ExtraForm
              key={editing === "new" ? "new" : editing.id}
              hotelId={hotelId}
              extra={editing === "new" ? null : editing}
              currency={currency}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog.Root>
    </div>
  );
}
