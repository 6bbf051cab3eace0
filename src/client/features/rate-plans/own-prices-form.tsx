import { type FormEvent, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { addDays, todayLocal } from "../../../shared/dates.ts";
import { PlanPricesInput } from "../../../shared/rate-plan-inputs.ts";
import { type RatePlan, ratePlanPricesQueryOptions } from "../../api/rate-plans.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatMoney, formatShortDay } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useSetPlanPrices } from "./use-rate-plans.ts";

/** Consecutive nights at one price, as one line. */
function runs(prices: readonly { night: string; priceCents: number }[]): { from: string; to: string; priceCents: number }[] {
  const out: { from: string; to: string; priceCents: number }[] = [];
  for (const p of prices) {
    const last = out.at(-1);
    if (last && last.priceCents === p.priceCents && addDays(last.to, 1) === p.night) last.to = p.night;
    else out.push({ from: p.night, to: p.night, priceCents: p.priceCents });
  }
  return out;
}

const cents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN);

/** A plan's own calendar: one price (or none: the room's calendar) for every night of a range. */
export function OwnPricesForm({ hotelId, plan }: { hotelId: string; plan: RatePlan }) {
  const { t } = useTranslation();
  const setPrices = useSetPlanPrices(hotelId);
  const [from, setFrom] = useState(todayLocal);
  const [to, setTo] = useState(() => addDays(todayLocal(), 6));
  const [price, setPrice] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const horizon = { from: todayLocal(), to: addDays(todayLocal(), 365) };
  const prices = useQuery(ratePlanPricesQueryOptions(hotelId, plan.id, horizon.from, horizon.to));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PlanPricesInput.safeParse({ from, to, priceCents: price.trim() === "" ? null : cents(price) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setPrices.mutate(
      { planId: plan.id, input: parsed.data },
      {
        onError: (error) =>
          setErrors(
            error instanceof ApiError && error.issues
              ? Object.fromEntries(error.issues.map((i) => [i.path, i.message]))
              : { priceCents: error.message },
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-3 border-t border-slate-200 pt-4" aria-label={t("Own prices")}>
      <h3 className="font-semibold text-slate-900">{t("Own prices")}</h3>
      <p className="text-sm text-slate-600">
        {t("Set this plan's price for a range of nights; leave the price empty to follow the room's calendar again.")}
      </p>
      {prices.isPending ? null : prices.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("Could not load this plan's prices: {{message}}", { message: prices.error.message })}
        </p>
      ) : prices.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("No own prices in the coming year: every night follows the room's calendar.")}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-700" aria-label={t("Own prices in the coming year")}>
          {runs(prices.data).map((run) => (
            <li key={run.from}>
              {run.from === run.to ? formatShortDay(run.from) : `${formatShortDay(run.from)} – ${formatShortDay(run.to)}`}:{" "}
              {formatMoney(run.priceCents)}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t("From")} type="date" value={from} onChange={(e) => setFrom(e.target.value)} error={errors.from} />
        <TextField label={t("To")} type="date" value={to} onChange={(e) => setTo(e.target.value)} error={errors.to} />
        <TextField
          label={t("Price per night, $")}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.priceCents}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={setPrices.isPending} aria-busy={setPrices.isPending || undefined}>
          {setPrices.isPending ? <Spinner /> : null}
          {t("Set prices")}
        </Button>
      </div>
    </form>
  );
}
