import { CircleCheck, Ticket } from "lucide-react";
import { toast } from "sonner";
import { CENTS_PER_POINT, MIN_REDEEM_POINTS, canRedeem } from "../../../shared/loyalty.ts";
import { Button } from "../../components/ui/button.tsx";
import { formatCount, formatMoney } from "../../lib/format.ts";
import { useApplyPoints } from "./use-apply-points.ts";

const POINTS_PER_DOLLAR_OFF = 100 / CENTS_PER_POINT;

export function RedeemPointsTab({ pointsBalance }: { pointsBalance: number | null | undefined }) {
  const [applied, setApplied] = useApplyPoints();
  const balance = pointsBalance ?? 0;
  const redeemable = canRedeem(pointsBalance);

  function apply() {
    if (setApplied(true)) {
      toast.success("Points will be applied to your next booking", {
        description: `Up to ${formatMoney(balance * CENTS_PER_POINT)} off, shown in the booking dialog.`,
      });
    } else {
      toast.error("Error", { description: "Your browser did not let us save this preference." });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
        <Ticket aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {formatCount(POINTS_PER_DOLLAR_OFF)} points = {formatMoney(100)} off
          </p>
          <p className="text-sm text-slate-700">Minimum {formatCount(MIN_REDEEM_POINTS)} points to redeem.</p>
        </div>
      </div>

      <div>
        <p className="text-slate-700">
          Your balance: <span className="font-semibold text-slate-900">{formatCount(balance)} points</span>, worth{" "}
          <span className="font-semibold text-slate-900">{formatMoney(balance * CENTS_PER_POINT)}</span>.
        </p>
        {redeemable ? null : (
          <p className="mt-1 text-sm text-slate-600">Earn {formatCount(MIN_REDEEM_POINTS - balance)} more points to start redeeming.</p>
        )}
      </div>

      {applied && redeemable ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="flex items-center gap-2 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            Your points will be applied to your next booking.
          </p>
          <Button variant="secondary" onClick={() => setApplied(false)}>
            Don't apply
          </Button>
        </div>
      ) : (
        <Button size="lg" disabled={!redeemable} onClick={apply} className="w-full sm:w-auto">
          Apply to next booking
        </Button>
      )}

      <div className="border-t border-slate-200 pt-5 text-sm leading-6 text-slate-600">
        <h3 className="font-semibold text-slate-900">How it is applied</h3>
        <p className="mt-1">
          When you book a room while signed in, the booking dialog offers your points as a discount, already switched on if you chose "Apply
          to next booking". Every {formatCount(POINTS_PER_DOLLAR_OFF)} points take {formatMoney(100)} off the total. The points are set
          aside when you continue to payment and come back to you if the booking is not paid or is cancelled.
        </p>
      </div>
    </div>
  );
}
