import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { TicketPercent } from "lucide-react";
import type { PromoCodeView } from "../../../shared/promotions.ts";
import type { PromoScope } from "../../api/promotions.ts";
import { ratePlanOverviewQueryOptions } from "../../api/rate-plans.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorText } from "../../lib/error-text.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PromoCodeForm } from "./promo-code-form.tsx";
import { usePromoCodes, useSetPromoCodeActive } from "./use-promotions.ts";

/** The hotel's plan names by id (site-wide codes cover every plan, so none are needed there). */
function usePlanNames(scope: PromoScope): Map<number, string> {
  const overview = useQuery({ ...ratePlanOverviewQueryOptions(scope ?? ""), enabled: scope !== null });
  const names = new Map<number, string>();
  for (const room of overview.data?.roomTypes ?? []) for (const plan of room.plans) names.set(plan.id, `${room.name}: ${plan.name}`);
  return names;
}

function useRuleWords(planNames: Map<number, string>) {
  const { t } = useTranslation();
  return (code: PromoCodeView): string[] => {
    const words: string[] = [];
    const range = (from: string | null, to: string | null) =>
      from && to
        ? t("{{from}} to {{to}}", { from: formatDate(from), to: formatDate(to) })
        : from
          ? t("from {{from}}", { from: formatDate(from) })
          : t("until {{to}}", { to: formatDate(to!) });
    if (code.bookingFrom || code.bookingTo) words.push(t("Booked {{range}}", { range: range(code.bookingFrom, code.bookingTo) }));
    if (code.stayFrom || code.stayTo) words.push(t("Stays {{range}}", { range: range(code.stayFrom, code.stayTo) }));
    if (code.minNights) words.push(t("At least {{count}} nights", { count: code.minNights }));
    if (code.perGuestLimit) words.push(t("{{count}} uses per guest", { count: code.perGuestLimit }));
    if (code.ratePlanIds.length > 0) {
      const names = code.ratePlanIds.map((id) => planNames.get(id));
      words.push(
        names.every((name) => name !== undefined)
          ? t("Rates: {{names}}", { names: names.join(", ") })
          : t("{{count}} rate plans", { count: code.ratePlanIds.length }),
      );
    }
    return words;
  };
}

/** One code: its discount, rules, uses against the limit, and the switch to turn it off or on. */
function PromoCodeRow({ code, scope, planNames }: { code: PromoCodeView; scope: PromoScope; planNames: Map<number, string> }) {
  const { t } = useTranslation();
  const rules = useRuleWords(planNames)(code);
  const toggle = useSetPromoCodeActive(scope);
  const discount =
    code.discountKind === "percent"
      ? t("{{percent}} % off", { percent: code.discountValue })
      : t("{{amount}} off", { amount: formatMoney(code.discountValue, code.currency ?? "USD") });
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-semibold text-slate-900">{code.code}</span>
          <span className="text-slate-700">{discount}</span>
          {code.active ? <Badge tone="success">{t("Active")}</Badge> : <Badge>{t("Off")}</Badge>}
        </p>
        <p className="text-sm text-slate-600">
          {code.usesLimit === null
            ? t("Used {{count}} times", { count: code.usesCount })
            : t("Used {{used}} of {{limit}}", { used: code.usesCount, limit: code.usesLimit })}
          {rules.length > 0 ? ` · ${rules.join(" · ")}` : ""}
        </p>
        {toggle.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(toggle.error, t("Something went wrong"))}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={toggle.isPending}
        aria-busy={toggle.isPending || undefined}
        onClick={() => toggle.mutate({ id: code.id, active: !code.active })}
        aria-label={code.active ? t("Turn off {{code}}", { code: code.code }) : t("Turn on {{code}}", { code: code.code })}
      >
        {toggle.isPending ? <Spinner /> : null}
        {code.active ? t("Turn off") : t("Turn on")}
      </Button>
    </li>
  );
}

/**
 * /admin/hotels/:hotelId/promotions (a hotel's codes, its managers) and /admin/promotions (site-wide
 * codes, admins): the codes with their uses, a form for a new one, and turning one off.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { hotelId } = useParams();
  const scope: PromoScope = hotelId ?? null;
  useDocumentTitle(t("Promo codes"));
  const codes = usePromoCodes(scope);
  const planNames = usePlanNames(scope);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={scope === null ? t("Site-wide promo codes") : t("Promo codes")}
        description={
          scope === null
            ? t("Codes guests can use at every hotel of ours. A hotel's own code with the same letters wins at that hotel.")
            : t("Codes guests enter when they book this hotel. A code turned off is refused; bookings made with it keep their discount.")
        }
        back={scope === null ? { to: "/admin", label: t("Admin Dashboard") } : { to: `/admin/hotels/${scope}`, label: t("Hotel") }}
      />
      <section aria-labelledby="new-code-heading">
        <Card className="space-y-4 p-6">
          <h2 id="new-code-heading" className="text-lg font-semibold text-slate-900">
            {t("New code")}
          </h2>
          <PromoCodeForm scope={scope} />
        </Card>
      </section>
      <section aria-labelledby="codes-heading" className="space-y-4">
        <h2 id="codes-heading" className="text-xl font-semibold text-slate-900">
          {t("Codes")}
        </h2>
        {codes.isPending ? (
          <Card className="p-6">
            <Loading rows={3} rowClassName="h-12 w-full" />
          </Card>
        ) : codes.isError ? (
          <LoadFailed
            title={t("Failed to load the promo codes")}
            error={codes.error}
            onRetry={() => void codes.refetch()}
            retrying={codes.isFetching}
          />
        ) : codes.data.promoCodes.length === 0 ? (
          <Card>
            <EmptyState icon={TicketPercent} title={t("No promo codes yet")}>
              {t("Create one above; guests enter it in the booking dialog.")}
            </EmptyState>
          </Card>
        ) : (
          <Card className="px-6 py-2">
            <ul aria-labelledby="codes-heading" className="divide-y divide-slate-200">
              {codes.data.promoCodes.map((code) => (
                <PromoCodeRow key={code.id} code={code} scope={scope} planNames={planNames} />
              ))}
            </ul>
          </Card>
        )}
      </section>
    </div>
  );
}
