import { Trans, useTranslation } from "../../lib/i18n.ts";
import { CircleCheck, Ticket } from "lucide-react";
import { toast } from "sonner";
import { CENTS_PER_POINT, MIN_REDEEM_POINTS, canRedeem } from "../../../shared/loyalty.ts";
import { Button } from "../../components/ui/button.tsx";
import { formatMoney } from "../../lib/format.ts";
import { useApplyPoints } from "./use-apply-points.ts";

const POINTS_PER_DOLLAR_OFF = 100 / CENTS_PER_POINT;

export function RedeemPointsTab({ pointsBalance }: { pointsBalance: number | null | undefined }) {
  const { t } = useTranslation();
  const [applied, setApplied] = useApplyPoints();
  const balance = pointsBalance ?? 0;
  const redeemable = canRedeem(pointsBalance);

  function apply() {
    if (setApplied(true)) {
      toast.success(t("Points will be applied to your next booking"), {
        description: t("Up to {{amount}} off, shown in the booking dialog.", { amount: formatMoney(balance * CENTS_PER_POINT) }),
      });
    } else {
      toast.error(t("Error"), { description: t("Your browser did not let us save this preference.") });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
        <Ticket aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {t("{{points, number}} points = {{amount}} off", { points: POINTS_PER_DOLLAR_OFF, amount: formatMoney(100) })}
          </p>
          <p className="text-sm text-slate-700">{t("Minimum {{points, number}} points to redeem.", { points: MIN_REDEEM_POINTS })}</p>
        </div>
      </div>

      <div>
        <p className="text-slate-700">
          <Trans
            i18nKey="Your balance: <strong>{{count, number}} points</strong>, worth <strong>{{amount}}</strong>."
            count={balance}
            values={{ amount: formatMoney(balance * CENTS_PER_POINT) }}
            components={{ strong: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
        {redeemable ? null : (
          <p className="mt-1 text-sm text-slate-600">
            {t("Earn {{count, number}} more points to start redeeming.", { count: MIN_REDEEM_POINTS - balance })}
          </p>
        )}
      </div>

      {applied && redeemable ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="flex items-center gap-2 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            {t("Your points will be applied to your next booking.")}
          </p>
          <Button variant="secondary" onClick={() => setApplied(false)}>
            {t("Don't apply")}
          </Button>
        </div>
      ) : (
        <Button size="lg" disabled={!redeemable} onClick={apply} className="w-full sm:w-auto">
          {t("Apply to next booking")}
        </Button>
      )}

      <div className="border-t border-slate-200 pt-5 text-sm leading-6 text-slate-600">
        <h3 className="font-semibold text-slate-900">{t("How it is applied")}</h3>
        <p className="mt-1">
          {t(
            'When you book a room while signed in, the booking dialog offers your points as a discount, already switched on if you chose "Apply to next booking". Every {{points, number}} points take {{amount}} off the total. The points are set aside when you continue to payment and come back to you if the booking is not paid or is cancelled.',
            { points: POINTS_PER_DOLLAR_OFF, amount: formatMoney(100) },
          )}
        </p>
      </div>
    </div>
  );
}
