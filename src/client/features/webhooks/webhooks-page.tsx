import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { AlertDialog } from "radix-ui";
import { KeyRound, Plus, Power, RotateCw, Send, Trash2, Webhook } from "lucide-react";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../../shared/webhooks.ts";
import type { WebhookDelivery, WebhookEndpoint } from "../../api/webhooks.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { SecretOnce } from "./secret-once.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "./use-webhooks.ts";

const PAGE_SIZE = 20;

function eventLabel(t: TFunction, event: WebhookEvent): string {
  const labels: Record<WebhookEvent, string> = {
    "booking.created": t("Booking confirmed"),
    "booking.modified": t("Booking changed"),
    "booking.cancelled": t("Booking cancelled"),
    "payment.refunded": t("Payment refunded"),
    "review.published": t("Review published"),
  };
  return labels[event];
}

function NewEndpointForm({ hotelId }: { hotelId: number | null }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["booking.created", "booking.modified", "booking.cancelled"]);
  const [secret, setSecret] = useState<string | null>(null);
  const eventsId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { hotelId, url: url.trim(), description, events },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setUrl("");
          setDescription("");
        },
      },
    );
  }

  return (
    <Card className="p-5">
      <h2 className="font-semibold text-slate-900">{hotelId === null ? t("Add an endpoint for every hotel") : t("Add an endpoint")}</h2>
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <TextField
          label={t("Address (https://)")}
          type="url"
          required
          placeholder="https://example.com/staywise-webhooks"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label={t("Description (optional)")}
          maxLength={200}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset aria-describedby={eventsId}>
          <legend className="text-sm font-medium text-slate-900">{t("Events")}</legend>
          <p id={eventsId} className="text-xs text-slate-600">
            {t("Choose at least one event.")}
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => {
              const id = `${eventsId}-${name}`;
              return (
                <div key={name} className="flex min-h-10 items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={events.includes(name)}
                    onCheckedChange={(checked) => setEvents((now) => (checked === true ? [...now, name] : now.filter((e) => e !== name)))}
                  />
                  <Label htmlFor={id}>
                    {eventLabel(t, name)} <span className="font-mono text-xs text-slate-500">{name}</span>
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>
        <Button type="submit" disabled={create.isPending || events.length === 0}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          {t("Add endpoint")}
        </Button>
      </form>
      {secret ? (
        <SecretOnce
          secret={secret}
          label={t("Signing secret (shown only now)")}
          hint={t("Your receiver checks each delivery's Staywise-Signature header with this secret (see the API documentation).")}
        />
      ) : null}
    </Card>
  );
}

function deliveryTone(status: WebhookDelivery["status"]) {
  return status === "delivered" ? "success" : status === "failed" ? "danger" : "warning";
}

function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useResendWebhookDelivery();
  const statusLabel: Record<WebhookDelivery["status"], string> = {
    pending: t("Waiting to retry"),
    delivering: t("Sending"),
    delivered: t("Delivered"),
    failed: t("Failed"),
  };
  if (deliveries.isPending) return <Loading rows={3} rowClassName="h-10 w-full" />;
  if (deliveries.isError)
    return (
      <LoadFailed
        layout="panel"
        title={t("Failed to load the deliveries")}
        error={deliveries.error}
        retrying={deliveries.isFetching}
        onRetry={() => void deliveries.refetch()}
      />
    );
  if (deliveries.data.total === 0) return <p className="text-sm text-slate-600">{t("No deliveries yet.")}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {deliveries.data.deliveries.map((d) => (
          <li key={d.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={deliveryTone(d.status)}>{statusLabel[d.status]}</Badge>
                <span className="font-medium text-slate-900">{eventLabel(t, d.eventType)}</span>
                <span className="text-slate-500">{formatDateTime(d.createdAt)}</span>
              </div>
              <p className="mt-1 truncate font-mono text-xs text-slate-500">{d.eventId}</p>
              <p className="text-xs text-slate-600">
                {t("Attempts: {{n}}", { n: d.attempts })}
                {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : ""}
                {d.nextAttemptAt ? ` · ${t("next try {{date}}", { date: formatDateTime(d.nextAttemptAt) })}` : ""}
              </p>
              {d.lastError && d.status !== "delivered" ? <p className="text-xs break-words text-red-700">{d.lastError}</p> : null}
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={resend.isPending || d.status === "delivering"}
              onClick={() => resend.mutate({ endpointId, deliveryId: d.id })}
            >
              <Send aria-hidden="true" />
              {t("Send again")}
            </Button>
          </li>
        ))}
      </ul>
      <Pager
        label={t("Delivery pages")}
        page={page}
        pageSize={PAGE_SIZE}
        total={deliveries.data.total}
        noun={t("{{count}} deliveries", { count: deliveries.data.total })}
        onPageChange={setPage}
      />
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const logId = useId();

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {endpoint.hotelName ?? t("Every hotel")}
            {endpoint.description ? ` · ${endpoint.description}` : ""}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {endpoint.enabled ? (
              <Badge tone="success">{t("On")}</Badge>
            ) : endpoint.disabledReason === "failing" ? (
              <Badge tone="danger">{t("Turned off after a day of failed deliveries")}</Badge>
            ) : (
              <Badge tone="neutral">{t("Off")}</Badge>
            )}
            {endpoint.events.map((event) => (
              <Badge key={event} tone="brand">
                {eventLabel(t, event)}
              </Badge>
            ))}
          </div>
          {endpoint.enabled && endpoint.failingSince ? (
            <p className="mt-2 text-sm text-amber-800">{t("Failing since {{date}}", { date: formatDateTime(endpoint.failingSince) })}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ endpointId: endpoint.id, input: { enabled: !endpoint.enabled } })}
          >
            <Power aria-hidden="true" />
            {endpoint.enabled ? t("Turn off") : t("Turn on")}
          </Button>
          <AlertDialog.Root open={confirmRotate} onOpenChange={setConfirmRotate}>
            <AlertDialog.Trigger asChild>
              <Button variant="secondary" size="sm">
                <KeyRound aria-hidden="true" />
                {t("New secret")}
              </Button>
            </AlertDialog.Trigger>
            <AlertDialogContent
              title={t("Replace the signing secret?")}
              description={<p>{t("Deliveries are signed with the new secret at once; update your receiver with it.")}</p>}
              actions={
                <>
                  <AlertDialog.Cancel asChild>
                    <Button variant="secondary">{t("Cancel")}</Button>
                  </AlertDialog.Cancel>
                  <Button
                    disabled={rotate.isPending}
                    onClick={() =>
                      rotate.mutate(endpoint.id, {
                        onSuccess: (answer) => {
                          setSecret(answer.secret);
                          setConfirmRotate(false);
                        },
                      })
                    }
                  >
                    {rotate.isPending ? <Spinner /> : <RotateCw aria-hidden="true" />}
                    {t("Replace secret")}
                  </Button>
                </>
              }
            />
          </AlertDialog.Root>
          <AlertDialog.Root open={confirmDelete} onOpenChange={setConfirmDelete}>
            <AlertDialog.Trigger asChild>
              <Button variant="secondary" size="sm">
                <Trash2 aria-hidden="true" />
                {t("Delete")}
              </Button>
            </AlertDialog.Trigger>
            <AlertDialogContent
              title={t("Delete this endpoint?")}
              description={<p>{t("No more events are sent to it, and its delivery log is deleted.")}</p>}
              actions={
                <>
                  <AlertDialog.Cancel asChild>
                    <Button variant="secondary">{t("Cancel")}</Button>
                  </AlertDialog.Cancel>
                  <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(endpoint.id)}>
                    {remove.isPending ? <Spinner /> : null}
                    {t("Delete endpoint")}
                  </Button>
                </>
              }
            />
          </AlertDialog.Root>
        </div>
      </div>
      {secret ? (
        <SecretOnce
          secret={secret}
          label={t("Signing secret (shown only now)")}
          hint={t("Your receiver checks each delivery's Staywise-Signature header with this secret (see the API documentation).")}
        />
      ) : null}
      <div className="mt-4">
        <Button variant="ghost" size="sm" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
          {showLog ? t("Hide deliveries") : t("Show deliveries")}
        </Button>
        <div id={logId} className="mt-2">
          {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
        </div>
      </div>
    </Card>
  );
}

