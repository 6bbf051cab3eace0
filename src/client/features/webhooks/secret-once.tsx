import { useId } from "react";
import { toast } from "sonner";
import { Copy } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { i18next, useTranslation } from "../../lib/i18n.ts";

/** A secret (webhook signing secret, channel API key) shown once, with a copy button; selecting the text is the fallback. */
export function SecretOnce({ secret, label, hint }: { secret: string; label: string; hint: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(i18next.t("Secret copied"));
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast.error(i18next.t("Could not copy: the secret is selected, copy it with your keyboard"));
    }
  }
  return (
    <div className="mt-4 space-y-1.5 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={inputId} readOnly value={secret} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("Copy")}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{hint}</p>
    </div>
  );
}
