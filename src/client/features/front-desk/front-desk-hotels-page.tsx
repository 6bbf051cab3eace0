import { Navigate, Link } from "react-router";
import { ConciergeBell } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useFrontDeskHotels } from "./use-front-desk.ts";

/** Where the front desk starts (decision 064): the hotels whose desk the staff member works; one hotel opens at once. */
export function FrontDeskHotelsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Front desk"));
  const hotels = useFrontDeskHotels();
  if (hotels.isPending) return <Loading />;
  if (hotels.isError) return <LoadFailed error={hotels.error} onRetry={() => void hotels.refetch()} />;
  const list = hotels.data.hotels;
  if (list.length === 1) return <Navigate to={`/admin/hotels/${list[0]!.id}/front-desk`} replace />;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("Front desk")}</h1>
      {list.length === 0 ? (
        <EmptyState icon={ConciergeBell} title={t("No hotel's front desk is yours yet. A manager of the hotel adds you.")} />
      ) : (
        <Card className="p-2">
          <ul className="divide-y divide-slate-100">
            {list.map((hotel) => (
              <li key={hotel.id}>
                <Link
                  to={`/admin/hotels/${hotel.id}/front-desk`}
                  className="flex items-baseline justify-between gap-4 rounded-lg px-3 py-3 hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{hotel.name}</span>
                  <span className="text-sm text-slate-600">{hotel.city}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
