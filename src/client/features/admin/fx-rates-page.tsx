import { type FormEvent, useId, useState } from "react";
import { FX_BASE, type RateCurrency } from "../../../shared/fx.ts";
import type { AdminFxRates } from "../../api/fx-rates.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { useAdminFxRates, useUpdateFxRate } from "./use-fx-rates.ts";

type Rate = AdminFxRates["rates"][number];

function SourceBadge({ rate }: { rate: Rate }) {
  const { t } = useTranslation();
  if (rate.demo) return <Badge tone="warning">{t("Demo rate")}</Badge>;
  return rate.source === "feed" ? <Badge tone="success">{t("From the feed")}</Badge> : <Badge>{t("Set by hand")}</Badge>;
}

/** One currency's rate: edited in place, saved on its own, the server's refusal shown beside it. */
function RateRow({ rate }: { rate: Rate }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(rate.rate);
  const update = useUpdateFxRate();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const error = update.error ? errorText(update.error, t("Something went wrong")) : undefined;
  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({ currency: rate.currency as RateCurrency, rate: draft });
  }
  return (
    <li className="py-4">
      <form onSubmit={save} className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="w-40">
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
            {t("{{currency}} per {{base}}", { currency: rate.currency, base: FX_BASE })}
          </label>
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1.5 tabular-nums"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          disabled={update.isPending || draft.trim() === rate.rate}
          aria-busy={update.isPending || undefined}
        >
          {update.isPending ? <Spinner /> : null}
          {t("Save {{currency}}", { currency: rate.currency })}
        </Button>
        <div className="flex flex-wrap items-center gap-2 pb-2 text-sm text-slate-600">
          <SourceBadge rate={rate} />
          <span>{t("Updated {{time}}", { time: formatDateTime(rate.updatedAt) })}</span>
        </div>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function FeedStatus({ feed }: { feed: AdminFxRates["feed"] }) {
  const { t } = useTranslation();
  if (!feed.host) {
    return (
      <p className="text-sm text-slate-600">
        <Trans
          i18nKey="No daily feed is configured: the rates change only here. Set <code>FX_RATES_URL</code> to update them every day."
          components={{ code: <code className="font-mono" /> }}
        />
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <Trans
          i18nKey="Daily feed: <host>{{host}}</host>. Each update replaces the rates set here."
          values={{ host: feed.host }}
          components={{ host: <span className="font-mono" /> }}
        />
      </p>
      {feed.latest ? (
        <Alert variant={feed.latest.outcome === "updated" ? "success" : "error"}>
          {feed.latest.outcome === "updated"
            ? t("Last update ({{time}}):", { time: formatDateTime(feed.latest.at) })
            : t("Last attempt failed ({{time}}):", { time: formatDateTime(feed.latest.at) })}{" "}
          {feed.latest.message}
        </Alert>
      ) : (
        <p className="text-slate-600">{t("The feed has not been read yet.")}</p>
      )}
    </div>
  );
}

/** /admin/exchange-rates: the display-currency rates, by hand or from the feed (decision 028). */
export function FxRatesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Exchange rates"));
  const rates = useAdminFxRates();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("Exchange rates")}
        description={t(
          "Travellers can see prices converted into these currencies, as estimates. Bookings are always charged in the hotel's currency. Each rate is units of the currency per {{base}}.",
          { base: FX_BASE },
        )}
      />
      {rates.isPending ? (
        <Card className="mt-8 p-6">
          <Loading rows={4} rowClassName="h-11 w-full" />
        </Card>
      ) : rates.isError ? (
        <LoadFailed
          title={t("Failed to load the exchange rates")}
          error={rates.error}
          onRetry={() => void rates.refetch()}
          retrying={rates.isFetching}
          className="mt-8"
        />
      ) : (
        <>
          <Card className="mt-8 p-6">
            <FeedStatus feed={rates.data.feed} />
          </Card>
          <Card className="mt-6 px-6 py-2">
            <ul className="divide-y divide-slate-200">
              {rates.data.rates.map((rate) => (
                <RateRow key={`${rate.currency}:${rate.updatedAt}`} rate={rate} />
              ))}
            </ul>
          </Card>
        </>
      )}
    </div>
  );
}
