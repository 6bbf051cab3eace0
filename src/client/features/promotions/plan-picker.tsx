import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { ratePlanOverviewQueryOptions } from "../../api/rate-plans.ts";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/** The hotel's rate plans a code applies to; none ticked: every plan (and rooms sold without plans). */
export function PlanPicker({ hotelId, value, onChange }: { hotelId: string; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const baseId = useId();
  const overview = useQuery(ratePlanOverviewQueryOptions(hotelId));
  const rooms = overview.data?.roomTypes.filter((room) => room.plans.length > 0) ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{t("Rates it applies to")}</legend>
      <p className="text-sm text-slate-600">{t("Tick none for every rate.")}</p>
      {overview.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("Loading rates...")}
        </p>
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("The rates could not be loaded; the code will apply to every rate.")}
        </p>
      ) : rooms.length === 0 ? (
        <p className="text-sm text-slate-600">{t("This hotel has no rate plans yet.")}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {rooms.flatMap((room) =>
            room.plans.map((plan) => {
              const id = `${baseId}-plan-${plan.id}`;
              return (
                <li key={plan.id} className="flex items-center gap-3">
                  <Checkbox
                    id={id}
                    checked={value.includes(plan.id)}
                    onCheckedChange={(state) => onChange(state === true ? [...value, plan.id] : value.filter((v) => v !== plan.id))}
                  />
                  <label htmlFor={id} className="cursor-pointer text-sm text-slate-900">
                    {room.name}: {plan.name}
                  </label>
                </li>
              );
            }),
          )}
        </ul>
      )}
    </fieldset>
  );
}
