import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Building2, FileUp, Plus } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Pager } from "../../components/pager.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { usePropertyHotels } from "./use-property-hotels.ts";

const PAGE_SIZE = 20;

/** /admin/hotels: the hotels the signed-in staff member manages (every hotel for an admin). */
export function PropertyHotelsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Hotels"));
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("search") ?? "");
  const debounced = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const hotels = usePropertyHotels({ search: debounced, page, pageSize: PAGE_SIZE });

  function changeSearch(value: string) {
    setSearch(value);
    setParams((p) => {
      p.delete("page");
      if (value) p.set("search", value);
      else p.delete("search");
      return p;
    });
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Hotels")}
        description={
          user?.isAdmin ? t("Every hotel: details, room types, photos and whether travellers can see it.") : t("The hotels you manage.")
        }
        actions={
          user?.isAdmin ? (
            <>
              <Button asChild variant="secondary">
                <Link to="/admin/hotels/import">
                  <FileUp aria-hidden="true" />
                  {t("Import CSV")}
                </Link>
              </Button>
              <Button asChild>
                <Link to="/admin/hotels/new">
                  <Plus aria-hidden="true" />
                  {t("Add hotel")}
                </Link>
              </Button>
            </>
          ) : null
        }
      />
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="hotel-search">{t("Search by name or city")}</Label>
        <Input
          id="hotel-search"
          type="search"
          value={search}
          onChange={(e) => changeSearch(e.target.value)}
          placeholder={t("e.g. Paris")}
        />
      </div>
      {hotels.isPending ? (
        <Loading rows={5} rowClassName="h-20 w-full" />
      ) : hotels.isError ? (
        <LoadFailed
          title={t("Could not load hotels")}
          error={hotels.error}
          onRetry={() => void hotels.refetch()}
          retrying={hotels.isFetching}
        />
      ) : hotels.data.hotels.length === 0 ? (
        <EmptyState icon={Building2} title={debounced ? t("No hotels match this search") : t("No hotels yet")}>
          {debounced
            ? t("Try another name or city.")
            : user?.isAdmin
              ? t("Add a hotel or import a CSV file.")
              : t("An administrator has not given you a hotel yet.")}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t("Hotels")}>
            {hotels.data.hotels.map((hotel) => (
              <li key={hotel.id}>
                <Card className="flex items-center gap-4 p-3">
                  <img src={hotel.image} alt="" className="size-16 shrink-0 rounded-lg object-cover" loading="lazy" />
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/admin/hotels/${hotel.id}`}
                      className="font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:underline"
                    >
                      {hotel.name}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {hotel.city}, {hotel.country} · {hotel.starRating}★ ·{" "}
                      {t("{{count, number}} room types", { count: hotel.roomTypeCount })}
                      {hotel.priceCents !== null ? ` · ${t("from {{price}}", { price: formatMoney(hotel.priceCents) })}` : ""}
                    </p>
                  </div>
                  {hotel.hidden ? <Badge tone="warning">{t("Hidden")}</Badge> : <Badge tone="success">{t("Visible")}</Badge>}
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            label={t("Hotel pages")}
            page={page}
            pageSize={PAGE_SIZE}
            total={hotels.data.total}
            noun={t("{{count, number}} hotels", { count: hotels.data.total })}
            onPageChange={(next) =>
              setParams((p) => {
                p.set("page", String(next));
                return p;
              })
            }
          />
        </>
      )}
    </div>
  );
}
