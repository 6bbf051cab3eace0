import { useId, useState, type FormEvent } from "react";
import type { BillingDetailsInput } from "../../shared/invoices.ts";
import { useTranslation } from "../lib/i18n.ts";
import { Button } from "./ui/button.tsx";
import { Label } from "./ui/label.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { TextField } from "./ui/text-field.tsx";
import { Textarea } from "./ui/textarea.tsx";

type BillingDetailsFormProps = {
  initial: { name: string; company: string | null; taxId: string | null; address: string | null };
  saving: boolean;
  onSave: (input: BillingDetailsInput) => void;
};

/** The name, company, tax ID and address an invoice is made out to (decision 056); the server checks them again. */
export function BillingDetailsForm({ initial, saving, onSave }: BillingDetailsFormProps) {
  const { t } = useTranslation();
  const addressId = useId();
  const [name, setName] = useState(initial.name);
  const [company, setCompany] = useState(initial.company ?? "");
  const [taxId, setTaxId] = useState(initial.taxId ?? "");
  const [address, setAddress] = useState(initial.address ?? "");
  const [nameError, setNameError] = useState<string | undefined>(undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") {
      setNameError(t("Billing name is required"));
      return;
    }
    setNameError(undefined);
    onSave({ name: name.trim(), company: company.trim() || null, taxId: taxId.trim() || null, address: address.trim() || null });
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <TextField
        label={t("Billing name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameError}
        maxLength={200}
        autoComplete="name"
      />
      <TextField
        label={t("Company (optional)")}
        value={company}
        onChange={(e) => setCompany(e.target.value)}
        maxLength={200}
        autoComplete="organization"
      />
      <TextField label={t("Tax ID (optional)")} value={taxId} onChange={(e) => setTaxId(e.target.value)} maxLength={40} />
      <div className="space-y-1.5">
        <Label htmlFor={addressId}>{t("Billing address (optional)")}</Label>
        <Textarea
          id={addressId}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          rows={3}
          maxLength={500}
          autoComplete="street-address"
        />
      </div>
      <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
        {saving ? <Spinner /> : null}
        {t("Save billing details")}
      </Button>
    </form>
  );
}