/**
 * /admin/webhooks (?hotel=ID): a hotel's webhook endpoints (managers: their hotels'; admins: any
 * hotel's, and endpoints for every hotel when no hotel is chosen), each with its delivery log.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const param = params.get("hotel");
  const hotelId = param !== null && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  const endpoints = useWebhookEndpoints(hotelId);
  useDocumentTitle(t("Webhooks"));
  const canAdd = hotelId !== undefined || user?.isAdmin === true;

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("Webhooks")}
        description={t(
          "Staywise tells your other systems when a booking is confirmed, changed or cancelled, a payment is refunded or a review is published: a signed POST to each address below, retried for a day until it is accepted.",
        )}
        back={
          hotelId !== undefined
            ? { to: `/admin/hotels/${hotelId}`, label: t("Back to the hotel") }
            : { to: "/admin", label: t("Admin Dashboard") }
        }
      />
      {canAdd ? (
        <NewEndpointForm hotelId={hotelId ?? null} />
      ) : (
        <p className="text-sm text-slate-600">{t("Open Webhooks from one of your hotels to add an endpoint.")}</p>
      )}
      {endpoints.isPending ? (
        <Loading rows={2} rowClassName="h-24 w-full" />
      ) : endpoints.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the webhook endpoints")}
          error={endpoints.error}
          retrying={endpoints.isFetching}
          onRetry={() => void endpoints.refetch()}
        />
      ) : endpoints.data.endpoints.length === 0 ? (
        <EmptyState icon={Webhook} title={t("No webhook endpoints")}>
          {t("Add an address above to receive events.")}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </div>
      )}
    </div>
  );
}
