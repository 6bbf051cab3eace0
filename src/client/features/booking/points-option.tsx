import { useEffect, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CENTS_PER_POINT, MIN_REDEEM_POINTS, usablePoints } from "../../../shared/loyalty.ts";
import { loyaltyQueryOptions } from "../../api/account.ts";
import { readApplyPoints } from "../../lib/apply-points.ts";
import { formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** For a signed-in guest with at least 100 points: spend them on this booking (100 points = $1). */
export function PointsOption({ totalCents, onChange }: { totalCents: number; onChange: (points: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const loyalty = useQuery(loyaltyQueryOptions());
  const balance = loyalty.data?.account.pointsBalance ?? 0;
  const points = usablePoints(balance, totalCents);
  const [use, setUse] = useState(readApplyPoints);
  useEffect(() => {
    onChange(use && points >= MIN_REDEEM_POINTS ? points : 0);
  }, [use, points, onChange]);
  if (points < MIN_REDEEM_POINTS) return null;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm">
      <input id={id} type="checkbox" className="mt-0.5 size-5 accent-brand-700" checked={use} onChange={(e) => setUse(e.target.checked)} />
      <label htmlFor={id} className="text-slate-800">
        <span className="font-medium text-slate-900">
          {t("Use {{count, number}} points ({{amount}} off)", { count: points, amount: formatMoney(points * CENTS_PER_POINT, "USD") })}
        </span>
        <span className="block text-slate-700">
          {t("You have {{count, number}} points; 100 points = {{dollar}}.", { count: balance, dollar: formatMoney(100, "USD") })}
        </span>
      </label>
    </div>
  );
}
