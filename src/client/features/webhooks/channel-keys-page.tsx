import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { KeyRound, Plus, Trash2 } from "lucide-react";
import type { ChannelScope } from "../../../shared/channel-api.ts";
import type { ChannelKey } from "../../api/channel-keys.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecretOnce } from "./secret-once.tsx";
import { useChannelKeys, useCreateChannelKey, useRevokeChannelKey } from "./use-webhooks.ts";

function KeyRow({ hotelId, apiKey }: { hotelId: number; apiKey: ChannelKey }) {
  const { t } = useTranslation();
  const revoke = useRevokeChannelKey(hotelId);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{apiKey.name}</span>
          <Badge tone={apiKey.scope === "read_write" ? "brand" : "neutral"}>
            {apiKey.scope === "read_write" ? t("Read and write") : t("Read only")}
          </Badge>
          {apiKey.revokedAt ? <Badge tone="danger">{t("Revoked")}</Badge> : null}
        </div>
        <p className="mt-1 font-mono text-xs text-slate-500">{apiKey.prefix}…</p>
        <p className="text-xs text-slate-600">
          {apiKey.lastUsedAt ? t("Last used {{date}}", { date: formatDateTime(apiKey.lastUsedAt) }) : t("Never used")}
        </p>
      </div>
      {apiKey.revokedAt ? null : (
        <ConfirmButton
          trigger={
            <>
              <Trash2 aria-hidden="true" />
              {t("Revoke")}
            </>
          }
          title={t("Revoke this API key?")}
          description={<p>{t("The channel manager using it is refused from now on.")}</p>}
          confirmLabel={t("Revoke key")}
          pending={revoke.isPending}
          onConfirm={(close) => revoke.mutate(apiKey.id, { onSuccess: close })}
        />
      )}
    </li>
  );
}

/** /admin/hotels/:hotelId/channel-keys: the hotel's keys to the channel API, each shown once when made. */
export function ChannelKeysPage() {
  const { t } = useTranslation();
  const { hotelId: param } = useParams();
  const hotelId = param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const keys = useChannelKeys(hotelId);
  const create = useCreateChannelKey(hotelId);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ChannelScope>("read");
  const [key, setKey] = useState<string | null>(null);
  useDocumentTitle(t("Channel API keys"));

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (answer) => {
          setKey(answer.key);
          setName("");
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("Channel API keys")}
        description={t(
          "A channel manager reads this hotel's availability and rates, pushes rates and rooms to sell, and books with a key (Authorization: Bearer …). A key is shown once when it is made and works for this hotel only.",
        )}
        back={{ to: `/admin/hotels/${hotelId}`, label: t("Back to the hotel") }}
      />
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">{t("Create a key")}</h2>
        <form className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end" onSubmit={submit}>
          <TextField label={t("Name")} required maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
          <div className="space-y-1.5">
            <Label htmlFor="channel-key-scope">{t("Access")}</Label>
            <NativeSelect id="channel-key-scope" value={scope} onChange={(event) => setScope(event.target.value as ChannelScope)}>
              <option value="read">{t("Read only")}</option>
              <option value="read_write">{t("Read and write")}</option>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ""}>
            {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
            {t("Create key")}
          </Button>
        </form>
        {key ? (
          <SecretOnce
            secret={key}
            label={t("API key (shown only now)")}
            hint={t(
              "Give it to your channel manager. Staywise keeps only a fingerprint of it: a lost key cannot be shown again, make a new one.",
            )}
          />
        ) : null}
      </Card>
      {keys.isPending ? (
        <Loading rows={2} rowClassName="h-16 w-full" />
      ) : keys.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the API keys")}
          error={keys.error}
          retrying={keys.isFetching}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.keys.length === 0 ? (
        <EmptyState icon={KeyRound} title={t("No API keys")}>
          {t("Create a key above to connect a channel manager.")}
        </EmptyState>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-slate-200">
            {keys.data.keys.map((k) => (
              <KeyRow key={k.id} hotelId={hotelId} apiKey={k} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
